/**
 * A conversation's turns with Claude, kept in `threads.assistant_history` so that every call
 * re-sends the same prefix (and reads it from the prompt cache) and Claude sees what it was
 * told before. A drawing is kept as a reference to its stored file and turned into content
 * blocks when a request is built, so the history stays small.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { findAssistantHistory, writeAssistantHistory } from '#server/qbot/threads';

const textBlock = z.object({ type: z.literal('text'), text: z.string() });
const drawingBlock = z.object({ type: z.literal('drawing'), fileId: z.uuid() });
const toolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});
const toolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.string(),
  is_error: z.boolean().optional(),
});

const storedMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.array(z.union([textBlock, drawingBlock, toolUseBlock, toolResultBlock])),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;
export type StoredBlock = StoredMessage['content'][number];

const historySchema = z.array(storedMessageSchema);

/**
 * The conversation's history with Claude; an unreadable history (an older format) starts over.
 * @throws AppError 404 when the conversation is not the organization's
 */
export async function loadHistory(
  db: Database,
  organizationId: string,
  threadId: string,
): Promise<StoredMessage[]> {
  const row = await findAssistantHistory(db, { organizationId, threadId });
  if (!row) throw new AppError(404, 'not_found', 'Conversation not found.');
  const parsed = historySchema.safeParse(row.history);
  return parsed.success ? parsed.data : [];
}

/** Replace the conversation's history with Claude (scoped by organization like loadHistory). */
export async function saveHistory(
  db: Database,
  organizationId: string,
  threadId: string,
  history: StoredMessage[],
): Promise<void> {
  await writeAssistantHistory(db, { organizationId, threadId }, history);
}

/** The stored form of Claude's answer: its text and tool calls (nothing else is kept). */
export function storedAnswer(message: Anthropic.Message): StoredMessage {
  const content: StoredBlock[] = [];
  for (const block of message.content) {
    if (block.type === 'text' && block.text.trim() !== '')
      content.push({ type: 'text', text: block.text });
    if (block.type === 'tool_use')
      content.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
  }
  return { role: 'assistant', content };
}

/** The tool calls of the last answer, which the next user turn must answer with results first. */
export function pendingToolUses(history: StoredMessage[]): string[] {
  const last = history.at(-1);
  if (last?.role !== 'assistant') return [];
  return last.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
}

/** Whether the history already holds the drawing `fileId`. */
export const holdsDrawing = (history: StoredMessage[], fileId: string): boolean =>
  history.some((message) =>
    message.content.some((block) => block.type === 'drawing' && block.fileId === fileId),
  );

/** The input of the last call of `tool` in the history, if any. */
export function lastToolInput(history: StoredMessage[], tool: string): unknown {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const block = history[index]!.content.findLast(
      (entry) => entry.type === 'tool_use' && entry.name === tool,
    );
    if (block?.type === 'tool_use') return block.input;
  }
  return undefined;
}
