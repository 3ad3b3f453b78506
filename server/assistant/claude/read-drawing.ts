/**
 * The Claude provider's `describeBlueprint`: Claude reads a drawing into the structured
 * description (record_blueprint_description), with the stock materials to offer; stock size and
 * tools come from cam/.
 */
import type { AssistantProvider } from '../types.ts';
import type { ClaudeCall } from './call.ts';
import { holdsDrawing } from './history.ts';
import type { DescribeInput } from './tools.ts';
import { analysisFrom } from './turns.ts';

/**
 * `describeBlueprint` through `claude`: the drawing is expanded first, so one that cannot be
 * turned into content is refused before a request is paid for; the drawing goes into the turn
 * unless the history holds it already.
 * @throws AppError 404 for a file the organization does not have, or the call's AppError
 */
export function describeBlueprintWith(claude: ClaudeCall): AssistantProvider['describeBlueprint'] {
  return async (file, call, progress) => {
    // Refuse a drawing that cannot be turned into content before paying for a request.
    progress?.(0.05, 'Preparing the drawing');
    await claude.expandDrawing(call.organizationId, file.fileId);
    progress?.(0.2, 'Claude is reading the drawing');
    const input = await claude.converse<DescribeInput>(
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
    return analysisFrom(input, `Claude (${claude.model}): ${file.fileName}`);
  };
}
