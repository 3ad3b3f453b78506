/**
 * The G-code interpreter for every dialect and machine kind this product writes
 * (docs/decisions/013-cam-depth.md, "What each dialect writes"). It keeps the modal state block
 * by block in the RS274/NGC order of execution (NIST RS274NGC version 3, §3.8: feed mode, feed,
 * spindle, tool, M6, spindle on/off, coolant, dwell, plane, units, cutter compensation, length
 * offset, distance mode, retract mode, home/G92, motion, stop/end) and yields
 * {@link InterpreterEvent}s: one per move (canned cycles expanded, each move naming its cycle),
 * tool change, home, dwell, stop, problem and program end.
 *
 * Streaming: lines are read one at a time from any iterable and nothing is kept per line, so a
 * 1,000,000-line file read with `readLines` (server/storage/read-lines.ts) runs in flat memory.
 *
 * Units: positions, feeds and leads are reported in mm (mm/min or mm/rev); a G20 / G70 program
 * is converted. Lathes: X is a diameter (radius programs, G8 / DIAMOF, are doubled), Y is 0.
 * A position is unknown after a home (G28/G30, G53, SUPA) until programmed: moves from it have
 * `from: null`.
 *
 * Dialect references: LinuxCNC G-code and M-code references (RS274/NGC); Fanuc Series 0i-MF Plus
 * and 0i-TF Plus operator's manuals (G-code system A on lathes); Haas mill and lathe operator's
 * manuals (NGC); SINUMERIK 840D sl / 828D Programming Manuals "Fundamentals", "Job planning"
 * and "Cycles"; ISO 6983-1 for the EDM controls (Fanuc-style wire and sinker controls).
 */
import { drillHole, latheThread, siemensCycle, threadPassDepths } from './cycles.ts';
import type { DrillHole, FeedOptions, MoveSink } from './cycles.ts';
import type {
  Dialect,
  InterpretOptions,
  InterpreterEvent,
  MachineKind,
  MotionEvent,
  Point3,
  SpindleState,
} from './events.ts';
import { BlockLexer } from './lexer.ts';

export type {
  Dialect,
  InterpretOptions,
  InterpreterEvent,
  MachineKind,
  MotionEvent,
  Point3,
  SpindleState,
} from './events.ts';

/** The lathe dialects of the lathe post-processors (cam/post). */
export type LatheDialect = 'linuxcnc' | 'fanuc' | 'haas';

/** A lathe point: X a diameter, mm; Z mm. Motion events' Point3 (with y 0) is one. */
export interface Point {
  /** Diameter, mm. */
  x: number;
  z: number;
}

interface CodeTable {
  g: Set<number>;
  m: Set<number>;
  /** Bit per letter (A = bit 0) that may carry a value, G and M included. */
  letters: number;
}

const offsets = [54, 55, 56, 57, 58, 59];
const millG = [0, 1, 2, 3, 4, 17, 18, 19, 20, 21, 28, 30, 40, 41, 42, 43, 49, 53, 61, 64, 73, 80];
const drillG = [81, 82, 83, 84, 85, 86, 89, 90, 91, 92, 94, 95, 98, 99];
const sinumerikG = [0, 1, 2, 3, 4, 9, 17, 18, 19, 40, 41, 42, 53, 60, 64, 70, 71, 90, 91, 94, 95];
const mask = (letters: string) => {
  let bits = 0;
  for (const letter of letters) bits |= 1 << (letter.charCodeAt(0) - 65);
  return bits;
};
const table = (g: number[], m: number[], letters: string): CodeTable => ({
  g: new Set([...g, ...offsets]),
  m: new Set(m),
  letters: mask(letters),
});
const m0to9 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30];

const mill = (dialect: Dialect): CodeTable =>
  dialect === 'sinumerik'
    ? table(sinumerikG, m0to9, 'GMNTSFXYZIJKD')
    : table(
        dialect === 'linuxcnc' ? [...millG, ...drillG] : [...millG, ...drillG, 76],
        dialect === 'fanuc' ? [...m0to9, 29] : m0to9,
        dialect === 'linuxcnc' ? 'GMNTSFXYZIJKRPQLHD' : 'GMNOTSFXYZIJKRPQLHD',
      );
const fanucLatheG = [
  0, 1, 2, 3, 4, 18, 20, 21, 28, 32, 40, 41, 42, 50, 53, 76, 80, 90, 91, 96, 97, 98, 99,
];
const lathe = (dialect: Dialect): CodeTable => {
  switch (dialect) {
    case 'linuxcnc':
      return table(
        [
          0, 1, 2, 3, 4, 7, 8, 17, 18, 19, 20, 21, 28, 30, 33, 40, 41, 42, 43, 49, 53, 61, 64, 76,
        ].concat([80, 90, 91, 94, 95, 96, 97]),
        m0to9,
        'GMNTSFXZIKRPDQJHEL',
      );
    case 'fanuc':
      return table(fanucLatheG, [0, 1, 2, 3, 4, 5, 8, 9, 30], 'GMNOTSFXZUWIKRPQ');
    case 'haas':
      return table(fanucLatheG, [0, 1, 2, 3, 4, 5, 8, 9, 30], 'GMNOTSFXZUWIKRPQDA');
    default:
      return table(
        [0, 1, 2, 3, 4, 9, 18, 33, 40, 41, 42, 53, 60, 64, 70, 71, 90, 91, 94, 95, 96, 97],
        [0, 1, 2, 3, 4, 5, 7, 8, 9, 30],
        'GMNTSFXZIKD',
      );
  }
};
const edm = (machine: MachineKind): CodeTable =>
  machine === 'wire'
    ? table([0, 1, 2, 3, 4, 17, 20, 21, 40, 41, 42, 90, 91, 92], [0, 1, 2, 30], 'GMNOFXYZIJRDPE')
    : table(
        [0, 1, 2, 3, 4, 17, 18, 19, 20, 21, 40, 41, 42, 90, 91, 92],
        [0, 1, 2, 30],
        'GMNOFXYZIJKRDPE',
      );

