/**
 * The outer outline an external turning tool can reach from the free end, and the levels it is
 * roughed at.
 *
 * A right-hand tool cutting toward the chuck cannot go back down behind a shoulder, so the
 * turnable envelope is the running maximum of the target diameters from the free end; anything
 * below it (grooves, undercuts) is left to the grooving tool. Points are (z, x): z ≤ 0 toward
 * the chuck, x a diameter, all in mm.
 */
import type { OuterSection, TurnedPart } from './part.ts';

export interface ContourPoint {
  z: number;
  x: number;
}

export interface Groove {
  section: OuterSection;
  /** Z of the groove's walls: the free-end side (higher) and the chuck side. */
  zFreeSide: number;
  zChuckSide: number;
  /** Finished diameter of the surface on either side (the envelope here). */
  surfaceMm: number;
}

export interface OuterContour {
  /** Finishing outline from the free end face to the part's end, with free-end and shoulder chamfers. */
  points: ContourPoint[];
  /** Envelope diameter per section (running maximum of the targets). */
  envelope: number[];
  grooves: Groove[];
  largestMm: number;
  smallestMm: number;
  /** Chamfers that could not be placed on the envelope: their label, and why in words. */
  skippedChamfers: { label: string; why: string }[];
}

const radialLeg = (sizeMm: number, angleDeg: number) =>
  sizeMm * Math.tan((angleDeg * Math.PI) / 180);

/** Build the turnable outline of a part. */
export function outerContour(part: TurnedPart): OuterContour {
  const envelope: number[] = [];
  let running = 0;
  for (const section of part.outer) {
    running = Math.max(running, section.targetMm);
    envelope.push(running);
  }
  const points: ContourPoint[] = [];
  const grooves: Groove[] = [];
  const skippedChamfers: OuterContour['skippedChamfers'] = [];
  let previous: number | undefined;
  part.outer.forEach((section, index) => {
    const env = envelope[index]!;
    const zStart = -section.startMm;
    if (section.targetMm < env - 1e-9) {
      grooves.push({ section, zFreeSide: zStart, zChuckSide: -section.endMm, surfaceMm: env });
    }
    const [chamfer, ...others] = part.chamfers.filter(
      (entry) =>
        !entry.inner &&
        Math.abs(entry.atMm - section.startMm) < 0.06 &&
        section.targetMm >= env - 1e-9,
    );
    // One chamfer per edge: a second read on the same edge is named, never dropped unsaid.
    skippedChamfers.push(
      ...others.map((other) => ({
        label: other.label,
        why: 'another chamfer is read on the same edge, and that one is turned; check the drawing',
      })),
    );
    const stepsUp = previous === undefined || env > previous + 1e-9;
    if (!stepsUp) {
      if (chamfer)
        skippedChamfers.push({
          label: chamfer.label,
          why: 'its edge faces the chuck (a larger diameter stands in front of it), so the turning tool does not reach it from the free end; deburr it',
        });
      previous = env;
      return;
    }
    const floor = previous ?? 0;
    if (previous !== undefined) points.push({ z: zStart, x: previous });
    if (chamfer) {
      const leg = radialLeg(chamfer.sizeMm, chamfer.angleDeg);
      if (env - 2 * leg >= floor - 1e-9) {
        points.push({ z: zStart, x: env - 2 * leg }, { z: zStart - chamfer.sizeMm, x: env });
      } else {
        skippedChamfers.push({
          label: chamfer.label,
          why: `it is larger than the ${previous === undefined ? `free end's Ø${env}` : `step from Ø${floor} to Ø${env}`} it stands on; check the drawing`,
        });
        points.push({ z: zStart, x: env });
      }
    } else {
      points.push({ z: zStart, x: env });
    }
    previous = env;
  });
  points.push({ z: -part.lengthMm, x: envelope.at(-1)! });
  return {
    points: dedupe(points),
    envelope,
    grooves,
    largestMm: Math.max(...envelope),
    smallestMm: Math.min(...part.outer.map((section) => section.targetMm)),
    skippedChamfers,
  };
}

function dedupe(points: ContourPoint[]): ContourPoint[] {
  return points.filter((point, index) => {
    const before = points[index - 1];
    return !before || Math.abs(before.z - point.z) > 1e-9 || Math.abs(before.x - point.x) > 1e-9;
  });
}
