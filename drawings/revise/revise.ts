/**
 * Applies the operator's plain-text corrections to a blueprint description, offline: sizes,
 * lengths, bores, chamfers, fillets, threads, material, finish and tolerances (revise-parse.ts
 * reads the text). Outer diameters stay in order from the free end and follow each other.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { refreshedOverview } from '../describe/turned-summary.ts';
import { handOver } from '../hand-over.ts';
import { Revision } from './edges.ts';
import { clausesOf, editsOf, type Edit } from './parse.ts';
import { applyPlateEdit, plateEditsOf, titleEditOf, type PlateEdit } from './plate.ts';
import { withoutExplainedCircles } from '../describe/concentric.ts';
import { withoutPlacedLengths, withoutTextOnlyProfile } from '../page/unplaced-values.ts';

/** Feedback the offline reviser cannot use; the message is meant for the user. */
export class RevisionError extends Error {
  override name = 'RevisionError';
}

export const nothingUnderstoodMessage =
  'I could not find any dimensions or materials in your feedback. Write, for example: "Ø40 h7 x 85 long, bore Ø20 x 30 deep, chamfer 1x45 both ends, 4140 steel".';

const SHAPE_EDITS = new Set<Edit['kind']>(['outer', 'resize', 'bore', 'overall']);
const EDGE_EDITS = new Set<Edit['kind']>(['chamfer', 'fillet', 'thread']);
const phaseOf = (edit: Edit): number => {
  if (edit.kind === 'remove') return ['chamfer', 'fillet', 'thread'].includes(edit.what) ? 2 : 1;
  if (SHAPE_EDITS.has(edit.kind)) return 1;
  return EDGE_EDITS.has(edit.kind) ? 2 : 3;
};

/**
 * Applies plain-text corrections to a description.
 *
 * Understands lists of outer diameters in order from the free end ('Ø40 h7 x 85 long, Ø30 x 20'),
 * edits of named diameters ('Ø15.48 is 100 long', 'Ø40 to Ø42', 'the Ø11.11 diameter has thread
 * M8'), bores ('bore Ø20 x 30 deep', 'bore Ø10 through'), 'overall length 120', chamfers ('chamfer
 * 1x45 both ends', 'free end chamfer 0.5x45'), fillets ('R0.5 on Ø20'), removals ('remove the
 * groove'), material ('4140 steel', 'material 6061-T6'), heat treatment, hardness, roughness
 * ('Ra 1.6') and general tolerances ('ISO 2768-mK'); for a plate, its holes' threads, counterbores,
 * countersinks and depths, its outline and its pockets' and slots' depths, and for any part the
 * title block's fields (./plate.ts). A diameter within 0.05 mm of an existing one
 * updates it; a new one goes after the last diameter the feedback named (else at the chuck end).
 * Positions (`startMm`) are recomputed so that consecutive diameters follow each other, chamfers
 * and fillets move with their diameter, and `overallLengthMm` follows the sum of the lengths unless
 * the feedback gives it. All sizes in mm.
 *
 * @param description - the current description; not mutated
 * @param feedback - the operator's words
 * @returns the revised description and, in words, what changed; the description always fits the
 *   contract, as a value that does not (a chamfer of 89.99°, a length of 0) is moved to
 *   `unresolved` (../hand-over.ts)
 * @throws RevisionError with {@link nothingUnderstoodMessage} when nothing in the feedback is understood
 */
export function reviseDescription(
  description: BlueprintDescription,
  feedback: string,
): { description: BlueprintDescription; changes: string[] } {
  const notUnderstood: string[] = [];
  const edits: Edit[] = [];
  const plateEdits: PlateEdit[] = [];
  const clauses = clausesOf(feedback);
  // Feedback that gives a turned diameter with its length ('Ø40 h7 x 85 long') describes a turned
  // part: its bores are bores, not a plate's holes, even when the drawing was read as a plate.
  const turnedFeedback = clauses.some(
    (clause) =>
      !/\b(?:holes?|deep|depth|pockets?|slots?|counterbore|countersink)\b/i.test(clause) &&
      editsOf(clause).some((edit) => edit.kind === 'outer' && edit.lengthMm !== undefined),
  );
  const isPlate =
    !turnedFeedback &&
    description.prismatic !== undefined &&
    description.outerDiameters.length === 0;
  for (const clause of clauses) {
    const title = titleEditOf(clause);
    const forPlate = title ? [title] : isPlate ? plateEditsOf(clause) : [];
    const found = forPlate.length > 0 ? [] : editsOf(clause);
    if (found.length === 0 && forPlate.length === 0) notUnderstood.push(clause);
    edits.push(...found);
    plateEdits.push(...forPlate);
  }
  if (edits.length === 0 && plateEdits.length === 0)
    throw new RevisionError(nothingUnderstoodMessage);
  const draft = structuredClone(description);
  draft.unresolved = [...(draft.unresolved ?? [])];
  const changes: string[] = [];
  const revision = new Revision(draft, changes);
  for (const phase of [1, 2, 3]) {
    for (const edit of edits.filter((e) => phaseOf(e) === phase)) revision.apply(edit);
    if (phase < 3) revision.relayout();
  }
  for (const edit of plateEdits) applyPlateEdit(draft, edit, changes);
  // A counterbore, countersink or thread given to the holes sizes the circles drawn around them.
  if (plateEdits.length > 0) withoutExplainedCircles(draft);
  // A length a scan writes beside no line it found, once given, is placed.
  withoutPlacedLengths(draft);
  // Diameters given with their lengths replace a profile read from a drawing's text alone.
  if (edits.some((edit) => edit.kind === 'outer' && edit.lengthMm !== undefined))
    withoutTextOnlyProfile(draft);
  for (const clause of notUnderstood) changes.push(`Not understood, nothing changed: "${clause}".`);
  draft.overview = refreshedOverview(draft);
  return { description: handOver(draft, 'your changes'), changes };
}