function codeTable(dialect: Dialect, machine: MachineKind): CodeTable {
  if ((dialect === 'iso-edm') !== (machine === 'wire' || machine === 'sinker'))
    throw new RangeError(`${dialect} is not a dialect this product writes for a ${machine}`);
  if (machine === 'lathe') return lathe(dialect);
  if (machine === 'mill') return mill(dialect);
  return edm(machine);
}

const X = 1;
const Y = 2;
const Z = 4;
const ALL = 7;
const cycleCodes = new Set([73, 76, 81, 82, 83, 84, 85, 86, 89]);
const idle: SpindleState = { turning: 'off', mode: 'rpm', speed: 0, maxRpm: null };

/**
 * Interpret a program of any dialect and machine kind.
 * @param lines - the program, one string per line without line breaks (an array, or a stream
 *   such as `readLines(path)`); read once, lazily
 * @param options - the dialect and machine kind the program was written for (and optionally the
 *   home position in work coordinates)
 * @returns a generator of events in program order; problems are `error` events with the 1-based
 *   line and a message naming the code and dialect (unknown G/M codes, letters the dialect does
 *   not write, a letter twice, two motion codes, arcs without a usable centre, incremental moves
 *   from an unknown position, cycles without their parameters, text after M30…); the
 *   interpreter carries on with the next block
 * @throws RangeError for a dialect and machine pair this product does not write (iso-edm is for
 *   wire and sinker EDM only, the others for lathes and mills)
 */
export function* interpretProgram(
  lines: Iterable<string>,
  options: InterpretOptions,
): Generator<InterpreterEvent> {
  const machine = new Machine(options);
  const out = machine.out;
  let lineNumber = 0;
  for (const text of lines) {
    lineNumber += 1;
    machine.step(text, lineNumber);
    for (let index = 0; index < out.length; index += 1) yield out[index]!;
  }
}

/**
 * Interpret a lathe program (the lathe verifier's entry point).
 * @param lines - the program, one string per line (an array or a stream of lines)
 * @param dialect - the controller dialect the program was written for
 * @returns the events of {@link interpretProgram} with machine 'lathe' (X a diameter, Y 0)
 */
export function interpret(
  lines: Iterable<string>,
  dialect: LatheDialect | 'sinumerik',
): Generator<InterpreterEvent> {
  return interpretProgram(lines, { dialect, machine: 'lathe' });
}

class Machine implements MoveSink {
  readonly out: InterpreterEvent[] = [];
  private readonly lexer = new BlockLexer();
  private readonly dialect: Dialect;
  private readonly kind: MachineKind;
  private readonly codes: CodeTable;
  private readonly isLathe: boolean;
  /** Fanuc/Haas lathe: G98/G99 are feed per minute / per revolution (system A). */
  private readonly latheFeedCodes: boolean;
  private readonly home: Partial<Point3>;
  private line = 0;
  private ended = false;
  // Modal state.
  private motion = -1;
  /** The last G0–G3/G32/G33 (Fanuc-style G80 returns to it). */
  private linearMotion = 0;
  private plane: 17 | 18 | 19;
  private absolute = true;
  private metric = true;
  private scale = 1;
  private diameterMode: boolean;
  private feedMode: 'per-rev' | 'per-min';
  private feedRate = 0;
  private lead = 0;
  private spindle: SpindleState = idle;
  private tool: number | null = null;
  private selectedTool: number | null = null;
  private lengthOffset: number | null = null;
  private compensation: { side: 'left' | 'right'; register: number } | null = null;
  private register: number | null = null;
  private coolant = false;
  private condition: number | null = null;
  private returnToInitial = true;
  // Canned cycles: sticky values (mm; relative ones under G91) and the initial level.
  private cycleZ = NaN;
  private cycleR = NaN;
  private cycleQ = NaN;
  private cycleDwell = 0;
  private initialZ = NaN;
  // Fanuc lathe G76, first block.
  private threadFinishes = 1;
  private threadAngle = 60;
  private threadMinStep = 0;
  private threadFinish = 0;
  // Sinumerik MCALL.
  private modalCall: { name: string; args: number[] } | null = null;
  // Position.
  x = 0;
  y = 0;
  z = 0;
  private known = 0;
  private current: Point3 | null = null;

