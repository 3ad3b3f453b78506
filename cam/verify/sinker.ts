/**
 * Verify a sinker EDM program by reading it back with the interpreter (iso-edm dialect, sinker
 * machine): every line runs, a condition (E number) is set before every burn, rapid moves stay
 * above the part (sideways only at the clearance height), every burn is over a cavity and
 * stays within its finished size (electrode + orbit + gap), each cavity is burned to its depth
 * and its last condition orbits out to the finished wall, and the program ends with M30.
 *
 * Positions are the electrode tip's; the burned floor lies one spark gap below it and the wall
 * one electrode half-size plus the orbit plus a gap from the centre.
 */
import type { MotionEvent } from '../gcode/events.ts';
import { interpretProgram } from '../gcode/interpreter.ts';
import { LexError, lexLine } from '../gcode/lexer.ts';
import type { Point2 } from '../geometry/polygon.ts';
import type { Extents, ProgramReport } from '../program.ts';
import type { SinkerPlan } from '../sinker/program.ts';
import { CheckList, emptyStats } from './checks.ts';

export interface SinkerVerificationCavity {
  label: string;
  center: Point2;
  depthMm: number;
  /** Spark gap per side of the finishing condition, mm. */
  finalGapMm: number;
  /** The finishing condition's orbit radius (undersize − gap), mm. */
  finalOrbitMm: number;
}

export interface SinkerVerificationInput {
  cavities: SinkerVerificationCavity[];
  clearanceZ: number;
  /** The plate's XY bounds, when known. */
  stock?: { minX: number; minY: number; maxX: number; maxY: number };
  toleranceMm?: number;
}

const checkTitles = {
  syntax: 'Every line is code the control runs',
  end: 'The program ends with M30',
  conditions: 'A condition (E number) is set before every burn',
  rapids: 'Rapid moves stay above the part, sideways only at the clearance height',
  burns: 'Every burn is over a cavity and stays within its finished size',
  depth: 'Each cavity is burned to its depth within 0.005 mm',
  walls: 'The last condition orbits out to the finished wall',
  extents: 'Every move stays over the plate',
} as const;

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/** The verification input for a plan. */
export function sinkerVerificationInput(
  plan: SinkerPlan,
  stock?: SinkerVerificationInput['stock'],
): SinkerVerificationInput {
  return {
    cavities: plan.cavities.map((cavity) => {
      const last = cavity.conditions[cavity.conditions.length - 1]!;
      return {
        label: cavity.label,
        center: cavity.center,
        depthMm: cavity.depthMm,
        finalGapMm: last.gapMm,
        finalOrbitMm: last.orbitMm,
      };
    }),
    clearanceZ: plan.clearanceZ,
    ...(stock ? { stock } : {}),
  };
}

/** Points along a motion in XY with their Z (arcs sampled, both ends included). */
function samples(motion: MotionEvent, from: { x: number; y: number; z: number }) {
  const points: { x: number; y: number; z: number }[] = [];
  if (motion.arc) {
    const { center, clockwise } = motion.arc;
    const radius = Math.hypot(from.x - center.x, from.y - center.y);
    const start = Math.atan2(from.y - center.y, from.x - center.x);
    let sweep = Math.atan2(motion.to.y - center.y, motion.to.x - center.x) - start;
    if (clockwise) while (sweep >= -1e-12) sweep -= 2 * Math.PI;
    else while (sweep <= 1e-12) sweep += 2 * Math.PI;
    const steps = 36;
    for (let step = 0; step <= steps; step += 1) {
      const angle = start + (sweep * step) / steps;
      points.push({
        x: center.x + radius * Math.cos(angle),
        y: center.y + radius * Math.sin(angle),
        z: from.z + ((motion.to.z - from.z) * step) / steps,
      });
    }
    return points;
  }
  for (let step = 0; step <= 4; step += 1)
    points.push({
      x: from.x + ((motion.to.x - from.x) * step) / 4,
      y: from.y + ((motion.to.y - from.y) * step) / 4,
      z: from.z + ((motion.to.z - from.z) * step) / 4,
    });
  return points;
}

/**
 * Verify a sinker EDM program.
 * @param program - the G-code text, or its lines one by one
 */
