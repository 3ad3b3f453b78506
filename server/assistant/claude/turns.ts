/**
 * The parts of a turn several provider methods share: the analysis made from a recorded
 * description (Claude's materials first, stock and tools from cam/), the confirmed description
 * as text when Claude has not recorded it, and the conversation's drawing when the history does
 * not hold it.
 */
import type { BlueprintAnalysis, MaterialChoice } from '#contracts/blueprint';
import { analysisOf } from '#cam/analysis';
import type { Database } from '#server/database';
import { latestThreadDrawingId } from '#server/storage/stored-files';
import type { AssistantCall } from '../types.ts';
import { lastToolInput } from './history.ts';
import type { StoredBlock, StoredMessage } from './history.ts';
import type { DescribeInput } from './tools.ts';

/** The analysis of a recorded description: materials first from Claude, stock and tools from cam/. */
export function analysisFrom(
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
export function descriptionNote(history: StoredMessage[], analysis: BlueprintAnalysis): string {
  const { source: _source, ...description } = analysis.description;
  const recorded = (
    lastToolInput(history, 'record_blueprint_description') as DescribeInput | undefined
  )?.description;
  if (recorded && JSON.stringify(recorded) === JSON.stringify(description)) return '';
  return `The confirmed description of the part is:\n${JSON.stringify(description)}\n`;
}

/** The drawing block for a turn, when the history does not hold the conversation's drawing. */
export async function drawingIfMissing(
  db: Database,
  call: AssistantCall,
  history: StoredMessage[],
): Promise<StoredBlock[]> {
  if (history.some((message) => message.content.some((block) => block.type === 'drawing')))
    return [];
  // The conversation's drawing, for a history that does not hold it yet (a provider switch).
  const fileId = await latestThreadDrawingId(db, call);
  return fileId ? [{ type: 'drawing', fileId }] : [];
}