  constructor(options: InterpretOptions) {
    this.dialect = options.dialect;
    this.kind = options.machine;
    this.codes = codeTable(options.dialect, options.machine);
    this.isLathe = options.machine === 'lathe';
    this.latheFeedCodes = this.isLathe && (this.dialect === 'fanuc' || this.dialect === 'haas');
    this.home = options.home ?? {};
    this.plane = this.isLathe ? 18 : 17;
    this.diameterMode = !(this.isLathe && this.dialect === 'linuxcnc');
    this.feedMode = this.latheFeedCodes ? 'per-rev' : 'per-min';
    // Lathes have no Y; wire EDM programs no Z (the guides' height is set on the machine).
    if (this.isLathe) this.known = Y;
    if (options.machine === 'wire') this.known = Z;
    // Fanuc, Haas, ISO and Sinumerik controls power on in G00; LinuxCNC in G80 (no motion).
    if (this.dialect !== 'linuxcnc') this.motion = 0;
  }

  step(text: string, line: number): void {
    this.out.length = 0;
    this.line = line;
    const lexer = this.lexer;
    if (this.ended) {
      const trimmed = text.trim();
      if (trimmed && trimmed !== '%') this.error('text after the program end');
      return;
    }
    if (!lexer.lex(text)) {
      this.error(lexer.error ?? 'not G-code');
      return;
    }
    if (lexer.tapeMark) return;
    if (
      lexer.wordCount === 0 &&
      lexer.keywords.length === 0 &&
      lexer.call === null &&
      lexer.assignNames.length === 0
    )
      return;
    this.block();
  }

  error(message: string): void {
    this.out.push({ type: 'error', line: this.line, message });
  }

