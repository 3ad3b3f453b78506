/**
 * The `claude` assistant provider: Claude reads drawings, revises descriptions, advises the
 * plan, analyses simulation feedback and answers questions, through the official SDK. The
 * G-code is still written by cam/.
 *
 * - Structured answers: every request offers the four tools of ./tools.ts and requires one
 *   (`tool_choice: any`); the user turn names the tool. The tool input is parsed by its zod
 *   schema; an answer that does not fit is sent back once with the validation error, and a
 *   second misfit fails with a clear message.
 * - Prompt caching: the tools and the system prompt (the product's instructions and the
 *   organization's description and blueprint prompts) are the same for every call of a
 *   conversation, with a cache breakpoint after them; the drawing is sent once, in the turn
 *   that asked to read it, with a breakpoint after it, and later calls re-send the stored
 *   history (where the drawing is a reference that expands to the same bytes) with a breakpoint
 *   at its end. So a workflow pays full price for the drawing's tokens once.
 * - Failures: the SDK retries 408/409/429/5xx/529 and connection errors with backoff
 *   (`maxRetries`), each request has `timeoutMs`; what still fails becomes an AppError
 *   (./errors.ts), nothing of the failed call is kept in the history, and the workflow stays
 *   where it was.
 * - Accounting: input, output and cache tokens of every call are recorded (./usage.ts).
 */
import Anthropic from '@anthropic-ai/sdk';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { BlueprintAnalysis, MaterialChoice } from '#contracts/blueprint';
import { storedFiles } from '#db/schema';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { currentPrompt } from '#server/prompts/store';
import { drawingTypeOf } from '#server/qbot/uploads';
import type { FileStore } from '#server/storage/file-store';
import { analysisOf } from '#cam/analysis';
import type { AssistantCall, AssistantProvider, DrawingFile } from '../types.ts';
import type { JobRunner } from '#server/jobs/pool';
import type { DrawingBlock } from './drawing.ts';
import { claudeFailure, claudeMessages } from './errors.ts';
import {
  holdsDrawing,
  lastToolInput,
  loadHistory,
  pendingToolUses,
  saveHistory,
  storedAnswer,
} from './history.ts';
import type { StoredBlock, StoredMessage } from './history.ts';
import { claudeTools, toolDefinitions } from './tools.ts';
import type { ClaudeToolName, DescribeInput } from './tools.ts';
import { addUsage, noUsage, recordCall } from '../usage.ts';

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

/** The product's own instructions, before the organization's prompts. */
const productInstructions = `You are Q-Bot, the assistant of a manufacturing co-pilot used in CNC machine shops. Operators upload part drawings; you read them into a structured description that they confirm, you advise on planning the job, and you analyse what went wrong when they simulate the program. The product's CAM software writes and verifies the G-code: you never write G-code.

Rules:
- Answer only by calling one of the tools. Each user turn ends with "Call <tool>": call that tool, once, with complete input.
- Every number whose name ends in Mm is in millimetres; convert inch drawings (25.4 mm per inch) and keep the written values in the text fields.
- Use what the drawing states. Never invent a size, tolerance or material: put what is missing or unreadable in the description's unresolved list. A wrong number scraps parts and breaks tools.
- Turned parts: positions are measured from the free end (the end machined first, away from the chuck). The free end is normally the end with the smaller diameters; the chuck holds the largest diameter.
- Keep text fields short and in the shop's words.`;

/** Most output tokens per answer, by tool. */
const maxTokens: Record<ClaudeToolName, number> = {
  record_blueprint_description: 8192,
  record_plan_advice: 2048,
  record_simulation_analysis: 2048,
  reply_to_user: 1024,
};

/** Most G-code characters sent with simulation feedback (long programs are cut in the middle). */
const maxProgramChars = 40_000;

const ephemeral = { type: 'ephemeral' } as const;

