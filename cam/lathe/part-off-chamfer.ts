/**
 * The chamfer on the parted-off end's edge, turned by the parting blade before it parts the part
 * off (docs/decisions/052-chamfer-at-part-off.md; Sandvik Coromant's parting guidance, Fusion's
 * part-off chamfer): the blade plunges at the part-off position to just below the chamfer's
 * small diameter, then its free-end corner, the program's reference corner (cutters.ts), which
 * is on the part side, runs down the chamfer's line to the part-off position. The blade's flank
 * toward the chuck must never meet uncut material, so each pass takes at most 0.8 × the blade's
 * width along the axis (its rated sideways depth, cutters.ts): a chamfer longer than that is
 * turned in passes parallel to its line, each at most 0.8 × width · tan(angle) deeper on the
 * radius than the one before, the last on the line.
 *
 * With a second setup the part is parted off `partedFaceAllowanceMm` long and faced to length
 * there: the chamfer's line is carried on to the parted face, so facing leaves the chamfer as
 * drawn. Units: mm; X a diameter, Z from the free-end face (negative toward the chuck).
 */
import type { LathePlanContext } from './context.ts';
import { cutterOf, round } from './context.ts';
import type { PartOffChamferPath } from './operations.ts';
import type { EdgeChamfer } from './part-types.ts';
import type { LatheTool } from './tooling.ts';

/** How far below the chamfer's small diameter the plunge goes, on the diameter. */
const plungeBelowMm = 0.2;

/**
 * The blade's path for the part-off chamfer, or the sentence saying why it is left undone.
 * @param partingTool - the parting blade that turns it and parts off
 * @param surfaceMm - the diameter the blade comes down onto (the last envelope diameter)
 * @param endX - the diameter the part off goes to
 * @param f - the parting feed, mm/rev
 */
export function partOffChamferPath(
  context: LathePlanContext,
  partingTool: LatheTool,
  chamfer: EdgeChamfer,
  surfaceMm: number,
  endX: number,
  f: number,
): PartOffChamferPath | string {
  const { partingWidthMm } = context.tools;
  const { path } = context.setup;
  const undone = (why: string) =>
    `the chamfer ${chamfer.label}: ${why}; deburr it or turn the part around`;
  const d = chamfer.diameterMm;
  if (Math.abs(surfaceMm - d) > 1e-6)
    return undone(`the parting blade comes down onto Ø${round(surfaceMm)}, not its Ø${d}`);
  const slope = Math.tan((chamfer.angleDeg * Math.PI) / 180);
  // The chamfer's line as a radius at z: D/2 at its large end, falling toward the chuck.
  const largeZ = -(chamfer.atMm - chamfer.sizeMm);
  const lineR = (z: number) => d / 2 - (largeZ - z) * slope;
  const partingZ = round(-context.part.lengthMm);
  const endR = lineR(partingZ);
  const plungeX = round(2 * endR - plungeBelowMm);
  if (plungeX <= endX + 1e-6)
    return undone(`its small diameter Ø${round(2 * endR)} is too near the part off's Ø${endX}`);
  const rating = cutterOf(partingTool).rating;
  const sideways = rating.maxDepthOfCutMm ?? 0.8 * partingWidthMm;
  // Raised this far on the radius, the first pass meets the diameter within `sideways` of the cut.
  const first = Math.max(0, d / 2 - lineR(partingZ + sideways));
  const step = sideways * slope;
  const count = Math.ceil(first / step - 1e-9);
  if (count > 20)
    return undone(
      `${partingTool.label} (${partingWidthMm} mm wide) would take ${count + 1} passes to turn it`,
    );
  const above = round(surfaceMm + 2 * path.clearRadialMm);
  const passes = Array.from({ length: count + 1 }, (_, index) => {
    const raised = count === 0 ? 0 : (first * (count - index)) / count;
    // The pass's line meets the clearance diameter at `startZ`.
    const startZ = largeZ + (above / 2 - d / 2 - raised) / slope;
    return {
      start: { x: above, z: round(startZ) },
      end: { x: round(2 * (endR + raised)), z: partingZ },
    };
  });
  const maxFeed = rating.maxFeedPerRevMm ?? f;
  return { plungeX, passes, f: Math.min(f, maxFeed) };
}
