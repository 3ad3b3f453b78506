/**
 * The interpreter's state between blocks (what rs274ngc calls its "setup"): the modal codes in
 * force, the tool, spindle, coolant and offsets, the sticky words of canned cycles, and the
 * position with the axes known since the last home. It also writes the events of a block:
 * {@link ModalState.emit} for moves (and the {@link MoveSink} the cycles of cycles.ts write to),
 * {@link ModalState.error} for problems.
 *
 * Units: mm, mm/min or mm/rev (a G20 / G70 program is converted through `scale`); lathe X is a
 * diameter. Power-on states: LinuxCNC G-code reference "Modal groups" and "Initial state"; Fanuc
 * 0i operator's manuals "G code list" (power-on G00, G98/G99 on lathes in system A); Haas
 * operator's manuals "Default G codes"; SINUMERIK Programming Manual "Fundamentals".
 */
import type { FeedOptions, MoveSink } from './cycles.ts';
import { codeTable } from './dialects.ts';
import type { CodeTable } from './dialects.ts';
import type {
  Dialect,
  InterpretOptions,
  InterpreterEvent,
  MachineKind,
  MotionEvent,
  Point3,
  SpindleState,
} from './events.ts';
import { BlockLexer, letter as letterTable } from './lexer.ts';

/** A constant of this module: V8 folds `letter.F` to 70 here, not through the import (hot path). */
const letter = letterTable;

/** Axis bits of {@link ModalState.known} and of the axes a block names. */
export const axis = { X: 1, Y: 2, Z: 4, all: 7 } as const;

const idle: SpindleState = { turning: 'off', mode: 'rpm', speed: 0, maxRpm: null };

/** The modal state, the position and the events of the current block; see the module comment. */
export class ModalState implements MoveSink {
  /** The events of the current block, in order (emptied before each line). */
  readonly out: InterpreterEvent[] = [];
  readonly lexer = new BlockLexer();
  readonly dialect: Dialect;
  readonly kind: MachineKind;
  /** The G and M codes and the letters the dialect writes for this machine kind. */
  readonly codes: CodeTable;
  readonly isLathe: boolean;
  /** Fanuc/Haas lathe: G98/G99 are feed per minute / per revolution (system A), U/W incremental. */
  readonly latheFeedCodes: boolean;
  /** Okuma OSP lathe: six-digit T words, G33 the one-pass thread cycle, G77 tapping. */
  readonly okumaLathe: boolean;
  readonly home: Partial<Point3>;
  /** 1-based line of the current block. */
  line = 0;
  /** M2/M30 has been read: only empty lines and "%" may follow. */
  ended = false;
  // Modal state.
  /** Motion mode: G0–G3, G32/G33 or a canned cycle code; −1 for none (LinuxCNC G80). */
  motion = -1;
  /** The last G0–G3/G32/G33 (Fanuc-style G80 returns to it). */
  linearMotion = 0;
  plane: 17 | 18 | 19;
  absolute = true;
  metric = true;
  /** mm per program unit: 1 under G21/G71, 25.4 under G20/G70. */
  scale = 1;
  /** Lathe X words are diameters (G7, DIAMON); else radii, doubled. */
  diameterMode: boolean;
  feedMode: 'per-rev' | 'per-min';
  /** mm/min or mm/rev. */
  feedRate = 0;
  /** Thread lead of G32/G33, mm/rev. */
  lead = 0;
  spindle: SpindleState = idle;
  tool: number | null = null;
  /** The tool selected by T for the next M6. */
  selectedTool: number | null = null;
  lengthOffset: number | null = null;
  compensation: { side: 'left' | 'right'; register: number } | null = null;
  /** The last D register (offset number). */
  register: number | null = null;
  coolant = false;
  /** EDM machining condition (E). */
  condition: number | null = null;
  /**
   * Work coordinate system in force: 54–59 (G54–G59). Every dialect here powers on in G54
   * (LinuxCNC G-code reference "G54-G59.3 Select Coordinate System"; Fanuc 0i-TF Plus
   * "Workpiece coordinate system"; Haas lathe manual "G54-G59 Select Work Coordinate System";
   * SINUMERIK Fundamentals "Settable zero offset (G54 to G57, G505 to G599, G53, G500, …)").
   * Okuma "G15 H<n>" is reported as 53 + n: work coordinate system 1 as 54.
   */
  workOffset = 54;

