/**
 * The wire EDM verifier's process checks, each move as it comes: the wire offset on for every
 * cut of a contour and off at the start of each lead-in and the end of each lead-out, on the
 * side that keeps the part; the programmed path on the part's contour within the tolerance
 * (0.005 mm); start holes in the slug (or outside the part for the outline); the wire never
 * cutting into the part on its way in or out; rapids only with the offset off and after an M0
 * (the wire cut before a rapid, threaded again before the next cut); every move on the plate.
 *
 * Each lead-in that reaches a contour and each cut that follows it is handed to the contour's
 * record (completeness.ts). The programmed path is the contour itself: the control offsets the
 * wire by the register's value, so the check is on the path before the offset, which is what
 * the program states. Units: mm.
 */
import type { MotionEvent } from '../../gcode/events.ts';
import { distanceToBoundary, pointInPolygon } from '../../geometry/polygon.ts';
import type { Point2 } from '../../geometry/polygon.ts';
import type { PassCheck } from '../pass.ts';
import { at, fmt } from './checks.ts';
import type { Fail } from './checks.ts';
import { coverMove, startPass } from './completeness.ts';
import type { ContourRecord } from './completeness.ts';
import type {
  WireVerificationContour,
  WireVerificationInput,
  WireVerificationPass,
} from './input.ts';
import { distanceToContour, moveOf, sampleMove, tangentAtMiddle } from './moves.ts';
import type { Move } from './moves.ts';

type Compensation = NonNullable<MotionEvent['compensation']>;

/**
 * How far over its technology's cutting speed a pass may be fed: the plan's speeds are typical
 * values (cam/wire/technology.ts), the control's own table may run a little faster; a feed typed
 * several times over shorts the gap and breaks the wire.
 */
const feedMargin = 1.5;

/** The process checks of a wire EDM program, handed each stop and move by the pass. */
export class WireProcess implements PassCheck {
  private readonly tolerance: number;
  private readonly inners: WireVerificationContour[];
  /** The wire offset was on at the end of the previous move. */
  compensated = false;
  private stoppedSinceCut = true;
  private stoppedSinceRapid = true;
  private rapidSeen = false;
  /**
   * The contour being cut since the last lead-in (null: a lead-in that reached none), the
   * plan's pass it is (when the plan gives passes), and whether a feed over it was reported.
   */
  private pass: {
    contour: ContourRecord | null;
    line: number;
    planned?: WireVerificationPass;
    feedReported?: boolean;
  } | null = null;

  /** @param contours - the contours' records, which each pass over a contour is added to */
  constructor(
    private readonly input: WireVerificationInput,
    private readonly contours: ContourRecord[],
    private readonly fail: Fail,
  ) {
    this.tolerance = input.toleranceMm ?? 0.005;
    this.inners = input.contours.filter((contour) => contour.kind === 'inner');
  }

  /** A point in the part's material, more than 0.01 mm from its boundaries. */
  private inPart(point: Point2): boolean {
    const { partOutline } = this.input;
    return (
      pointInPolygon(point, partOutline) === 'inside' &&
      distanceToBoundary(point, partOutline) > 0.01 &&
      this.inners.every(
        (contour) =>
          pointInPolygon(point, contour.polygon) !== 'inside' &&
          distanceToContour(point, contour) > 0.01,
      )
    );
  }

  /** An M0 or M1: the operator cuts the wire after a cut, or threads it before the next. */
  stop(): void {
    this.stoppedSinceCut = true;
    this.stoppedSinceRapid = true;
  }

  /** A move: on the plate; a rapid's offset and wire; a cut's offset, path and side. */
  move(motion: MotionEvent): void {
    const compensation = motion.compensation ?? null;
    this.checkOnPlate(motion);
    if (motion.kind === 'rapid') {
      this.rapid(motion, compensation);
      return;
    }
    if (this.rapidSeen && !this.stoppedSinceRapid) {
      this.fail(
        'rapids',
        `line ${motion.line}: a cut after a rapid move without an M0 to thread the wire`,
      );
      this.stoppedSinceRapid = true;
    }
    this.stoppedSinceCut = false;
    if (motion.from === null) {
      this.fail('compensation', `line ${motion.line}: a cut from an unknown position`);
      this.compensated = compensation !== null;
      return;
    }
    const move = moveOf({ ...motion, from: motion.from });
    if (compensation && !this.compensated) this.leadIn(move, motion.line, compensation);
    else if (compensation && this.compensated) this.alongContour(move, motion.line, compensation);
    else if (!compensation && this.compensated) {
      // Lead-out: the offset goes off along this move.
      this.checkLead(move, motion.line, 'lead-out');
      this.pass = null;
    } else this.uncompensated(move, motion.line);
    if (compensation) this.checkFeed(motion);
    this.compensated = compensation !== null;
  }

  /** A cut of a planned pass fed at most 1.5 times its technology's speed (once a pass). */
  private checkFeed(motion: MotionEvent): void {
    const pass = this.pass;
    const planned = pass?.planned;
    if (!pass || !planned || pass.feedReported) return;
    if (motion.feed > planned.feedMmPerMin * feedMargin) {
      pass.feedReported = true;
      this.fail(
        'feeds',
        `line ${motion.line}: ${pass.contour!.input.label} ${planned.name} is fed at F${fmt(motion.feed)}, over 1.5 times its technology's ${fmt(planned.feedMmPerMin)} mm/min`,
      );
    }
  }

