/**
 * The system prompt of every Claude request: the product's own instructions, then the
 * organization's description and blueprint prompts (server/prompts), with a cache breakpoint
 * after them, so every call of a conversation reads it from the prompt cache.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { Database } from '#server/database';
import { currentPrompt } from '#server/prompts/store';
import { ephemeral } from './messages.ts';

/** The product's own instructions, before the organization's prompts. */
const productInstructions = `You are Q-Bot, the assistant of a manufacturing co-pilot used in CNC machine shops. Operators upload part drawings; you read them into a structured description that they confirm, you advise on planning the job, and you analyse what went wrong when they simulate the program. The product's CAM software writes and verifies the G-code: you never write G-code.

Rules:
- Answer only by calling one of the tools. Each user turn ends with "Call <tool>": call that tool, once, with complete input.
- Every number whose name ends in Mm is in millimetres; convert inch drawings (25.4 mm per inch) and keep the written values in the text fields.
- Use what the drawing states. Never invent a size, tolerance or material: put what is missing or unreadable in the description's unresolved list. A wrong number scraps parts and breaks tools.
- Turned parts: positions are measured from the free end (the end machined first, away from the chuck). The free end is normally the end with the smaller diameters; the chuck holds the largest diameter.
- Keep text fields short and in the shop's words.`;

/**
 * The system blocks for a request of the organization (its current prompts, or the product's
 * defaults).
 * @throws only the driver's errors
 */
export async function systemBlocks(
  db: Database,
  organizationId: string,
): Promise<Anthropic.TextBlockParam[]> {
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