  /** Select work offset `offset` (54–59; Okuma's G15 H n as 53 + n), reported as an event. */
  selectWorkOffset(offset: number): void {
    this.workOffset = offset;
    this.out.push({ type: 'workOffset', line: this.line, workOffset: offset });
  }
  /** G98: canned cycles return to the initial level; G99: to R. */
  returnToInitial = true;
  /** Okuma mills: M53 in force, canned cycles return to the G71 level ({@link cycleReturnZ}). */
  returnToG71 = false;
  /** Okuma mills: the return level "G71 Z_", mm; NaN until set. */
  cycleReturnZ = NaN;
  // Canned cycles: sticky values (mm; relative ones under G91) and the initial level.
  cycleZ = NaN;
  cycleR = NaN;
  cycleQ = NaN;
  cycleDwell = 0;
  initialZ = NaN;
  // Fanuc lathe G76, first block.
  threadFinishes = 1;
  threadAngle = 60;
  threadMinStep = 0;
  threadFinish = 0;
  // Sinumerik MCALL.
  modalCall: { name: string; args: number[] } | null = null;
  // Position.
  x = 0;
  y = 0;
  z = 0;
  /** {@link axis} bits of the axes whose position is known (programmed since the last home). */
  known = 0;
  /** The position when every axis is known, else null (the `from` of the next move). */
  current: Point3 | null = null;

  /**
   * The power-on state of a dialect and machine kind.
   * @throws RangeError for a dialect and machine pair this product does not write
   */
  constructor(options: InterpretOptions) {
    this.dialect = options.dialect;
    this.kind = options.machine;
    this.codes = codeTable(options.dialect, options.machine);
    this.isLathe = options.machine === 'lathe';
    this.latheFeedCodes = this.isLathe && (this.dialect === 'fanuc' || this.dialect === 'haas');
    this.okumaLathe = this.isLathe && this.dialect === 'okuma';
    this.home = options.home ?? {};
    this.plane = this.isLathe ? 18 : 17;
    this.diameterMode = !(this.isLathe && this.dialect === 'linuxcnc');
    // Okuma OSP lathes power on in G95 (OSP-P200L/P300L Programming Manual, "G94/G95").
    this.feedMode = this.latheFeedCodes || this.okumaLathe ? 'per-rev' : 'per-min';
    // Lathes have no Y; wire EDM programs no Z (the guides' height is set on the machine).
    if (this.isLathe) this.known = axis.Y;
    if (options.machine === 'wire') this.known = axis.Z;
    // Fanuc, Haas, ISO and Sinumerik controls power on in G00; LinuxCNC in G80 (no motion).
    if (this.dialect !== 'linuxcnc') this.motion = 0;
  }

  /** Report a problem with the current block (an `error` event). */
  error(message: string): void {
    this.out.push({ type: 'error', line: this.line, message });
  }

  /** Change the spindle state; `undefined` keeps a field (a new object only when one changes). */
  setSpindle(
    turning: SpindleState['turning'] | undefined,
    mode: SpindleState['mode'] | undefined,
    speed: number | undefined,
    maxRpm: number | null | undefined,
  ): void {
    const old = this.spindle;
    const next: SpindleState = {
      turning: turning ?? old.turning,
      mode: mode ?? old.mode,
      speed: speed ?? old.speed,
      maxRpm: maxRpm === undefined ? old.maxRpm : maxRpm,
    };
    if (
      next.turning !== old.turning ||
      next.mode !== old.mode ||
      next.speed !== old.speed ||
      next.maxRpm !== old.maxRpm
    )
      this.spindle = next;
  }

  /** {@link axis} bits of the axes named in the block (lathe U/W count as X/Z). */
  axisWords(): number {
    const lexer = this.lexer;
    let bits = 0;
    if (lexer.has(letter.X)) bits |= axis.X;
    if (lexer.has(letter.Y)) bits |= axis.Y;
    if (lexer.has(letter.Z)) bits |= axis.Z;
    if (this.latheFeedCodes) {
      if (lexer.has(letter.U)) bits |= axis.X;
      if (lexer.has(letter.W)) bits |= axis.Z;
    }
    return bits;
  }

