/**
 * The Klartext interpreter's state between blocks: the position and the axes known since the
 * last retraction, the tool (its length compensation comes with TOOL CALL), spindle, feed,
 * coolant, preset, the circle centre CC and the cycle defined; and the events of the current
 * block, written exactly as the G-code interpreter writes them (cam/gcode/modal-state.ts), so
 * the verifiers, the cycle time and the backplot read a Klartext program as any other.
 *
 * Units: mm and mm/min (a program in INCH is refused). Power-on state: no tool, spindle off,
 * coolant off, preset 1 reported as work offset 54 (as G54 elsewhere), no position known.
 */
import type { FeedOptions } from '../cycles.ts';
import type {
  InterpretOptions,
  InterpreterEvent,
  MotionEvent,
  Point3,
  SpindleState,
} from '../events.ts';
import type { CycleSink, KlartextCycle } from './cycles.ts';

/** Axis bits of {@link KlartextState.known}. */
export const axisBit = { X: 1, Y: 2, Z: 4, all: 7 } as const;

/** The state of a Klartext program between blocks; see the module comment. */
export class KlartextState implements CycleSink {
  /** The events of the current line, in order (emptied before each line). */
  readonly out: InterpreterEvent[] = [];
  readonly home: Partial<Point3>;
  /** 1-based line being read. */
  line = 0;
  x = 0;
  y = 0;
  z = 0;
  /** {@link axisBit} bits of the axes programmed since the start or the last retraction. */
  known = 0;
  /** The position when every axis is known, else null (the `from` of the next move). */
  current: Point3 | null = null;
  tool: number | null = null;
  /** TOOL CALL applies the tool's length: the tool number, as G43 H<tool> elsewhere. */
  lengthOffset: number | null = null;
  compensation: MotionEvent['compensation'] = null;
  spindle: SpindleState = { turning: 'off', mode: 'rpm', speed: 0, maxRpm: null };
  /** Modal feed, mm/min (FMAX acts only in its own block). */
  feedRate = 0;
  coolant = false;
  /** Preset n (cycle 247 Q339) reported as work offset 53 + n: preset 1 is G54's. */
  workOffset = 54;
  /** The circle centre CC in force (X, Y), or null before the first. */
  center: { x: number; y: number } | null = null;
  /** The fixed cycle defined last, complete, or null. */
  cycle: KlartextCycle | null = null;

  constructor(options: InterpretOptions) {
    this.home = options.home ?? {};
  }

  /** Report a problem with the current block (an `error` event). */
  error(message: string): void {
    this.out.push({ type: 'error', line: this.line, message });
  }

  /** A spindle state with some fields changed (a new object only when one changes). */
  setSpindle(change: Partial<SpindleState>): void {
    const next = { ...this.spindle, ...change };
    const old = this.spindle;
    if (next.turning !== old.turning || next.speed !== old.speed) this.spindle = next;
  }

  /** A retraction or move in machine coordinates of `axes`: unknown until programmed again. */
  forget(axes: number): void {
    this.known &= ~axes;
    this.current = null;
    if (axes & axisBit.X && this.home.x !== undefined) this.x = this.home.x;
    if (axes & axisBit.Y && this.home.y !== undefined) this.y = this.home.y;
    if (axes & axisBit.Z && this.home.z !== undefined) this.z = this.home.z;
    this.out.push({ type: 'home', line: this.line });
  }

  /**
   * Emit a move from the current position to `to` and make it the current position.
   * @param axes - the {@link axisBit} bits the move makes known
   * @param options - the cycle it belongs to, its arc, a feed (mm/min) or spindle of its own
   */
  emit(
    kind: MotionEvent['kind'],
    to: Point3,
    axes: number,
    options: {
      cycle?: string;
      arc?: MotionEvent['arc'];
      feed?: number;
      spindle?: SpindleState;
      leadMm?: number;
    } = {},
  ): void {
    this.out.push({
      type: 'motion',
      line: this.line,
      kind,
      from: this.known === axisBit.all ? this.current : null,
      to,
      arc: options.arc,
      tool: this.tool,
      spindle: options.spindle ?? this.spindle,
      feed: options.feed ?? this.feedRate,
      feedMode: 'per-min',
      coolant: this.coolant,
      cycle: options.cycle,
      leadMm: options.leadMm,
      compensation: this.compensation,
      lengthOffset: this.lengthOffset,
      condition: undefined,
      workOffset: this.workOffset,
    });
    this.x = to.x;
    this.y = to.y;
    this.z = to.z;
    this.known |= axes;
    this.current = to;
  }

  // MoveSink, for the fixed cycles.
  rapid(x: number, y: number, z: number, cycle: string): void {
    this.emit('rapid', { x, y, z }, axisBit.all, { cycle });
  }

  feed(x: number, y: number, z: number, cycle: string, options?: FeedOptions): void {
    const reversed: SpindleState['turning'] = this.spindle.turning === 'ccw' ? 'cw' : 'ccw';
    const spindle = options?.reverse ? { ...this.spindle, turning: reversed } : undefined;
    this.emit('feed', { x, y, z }, axisBit.all, {
      cycle,
      ...(options?.feed !== undefined ? { feed: options.feed } : {}),
      ...(options?.leadMm !== undefined ? { leadMm: options.leadMm } : {}),
      ...(spindle ? { spindle } : {}),
    });
  }

  stoppedFeed(x: number, y: number, z: number, cycle: string, feed: number): void {
    this.emit('feed', { x, y, z }, axisBit.all, {
      cycle,
      feed,
      spindle: { ...this.spindle, turning: 'off' },
    });
  }

  dwell(seconds: number): void {
    this.out.push({ type: 'dwell', line: this.line, seconds });
  }
}