export function createClaudeProvider(options: ClaudeProviderOptions): AssistantProvider {
  const { db, model, log } = options;
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
  });

  /** Expanded drawings by organization and file id: scaling and rendering once per process. */
  const expanded = new Map<string, Promise<DrawingBlock[]>>();

  function expandDrawing(organizationId: string, fileId: string): Promise<DrawingBlock[]> {
    const key = `${organizationId}/${fileId}`;
    let blocks = expanded.get(key);
    if (!blocks) {
      blocks = (async () => {
        const [file] = await db
          .select()
          .from(storedFiles)
          .where(and(eq(storedFiles.id, fileId), eq(storedFiles.organizationId, organizationId)));
        if (!file) throw new AppError(404, 'not_found', 'File not found.');
        const drawing: DrawingFile = {
          fileId,
          fileName: file.fileName,
          type: drawingTypeOf(file.contentType),
          bytes: await options.files.get(file.storageKey),
          storageKey: file.storageKey,
        };
        return options.jobs.run(
          { kind: 'drawingBlocks', file: drawing },
          { fileName: file.fileName },
        );
      })();
      blocks.catch(() => expanded.delete(key));
      expanded.set(key, blocks);
      if (expanded.size > 16) expanded.delete(expanded.keys().next().value!);
    }
    return blocks;
  }

  /** The Messages API form of the history, with the cache breakpoints. */
  async function apiMessages(
    organizationId: string,
    history: StoredMessage[],
  ): Promise<Anthropic.MessageParam[]> {
    let drawingBreakpoint = false;
    const messages: Anthropic.MessageParam[] = [];
    for (const message of history) {
      const content: Anthropic.ContentBlockParam[] = [];
      for (const block of message.content) {
        if (block.type === 'drawing') {
          const blocks = (await expandDrawing(organizationId, block.fileId)).map((entry) => ({
            ...entry,
          }));
          if (!drawingBreakpoint && blocks.length > 0) {
            blocks[blocks.length - 1] = { ...blocks.at(-1)!, cache_control: ephemeral };
            drawingBreakpoint = true;
          }
          content.push(...blocks);
        } else if (block.type === 'tool_use') {
          content.push({ ...block, input: block.input ?? {} });
        } else {
          content.push({ ...block });
        }
      }
      messages.push({ role: message.role, content });
    }
    const last = messages.at(-1)?.content;
    if (Array.isArray(last) && last.length > 0) {
      const block = last[last.length - 1]!;
      if (!('cache_control' in block && block.cache_control))
        last[last.length - 1] = { ...block, cache_control: ephemeral } as typeof block;
    }
    return messages;
  }

  async function systemBlocks(organizationId: string): Promise<Anthropic.TextBlockParam[]> {
    const [description, blueprint] = await Promise.all([
      currentPrompt(db, organizationId, 'description'),
      currentPrompt(db, organizationId, 'blueprint'),
    ]);
    return [
      {
        type: 'text',
        text: `${productInstructions}\n\n## Reading drawings (record_blueprint_description)\n\n${description}\n\n## Advising the plan (record_plan_advice)\n\n${blueprint}`,
        cache_control: ephemeral,
      },
    ];
  }

  /** The conversation's drawing, for a history that does not hold it yet (a provider switch). */
  async function threadDrawing(call: AssistantCall): Promise<string | undefined> {
    const [file] = await db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.threadId, call.threadId),
          eq(storedFiles.organizationId, call.organizationId),
          eq(storedFiles.kind, 'blueprint'),
        ),
      )
      .orderBy(desc(storedFiles.createdAt))
      .limit(1);
    return file?.id;
  }

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
      const system = await systemBlocks(call.organizationId);
      const schema: z.ZodType<T> = claudeTools[tool].schema as unknown as z.ZodType<T>;
      let conversation = [...history, turn];
      for (let attempt = 1; ; attempt += 1) {
        const response = await client.messages.create({
          model,
          max_tokens: maxTokens[tool],
          system,
          tools: toolDefinitions,
          tool_choice: { type: 'any' },
          messages: await apiMessages(call.organizationId, conversation),
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

  /** The analysis of a recorded description: materials first from Claude, stock and tools from cam/. */
  function analysisFrom(
    input: DescribeInput,
    source: string,
    earlier: MaterialChoice[] = [],
  ): BlueprintAnalysis {
    const description = { ...input.description, source };
    const analysis = analysisOf(description);
    // A revision without new suggestions keeps the materials offered before.
    const suggested: MaterialChoice[] = input.materialSuggestions?.length
      ? input.materialSuggestions
      : earlier;
    const names = new Set(suggested.map((material) => material.name.toLowerCase()));
    return {
      ...analysis,
      materials: [
        ...suggested,
        ...analysis.materials.filter((material) => !names.has(material.name.toLowerCase())),
      ].slice(0, 6),
    };
  }

  /** The description as text, unless it is what Claude recorded last (then the history has it). */
  function descriptionNote(history: StoredMessage[], analysis: BlueprintAnalysis): string {
    const { source: _source, ...description } = analysis.description;
    const recorded = (
      lastToolInput(history, 'record_blueprint_description') as DescribeInput | undefined
    )?.description;
    if (recorded && JSON.stringify(recorded) === JSON.stringify(description)) return '';
    return `The confirmed description of the part is:\n${JSON.stringify(description)}\n`;
  }

  /** The drawing block for a turn, when the history does not hold the conversation's drawing. */
  async function drawingIfMissing(
    call: AssistantCall,
    history: StoredMessage[],
  ): Promise<StoredBlock[]> {
    if (history.some((message) => message.content.some((block) => block.type === 'drawing')))
      return [];
    const fileId = await threadDrawing(call);
    return fileId ? [{ type: 'drawing', fileId }] : [];
  }

  return {
    name: 'claude',

    async describeBlueprint(file, call, progress) {
      // Refuse a drawing that cannot be turned into content before paying for a request.
      progress?.(0.05, 'Preparing the drawing');
      await expandDrawing(call.organizationId, file.fileId);
      progress?.(0.2, 'Claude is reading the drawing');
      const input = await converse<DescribeInput>(
        call,
        'describeBlueprint',
        'record_blueprint_description',
        async (history) => [
          ...(holdsDrawing(history, file.fileId)
            ? []
            : [{ type: 'drawing', fileId: file.fileId } as const]),
          {
            type: 'text',
            text: `Read the drawing ${file.fileName} and record its structured description, with the stock materials to offer.`,
          },
        ],
      );
      return analysisFrom(input, `Claude (${model}): ${file.fileName}`);
    },

    async reviseDescription(analysis, feedback, call) {
      const input = await converse<DescribeInput>(
        call,
        'reviseDescription',
        'record_blueprint_description',
        async (history) => [
          ...(await drawingIfMissing(call, history)),
          {
            type: 'text',
            text: `${descriptionNote(history, analysis)}The user asks to change the description:\n"""${feedback}"""\nApply the change, keep everything the user did not ask to change, and record the whole revised description.`,
          },
        ],
      );
      return analysisFrom(
        input,
        analysis.description.source ?? `Claude (${model})`,
        analysis.materials,
      );
    },

    async advisePlan(analysis, job, call) {
      try {
        const input = await converse<{ notes: string[] }>(
          call,
          'advisePlan',
          'record_plan_advice',
          async (history) => [
            ...(await drawingIfMissing(call, history)),
            {
              type: 'text',
              text: `${descriptionNote(history, analysis)}The job to plan:\n${JSON.stringify(job)}\nRecord your advice for the machinist.`,
            },
          ],
        );
        return { notes: input.notes };
      } catch (error) {
        // Advice is optional: the program is written without it.
        log.warn({ err: error }, 'no plan advice from Claude');
        return { notes: [] };
      }
    },

    async analyzeSimulation(context, call) {
      const program = context.program;
      const gcode =
        program && program.gcode.length > maxProgramChars
          ? `${program.gcode.slice(0, maxProgramChars / 2)}\n(… ${program.gcode.length - maxProgramChars} characters left out …)\n${program.gcode.slice(-maxProgramChars / 2)}`
          : program?.gcode;
      const input = await converse<
        z.infer<(typeof claudeTools)['record_simulation_analysis']['schema']>
      >(call, 'analyzeSimulation', 'record_simulation_analysis', async (history) => [
        ...(await drawingIfMissing(call, history)),
        {
          type: 'text',
          text: [
            descriptionNote(history, context.analysis),
            `The operator simulated the program and reports:\n"""${context.feedback}"""`,
            program
              ? `The program's operations: ${program.operations.join('; ')}\nWarnings: ${program.warnings.join('; ') || 'none'}\nVerifier checks: ${(context.checks ?? []).map((check) => `${check.passed ? 'passed' : 'FAILED'}: ${check.title}${check.details.length ? ` (${check.details.join('; ')})` : ''}`).join('; ') || 'not available'}\nOverrides already applied: ${JSON.stringify(context.appliedOverrides ?? {})}\nThe program:\n${gcode}`
              : 'No program was written yet.',
            'Analyse what went wrong and record what to change.',
          ].join('\n'),
        },
      ]);
      const overrides = Object.fromEntries(
        Object.entries(input.overrides).filter(
          (entry): entry is [string, number] => entry[1] !== undefined,
        ),
      );
      return {
        analysis: input.analysis,
        recommendations: input.recommendations,
        safetyNotes: input.safetyNotes,
        requiresNewGcode: input.requiresNewGcode,
        suggestedChanges: input.suggestedChanges,
        ...(Object.keys(overrides).length > 0 ? { overrides } : {}),
      };
    },

    async ask(message, chat, call) {
      const input = await converse<{ message: string }>(
        call,
        'ask',
        'reply_to_user',
        async (history) => {
          const recent =
            history.length === 0 && chat.length > 0
              ? `The chat so far:\n${chat
                  .slice(-10)
                  .map((entry) => `${entry.sender}: ${entry.message}`)
                  .join('\n')}\n`
              : '';
          return [{ type: 'text', text: `${recent}The user asks:\n"""${message}"""` }];
        },
      );
      return input.message;
    },
  };
}
