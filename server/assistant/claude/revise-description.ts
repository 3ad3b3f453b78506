/**
 * The Claude provider's `reviseDescription`: Claude applies the user's requested change to the
 * description and records the whole revised description; materials it does not suggest anew
 * stay those offered before.
 */
import type { AssistantProvider } from '../types.ts';
import type { ClaudeCall } from './call.ts';
import type { DescribeInput } from './tools.ts';
import { analysisFrom, descriptionNote, drawingIfMissing } from './turns.ts';

/**
 * `reviseDescription` through `claude`.
 * @throws the call's AppError (./errors.ts)
 */
export function reviseDescriptionWith(claude: ClaudeCall): AssistantProvider['reviseDescription'] {
  return async (analysis, feedback, call) => {
    const input = await claude.converse<DescribeInput>(
      call,
      'reviseDescription',
      'record_blueprint_description',
      async (history) => [
        ...(await drawingIfMissing(claude.db, call, history)),
        {
          type: 'text',
          text: `${descriptionNote(history, analysis)}The user asks to change the description:\n"""${feedback}"""\nApply the change, keep everything the user did not ask to change, and record the whole revised description.`,
        },
      ],
    );
    return analysisFrom(
      input,
      analysis.description.source ?? `Claude (${claude.model})`,
      analysis.materials,
    );
  };
}
