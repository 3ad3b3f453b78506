/**
 * Verify a wire EDM program by reading it back with the interpreter (iso-edm dialect, wire
 * machine) and checking what a wire EDM operator checks before starting a cut: every line runs,
 * the wire offset is on for every cut of a contour and off at the start of each lead-in and the
 * end of each lead-out, on the side that keeps the part, the programmed path is the part's
 * contour (within 0.005 mm) all the way round and back to its lead-in point, start holes lie in
 * the slug (or outside the part for the outline), the wire never cuts into the part on its way
 * in or out, travels in rapid only after it has been cut (M0), and stays on the plate.
 *
 * The programmed path is the contour itself: the control offsets the wire by the register's
 * value, so the check is on the path before the offset, which is what the program states.
 */
import type { MotionEvent } from '../gcode/events.ts';
import { interpretProgram } from '../gcode/interpreter.ts';
import { distanceToBoundary, perimeter, pointInPolygon } from '../geometry/polygon.ts';
import type { Bounds, Point2, Polygon } from '../geometry/polygon.ts';
import type { Extents, ProgramReport } from '../program.ts';
import type { WirePlan } from '../wire/program.ts';
import { CheckList, emptyStats } from './checks.ts';

export interface WireVerificationContour {
  label: string;
  kind: 'outline' | 'inner';
  /** The contour as it must be cut (any direction). */
  polygon: Polygon;
  /** Round holes: the exact circle (the polygon is its chords). */
  circle?: { center: Point2; radiusMm: number };
  startHoleDiameterMm?: number;
}

export interface WireVerificationInput {
  /** The part's outer boundary (material is inside it and outside every inner contour). */
  partOutline: Polygon;
  /** The contours the program must cut. */
  contours: WireVerificationContour[];
  /** The plate, when known: every move stays on it. */
  stock?: Bounds;
  /** How far the programmed path may stray from a contour, mm (0.005). */
  toleranceMm?: number;
}

const checkTitles = {
  syntax: 'Every line is code the control runs',
  end: 'The program ends with M30',
  compensation:
    'Wire offset on for every cut of a contour, off at the start of each lead-in and the end of each lead-out',
  side: 'The wire is offset to the side that keeps the part (into the slug, or outward from the part)',
  follows: 'The programmed path follows each contour within 0.005 mm',
  closed: 'Each contour is cut all the way round and back to its lead-in point',
  startHoles:
    'Each start hole lies inside its slug (inner contours) or outside the part (the outline)',
  leads: 'Lead-ins and lead-outs stay out of the part',
  rapids: 'The wire moves in rapid only with the offset off and after an M0 to cut it',
  extents: 'Every move stays on the plate',
} as const;

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);
const at = (point: Point2) => `X${fmt(point.x)} Y${fmt(point.y)}`;

/** A move in the XY plane: a line, or an arc with its centre and direction. */
interface Move {
  from: Point2;
  to: Point2;
  arc?: { center: Point2; clockwise: boolean };
}

function sweepOf(move: Move): { radius: number; start: number; sweep: number } {
  const { center, clockwise } = move.arc!;
  const radius = Math.hypot(move.from.x - center.x, move.from.y - center.y);
  const start = Math.atan2(move.from.y - center.y, move.from.x - center.x);
  const end = Math.atan2(move.to.y - center.y, move.to.x - center.x);
  let sweep = end - start;
  if (clockwise) {
    while (sweep >= -1e-12) sweep -= 2 * Math.PI;
  } else {
    while (sweep <= 1e-12) sweep += 2 * Math.PI;
  }
  return { radius, start, sweep };
}

/** Points along a move at most `stepMm` apart, both ends included. */
function sampleMove(move: Move, stepMm: number): Point2[] {
  if (!move.arc) {
    const length = Math.hypot(move.to.x - move.from.x, move.to.y - move.from.y);
    const steps = Math.max(1, Math.ceil(length / stepMm));
    return Array.from({ length: steps + 1 }, (_, step) => ({
      x: move.from.x + ((move.to.x - move.from.x) * step) / steps,
      y: move.from.y + ((move.to.y - move.from.y) * step) / steps,
    }));
  }
  const { radius, start, sweep } = sweepOf(move);
  const steps = Math.max(2, Math.ceil((Math.abs(sweep) * radius) / stepMm));
  const { center } = move.arc;
  return Array.from({ length: steps + 1 }, (_, step) => {
    const angle = start + (sweep * step) / steps;
    return { x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) };
  });
}