  private block(): void {
    const lexer = this.lexer;
    const dialect = this.dialect;
    const lathe = this.isLathe;
    const sinumerik = dialect === 'sinumerik';
    const extra = lexer.letterMask & ~this.codes.letters;
    if (extra) {
      for (let index = 0; index < 26; index += 1) {
        if (extra & (1 << index)) {
          const code = 65 + index;
          this.error(
            `${String.fromCharCode(code)}${lexer.get(code)} is not used by ${dialect} ${this.kind} programs here`,
          );
        }
      }
    }

    // G codes by modal group.
    let motion = -1;
    let nonModal = -1;
    let plane = 0;
    let units = 0;
    let distance = 0;
    let feedMode = 0;
    let retract = 0;
    let spindleMode = 0;
    let radiusComp = -1;
    let lengthComp = -1;
    let diameter = 0;
    let cancel = false;
    for (let index = 0; index < lexer.gCount; index += 1) {
      const code = lexer.g[index]!;
      if (!this.codes.g.has(code)) {
        this.error(`G${code} is not a code this interpreter knows for ${dialect}`);
        continue;
      }
      switch (code) {
        case 0:
        case 1:
        case 2:
        case 3:
        case 32:
        case 33:
        case 73:
        case 81:
        case 82:
        case 83:
        case 84:
        case 85:
        case 86:
        case 89:
          if (motion >= 0 && motion !== code) this.error('two motion codes in one block');
          motion = code;
          break;
        case 76:
          if (lathe) nonModal = 76;
          else motion = 76;
          break;
        case 4:
        case 28:
        case 30:
        case 50:
        case 53:
        case 92:
          if (nonModal >= 0) this.error('two non-modal codes in one block');
          nonModal = code;
          break;
        case 17:
        case 18:
        case 19:
          plane = code;
          break;
        case 20:
        case 21:
          units = code;
          break;
        case 70:
        case 71:
          units = code === 70 ? 20 : 21;
          break;
        case 90:
        case 91:
          distance = code;
          break;
        case 94:
        case 95:
          feedMode = code;
          break;
        case 98:
        case 99:
          if (this.latheFeedCodes) feedMode = code === 98 ? 94 : 95;
          else retract = code;
          break;
        case 96:
        case 97:
          spindleMode = code;
          break;
        case 40:
        case 41:
        case 42:
          radiusComp = code;
          break;
        case 43:
        case 49:
          lengthComp = code;
          break;
        case 7:
        case 8:
          diameter = code;
          break;
        case 80:
          cancel = true;
          break;
        default:
          break;
      }
    }
    let m6 = false;
    let spindleTurn = 0;
    let stop = -1;
    let end = false;
    let coolant = 0;
    for (let index = 0; index < lexer.mCount; index += 1) {
      const code = lexer.m[index]!;
      if (!this.codes.m.has(code)) {
        this.error(`M${code} is not a code this interpreter knows for ${dialect}`);
        continue;
      }
      switch (code) {
        case 0:
        case 1:
          stop = code;
          break;
        case 2:
        case 30:
          end = true;
          break;
        case 3:
        case 4:
        case 5:
          spindleTurn = code;
          break;
        case 6:
          m6 = true;
          break;
        case 7:
        case 8:
          coolant = 1;
          break;
        case 9:
          coolant = -1;
          break;
        default:
          break; // M29: rigid tapping follows (the G84 moves are the same).
      }
    }

    // Sinumerik words: keywords, assignments, calls.
    let supa = false;
    let modalCallWord = false;
    let arcRadius = NaN;
    if (lexer.keywords.length || lexer.assignNames.length || lexer.call !== null) {
      for (const keyword of lexer.keywords) {
        if (!sinumerik) this.error(`${keyword} is not a word ${dialect} programs use`);
        else if (keyword === 'SUPA') supa = true;
        else if (keyword === 'DIAMON' || keyword === 'DIAM90') diameter = 7;
        else if (keyword === 'DIAMOF') diameter = 8;
        else if (keyword === 'MCALL') modalCallWord = true;
        else this.error(`${keyword} is not a word this interpreter knows for ${dialect}`);
      }
      for (let index = 0; index < lexer.assignNames.length; index += 1) {
        const name = lexer.assignNames[index]!;
        const value = lexer.assignValues[index]!;
        if (!sinumerik) this.error(`${name}= is not a word ${dialect} programs use`);
        else if (name === 'LIMS') this.setSpindle(undefined, undefined, undefined, value);
        else if (name === 'CR') arcRadius = value;
        else this.error(`${name}= is not a word this interpreter knows for ${dialect}`);
      }
      if (lexer.call !== null && !sinumerik)
        this.error(`${lexer.call}(…) is not a word ${dialect} programs use`);
    }

    // 1–2. Feed mode, units.
    if (feedMode) this.feedMode = feedMode === 95 ? 'per-rev' : 'per-min';
    if (units) {
      this.metric = units === 21;
      this.scale = this.metric ? 1 : 25.4;
    }
    if (diameter) this.diameterMode = diameter === 7;
    const scale = this.scale;

    // 3. Feed (Sinumerik G4 F is the dwell time).
    if (lexer.has(70) && !(sinumerik && nonModal === 4)) {
      this.feedRate = lexer.get(70) * scale;
      if (motion === 32 || (motion < 0 && this.motion === 32)) this.lead = this.feedRate;
    }

    // 4. Spindle speed and mode.
    if (lexer.has(83)) {
      const s = lexer.get(83);
      if (nonModal === 50) this.setSpindle(undefined, undefined, undefined, s);
      else this.setSpindle(undefined, undefined, s, undefined);
    }
    if (spindleMode === 96) {
      const limit = dialect === 'linuxcnc' && lexer.has(68) ? lexer.get(68) : undefined;
      this.setSpindle(
        undefined,
        'css',
        undefined,
        dialect === 'linuxcnc' ? (limit ?? null) : undefined,
      );
    } else if (spindleMode === 97) this.setSpindle(undefined, 'rpm', undefined, undefined);

    // 5. Tools: lathes change on T (T0101: tool 1, offset 1) except LinuxCNC (T M6); mills
    // select with T and change with M6. Sinumerik D: the offset (length) register.
    if (lexer.has(84)) {
      const t = lexer.get(84);
      if (lathe && dialect !== 'linuxcnc') {
        const tool = dialect !== 'sinumerik' && t >= 100 ? Math.floor(t / 100) : t;
        if (tool > 0) {
          this.tool = tool;
          this.out.push({ type: 'tool', line: this.line, tool });
        }
      } else this.selectedTool = t;
    }
    if (lexer.has(68) && !(dialect === 'linuxcnc' && lathe)) {
      const d = lexer.get(68);
      this.register = d;
      if (sinumerik && !lathe) this.lengthOffset = d > 0 ? d : null;
    }
    if (m6) {
      if (this.selectedTool === null) this.error('M6 without a tool selected by T');
      else {
        this.tool = this.selectedTool;
        this.setSpindle('off', undefined, undefined, undefined);
        this.out.push({ type: 'tool', line: this.line, tool: this.tool });
      }
    }
    // 6–7. Spindle on/off, coolant; EDM condition.
    if (spindleTurn)
      this.setSpindle(
        spindleTurn === 3 ? 'cw' : spindleTurn === 4 ? 'ccw' : 'off',
        undefined,
        undefined,
        undefined,
      );
    if (coolant) this.coolant = coolant > 0;
    if (lexer.has(69)) this.condition = lexer.get(69);

    // 8. Dwell.
    if (nonModal === 4) this.dwellBlock();

    // 9–14. Plane, compensation, length offset, distance and retract modes.
    if (plane) this.plane = plane as 17 | 18 | 19;
    if (radiusComp === 40) this.compensation = null;
    else if (radiusComp > 0) {
      const register = lexer.has(68) ? lexer.get(68) : (this.register ?? this.tool ?? 0);
      this.compensation = { side: radiusComp === 41 ? 'left' : 'right', register };
    }
    if (lengthComp === 49) this.lengthOffset = null;
    else if (lengthComp === 43) this.lengthOffset = lexer.has(72) ? lexer.get(72) : this.tool;
    if (distance) this.absolute = distance === 90;
    if (retract) this.returnToInitial = retract === 98;

    // 15. Home, machine coordinates, coordinate setting, lathe threading.
    if (nonModal === 28 || nonModal === 30 || nonModal === 53 || supa) this.homeBlock(nonModal);
    else if (nonModal === 92) this.setPosition();
    else if (nonModal === 50) {
      if (lexer.has(88) || lexer.has(90))
        this.error('G50 with X or Z sets the coordinate system; use a work offset (G54) instead');
    } else if (nonModal === 76) this.latheThreadBlock();

    // 16. Motion.
    if (cancel) {
      // RS274/NGC: G80 is the motion mode "none"; Fanuc-style controls keep their group 01
      // code (canned cycles are group 09 there).
      this.motion = this.dialect === 'linuxcnc' ? -1 : this.linearMotion;
      this.initialZ = NaN;
    }
    const wasCycle = cycleCodes.has(this.motion);
    if (motion >= 0) {
      if (cancel) this.error(`G80 and G${motion} in one block`);
      this.motion = motion;
      if (!cycleCodes.has(motion)) this.linearMotion = motion;
    }
    const axes = this.axisWords();
    const consumed = nonModal >= 0 || supa;
    if (cycleCodes.has(this.motion)) {
      if (!wasCycle) {
        // A new series of cycles: the initial level, and no sticky words from an earlier one.
        this.initialZ = this.known & Z ? this.z : NaN;
        this.cycleZ = NaN;
        this.cycleR = NaN;
        this.cycleQ = NaN;
        this.cycleDwell = 0;
      }
      if ((axes && !consumed) || (motion >= 0 && cycleCodes.has(motion))) this.drillBlock();
    } else if (axes && !consumed) {
      if (this.motion < 0) this.error('a position without a motion mode (G0, G1, G2 or G3)');
      else this.moveBlock(arcRadius);
    }

    // Sinumerik cycle calls at the position reached.
    if (sinumerik) {
      if (modalCallWord) {
        this.modalCall =
          lexer.call !== null ? { name: lexer.call, args: lexer.callArgs.slice() } : null;
      } else if (lexer.call !== null) this.callCycle(lexer.call, lexer.callArgs);
      else if (this.modalCall && axes && !consumed)
        this.callCycle(this.modalCall.name, this.modalCall.args);
    }

    // 17. Stops and end.
    if (stop >= 0) {
      const event: InterpreterEvent = { type: 'stop', line: this.line, optional: stop === 1 };
      if (lexer.comment) event.comment = lexer.comment;
      this.out.push(event);
    }
    if (end) {
      this.ended = true;
      this.out.push({ type: 'end', line: this.line });
    }
  }

