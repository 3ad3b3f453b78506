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
import type { AssistantProvider } from '../types.ts';
import { advisePlanWith } from './advise-plan.ts';
import { analyzeSimulationWith } from './analyze-simulation.ts';
import { askWith } from './answer-question.ts';
import { createClaudeCall } from './call.ts';
import type { ClaudeProviderOptions } from './call.ts';
import { describeBlueprintWith } from './read-drawing.ts';
import { reviseDescriptionWith } from './revise-description.ts';

export type { ClaudeProviderOptions } from './call.ts';

/**
 * The `claude` provider: one module per method (./read-drawing.ts, ./revise-description.ts,
 * ./advise-plan.ts, ./analyze-simulation.ts, ./answer-question.ts), each a turn through the
 * shared call helper (./call.ts: the SDK client, timeout, retries, error mapping, accounting).
 */
export function createClaudeProvider(options: ClaudeProviderOptions): AssistantProvider {
  const claude = createClaudeCall(options);
  return {
    name: 'claude',
    describeBlueprint: describeBlueprintWith(claude),
    reviseDescription: reviseDescriptionWith(claude),
    advisePlan: advisePlanWith(claude),
    analyzeSimulation: analyzeSimulationWith(claude),
    ask: askWith(claude),
  };
}
