/**
 * The milling verifier's completeness checks (a failure means part of the drawing is left
 * undone), on the finished block (simulation.ts), against the WHOLE part model, not only what
 * the plan programmed: the top faced, the outline cut free, every hole, thread, pocket, slot and
 * cut-out to its size and depth, and everything the plan left out ("not programmed"), each in
 * the plan's own sentence (the feature, why, and what would make it).
 *
 * Finished sizes are checked exactly on the probes (the lowest Z any tool reached over each
 * point) and everywhere on the height map's cells. Units: mm; work coordinates (G54), Z0 the
 * finished top.
 */
import { faceOwner, outlineOwner } from '../../mill/part-model.ts';
import type { Finding } from '../../mill/part-model.ts';
import { round } from '../report.ts';
import { at } from './checks.ts';
import type { CheckId, Fail } from './checks.ts';
import type { MillVerificationInput } from './input.ts';
import type { MillSimulation } from './simulation.ts';

/** What the completeness checks read: the job, the finished block and what is left on it. */
interface Finished {
  input: MillVerificationInput;
  simulation: MillSimulation;
  /** Material left per owner (feature index, `faceOwner`, `outlineOwner`): compareWithPart. */
  left: Map<number, Finding>;
  fail: Fail;
  /** The plan's sentences a feature has reported already. */
  claimed: Set<string>;
}

/** A feature left undone: in the plan's sentence when the plan left it out, else in our own. */
function undone(finished: Finished, check: CheckId, gap: string | undefined, own: string): void {
  if (gap) finished.claimed.add(gap);
  finished.fail(check, gap ?? own);
}

/** The material the height map leaves on an owner's cells, in a sentence, if any. */
function leftOn(finished: Finished, key: number, what: string): string | undefined {
  const finding = finished.left.get(key);
  const { cell } = finished.simulation;
  return finding
    ? `${what}: material is left up to Z${round(finding.z)} at ${at(finding.where)} (${round(finding.cells * cell * cell)} mm² of its area)`
    : undefined;
}

const probeZ = (finished: Finished, index: number) => finished.simulation.probes.probes.zs[index]!;

/** The top faced to Z0 (when the block stands above it). */
function checkFaced(finished: Finished): void {
  const { input, simulation } = finished;
  const unfaced = finished.left.get(faceOwner);
  if (simulation.faced && unfaced)
    undone(
      finished,
      'faced',
      input.faceGap,
      `material is left at Z${round(unfaced.z)} over ${at(unfaced.where)}: the top is not faced to Z0`,
    );
}

/** The outline cut free: through the bottom just outside it, and nothing left in its band. */
function checkOutline(finished: Finished): void {
  const { input, simulation } = finished;
  const tolerance = input.toleranceMm;
  const outside = simulation.probes.outlineOutside.find(
    ({ index }) => probeZ(finished, index) > simulation.bottom + 1e-3,
  );
  const band = leftOn(finished, outlineOwner, 'The outline');
  if (outside)
    undone(
      finished,
      'outline',
      input.outlineGap,
      `material remains at Z${round(probeZ(finished, outside.index))} ${tolerance} mm outside the outline at ${at(outside.point)}: the part is not cut free`,
    );
  else if (band) undone(finished, 'outline', input.outlineGap, band);
}

/**
 * A countersink's size at Z0, from the probes just inside its diameter: the tool's cone cuts the
 * probes exactly (cam/mill/probes.ts), so the highest of them gives the finished diameter,
 * D = 2 · (r + depth · tan(angle / 2)). It must be at least the countersink's less the
 * tolerance (half the band each side of the probes); too large is a gouge on the probes just
 * outside it (process.ts).
 * @returns the sentence when the countersink is too small or not cut
 */
function countersinkShort(
  finished: Finished,
  entry: Finished['simulation']['probes']['holeProbes'][number],
): string | undefined {
  const { hole } = entry;
  const tolerance = finished.input.toleranceMm;
  const slope = Math.tan((hole.countersinkAngleDeg! * Math.PI) / 360);
  const highest = Math.max(...entry.inner.map((index) => probeZ(finished, index)));
  const ringRadius = Math.max(0, hole.diameterMm / 2 - tolerance);
  const cutDiameter = 2 * (ringRadius + Math.max(0, -highest) * slope);
  if (cutDiameter >= hole.diameterMm - tolerance - 1e-6) return undefined;
  return highest >= -1e-3
    ? `${hole.label}: smaller than Ø${round(2 * ringRadius)} at Z0, not Ø${round(hole.diameterMm)} x ${round(hole.countersinkAngleDeg!)}°: the cone is too shallow or not cut`
    : `${hole.label}: Ø${round(cutDiameter)} at Z0, not Ø${round(hole.diameterMm)} x ${round(hole.countersinkAngleDeg!)}° (the cone is ${round((hole.diameterMm - cutDiameter) / 2 / slope)} mm too shallow)`;
}