  /** Bits of the axes named in the block (lathe U/W count as X/Z). */
  private axisWords(): number {
    const lexer = this.lexer;
    let bits = 0;
    if (lexer.has(88)) bits |= X;
    if (lexer.has(89)) bits |= Y;
    if (lexer.has(90)) bits |= Z;
    if (this.latheFeedCodes) {
      if (lexer.has(85)) bits |= X;
      if (lexer.has(87)) bits |= Z;
    }
    return bits;
  }

  private setSpindle(
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

  /** G4: LinuxCNC P seconds; Fanuc/Haas/ISO P milliseconds (seconds with a decimal point) or X/U seconds; Sinumerik F seconds or S revolutions. */
  private dwellBlock(): void {
    const lexer = this.lexer;
    let seconds = NaN;
    if (this.dialect === 'sinumerik') {
      if (lexer.has(70)) seconds = lexer.get(70);
      else if (lexer.has(83) && this.spindle.speed > 0)
        seconds = (lexer.get(83) / this.spindle.speed) * 60;
    } else if (lexer.has(80)) {
      const p = lexer.get(80);
      seconds = this.dialect === 'linuxcnc' || lexer.decimalPoint[15] ? p : p / 1000;
    } else if (this.dialect !== 'linuxcnc' && lexer.has(88)) seconds = lexer.get(88);
    else if (this.latheFeedCodes && lexer.has(85)) seconds = lexer.get(85);
    if (!(seconds >= 0)) this.error('G4 without a dwell time');
    else this.out.push({ type: 'dwell', line: this.line, seconds });
  }

  private homeBlock(code: number): void {
    const axes = this.axisWords();
    if (code === 28 || code === 30) {
      // Through the intermediate point (the axis words), then to the reference position.
      if (axes && this.known === ALL) {
        const target = this.target(axes);
        if (target && (target.x !== this.x || target.y !== this.y || target.z !== this.z))
          this.emit('rapid', target.x, target.y, target.z, undefined, undefined, undefined);
      }
      this.forget(axes || ALL);
      this.out.push({ type: 'home', line: this.line });
    } else if (axes) {
      this.forget(axes);
      this.out.push({ type: 'home', line: this.line });
    }
  }

  private forget(axes: number): void {
    let bits = axes;
    if (this.isLathe) bits &= ~Y;
    if (this.kind === 'wire') bits &= ~Z;
    this.known &= ~bits;
    this.current = null;
    if (bits & X && this.home.x !== undefined) this.x = this.home.x;
    if (bits & Y && this.home.y !== undefined) this.y = this.home.y;
    if (bits & Z && this.home.z !== undefined) this.z = this.home.z;
  }

  /** G92: the current point gets the programmed coordinates. */
  private setPosition(): void {
    const lexer = this.lexer;
    const factor = this.isLathe && !this.diameterMode ? 2 : 1;
    if (lexer.has(88)) this.x = lexer.get(88) * this.scale * factor;
    if (lexer.has(89)) this.y = lexer.get(89) * this.scale;
    if (lexer.has(90)) this.z = lexer.get(90) * this.scale;
    this.known |= this.axisWords();
    this.current = this.known === ALL ? { x: this.x, y: this.y, z: this.z } : null;
  }

  /**
   * The end point of a move naming `axes`, or null (with an error) for an incremental move of
   * an unknown axis.
   */
  private target(axes: number): Point3 | null {
    const lexer = this.lexer;
    const s = this.scale;
    let x = this.x;
    let y = this.y;
    let z = this.z;
    if (axes & X) {
      const factor = this.isLathe && !this.diameterMode ? 2 : 1;
      const u = this.latheFeedCodes && lexer.has(85);
      const incremental = u || !this.absolute;
      if (incremental && !(this.known & X)) return this.unknown();
      const value = (u ? lexer.get(85) : lexer.get(88)) * s * factor;
      x = incremental ? this.x + value : value;
    }
    if (axes & Y) {
      if (!this.absolute && !(this.known & Y)) return this.unknown();
      const value = lexer.get(89) * s;
      y = this.absolute ? value : this.y + value;
    }
    if (axes & Z) {
      const w = this.latheFeedCodes && lexer.has(87);
      const incremental = w || !this.absolute;
      if (incremental && !(this.known & Z)) return this.unknown();
      const value = (w ? lexer.get(87) : lexer.get(90)) * s;
      z = incremental ? this.z + value : value;
    }
    return { x, y, z };
  }

  private unknown(): null {
    this.error('an incremental move from an unknown position (after a reference return)');
    return null;
  }

  private moveBlock(arcRadius: number): void {
    const axes = this.axisWords();
    const to = this.target(axes);
    if (!to) return;
    if (this.isLathe) {
      const missing = ~(this.known | axes) & (X | Z);
      if (missing && (this.home.x === undefined || this.home.z === undefined))
        this.error('the first move after a reference return must give both X and Z');
    }
    const motion = this.motion;
    if (motion === 0)
      this.emit('rapid', to.x, to.y, to.z, undefined, undefined, undefined, to, axes);
    else if (motion === 1)
      this.emit('feed', to.x, to.y, to.z, undefined, undefined, undefined, to, axes);
    else if (motion === 32 || motion === 33) {
      const lexer = this.lexer;
      if (motion === 33 && lexer.has(75)) this.lead = lexer.get(75) * this.scale;
      if (!(this.lead > 0)) {
        this.error(`G${motion} without a lead (${motion === 33 ? 'K' : 'F'})`);
        return;
      }
      this.emit('feed', to.x, to.y, to.z, undefined, this.lead, undefined, to, axes);
    } else if (motion === 2 || motion === 3) {
      const arc = this.arc(to, motion === 2, arcRadius);
      if (arc) this.emit('arc', to.x, to.y, to.z, undefined, undefined, arc, to, axes);
    }
  }

  /** Arc centre from I/J/K (incremental from the start, lathe I a radius) or R (CR= on Sinumerik). */
  private arc(to: Point3, clockwise: boolean, crRadius: number): MotionEvent['arc'] | null {
    const lexer = this.lexer;
    const s = this.scale;
    const lathe = this.isLathe;
    const plane = lathe ? 18 : this.plane;
    const r = this.dialect === 'sinumerik' ? crRadius * s : lexer.has(82) ? lexer.get(82) * s : NaN;
    // Plane axes (a, b): G17 X,Y; G18 Z,X (RS274/NGC); lathes use (X radius, Z) as before.
    const hasI = lexer.has(73);
    const hasJ = lexer.has(74);
    const hasK = lexer.has(75);
    const fromX = lathe ? this.x / 2 : this.x;
    const toX = lathe ? to.x / 2 : to.x;
    let center: Point3;
    if (hasI || hasJ || hasK) {
      const i = hasI ? lexer.get(73) * s : 0;
      const j = hasJ ? lexer.get(74) * s : 0;
      const k = hasK ? lexer.get(75) * s : 0;
      if (plane === 17) center = { x: this.x + i, y: this.y + j, z: this.z };
      else if (plane === 18)
        center = { x: lathe ? this.x + 2 * i : this.x + i, y: this.y, z: this.z + k };
      else center = { x: this.x, y: this.y + j, z: this.z + k };
      const cx = lathe ? center.x / 2 : center.x;
      const [sa, sb, ea, eb, ca, cb] =
        plane === 17
          ? [fromX, this.y, toX, to.y, cx, center.y]
          : plane === 18
            ? [fromX, this.z, toX, to.z, cx, center.z]
            : [this.y, this.z, to.y, to.z, center.y, center.z];
      const r1 = Math.hypot(sa - ca, sb - cb);
      const r2 = Math.hypot(ea - ca, eb - cb);
      if (Math.abs(r1 - r2) > Math.max(0.0127, 0.001 * r1)) {
        this.error(`the arc's end is ${round(r2)} mm from its centre, its start ${round(r1)} mm`);
        return null;
      }
    } else if (!Number.isNaN(r)) {
      const [sa, sb, ea, eb] =
        plane === 17
          ? [fromX, this.y, toX, to.y]
          : plane === 18
            ? lathe
              ? [fromX, this.z, toX, to.z]
              : [this.z, fromX, to.z, toX]
            : [this.y, this.z, to.y, to.z];
      const radius = Math.abs(r);
      const chord = Math.hypot(ea - sa, eb - sb);
      if (chord === 0 || chord > 2 * radius + 1e-6) {
        this.error('an arc without a usable radius R or centre I/J/K');
        return null;
      }
      const h = Math.sqrt(Math.max(0, radius * radius - (chord / 2) ** 2));
      const sign = (clockwise ? -1 : 1) * (r < 0 ? -1 : 1);
      const ca = (sa + ea) / 2 + (-(eb - sb) / chord) * sign * h;
      const cb = (sb + eb) / 2 + ((ea - sa) / chord) * sign * h;
      if (plane === 17) center = { x: ca, y: cb, z: this.z };
      else if (plane === 18)
        center = lathe ? { x: 2 * ca, y: 0, z: cb } : { x: cb, y: this.y, z: ca };
      else center = { x: this.x, y: ca, z: cb };
    } else {
      this.error('an arc without a usable radius R or centre I/J/K');
      return null;
    }
    return { center, clockwise, plane: plane === 17 ? 'XY' : plane === 18 ? 'XZ' : 'YZ' };
  }

  /** Emit a move from the current position and make its end the current position. */
  private emit(
    kind: MotionEvent['kind'],
    x: number,
    y: number,
    z: number,
    cycle: string | undefined,
    leadMm: number | undefined,
    arc: MotionEvent['arc'] | undefined,
    point?: Point3,
    axes = ALL,
    feed?: number,
    spindle?: SpindleState,
  ): void {
    const to = point ?? { x, y, z };
    const threading = leadMm !== undefined && this.isLathe;
    this.out.push({
      type: 'motion',
      line: this.line,
      kind,
      from: this.known === ALL ? this.current : null,
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
      ALL,
      options?.feed,
      spindle,
    );
  }

  dwell(seconds: number): void {
    this.out.push({ type: 'dwell', line: this.line, seconds });
  }

  /** A mill drilling cycle block: resolve the sticky words and expand each repeat. */
  private drillBlock(): void {
    const lexer = this.lexer;
    const code = this.motion as DrillHole['code'];
    const name = `G${code}`;
    if (this.plane !== 17) {
      this.error(`${name}: canned cycles are read in the XY plane (G17) only`);
      return;
    }
    const s = this.scale;
    if (lexer.has(90)) this.cycleZ = lexer.get(90) * s;
    if (lexer.has(82)) this.cycleR = lexer.get(82) * s;
    if (lexer.has(81)) this.cycleQ = Math.abs(lexer.get(81)) * s;
    if (lexer.has(80)) {
      const p = lexer.get(80);
      this.cycleDwell = this.dialect === 'linuxcnc' || lexer.decimalPoint[15] ? p : p / 1000;
    }
    if (Number.isNaN(this.cycleZ) || Number.isNaN(this.cycleR)) {
      this.error(`${name} without ${Number.isNaN(this.cycleZ) ? 'a hole bottom Z' : 'an R plane'}`);
      return;
    }
    if (!(this.known & Z) || Number.isNaN(this.initialZ)) {
      this.error(`${name} from an unknown Z (after a reference return)`);
      return;
    }
    let leadMm = 0;
    if (code === 84) {
      leadMm =
        this.feedMode === 'per-rev'
          ? this.feedRate
          : this.spindle.speed > 0
            ? this.feedRate / this.spindle.speed
            : NaN;
      if (!(leadMm > 0)) {
        this.error('G84 without a spindle speed and feed to give the lead');
        return;
      }
    }
    const repeats = lexer.has(76) ? Math.max(0, Math.round(lexer.get(76))) : 1;
    for (let repeat = 0; repeat < repeats; repeat += 1) {
      let x = this.x;
      let y = this.y;
      if (lexer.has(88)) x = this.absolute ? lexer.get(88) * s : this.x + lexer.get(88) * s;
      else if (!(this.known & X)) return void this.error(`${name} at an unknown X`);
      if (lexer.has(89)) y = this.absolute ? lexer.get(89) * s : this.y + lexer.get(89) * s;
      else if (!(this.known & Y)) return void this.error(`${name} at an unknown Y`);
      if (!(this.known & X) || !(this.known & Y)) {
        // The first hole after a home: come from the initial level at the hole's XY.
        this.x = x;
        this.y = y;
        this.known |= X | Y;
        this.current = { x, y, z: this.z };
      }
      const r = this.absolute ? this.cycleR : this.initialZ + this.cycleR;
      const z = this.absolute ? this.cycleZ : r + this.cycleZ;
      drillHole(this, {
        code,
        x,
        y,
        r,
        z,
        clear: this.returnToInitial ? Math.max(this.initialZ, r) : r,
        q: this.cycleQ,
        dwell: this.cycleDwell,
        leadMm,
      });
    }
  }

  private callCycle(name: string, args: readonly number[]): void {
    if (this.known !== ALL) {
      this.error(`${name} from an unknown position (after a reference return)`);
      return;
    }
    if (this.plane !== 17) {
      this.error(`${name}: drilling cycles are read in the XY plane (G17) only`);
      return;
    }
    const after = siemensCycle(this, name, args, this.feedRate, this.spindle.speed);
    if (after === undefined)
      this.error(`${name} is not a cycle this interpreter knows for sinumerik`);
    else if (after !== null) this.setSpindle(after, undefined, undefined, undefined);
  }

  /**
   * Lathe G76 threading: LinuxCNC `G76 P Z I J K [R Q H E L]`; Fanuc two blocks
   * `G76 P(mmrraa) Q(Δdmin) R(d)` then `G76 X(U) Z(W) R(i) P(k) Q(Δd) F(L)`; Haas one block
   * `G76 X Z K D F [A I]`.
   */
  private latheThreadBlock(): void {
    const lexer = this.lexer;
    const s = this.scale;
    if (this.dialect === 'sinumerik') {
      this.error('G76 is not a code this interpreter knows for sinumerik');
      return;
    }
    const axes = this.axisWords();
    if (this.dialect === 'fanuc' && !axes) {
      // First block: finishing passes m, chamfer r, tool angle a; minimum cut; finish allowance.
      if (lexer.has(80)) {
        const p = Math.round(lexer.get(80));
        this.threadFinishes = Math.max(1, Math.floor(p / 10000));
        this.threadAngle = p % 100;
      }
      if (lexer.has(81)) this.threadMinStep = this.micro(81);
      if (lexer.has(82)) this.threadFinish = lexer.get(82) * s;
      return;
    }
    if ((this.known & (X | Z)) !== (X | Z)) {
      this.error('G76 from an unknown position (after a reference return)');
      return;
    }
    const startX = this.x;
    const startZ = this.z;
    if (this.dialect === 'linuxcnc') {
      const need = [80, 90, 73, 74, 75].filter((code) => !lexer.has(code));
      if (need.length) {
        this.error(`G76 without ${need.map((code) => String.fromCharCode(code)).join(', ')}`);
        return;
      }
      // I, J, K are in the current radius/diameter mode; positions are diameters here.
      const toDiameter = this.diameterMode ? 1 : 2;
      const peak = lexer.get(73) * s * toDiameter;
      const first = (lexer.get(74) * s * toDiameter) / 2;
      const full = (lexer.get(75) * s * toDiameter) / 2;
      if (peak === 0) {
        this.error('G76 with I0: the thread peak offset gives the side (negative: external)');
        return;
      }
      const crestX = startX + peak;
      const end = this.absolute ? lexer.get(90) * s : startZ + lexer.get(90) * s;
      latheThread(this, {
        cycle: 'G76',
        startX,
        startZ,
        crestX,
        rootX: crestX + Math.sign(peak) * 2 * full,
        endZ: end,
        depths: threadPassDepths({
          first,
          full,
          degression: lexer.has(82) ? lexer.get(82) : 1,
          springPasses: lexer.has(72) ? Math.round(lexer.get(72)) : 0,
        }),
        leadMm: lexer.get(80) * s,
        infeedAngle: lexer.has(81) ? lexer.get(81) : 0,
        taperX: 0,
      });
      return;
    }
    const target = this.target(axes);
    if (!target) return;
    if ((axes & (X | Z)) !== (X | Z)) {
      this.error('G76 without the thread root X (U) and end Z (W)');
      return;
    }
    const leadMm = lexer.has(70) ? lexer.get(70) * s : NaN;
    let full: number;
    let first: number;
    let angle: number;
    let taper = 0;
    let depths: number[];
    if (this.dialect === 'fanuc') {
      if (!lexer.has(80) || !lexer.has(81)) {
        this.error('G76 without the thread height P or the first cut Q');
        return;
      }
      full = this.micro(80);
      first = this.micro(81);
      angle = this.threadAngle / 2;
      if (lexer.has(82)) taper = lexer.get(82) * s;
      depths = threadPassDepths({
        first,
        full,
        minStep: this.threadMinStep,
        finish: this.threadFinish,
        springPasses: this.threadFinishes - 1,
      });
    } else {
      if (!lexer.has(75) || !lexer.has(68)) {
        this.error('G76 without the thread height K or the first cut D');
        return;
      }
      full = lexer.get(75) * s;
      first = lexer.get(68) * s;
      angle = lexer.has(65) ? lexer.get(65) / 2 : 0;
      if (lexer.has(73)) taper = lexer.get(73) * s;
      depths = threadPassDepths({ first, full });
    }
    if (!(leadMm > 0) || !(full > 0) || !(first > 0)) {
      this.error('G76 needs a positive lead F, thread height and first cut');
      return;
    }
    const rootX = target.x;
    const outward = Math.sign(startX - rootX) || 1;
    latheThread(this, {
      cycle: 'G76',
      startX,
      startZ,
      crestX: rootX + outward * 2 * full,
      rootX,
      endZ: target.z,
      depths,
      leadMm,
      infeedAngle: angle,
      taperX: -2 * taper,
    });
  }

  /** Fanuc values in the least input increment (µm, 0.0001 in) unless written with a point. */
  private micro(code: number): number {
    const value = this.lexer.get(code);
    if (this.lexer.decimalPoint[code - 65]) return value * this.scale;
    return this.metric ? value / 1000 : (value / 10000) * 25.4;
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
