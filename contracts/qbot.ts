/**
 * Q-Bot API contracts (spec section 7, "Assistant"), plus the two calls this product adds so
 * that a reload or a restart resumes the workflow: posting the workflow events the UI takes on
 * its own, and reading a conversation back (docs/decisions/008-qbot-workflow.md).
 */
import { z } from 'zod';
import { requiredText, simulationAnalysisSchema, workflowEventSchema } from './qbot-workflow.ts';
import { blueprintAnalysisSchema, blueprintDescriptionSchema } from './blueprint.ts';
import { setupSheetSchema } from './setup-sheet.ts';
import { text } from './text.ts';

const threadId = z.uuid('Thread ID is not set. Start a conversation first.');

/** GET /api/qbot/startClaude response. */
export const startConversationResponseSchema = z.object({
  thread_id: z.string(),
  assistant_id: z.string(),
});

/** POST /api/qbot/uploadBlueprintClaude multipart text fields (the file is the `file` part). */
export const uploadFieldsSchema = z.object({ threadId, assistantId: text().optional() });

export const uploadResponseSchema = blueprintAnalysisSchema.extend({ imageUrl: z.string() });

/** GET /api/qbot/threads/:threadId/analysisProgress response: the running read's progress. */
export const analysisProgressResponseSchema = z.object({
  /** 0..1; 0 with an empty stage when no read is running. */
  fraction: z.number().min(0).max(1),
  stage: z.string(),
});
export type AnalysisProgress = z.infer<typeof analysisProgressResponseSchema>;

export const updateDescriptionBodySchema = z.object({
  threadId,
  assistantId: text().optional(),
  imageUrl: text().optional(),
  originalDescription: z.unknown().optional(),
  feedback: requiredText(4000, 'Please describe what to change.'),
});
export const updateDescriptionResponseSchema = blueprintAnalysisSchema;

/**
 * POST /api/qbot/descriptionValues body: the description as the values table left it
 * (docs/decisions/049-values-table.md). Checked by contracts/description-values.ts before the
 * contract's own validation, so a refusal is one sentence naming the value.
 */
export const descriptionValuesBodySchema = z.object({
  threadId,
  description: blueprintDescriptionSchema.describe(
    'The whole description with the edited values (lengths in mm, Ra in µm)',
  ),
});
export const descriptionValuesResponseSchema = blueprintAnalysisSchema;

/** The job prompt helper (spec section 3). The server uses its own record of the choices. */
export const promptHelperSchema = z
  .object({
    jobType: text(),
    machineDetails: text(),
    materialStock: text(),
    stockSize: z.union([text(), z.object({ shape: text(), diameter: text(), length: text() })]),
    selectedToolingPairs: z.array(z.unknown()),
    simulationFeedback: z.unknown().optional(),
  })
  .partial();

export const processBlueprintBodySchema = z.object({
  thread_id: threadId,
  imageUrl: text().optional(),
  promptHelper: promptHelperSchema.optional(),
});

export const verificationCheckSchema = z.object({
  title: z.string(),
  passed: z.boolean(),
  details: z.array(z.string()),
  /** 'completeness': a failure leaves part of the drawing undone; 'process': the program's safety. */
  kind: z.enum(['process', 'completeness']).optional(),
});

export const processBlueprintResponseSchema = z.object({
  message: z.string(),
  fileUrl: z.string().nullable(),
  version: z.number().int(),
  fileName: z.string(),
  /** True only for a program a machinist would run as it is. */
  verified: z.boolean(),
  /** 'verified', or 'incomplete': it runs safely but leaves what `unfinished` lists undone. */
  status: z.enum(['verified', 'incomplete']),
  unfinished: z.array(z.string()),
  /** Per operation, as the verifier measured it. */
  report: z.array(
    z.object({
      name: z.string(),
      tool: z.string(),
      maxDepthOfCutMm: z.number(),
      maxRadialMm: z.number().optional(),
      maxChipThicknessMm: z.number(),
      removalRateCm3PerMin: z.number(),
      maxPowerKw: z.number(),
      machinePowerKw: z.number().optional(),
      cuttingSeconds: z.number(),
    }),
  ),
  /** The changes asked for that the machine's limits changed. */
  limited: z.array(z.string()),
  checks: z.array(verificationCheckSchema),
  operations: z.array(z.string()),
  warnings: z.array(z.string()),
  notProgrammed: z.array(z.string()),
  /** The assistant's advice on the job (Claude); empty offline. */
  advice: z.array(z.string()),
  dialect: z.string(),
  /** Estimated cycle time in words, as in the program's header ("12 min 30 s"). */
  cycleTime: z.string().optional(),
  /** The toolpath over the part as SVG, for the download step's backplot. */
  backplotUrl: z.string().optional(),
  /** What the operator sets up at the machine: the version's printable setup sheet. */
  setupSheet: setupSheetSchema.optional(),
});

export const askBodySchema = z.object({
  threadId,
  message: requiredText(4000, 'Please type a message.'),
});
export const askResponseSchema = z.object({ message: z.string() });

export const simulationFeedbackBodySchema = z.object({
  threadId,
  assistantId: text().optional(),
  gcodePath: text().optional(),
  feedback: requiredText(4000, 'Please provide feedback about the simulation results.'),
  blueprintDetails: z.unknown().optional(),
});

export const simulationFeedbackResponseSchema = simulationAnalysisSchema;

export const workflowEventBodySchema = z.object({ threadId, event: workflowEventSchema });

/** A conversation as the server keeps it: its step and the chart's persisted snapshot. */
export const threadResponseSchema = z.object({
  threadId: z.string(),
  assistantId: z.string(),
  step: z.string(),
  snapshot: z.unknown(),
  /** What the conversation cost at the assistant provider (GET /threads/{id} only). */
  usage: z
    .object({
      calls: z.number().int(),
      inputTokens: z.number().int(),
      outputTokens: z.number().int(),
      cacheCreationInputTokens: z.number().int(),
      cacheReadInputTokens: z.number().int(),
    })
    .optional(),
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

export const threadParamsSchema = z.object({ threadId: z.uuid('Conversation not found.') });