/** Every hole to its depth and size, and every tapped hole tapped to its depth. */
function checkHoles(finished: Finished): void {
  const { input } = finished;
  const tolerance = input.toleranceMm;
  const z = (index: number) => probeZ(finished, index);
  const { holeProbes, tapProbes } = finished.simulation.probes;
  holeProbes.forEach((entry) => {
    const { hole } = entry;
    if (hole.countersinkAngleDeg !== undefined) {
      const short = countersinkShort(finished, entry);
      if (short) undone(finished, 'holes', hole.gap, short);
      return;
    }
    const f = input.holes.indexOf(hole);
    const depth = Math.min(hole.depthMm, input.thicknessMm);
    let own: string | undefined;
    if (z(entry.centre) > -depth + 0.01)
      own = `${hole.label}: reaches Z${round(z(entry.centre))}, not Z${round(-depth)}`;
    else if (entry.inner.some((index) => z(index) > -depth + tolerance))
      own = `${hole.label}: smaller than Ø${round(hole.diameterMm)} (or not at its position)`;
    else own = leftOn(finished, f, hole.label);
    if (own) {
      undone(finished, 'holes', hole.gap, own);
      return;
    }
    if (entry.tap !== undefined) {
      const reached = tapProbes.zs[entry.tap]!;
      if (reached > -hole.tapDepthMm! + 0.01)
        undone(
          finished,
          'threads',
          hole.tapGap,
          `${hole.label}: tapped to Z${round(reached)}, not Z${round(-hole.tapDepthMm!)}`,
        );
    }
  });
}

/** Every pocket, slot and cut-out to its depth and size. */
function checkPockets(finished: Finished): void {
  const { input, simulation } = finished;
  const tolerance = input.toleranceMm;
  const { probes, pocketProbes } = simulation.probes;
  const z = (index: number) => probeZ(finished, index);
  const probeAt = (index: number) => at({ x: probes.xs[index]!, y: probes.ys[index]! });
  pocketProbes.forEach(({ pocket, floor, inner }, k) => {
    const f = input.holes.length + k;
    const target = pocket.through ? simulation.bottom : -pocket.depthMm;
    const limit = target + (pocket.through ? 1e-3 : tolerance);
    const shallow = floor.find((index) => z(index) > limit);
    const wall = inner.find((index) => z(index) > limit);
    const own =
      shallow !== undefined
        ? `${pocket.label}: the floor is at Z${round(z(shallow))} at ${probeAt(shallow)}, not Z${round(target)}`
        : wall !== undefined
          ? `${pocket.label}: material is left on its wall at ${probeAt(wall)} (Z${round(z(wall))}): it is undersize`
          : leftOn(finished, f, pocket.label);
    if (own) undone(finished, 'pockets', pocket.gap, own);
  });
}

/** What the plan left out and no feature above claimed. */
function checkDrawing(finished: Finished): void {
  const { input, claimed } = finished;
  const gaps = [
    input.faceGap,
    input.outlineGap,
    ...input.holes.flatMap((hole) => [hole.gap, hole.tapGap]),
    ...input.pockets.map((pocket) => pocket.gap),
    ...(input.otherGaps ?? []),
  ].filter((gap): gap is string => gap !== undefined && !claimed.has(gap));
  for (const gap of new Set(gaps)) finished.fail('drawing', gap);
}

/**
 * Every feature of the part model on the finished block, in the plan's words when the plan left
 * it out.
 * @param left - the material left per owner (compareWithPart in cam/mill/part-model.ts)
 */
export function checkMillCompleteness(
  input: MillVerificationInput,
  simulation: MillSimulation,
  left: Map<number, Finding>,
  fail: Fail,
): void {
  const finished: Finished = { input, simulation, left, fail, claimed: new Set<string>() };
  checkFaced(finished);
  checkOutline(finished);
  checkHoles(finished);
  checkPockets(finished);
  checkDrawing(finished);
}
