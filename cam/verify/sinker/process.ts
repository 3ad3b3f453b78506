/**
 * The sinker EDM verifier's process checks, each move as it comes: every move over the plate;
 * rapid moves above the part, sideways only at the clearance height (straight up out of a
 * cavity is allowed); a condition (E number) set before every burn; every burn over a cavity,
 * within its finishing orbit and not deeper than its floor. Each burned point is handed to its
 * cavity's record (completeness.ts).
 *
 * Positions are the electrode tip's: the burned floor lies one spark gap below it and the wall
 * one electrode half-size plus the orbit plus a gap from the centre. Units: mm, Z0 the top of
 * the plate.
 */
import { circularArc, pointsAlongArc } from '../../gcode/arcs.ts';
import type { InterpreterEvent, MotionEvent, Point3 } from '../../gcode/events.ts';
import type { PassCheck } from '../pass.ts';

type ToolEvent = Extract<InterpreterEvent, { type: 'tool' }>;

/**
 * How far over its condition's down feed a burn may be fed: the plan's feeds are typical values
 * (cam/sinker/), the control's table may run a little faster; several times over overburns.
 */
const feedMargin = 1.5;
type StopEvent = Extract<InterpreterEvent, { type: 'stop' }>;
import { fmt } from './checks.ts';
import type { Fail } from './checks.ts';
import { burnedAt } from './completeness.ts';
import type { CavityRecord } from './completeness.ts';
import type { SinkerLines, SinkerVerificationInput } from './input.ts';

/** Points along a motion in XY with their Z (arcs in 36 steps, lines in 4, both ends included). */
function samples(motion: MotionEvent, from: Point3): Point3[] {
  const points: Point3[] = [];
  if (motion.arc) {
    const { center, clockwise } = motion.arc;
    const { radius, start, sweep } = circularArc(from, motion.to, center, clockwise);
    const steps = 36;
    return pointsAlongArc(center, radius, start, sweep, steps).map((point, step) => ({
      ...point,
      z: from.z + ((motion.to.z - from.z) * step) / steps,
    }));
  }
  for (let step = 0; step <= 4; step += 1)
    points.push({
      x: from.x + ((motion.to.x - from.x) * step) / 4,
      y: from.y + ((motion.to.y - from.y) * step) / 4,
      z: from.z + ((motion.to.z - from.z) * step) / 4,
    });
  return points;
}

/** The process checks of a sinker EDM program, handed each move by the pass. */
export class SinkerProcess implements PassCheck {
  private readonly tolerance: number;
  /** The electrode mounted: the last T word, or the last stop that says "MOUNT ELECTRODE T2". */
  private mounted: number | null = null;
  /** What was reported once: an electrode per cavity, a feed per condition. */
  private readonly reported = new Set<string>();

  /**
   * @param cavities - the cavities' records, which each burned point is added to
   * @param lines - the program's lines as read beside the interpreter, for its first condition
   */
  constructor(
    private readonly input: SinkerVerificationInput,
    private readonly cavities: CavityRecord[],
    private readonly lines: SinkerLines,
    private readonly fail: Fail,
  ) {
    this.tolerance = input.toleranceMm ?? 0.005;
  }

  /** A stop whose comment mounts an electrode ("M0 (MOUNT ELECTRODE T2 …)"). */
  stop(event: StopEvent): void {
    const mounted = /\bELECTRODE\s+T\s*0*(\d+)/i.exec(event.comment ?? '');
    if (mounted) this.mounted = Number(mounted[1]);
  }

  /** A tool change: an electrode changer's T word. */
  tool(event: ToolEvent): void {
    this.mounted = event.tool;
  }

  /**
   * A move: over the plate; a rapid above the part; a burn's condition and points.
   * @param previous - where the previous move ended: a move from an unknown position starts there
   */
  move(motion: MotionEvent, previous: Point3 | null): void {
    const from = motion.from ?? previous;
    this.checkOverPlate(motion);
    if (motion.kind === 'rapid') {
      this.checkRapid(motion, from);
      return;
    }
    if (!from) {
      this.fail('burns', `line ${motion.line}: a burn from an unknown position`);
      return;
    }
    const points = samples(motion, from);
    if (!points.some((point) => point.z < 0)) return;
    if (this.lines.firstCondition > motion.line)
      this.fail('conditions', `line ${motion.line}: a burn before any condition (E number) is set`);
    if (motion.kind === 'arc' && motion.arc && motion.arc.plane !== 'XY')
      this.fail(
        'plane',
        `line ${motion.line}: an arc in the ${motion.arc.plane} plane; orbits are cut in XY (G17)`,
      );
    // Held to a cavity's electrode and conditions only over it (elsewhere 'burns' says so).
    const cavity = this.nearestCavity(motion.to);
    if (
      cavity &&
      Math.hypot(motion.to.x - cavity.input.center.x, motion.to.y - cavity.input.center.y) <=
        cavity.input.finalOrbitMm + this.tolerance
    )
      this.checkBurnSetup(motion, cavity);
    this.checkBurn(motion.line, points);
  }

