/**
 * The shared call helper of the Claude provider: the SDK client (with each request's timeout
 * and the SDK's retries with backoff), and `converse`, one exchange through a required tool,
 * with the answer parsed by the tool's zod schema (one second chance for a misfit), the history
 * kept, every call's tokens recorded (../usage.ts) and a failure mapped to an AppError
 * (./errors.ts). Each provider method (./read-drawing.ts and its siblings) is a turn built on it.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import type { FileStore } from '#server/storage/file-store';
import type { JobRunner } from '#server/jobs/pool';
import type { AssistantCall } from '../types.ts';
import { addUsage, noUsage, recordCall } from '../usage.ts';
import { drawingExpander } from './drawing-cache.ts';
import type { DrawingExpander } from './drawing-cache.ts';
import { claudeFailure, claudeMessages } from './errors.ts';
import { loadHistory, pendingToolUses, saveHistory, storedAnswer } from './history.ts';
import type { StoredBlock, StoredMessage } from './history.ts';
import { apiMessages } from './messages.ts';
import { systemBlocks } from './system.ts';
import { claudeTools, toolDefinitions } from './tools.ts';
import type { ClaudeToolName } from './tools.ts';

/** What the Claude provider is made with: the database, file store and jobs, the API and its limits. */
export interface ClaudeProviderOptions {
  db: Database;
  files: FileStore;
  apiKey: string;
  /** Another address that speaks the Messages API (ANTHROPIC_BASE_URL); the SDK's default otherwise. */
  baseURL?: string;
  model: string;
  /** Longest wait for one request, ms. */
  timeoutMs: number;
  /** Retries of a failed request, with the SDK's backoff. */
  maxRetries: number;
  /** Runs the drawing's expansion (scaling, DXF rendering) off the request thread. */
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

/** Most output tokens per answer, by tool. */
const maxTokens: Record<ClaudeToolName, number> = {
  record_blueprint_description: 8192,
  record_plan_advice: 2048,
  record_simulation_analysis: 2048,
  reply_to_user: 1024,
};

/** What every provider method works with: the model, the database, the log, the drawings and `converse`. */
export interface ClaudeCall {
  /** The model every request names (ANTHROPIC_MODEL). */
  readonly model: string;
  readonly db: Database;
  readonly log: FastifyBaseLogger;
  /** The content blocks of a stored drawing, expanded once per process. */
  readonly expandDrawing: DrawingExpander;
  /**
   * One exchange: the user turn built from the history, Claude's answer through `tool`, parsed.
   * @throws AppError (./errors.ts) when Claude cannot be reached or its answer does not fit twice
   */
  converse<T>(
    call: AssistantCall,
    operation: string,
    tool: ClaudeToolName,
    userBlocks: (history: StoredMessage[]) => Promise<StoredBlock[]>,
  ): Promise<T>;
}

/** The SDK client and `converse` for the provider's options. */
export function createClaudeCall(options: ClaudeProviderOptions): ClaudeCall {
  const { db, model, log } = options;
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
  });
  const expandDrawing = drawingExpander(options);

  /**
   * One exchange: the user turn built from the history, Claude's answer through `tool`, parsed.
   * @throws AppError (./errors.ts) when Claude cannot be reached or its answer does not fit twice
   */
  async function converse<T>(
    call: AssistantCall,
    operation: string,
    tool: ClaudeToolName,
    userBlocks: (history: StoredMessage[]) => Promise<StoredBlock[]>,
  ): Promise<T> {
    const started = Date.now();
    const usage = noUsage();
    let requests = 0;
    const record = (outcome: 'ok' | 'error', error?: string) =>
      recordCall(db, {
        organizationId: call.organizationId,
        threadId: call.threadId,
        model,
        operation,
        requests,
        durationMs: Date.now() - started,
        outcome,
        ...usage,
        ...(error ? { error } : {}),
      }).catch((failure: unknown) => log.error({ err: failure }, 'could not record a Claude call'));
    try {
      const history = await loadHistory(db, call.organizationId, call.threadId);
      const results: StoredBlock[] = pendingToolUses(history).map((id) => ({
        type: 'tool_result',
        tool_use_id: id,
        content: 'Recorded.',
      }));
      const turn: StoredMessage = {
        role: 'user',
        content: [
          ...results,
          ...(await userBlocks(history)),
          { type: 'text', text: `Call ${tool}.` },
        ],
      };
      const system = await systemBlocks(db, call.organizationId);
      const schema: z.ZodType<T> = claudeTools[tool].schema as unknown as z.ZodType<T>;
      let conversation = [...history, turn];
      for (let attempt = 1; ; attempt += 1) {
        const response = await client.messages.create({
          model,
          max_tokens: maxTokens[tool],
          system,
          tools: toolDefinitions,
          tool_choice: { type: 'any' },
          messages: await apiMessages(expandDrawing, call.organizationId, conversation),
        });
        requests += 1;
        addUsage(usage, response.usage);
        if (response.stop_reason === 'refusal')
          throw new AppError(
            502,
            'assistant_failed',
            claudeMessages.refused('it declined to answer'),
          );
        const answer = storedAnswer(response);
        const use = response.content.find(
          (block): block is Anthropic.ToolUseBlock =>
            block.type === 'tool_use' && block.name === tool,
        );
        const parsed = use ? schema.safeParse(use.input) : undefined;
        if (use && parsed?.success) {
          // Keep only the tool call that counts: the next turn answers it.
          await saveHistory(db, call.organizationId, call.threadId, [
            ...history,
            turn,
            {
              role: 'assistant',
              content: [{ type: 'tool_use', id: use.id, name: tool, input: use.input }],
            },
          ]);
          await record('ok');
          return parsed.data;
        }
        const problem = !use
          ? `You did not call ${tool}.`
          : `The input of ${tool} does not match its schema:\n${z.prettifyError(parsed!.error!)}`;
        log.warn({ operation, attempt, problem }, 'Claude answered outside the schema');
        if (attempt >= 2) throw new AppError(502, 'assistant_failed', claudeMessages.badAnswer);
        const toolUses = answer.content.filter((block) => block.type === 'tool_use');
        conversation = [
          ...conversation,
          answer.content.length > 0
            ? answer
            : { role: 'assistant', content: [{ type: 'text', text: '(no answer)' }] },
          {
            role: 'user',
            content: [
              ...toolUses.map((block): StoredBlock => ({
                type: 'tool_result',
                tool_use_id: block.type === 'tool_use' ? block.id : '',
                content: problem,
                is_error: true,
              })),
              {
                type: 'text',
                text: `${problem}\nCall ${tool} again with the corrected, complete input.`,
              },
            ],
          },
        ];
      }
    } catch (error) {
      const failure = claudeFailure(error);
      log.warn({ err: error, operation }, 'Claude call failed');
      await record('error', failure.message);
      throw failure;
    }
  }

  return { model, db, log, expandDrawing, converse };
}
