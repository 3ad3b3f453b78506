/**
 * The tools through which Claude answers: one per kind of answer, each with an input schema
 * generated from a zod schema (z.toJSONSchema), and the same zod schema parsing the answer.
 *
 * Every request carries all four tools, in the same order, with `tool_choice: { type: 'any' }`
 * (the user turn names the tool to call), so the tools and the system prompt form a prefix that
 * stays the same through a conversation and is read from the prompt cache.
 */
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { blueprintDescriptionSchema, materialChoiceSchema } from '#contracts/blueprint';

/** A bounded factor on handbook cutting data for one regeneration. */
const factor = (what: string) =>
  z
    .number()
    .min(0.5)
    .max(1.5)
    .optional()
    .describe(`Multiplies ${what} for the next program (0.5 to 1.5; 0.8 means 20 % less)`);

export const describeInputSchema = z.object({
  description: blueprintDescriptionSchema.omit({ source: true }),
  materialSuggestions: z
    .array(materialChoiceSchema)
    .max(6)
    .optional()
    .describe(
      'Stock materials to offer: the drawn material first (name as a shop orders it, grade, a few equivalent alternates)',
    ),
});
export type DescribeInput = z.infer<typeof describeInputSchema>;

export const planAdviceInputSchema = z.object({
  notes: z
    .array(z.string().trim().min(1).max(600))
    .max(10)
    .describe(
      'Short, concrete notes for the machinist; an empty list when there is nothing to add',
    ),
});

export const simulationInputSchema = z.object({
  analysis: z.string().trim().min(1).max(2000).describe('What went wrong and why'),
  recommendations: z.array(z.string().trim().min(1).max(600)).max(10),
  safetyNotes: z.array(z.string().trim().min(1).max(600)).max(10),
  requiresNewGcode: z
    .boolean()
    .describe('true when a new program with the overrides below fixes the problem'),
  suggestedChanges: z.object({
    feedRate: z.string().max(400),
    spindleSpeed: z.string().max(400),
    toolPath: z.string().max(400),
    depthOfCut: z.string().max(400),
  }),
  overrides: z
    .object({
      surfaceSpeedFactor: factor('every surface speed (and spindle speed)'),
      feedFactor: factor('every feed'),
      finishFeedFactor: factor('the finishing feeds'),
      depthOfCutFactor: factor('the roughing depth of cut'),
      clearanceMm: z
        .number()
        .min(1)
        .max(20)
        .optional()
        .describe('Clearance above the stock on approaches and retracts, mm (default 2)'),
    })
    .strict()
    .describe('The changes the next program applies; leave out what stays'),
});

export const replyInputSchema = z.object({
  message: z.string().trim().min(1).max(4000).describe('The answer to show the user'),
});

export const claudeTools = {
  record_blueprint_description: {
    description:
      'Record the structured description of the drawing (the whole description, also after a change).',
    schema: describeInputSchema,
  },
  record_plan_advice: {
    description: 'Record advice for the machinist on planning this job.',
    schema: planAdviceInputSchema,
  },
  record_simulation_analysis: {
    description: 'Record the analysis of what went wrong in the simulation and what to change.',
    schema: simulationInputSchema,
  },
  reply_to_user: {
    description: 'Answer the user’s question in the chat.',
    schema: replyInputSchema,
  },
} as const;
export type ClaudeToolName = keyof typeof claudeTools;

/** The tool definitions of the Messages API, generated once from the zod schemas. */
export const toolDefinitions: Anthropic.Tool[] = Object.entries(claudeTools).map(([name, tool]) => {
  const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(tool.schema, { io: 'input' });
  return {
    name,
    description: tool.description,
    input_schema: { ...inputSchema, type: 'object' },
  };
});
