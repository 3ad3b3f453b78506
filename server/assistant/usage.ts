/**
 * Token accounting: every provider call that reached Claude is one row of `assistant_calls`
 * (input, output and prompt-cache tokens summed over the call's requests), so cost is known per
 * call, per conversation and per organization.
 */
import { and, count, eq, sum } from 'drizzle-orm';
import { assistantCalls } from '#db/schema';
import type { Database } from '#server/database';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
}

export const noUsage = (): TokenUsage => ({
  inputTokens: 0,
  outputTokens: 0,
  cacheCreationInputTokens: 0,
  cacheReadInputTokens: 0,
});

/** Add a Messages API `usage` block to a running total (in place). */
export function addUsage(
  total: TokenUsage,
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_creation_input_tokens?: number | null;
    cache_read_input_tokens?: number | null;
  },
): void {
  total.inputTokens += usage.input_tokens;
  total.outputTokens += usage.output_tokens;
  total.cacheCreationInputTokens += usage.cache_creation_input_tokens ?? 0;
  total.cacheReadInputTokens += usage.cache_read_input_tokens ?? 0;
}

export interface CallRecord extends TokenUsage {
  organizationId: string;
  threadId: string | null;
  model: string;
  operation: string;
  requests: number;
  durationMs: number;
  outcome: 'ok' | 'error';
  error?: string;
}

export async function recordCall(db: Database, record: CallRecord): Promise<void> {
  await db.insert(assistantCalls).values({ provider: 'claude', ...record });
}

/** The calls and tokens of one conversation. */
export async function threadUsage(
  db: Database,
  organizationId: string,
  threadId: string,
): Promise<TokenUsage & { calls: number }> {
  const [row] = await db
    .select({
      calls: count(),
      inputTokens: sum(assistantCalls.inputTokens),
      outputTokens: sum(assistantCalls.outputTokens),
      cacheCreationInputTokens: sum(assistantCalls.cacheCreationInputTokens),
      cacheReadInputTokens: sum(assistantCalls.cacheReadInputTokens),
    })
    .from(assistantCalls)
    .where(
      and(eq(assistantCalls.threadId, threadId), eq(assistantCalls.organizationId, organizationId)),
    );
  return {
    calls: row?.calls ?? 0,
    inputTokens: Number(row?.inputTokens ?? 0),
    outputTokens: Number(row?.outputTokens ?? 0),
    cacheCreationInputTokens: Number(row?.cacheCreationInputTokens ?? 0),
    cacheReadInputTokens: Number(row?.cacheReadInputTokens ?? 0),
  };
}