  /** Every move's end on the plate (within 0.01 mm), when the plate is known. */
  private checkOnPlate(motion: MotionEvent): void {
    const { stock } = this.input;
    const to = motion.to;
    if (
      stock &&
      (to.x < stock.minX - 0.01 ||
        to.x > stock.maxX + 0.01 ||
        to.y < stock.minY - 0.01 ||
        to.y > stock.maxY + 0.01)
    )
      this.fail('extents', `line ${motion.line}: ${at(to)} is off the plate`);
  }

  /** A rapid: the offset off, and after a cut the wire cut first (M0). */
  private rapid(motion: MotionEvent, compensation: Compensation | null): void {
    if (compensation)
      this.fail('rapids', `line ${motion.line}: a rapid move with the wire offset on (G40 first)`);
    if (!this.stoppedSinceCut)
      this.fail(
        'rapids',
        `line ${motion.line}: the wire moves in rapid from a cut without an M0 to cut the wire`,
      );
    this.rapidSeen = true;
    this.stoppedSinceRapid = false;
    this.compensated = compensation !== null;
  }

  /** A lead-in, lead-out or uncompensated cut stays out of the part. */
  private checkLead(move: Move, line: number, what: string): void {
    for (const point of sampleMove(move, 0.1)) {
      if (this.inPart(point)) {
        this.fail('leads', `line ${line}: the ${what} cuts into the part at ${at(point)}`);
        return;
      }
    }
  }

  /** Lead-in: the offset comes on along this move; it must end on a contour. */
  private leadIn(move: Move, line: number, compensation: Compensation): void {
    this.checkLead(move, line, 'lead-in');
    const { to } = move;
    let nearest: ContourRecord | null = null;
    let nearestDistance = Infinity;
    for (const contour of this.contours) {
      const distance = distanceToContour(to, contour.input);
      if (distance < nearestDistance) {
        nearest = contour;
        nearestDistance = distance;
      }
    }
    if (!nearest || nearestDistance > this.tolerance) {
      this.fail('follows', `line ${line}: the lead-in ends at ${at(to)}, off every contour`);
      this.pass = { contour: null, line };
      return;
    }
    startPass(nearest, to);
    // A cut after the plan's last pass (a tab left by the rough cut, cut free at the end) is
    // cut at the last pass's size.
    const planned = nearest.input.passes;
    const index = nearest.passes - 1;
    const last = planned?.[Math.min(index, planned.length - 1)];
    const pass =
      last && planned && index >= planned.length ? { ...last, name: 'a later cut' } : last;
    this.pass = { contour: nearest, line, ...(pass ? { planned: pass } : {}) };
    if (pass && compensation.register !== pass.register)
      this.fail(
        'passes',
        `line ${line}: ${nearest.input.label} ${pass.name} is cut with D${compensation.register}; its offset is D${pass.register} (${fmt(pass.offsetMm)} mm)`,
      );
    this.checkStartHole(nearest, move.from);
  }

  /** The start hole inside the slug of an inner contour, or outside the part for the outline. */
  private checkStartHole(contour: ContourRecord, hole: Point2): void {
    const radius = (contour.input.startHoleDiameterMm ?? 0) / 2;
    const { partOutline } = this.input;
    if (contour.input.kind === 'inner') {
      if (
        pointInPolygon(hole, contour.input.polygon) !== 'inside' ||
        distanceToContour(hole, contour.input) < radius - 1e-3
      )
        this.fail(
          'startHoles',
          `${contour.input.label}: the start hole at ${at(hole)} is not inside the slug`,
        );
    } else if (
      pointInPolygon(hole, partOutline) !== 'outside' ||
      distanceToBoundary(hole, partOutline) < radius - 1e-3
    ) {
      this.fail(
        'startHoles',
        `${contour.input.label}: the start hole at ${at(hole)} is not outside the part`,
      );
    }
  }

  /** A cut along the contour: on it within the tolerance (then it is cut), offset to the side. */
  private alongContour(move: Move, line: number, compensation: Compensation): void {
    const contour = this.pass?.contour;
    if (!contour) return;
    let worst = 0;
    let worstPoint = move.from;
    for (const point of sampleMove(move, 0.25)) {
      const distance = distanceToContour(point, contour.input);
      if (distance > worst) {
        worst = distance;
        worstPoint = point;
      }
    }
    if (worst > this.tolerance) {
      this.fail(
        'follows',
        `line ${line}: ${fmt(worst)} mm off ${contour.input.label} at ${at(worstPoint)}`,
      );
    } else coverMove(contour, move, this.tolerance);
    this.checkSide(move, line, contour, compensation);
  }

  /** The offset on the side that keeps the part: into the slug, or outward from the part. */
  private checkSide(
    move: Move,
    line: number,
    contour: ContourRecord,
    compensation: Compensation,
  ): void {
    const middle = tangentAtMiddle(move);
    if (!middle) return;
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
      this.fail(
        'side',
        `line ${line}: ${contour.input.label} is cut with the offset on the ${compensation.side} (G4${compensation.side === 'left' ? 1 : 2}); it must be on the ${expected}`,
      );
  }

  /** A cut without the offset: on a contour it is the wrong path; anywhere, out of the part. */
  private uncompensated(move: Move, line: number): void {
    let onContour: ContourRecord | undefined;
    for (const point of sampleMove(move, 0.5))
      onContour ??= this.contours.find(
        (contour) => distanceToContour(point, contour.input) <= this.tolerance,
      );
    this.fail(
      'compensation',
      onContour
        ? `line ${line}: ${onContour.input.label} is cut without the wire offset (G41/G42 with D)`
        : `line ${line}: a cut without the wire offset`,
    );
    this.checkLead(move, line, 'cut');
  }

  /** After the last move: the wire offset cancelled. */
  finish(): void {
    if (this.compensated)
      this.fail('compensation', 'the wire offset is still on at the end (G40 missing)');
  }
}
