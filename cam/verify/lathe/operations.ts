/**
 * The operations of a lathe program as the verifier reads them: one per tool change, each with
 * what the plan says it is for (its role), its measurements (depth of cut, chip, power, material
 * removed, time cutting) and, for finishing operations, the region it removed; and the check
 * run when a finishing operation ends: nothing it removed lies beyond twice the finishing
 * allowance from the surface it finishes.
 *
 * Units: mm, mm², mm³, min, kW. Half-section regions are (x = Z, y = radius).
 */
import {
  difference,
  distanceToBoundary,
  offsetPolygons,
  totalArea,
} from '../../geometry/polygon.ts';
import type { Point2, Polygon } from '../../geometry/polygon.ts';
import type { OperationRole } from '../../lathe/program.ts';
import { round } from '../report.ts';
import type { OperationTally } from '../report.ts';
import type { Fail } from './checks.ts';
import type { LatheVerificationInput } from './input.ts';

/** Per-operation measurements while the program is read. */
export interface LatheTally extends OperationTally {
  role: OperationRole;
  /** The setup it runs in: 2 under the second setup's work offset. */
  setup: 1 | 2;
  /** What finishing operations removed, for the allowance check. */
  removed: Polygon[];
}

/**
 * A new operation at a tool change, as the plan names it (else "Operation N" and the tool).
 * @param index - how many operations came before it
 * @param setup - the setup in force at the tool call (a tool called before the second setup's
 *   G55 is moved to it at its first move there: process.ts)
 */
export function startOperation(
  input: LatheVerificationInput,
  index: number,
  toolNumber: number,
  setup: 1 | 2 = 1,
): LatheTally {
  const planned = input.operations?.[index];
  return {
    name: planned?.name ?? `Operation ${index + 1}`,
    tool: planned?.tool ?? `T${toolNumber}`,
    role: planned?.role ?? 'other',
    setup,
    maxDepthMm: 0,
    maxRadialMm: 0,
    maxChipMm: 0,
    removedMm3: 0,
    cuttingMinutes: 0,
    maxPowerKw: 0,
    removed: [],
  };
}

/** The largest distance of `polygons`' vertices from `reference`'s boundary, mm. */
export function depthBeyond(
  polygons: Polygon[],
  reference: Polygon[],
): { depth: number; at: Point2 } {
  let best = { depth: 0, at: { x: 0, y: 0 } };
  for (const polygon of polygons)
    for (const point of polygon) {
      const distance = Math.min(...reference.map((ring) => distanceToBoundary(point, ring)));
      if (distance > best.depth) best = { depth: distance, at: point };
    }
  return best;
}

/** At the end of each finishing operation: nothing it removed lies beyond twice the allowance. */
export function finishOperation(
  tally: LatheTally | undefined,
  input: LatheVerificationInput,
  fail: Fail,
): void {
  if (!tally || tally.removed.length === 0 || input.finishAllowanceMm === undefined) return;
  const finishedBy: LatheVerificationInput['finishedBy'] =
    tally.setup === 2 ? input.secondSetup?.finishedBy : input.finishedBy;
  const reference = tally.role === 'finish' ? finishedBy?.outside : finishedBy?.bore;
  if (!reference) return;
  const limit = 2 * input.finishAllowanceMm;
  const beyond = difference(tally.removed, offsetPolygons(reference, limit + 0.02, 0.005));
  if (totalArea(beyond) < 0.002) return;
  const { depth, at } = depthBeyond(beyond, reference);
  fail(
    'finishing',
    `${tally.name}: ${tally.tool} takes ${round(depth)} mm at X${round(2 * at.y)} Z${round(at.x)}; the finishing allowance is ${round(input.finishAllowanceMm)} mm, at most ${round(limit)} mm`,
  );
}