  /** The cavity whose centre is nearest to `point` in XY. */
  private nearestCavity(point: Point3): CavityRecord | undefined {
    let nearest: CavityRecord | undefined;
    let distance = Infinity;
    for (const cavity of this.cavities) {
      const d = Math.hypot(point.x - cavity.input.center.x, point.y - cavity.input.center.y);
      if (d < distance) [nearest, distance] = [cavity, d];
    }
    return nearest;
  }

  /**
   * A burn over `cavity`: with its electrode mounted, under one of its conditions, no deeper
   * than that condition's Z (a rougher condition's larger gap burns past the floor and walls),
   * and fed at most 1.5 times the condition's down feed.
   */
  private checkBurnSetup(motion: MotionEvent, cavity: CavityRecord): void {
    const { line } = motion;
    const { label, electrode, conditions } = cavity.input;
    if (electrode && this.mounted !== electrode.number) {
      const key = `electrode:${label}:${this.mounted}`;
      if (!this.reported.has(key)) {
        this.reported.add(key);
        this.fail(
          'electrodes',
          `line ${line}: ${label} is burned with ${this.mounted === null ? 'no electrode mounted' : `electrode T${this.mounted}`}; it needs T${electrode.number} (${electrode.label})`,
        );
      }
    }
    if (!conditions || motion.condition === null || motion.condition === undefined) return;
    const planned = conditions.find((condition) => condition.number === motion.condition);
    if (!planned) {
      this.fail(
        'conditions',
        `line ${line}: ${label} is burned with E${motion.condition}, not one of its conditions ${conditions.map((condition) => `E${condition.number}`).join(', ')}`,
      );
      return;
    }
    if (motion.to.z < planned.bottomZ - this.tolerance)
      this.fail(
        'conditions',
        `line ${line}: ${label} is burned with E${planned.number} to Z${fmt(motion.to.z)}, below its Z${fmt(planned.bottomZ)}: its spark gap burns past the floor and walls`,
      );
    const feedKey = `feed:${label}:${planned.number}`;
    if (
      planned.feedMmPerMin !== undefined &&
      motion.feed > planned.feedMmPerMin * feedMargin &&
      !this.reported.has(feedKey)
    ) {
      this.reported.add(feedKey);
      this.fail(
        'feeds',
        `line ${line}: ${label} E${planned.number} is fed at F${fmt(motion.feed)}, over 1.5 times its ${fmt(planned.feedMmPerMin)} mm/min`,
      );
    }
  }

  /** Every move's end over the plate (within 0.01 mm), when the plate is known. */
  private checkOverPlate(motion: MotionEvent): void {
    const { stock } = this.input;
    if (
      stock &&
      (motion.to.x < stock.minX - 0.01 ||
        motion.to.x > stock.maxX + 0.01 ||
        motion.to.y < stock.minY - 0.01 ||
        motion.to.y > stock.maxY + 0.01)
    )
      this.fail(
        'extents',
        `line ${motion.line}: X${fmt(motion.to.x)} Y${fmt(motion.to.y)} is off the plate`,
      );
  }

  /** A rapid above the top face (or straight up), sideways only at the clearance height. */
  private checkRapid(motion: MotionEvent, from: Point3 | null): void {
    const { clearanceZ } = this.input;
    const straightUp =
      from !== null &&
      Math.hypot(motion.to.x - from.x, motion.to.y - from.y) <= 1e-6 &&
      motion.to.z >= from.z;
    if (motion.to.z < -1e-6 || (from && from.z < -1e-6 && !straightUp))
      this.fail(
        'rapids',
        `line ${motion.line}: a rapid move below the top face (to Z${fmt(motion.to.z)})`,
      );
    const sideways = from === null || Math.hypot(motion.to.x - from.x, motion.to.y - from.y) > 1e-6;
    if (sideways && (motion.to.z < clearanceZ - 1e-6 || (from && from.z < clearanceZ - 1e-6)))
      this.fail(
        'rapids',
        `line ${motion.line}: a rapid move sideways below the clearance height Z${fmt(clearanceZ)}`,
      );
  }

  /**
   * Each point of a burn below the top, in order: over the nearest cavity within its orbit, not
   * below its floor; the first that is not is reported and ends the burn's points.
   */
  private checkBurn(line: number, points: Point3[]): void {
    const { cavities, tolerance } = this;
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
        this.fail(
          'burns',
          nearest
            ? `line ${line}: the electrode burns ${fmt(distance)} mm from the centre of ${nearest.input.label}, beyond its orbit ${fmt(nearest.input.finalOrbitMm)} mm`
            : `line ${line}: a burn with no cavity to burn`,
        );
        break;
      }
      const floor = -(nearest.input.depthMm - nearest.input.finalGapMm);
      if (point.z < floor - tolerance) {
        this.fail(
          'depth',
          `line ${line}: ${nearest.input.label} is burned to Z${fmt(point.z - nearest.input.finalGapMm)}, deeper than Z${fmt(-nearest.input.depthMm)}`,
        );
        break;
      }
      burnedAt(nearest, point.z, distance);
    }
  }
}