export function verifySinkerProgram(
  program: string | Iterable<string>,
  input: SinkerVerificationInput,
): ProgramReport {
  const tolerance = input.toleranceMm ?? 0.005;
  const checkList = new CheckList(checkTitles);
  const { fail } = checkList;
  const stats = emptyStats();
  const extend = (point: { x: number; y: number; z: number }) => {
    const e: Extents = stats.extents ?? {
      xMin: point.x,
      xMax: point.x,
      yMin: point.y,
      yMax: point.y,
      zMin: point.z,
      zMax: point.z,
    };
    e.xMin = Math.min(e.xMin, point.x);
    e.xMax = Math.max(e.xMax, point.x);
    e.yMin = Math.min(e.yMin, point.y);
    e.yMax = Math.max(e.yMax, point.y);
    e.zMin = Math.min(e.zMin, point.z);
    e.zMax = Math.max(e.zMax, point.z);
    stats.extents = e;
  };
  const cavities = input.cavities.map((cavity) => ({
    input: cavity,
    deepest: Infinity,
    /** Largest lateral offset from the centre at the deepest Z. */
    reachAtBottom: 0,
  }));

  /** The first line that sets an E condition, read beside the interpreter. */
  let firstConditionLine = Infinity;
  const lines = typeof program === 'string' ? program.split(/\r?\n/) : program;
  const counted = (function* count() {
    for (const line of lines) {
      stats.lines += 1;
      try {
        if (
          lexLine(line, stats.lines, { semicolonComments: false }).words.some(
            (word) => word.letter === 'E',
          )
        )
          firstConditionLine = Math.min(firstConditionLine, stats.lines);
      } catch (error) {
        if (!(error instanceof LexError)) throw error;
      }
      yield line;
    }
  })();

  let ended = false;
  let position: { x: number; y: number; z: number } | null = null;
  for (const event of interpretProgram(counted, { dialect: 'iso-edm', machine: 'sinker' })) {
    if (event.type === 'error') {
      fail('syntax', `line ${event.line}: ${event.message}`);
      continue;
    }
    if (event.type === 'end') {
      ended = true;
      continue;
    }
    if (event.type !== 'motion') continue;
    const motion: MotionEvent = event;
    stats.motions += 1;
    const from = motion.from ?? position;
    position = { ...motion.to };
    extend(motion.to);
    if (input.stock) {
      const { stock } = input;
      if (
        motion.to.x < stock.minX - 0.01 ||
        motion.to.x > stock.maxX + 0.01 ||
        motion.to.y < stock.minY - 0.01 ||
        motion.to.y > stock.maxY + 0.01
      )
        fail(
          'extents',
          `line ${motion.line}: X${fmt(motion.to.x)} Y${fmt(motion.to.y)} is off the plate`,
        );
    }
    if (motion.kind === 'rapid') {
      stats.rapids += 1;
      const straightUp =
        from !== null &&
        Math.hypot(motion.to.x - from.x, motion.to.y - from.y) <= 1e-6 &&
        motion.to.z >= from.z;
      if (motion.to.z < -1e-6 || (from && from.z < -1e-6 && !straightUp))
        fail(
          'rapids',
          `line ${motion.line}: a rapid move below the top face (to Z${fmt(motion.to.z)})`,
        );
      const sideways =
        from === null || Math.hypot(motion.to.x - from.x, motion.to.y - from.y) > 1e-6;
      if (
        sideways &&
        (motion.to.z < input.clearanceZ - 1e-6 || (from && from.z < input.clearanceZ - 1e-6))
      )
        fail(
          'rapids',
          `line ${motion.line}: a rapid move sideways below the clearance height Z${fmt(input.clearanceZ)}`,
        );
      continue;
    }
    stats.feeds += 1;
    if (!from) {
      fail('burns', `line ${motion.line}: a burn from an unknown position`);
      continue;
    }
    const points = samples(motion, from);
    if (!points.some((point) => point.z < 0)) continue;
    if (firstConditionLine > motion.line)
      fail('conditions', `line ${motion.line}: a burn before any condition (E number) is set`);
    for (const point of points) {
      if (point.z >= 0) continue;
      let nearest = cavities[0];
      let distance = Infinity;
      for (const cavity of cavities) {
        const d = Math.hypot(point.x - cavity.input.center.x, point.y - cavity.input.center.y);
        if (d < distance) {
          distance = d;
          nearest = cavity;
        }
      }
      if (!nearest || distance > nearest.input.finalOrbitMm + tolerance) {
        fail(
          'burns',
          nearest
            ? `line ${motion.line}: the electrode burns ${fmt(distance)} mm from the centre of ${nearest.input.label}, beyond its orbit ${fmt(nearest.input.finalOrbitMm)} mm`
            : `line ${motion.line}: a burn with no cavity to burn`,
        );
        break;
      }
      const floor = -(nearest.input.depthMm - nearest.input.finalGapMm);
      if (point.z < floor - tolerance) {
        fail(
          'depth',
          `line ${motion.line}: ${nearest.input.label} is burned to Z${fmt(point.z - nearest.input.finalGapMm)}, deeper than Z${fmt(-nearest.input.depthMm)}`,
        );
        break;
      }
      if (point.z < nearest.deepest - 1e-6) {
        nearest.deepest = point.z;
        nearest.reachAtBottom = distance;
      } else if (Math.abs(point.z - nearest.deepest) <= 1e-6) {
        nearest.reachAtBottom = Math.max(nearest.reachAtBottom, distance);
      }
    }
  }

  if (!ended) fail('end', 'the program does not end with M30');
  for (const cavity of cavities) {
    const { label, depthMm, finalGapMm, finalOrbitMm } = cavity.input;
    const bottom = -(depthMm - finalGapMm);
    if (!Number.isFinite(cavity.deepest)) {
      fail('depth', `${label} is not burned`);
      continue;
    }
    if (Math.abs(cavity.deepest - bottom) > tolerance)
      fail(
        'depth',
        `${label}: the electrode reaches Z${fmt(cavity.deepest)}; the floor needs Z${fmt(bottom)} (depth ${fmt(depthMm)} less the gap ${fmt(finalGapMm)})`,
      );
    else if (Math.abs(cavity.reachAtBottom - finalOrbitMm) > tolerance)
      fail(
        'walls',
        `${label}: the last condition orbits ${fmt(cavity.reachAtBottom)} mm at the bottom; the finished wall needs ${fmt(finalOrbitMm)} mm`,
      );
  }

  return checkList.report(stats);
}