  /** A home of `axes`: they are unknown (at the caller's home position, when given) until programmed. */
  forget(axes: number): void {
    let bits = axes;
    if (this.isLathe) bits &= ~axis.Y;
    if (this.kind === 'wire') bits &= ~axis.Z;
    this.known &= ~bits;
    this.current = null;
    if (bits & axis.X && this.home.x !== undefined) this.x = this.home.x;
    if (bits & axis.Y && this.home.y !== undefined) this.y = this.home.y;
    if (bits & axis.Z && this.home.z !== undefined) this.z = this.home.z;
  }

  /**
   * The end point of a move naming `axes` (absolute or incremental words, lathe U/W
   * incremental, lathe radius words doubled), mm, or null (with an error) for an incremental
   * move of an unknown axis.
   */
  target(axes: number): Point3 | null {
    const lexer = this.lexer;
    const s = this.scale;
    let x = this.x;
    let y = this.y;
    let z = this.z;
    if (axes & axis.X) {
      const factor = this.isLathe && !this.diameterMode ? 2 : 1;
      const u = this.latheFeedCodes && lexer.has(letter.U);
      const incremental = u || !this.absolute;
      if (incremental && !(this.known & axis.X)) return this.unknown();
      const value = (u ? lexer.get(letter.U) : lexer.get(letter.X)) * s * factor;
      x = incremental ? this.x + value : value;
    }
    if (axes & axis.Y) {
      if (!this.absolute && !(this.known & axis.Y)) return this.unknown();
      const value = lexer.get(letter.Y) * s;
      y = this.absolute ? value : this.y + value;
    }
    if (axes & axis.Z) {
      const w = this.latheFeedCodes && lexer.has(letter.W);
      const incremental = w || !this.absolute;
      if (incremental && !(this.known & axis.Z)) return this.unknown();
      const value = (w ? lexer.get(letter.W) : lexer.get(letter.Z)) * s;
      z = incremental ? this.z + value : value;
    }
    return { x, y, z };
  }

  private unknown(): null {
    this.error('an incremental move from an unknown position (after a reference return)');
    return null;
  }

  /**
   * Emit a move from the current position and make its end the current position.
   * @param point - the end point object to report (else a new one from x, y, z)
   * @param axes - the {@link axis} bits the move makes known
   * @param feed - overrides the modal feed, mm/min
   * @param spindle - overrides the spindle state for this move
   */
  emit(
    kind: MotionEvent['kind'],
    x: number,
    y: number,
    z: number,
    cycle: string | undefined,
    leadMm: number | undefined,
    arc: MotionEvent['arc'] | undefined,
    point?: Point3,
    axes: number = axis.all,
    feed?: number,
    spindle?: SpindleState,
  ): void {
    const to = point ?? { x, y, z };
    const threading = leadMm !== undefined && this.isLathe;
    this.out.push({
      type: 'motion',
      line: this.line,
      kind,
      from: this.known === axis.all ? this.current : null,
      to,
      arc,
      tool: this.tool,
      spindle: spindle ?? this.spindle,
      feed: threading ? leadMm : (feed ?? this.feedRate),
      feedMode: threading ? 'per-rev' : this.feedMode,
      coolant: this.coolant,
      cycle,
      leadMm,
      compensation: this.compensation,
      lengthOffset: this.isLathe ? undefined : this.lengthOffset,
      condition: this.dialect === 'iso-edm' ? this.condition : undefined,
      workOffset: this.workOffset,
    });
    this.x = to.x;
    this.y = to.y;
    this.z = to.z;
    this.known |= axes;
    this.current = to;
  }

  // MoveSink, for the cycles.
  rapid(x: number, y: number, z: number, cycle: string): void {
    this.emit('rapid', x, y, z, cycle, undefined, undefined);
  }

  feed(x: number, y: number, z: number, cycle: string, options?: FeedOptions): void {
    let spindle: SpindleState | undefined;
    if (options?.reverse) {
      const turning = this.spindle.turning === 'ccw' ? 'cw' : 'ccw';
      spindle = { ...this.spindle, turning };
    }
    this.emit(
      'feed',
      x,
      y,
      z,
      cycle,
      options?.leadMm,
      undefined,
      undefined,
      axis.all,
      options?.feed,
      spindle,
    );
  }

  dwell(seconds: number): void {
    this.out.push({ type: 'dwell', line: this.line, seconds });
  }
}
