/**
 * The Claude provider's `advisePlan`: Claude records advice for the machinist on the job to
 * plan (record_plan_advice). Advice is optional: a failure gives no notes, never a failed job.
 */
import type { AssistantProvider } from '../types.ts';
import type { ClaudeCall } from './call.ts';
import { descriptionNote, drawingIfMissing } from './turns.ts';

/** `advisePlan` through `claude`; never throws (a failure is logged and gives no notes). */
export function advisePlanWith(claude: ClaudeCall): AssistantProvider['advisePlan'] {
  return async (analysis, job, call) => {
    try {
      const input = await claude.converse<{ notes: string[] }>(
        call,
        'advisePlan',
        'record_plan_advice',
        async (history) => [
          ...(await drawingIfMissing(claude.db, call, history)),
          {
            type: 'text',
            text: `${descriptionNote(history, analysis)}The job to plan:\n${JSON.stringify(job)}\nRecord your advice for the machinist.`,
          },
        ],
      );
      return { notes: input.notes };
    } catch (error) {
      // Advice is optional: the program is written without it.
      claude.log.warn({ err: error }, 'no plan advice from Claude');
      return { notes: [] };
    }
  };
}