/** Distance from a point to a move (segment or arc). */
function distanceToMove(point: Point2, move: Move): number {
  if (!move.arc) {
    const dx = move.to.x - move.from.x;
    const dy = move.to.y - move.from.y;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0
        ? 0
        : Math.max(
            0,
            Math.min(
              1,
              ((point.x - move.from.x) * dx + (point.y - move.from.y) * dy) / lengthSquared,
            ),
          );
    return Math.hypot(point.x - (move.from.x + t * dx), point.y - (move.from.y + t * dy));
  }
  const { radius, start, sweep } = sweepOf(move);
  const { center } = move.arc;
  let angle = Math.atan2(point.y - center.y, point.x - center.x) - start;
  if (sweep > 0) angle = ((angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  else angle = -(((-angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI));
  if (Math.abs(angle) <= Math.abs(sweep))
    return Math.abs(Math.hypot(point.x - center.x, point.y - center.y) - radius);
  return Math.min(
    Math.hypot(point.x - move.from.x, point.y - move.from.y),
    Math.hypot(point.x - move.to.x, point.y - move.to.y),
  );
}

/** Unit tangent of a move at its middle, in the direction of travel. */
function tangentAtMiddle(move: Move): { point: Point2; tangent: Point2 } | undefined {
  if (!move.arc) {
    const length = Math.hypot(move.to.x - move.from.x, move.to.y - move.from.y);
    if (length < 1e-9) return undefined;
    return {
      point: { x: (move.from.x + move.to.x) / 2, y: (move.from.y + move.to.y) / 2 },
      tangent: { x: (move.to.x - move.from.x) / length, y: (move.to.y - move.from.y) / length },
    };
  }
  const { radius, start, sweep } = sweepOf(move);
  const angle = start + sweep / 2;
  const { center } = move.arc;
  const direction = sweep > 0 ? 1 : -1;
  return {
    point: { x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle) },
    tangent: { x: -Math.sin(angle) * direction, y: Math.cos(angle) * direction },
  };
}

interface ContourState {
  input: WireVerificationContour;
  samples: Point2[];
  covered: boolean[];
  passes: number;
  firstLeadInEnd: Point2 | null;
  lastEnd: Point2 | null;
}

/** Sample points along a contour at most 0.1 mm apart. */
function contourSamples(contour: WireVerificationContour): Point2[] {
  if (contour.circle) {
    const { center, radiusMm } = contour.circle;
    const steps = Math.max(16, Math.ceil((2 * Math.PI * radiusMm) / 0.1));
    return Array.from({ length: steps }, (_, step) => ({
      x: center.x + radiusMm * Math.cos((2 * Math.PI * step) / steps),
      y: center.y + radiusMm * Math.sin((2 * Math.PI * step) / steps),
    }));
  }
  const points: Point2[] = [];
  const { polygon } = contour;
  for (let index = 0; index < polygon.length; index += 1) {
    const a = polygon[index]!;
    const b = polygon[(index + 1) % polygon.length]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.1));
    for (let step = 0; step < steps; step += 1)
      points.push({ x: a.x + ((b.x - a.x) * step) / steps, y: a.y + ((b.y - a.y) * step) / steps });
  }
  return points;
}

const distanceToContour = (point: Point2, contour: WireVerificationContour) =>
  contour.circle
    ? Math.abs(
        Math.hypot(point.x - contour.circle.center.x, point.y - contour.circle.center.y) -
          contour.circle.radiusMm,
      )
    : distanceToBoundary(point, contour.polygon);

/** The verification input for a plan: its contours, the part outline and the plate. */
export function wireVerificationInput(plan: WirePlan): WireVerificationInput {
  return {
    partOutline: plan.part.outline,
    contours: plan.contours.map((contour) => ({
      label: contour.label,
      kind: contour.kind,
      polygon: contour.path,
      ...(contour.circle ? { circle: contour.circle } : {}),
      startHoleDiameterMm: contour.startHoleDiameterMm,
    })),
    ...(plan.stockBounds ? { stock: plan.stockBounds } : {}),
  };
}

/**
 * Verify a wire EDM program.
 * @param program - the G-code text, or its lines one by one
 */
export function verifyWireProgram(
  program: string | Iterable<string>,
  input: WireVerificationInput,
): ProgramReport {
  const tolerance = input.toleranceMm ?? 0.005;
  const checkList = new CheckList(checkTitles);
  const { fail } = checkList;
  const stats = emptyStats();
  const contours: ContourState[] = input.contours.map((contour) => {
    const samples = contourSamples(contour);
    return {
      input: contour,
      samples,
      covered: samples.map(() => false),
      passes: 0,
      firstLeadInEnd: null,
      lastEnd: null,
    };
  });
  const inners = input.contours.filter((contour) => contour.kind === 'inner');
  const inPart = (point: Point2) =>
    pointInPolygon(point, input.partOutline) === 'inside' &&
    distanceToBoundary(point, input.partOutline) > 0.01 &&
    inners.every(
      (contour) =>
        pointInPolygon(point, contour.polygon) !== 'inside' &&
        distanceToContour(point, contour) > 0.01,
    );
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

  let ended = false;
  let compensated = false;
  let stoppedSinceCut = true;
  let stoppedSinceRapid = true;
  let rapidSeen = false;
  let pass: { contour: ContourState | null; line: number } | null = null;

  const lines = typeof program === 'string' ? program.split(/\r?\n/) : program;
  const counted = (function* count() {
    for (const line of lines) {
      stats.lines += 1;
      yield line;
    }
  })();

  const checkLead = (move: Move, line: number, what: string) => {
    for (const point of sampleMove(move, 0.1)) {
      if (inPart(point)) {
        fail('leads', `line ${line}: the ${what} cuts into the part at ${at(point)}`);
        return;
      }
    }
  };

  for (const event of interpretProgram(counted, { dialect: 'iso-edm', machine: 'wire' })) {
    if (event.type === 'error') {
      fail('syntax', `line ${event.line}: ${event.message}`);
      continue;
    }
    if (event.type === 'end') {
      ended = true;
      continue;
    }
    if (event.type === 'stop') {
      stoppedSinceCut = true;
      stoppedSinceRapid = true;
      continue;
    }
    if (event.type !== 'motion') continue;
    const motion: MotionEvent = event;
    stats.motions += 1;
    extend(motion.to);
    const compensation = motion.compensation ?? null;
    const to = { x: motion.to.x, y: motion.to.y };
    if (input.stock) {
      const { stock } = input;
      if (
        to.x < stock.minX - 0.01 ||
        to.x > stock.maxX + 0.01 ||
        to.y < stock.minY - 0.01 ||
        to.y > stock.maxY + 0.01
      )
        fail('extents', `line ${motion.line}: ${at(to)} is off the plate`);
    }
    if (motion.kind === 'rapid') {
      stats.rapids += 1;
      if (compensation)
        fail('rapids', `line ${motion.line}: a rapid move with the wire offset on (G40 first)`);
      if (!stoppedSinceCut)
        fail(
          'rapids',
          `line ${motion.line}: the wire moves in rapid from a cut without an M0 to cut the wire`,
        );
      rapidSeen = true;
      stoppedSinceRapid = false;
      compensated = compensation !== null;
      continue;
    }
    stats.feeds += 1;
    if (rapidSeen && !stoppedSinceRapid) {
      fail(
        'rapids',
        `line ${motion.line}: a cut after a rapid move without an M0 to thread the wire`,
      );
      stoppedSinceRapid = true;
    }
    stoppedSinceCut = false;
    if (motion.from === null) {
      fail('compensation', `line ${motion.line}: a cut from an unknown position`);
      compensated = compensation !== null;
      continue;
    }
    const move: Move = {
      from: { x: motion.from.x, y: motion.from.y },
      to,
      ...(motion.arc
        ? {
            arc: {
              center: { x: motion.arc.center.x, y: motion.arc.center.y },
              clockwise: motion.arc.clockwise,
            },
          }
        : {}),
    };
    if (motion.arc) for (const point of sampleMove(move, 1)) extend({ ...point, z: motion.to.z });

    if (compensation && !compensated) {
      // Lead-in: the offset comes on along this move; it must end on a contour.
      checkLead(move, motion.line, 'lead-in');
      let nearest: ContourState | null = null;
      let nearestDistance = Infinity;
      for (const contour of contours) {
        const distance = distanceToContour(to, contour.input);
        if (distance < nearestDistance) {
          nearest = contour;
          nearestDistance = distance;
        }
      }
      if (!nearest || nearestDistance > tolerance) {
        fail('follows', `line ${motion.line}: the lead-in ends at ${at(to)}, off every contour`);
        pass = { contour: null, line: motion.line };
      } else {
        pass = { contour: nearest, line: motion.line };
        nearest.passes += 1;
        nearest.firstLeadInEnd ??= to;
        nearest.lastEnd = to;
        const hole = move.from;
        const radius = (nearest.input.startHoleDiameterMm ?? 0) / 2;
        if (nearest.input.kind === 'inner') {
          if (
            pointInPolygon(hole, nearest.input.polygon) !== 'inside' ||
            distanceToContour(hole, nearest.input) < radius - 1e-3
          )
            fail(
              'startHoles',
              `${nearest.input.label}: the start hole at ${at(hole)} is not inside the slug`,
            );
        } else if (
          pointInPolygon(hole, input.partOutline) !== 'outside' ||
          distanceToBoundary(hole, input.partOutline) < radius - 1e-3
        ) {
          fail(
            'startHoles',
            `${nearest.input.label}: the start hole at ${at(hole)} is not outside the part`,
          );
        }
      }
    } else if (compensation && compensated) {
      // A cut along the contour.
      const contour = pass?.contour;
      if (contour) {
        let worst = 0;
        let worstPoint = move.from;
        for (const point of sampleMove(move, 0.25)) {
          const distance = distanceToContour(point, contour.input);
          if (distance > worst) {
            worst = distance;
            worstPoint = point;
          }
        }
        if (worst > tolerance) {
          fail(
            'follows',
            `line ${motion.line}: ${fmt(worst)} mm off ${contour.input.label} at ${at(worstPoint)}`,
          );
        } else {
          contour.samples.forEach((sample, index) => {
            if (!contour.covered[index] && distanceToMove(sample, move) <= tolerance + 1e-3)
              contour.covered[index] = true;
          });
          contour.lastEnd = to;
        }
        const middle = tangentAtMiddle(move);
        if (middle) {
          const step = 0.02;
          const left = {
            x: middle.point.x - middle.tangent.y * step,
            y: middle.point.y + middle.tangent.x * step,
          };
          const leftInside = pointInPolygon(left, contour.input.polygon) === 'inside';
          const expected =
            contour.input.kind === 'inner'
              ? leftInside
                ? 'left'
                : 'right'
              : leftInside
                ? 'right'
                : 'left';
          if (compensation.side !== expected)
            fail(
              'side',
              `line ${motion.line}: ${contour.input.label} is cut with the offset on the ${compensation.side} (G4${compensation.side === 'left' ? 1 : 2}); it must be on the ${expected}`,
            );
        }
      }
    } else if (!compensation && compensated) {
      // Lead-out: the offset goes off along this move.
      checkLead(move, motion.line, 'lead-out');
      pass = null;
    } else {
      // A cut without the offset.
      let onContour: ContourState | undefined;
      for (const point of sampleMove(move, 0.5))
        onContour ??= contours.find(
          (contour) => distanceToContour(point, contour.input) <= tolerance,
        );
      fail(
        'compensation',
        onContour
          ? `line ${motion.line}: ${onContour.input.label} is cut without the wire offset (G41/G42 with D)`
          : `line ${motion.line}: a cut without the wire offset`,
      );
      checkLead(move, motion.line, 'cut');
    }
    compensated = compensation !== null;
  }

  if (!ended) fail('end', 'the program does not end with M30');
  if (compensated) fail('compensation', 'the wire offset is still on at the end (G40 missing)');
  for (const contour of contours) {
    const { label } = contour.input;
    if (contour.passes === 0) {
      fail('closed', `${label} is not cut`);
      continue;
    }
    const missing = contour.covered.filter((covered) => !covered).length;
    if (missing > 0) {
      const first = contour.samples[contour.covered.indexOf(false)]!;
      const length = (perimeter(contour.samples) * missing) / contour.samples.length;
      fail(
        'closed',
        `${label}: about ${fmt(length)} mm of the contour is not cut, from ${at(first)}`,
      );
    }
    const start = contour.firstLeadInEnd!;
    const end = contour.lastEnd!;
    if (Math.hypot(end.x - start.x, end.y - start.y) > tolerance)
      fail(
        'closed',
        `${label}: the cut ends at ${at(end)}, not back at its lead-in point ${at(start)}`,
      );
  }

  return checkList.report(stats);
}
