/**
 * A G-code interpreter for lathe programs in the dialects this product writes: it keeps the
 * modal state block by block (RS274/NGC order of execution within a block) and yields one event
 * per motion, tool change, spindle change, problem or program end. It reads line by line from
 * any iterable, so a long program is read in bounded memory.
 *
 * Positions are work coordinates in mm with X as a diameter. After a reference return (G28) or
 * a machine-coordinate move (G53) the position is unknown (`null`): the tool is at home.
 */
import { LexError, lexLine } from './lexer.ts';
import type { Word } from './lexer.ts';

export type LatheDialect = 'linuxcnc' | 'fanuc' | 'haas';

export interface Point {
  /** Diameter, mm. */
  x: number;
  z: number;
}

export interface SpindleState {
  turning: 'cw' | 'ccw' | 'off';
  mode: 'css' | 'rpm';
  /** m/min under CSS, rpm otherwise. */
  speed: number;
  /** CSS spindle limit, rpm, when set (G50 S on Fanuc-style controls, G96 D on LinuxCNC). */
  maxRpm: number | null;
}

export type InterpreterEvent =
  | {
      type: 'motion';
      line: number;
      kind: 'rapid' | 'feed' | 'arc';
      /** null when the move starts from home (an unknown position). */
      from: Point | null;
      to: Point;
      /** Arcs: centre (X as a diameter) and direction. */
      arc?: { center: Point; clockwise: boolean };
      tool: number | null;
      spindle: SpindleState;
      feed: number;
      feedMode: 'per-rev' | 'per-min';
    }
  | { type: 'tool'; line: number; tool: number }
  | { type: 'home'; line: number }
  | { type: 'error'; line: number; message: string }
  | { type: 'end'; line: number };

interface State {
  motion: 0 | 1 | 2 | 3 | null;
  absolute: boolean;
  metric: boolean;
  diameterMode: boolean;
  feedMode: 'per-rev' | 'per-min';
  feed: number;
  spindle: SpindleState;
  tool: number | null;
  selectedTool: number | null;
  position: Point | null;
  ended: boolean;
}

const knownG: Record<LatheDialect, Set<number>> = {
  linuxcnc: new Set([
    0, 1, 2, 3, 4, 7, 8, 17, 18, 19, 20, 21, 28, 30, 40, 43, 49, 53, 54, 55, 56, 57, 58, 59, 61, 64,
    80, 90, 91, 94, 95, 96, 97,
  ]),
  fanuc: new Set([
    0, 1, 2, 3, 4, 18, 20, 21, 28, 40, 50, 53, 54, 55, 56, 57, 58, 59, 80, 90, 91, 96, 97, 98, 99,
  ]),
  haas: new Set([
    0, 1, 2, 3, 4, 18, 20, 21, 28, 40, 50, 53, 54, 55, 56, 57, 58, 59, 80, 90, 91, 96, 97, 98, 99,
  ]),
};
const knownM: Record<LatheDialect, Set<number>> = {
  linuxcnc: new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30]),
  fanuc: new Set([0, 1, 2, 3, 4, 5, 8, 9, 30]),
  haas: new Set([0, 1, 2, 3, 4, 5, 8, 9, 30]),
};
/** Letters that may carry a value in a block of each dialect. */
const knownLetters: Record<LatheDialect, string> = {
  linuxcnc: 'GMNTSFXZIKRPDQ',
  fanuc: 'GMNOTSFXZUWIKRP',
  haas: 'GMNOTSFXZUWIKRP',
};

/**
 * Interpret a lathe program.
 * @param lines - the program, one string per line (an array or a stream of lines)
 * @param dialect - the controller dialect the program was written for
 */
export function* interpret(
  lines: Iterable<string>,
  dialect: LatheDialect,
): Generator<InterpreterEvent> {
  const state: State = {
    motion: null,
    absolute: true,
    metric: true,
    diameterMode: dialect !== 'linuxcnc',
    feedMode: dialect === 'linuxcnc' ? 'per-min' : 'per-rev',
    feed: 0,
    spindle: { turning: 'off', mode: 'rpm', speed: 0, maxRpm: null },
    tool: null,
    selectedTool: null,
    position: null,
    ended: false,
  };
  let lineNumber = 0;
  for (const text of lines) {
    lineNumber += 1;
    if (state.ended) {
      if (text.trim() && text.trim() !== '%')
        yield { type: 'error', line: lineNumber, message: 'text after the program end' };
      continue;
    }
    let words: Word[];
    try {
      words = lexLine(text, lineNumber, { semicolonComments: dialect === 'linuxcnc' }).words;
    } catch (error) {
      if (error instanceof LexError) {
        yield { type: 'error', line: lineNumber, message: error.message };
        continue;
      }
      throw error;
    }
    if (words.length === 0) continue;
    yield* executeBlock(words, lineNumber, state, dialect);
  }
}

function* executeBlock(
  words: Word[],
  line: number,
  state: State,
  dialect: LatheDialect,
): Generator<InterpreterEvent> {
  const error = (message: string): InterpreterEvent => ({ type: 'error', line, message });
  const g = words.filter((word) => word.letter === 'G').map((word) => word.value);
  const m = words.filter((word) => word.letter === 'M').map((word) => word.value);
  const value = (letter: string) => words.find((word) => word.letter === letter)?.value;
  for (const word of words) {
    if (!knownLetters[dialect].includes(word.letter))
      yield error(`${word.letter}${word.value} is not used by ${dialect} lathe programs here`);
  }
  for (const code of g)
    if (!Number.isInteger(code) || !knownG[dialect].has(code))
      yield error(`G${code} is not a code this interpreter knows for ${dialect}`);
  for (const code of m)
    if (!Number.isInteger(code) || !knownM[dialect].has(code))
      yield error(`M${code} is not a code this interpreter knows for ${dialect}`);
  const scale = () => (state.metric ? 1 : 25.4);

  // Feed mode, feed, spindle mode and speed.
  if (g.includes(95) || g.includes(99)) state.feedMode = 'per-rev';
  if (g.includes(94) || g.includes(98)) state.feedMode = 'per-min';
  if (g.includes(20)) state.metric = false;
  if (g.includes(21)) state.metric = true;
  if (g.includes(7)) state.diameterMode = true;
  if (g.includes(8)) state.diameterMode = false;
  const f = value('F');
  if (f !== undefined) state.feed = f * scale();
  const s = value('S');
  if (g.includes(50)) {
    if (value('X') !== undefined || value('Z') !== undefined)
      yield error('G50 with X or Z sets the coordinate system; use a work offset (G54) instead');
    if (s !== undefined) state.spindle = { ...state.spindle, maxRpm: s };
  } else {
    if (g.includes(96)) {
      state.spindle = { ...state.spindle, mode: 'css' };
      const d = value('D');
      if (dialect === 'linuxcnc') state.spindle = { ...state.spindle, maxRpm: d ?? null };
    }
    if (g.includes(97)) state.spindle = { ...state.spindle, mode: 'rpm' };
    if (s !== undefined) state.spindle = { ...state.spindle, speed: s };
  }

  // Tools.
  const t = value('T');
  if (t !== undefined) {
    if (dialect === 'linuxcnc') state.selectedTool = t;
    else {
      const tool = t >= 100 ? Math.floor(t / 100) : t;
      if (tool > 0) {
        state.tool = tool;
        yield { type: 'tool', line, tool };
      }
    }
  }
  if (m.includes(6)) {
    if (state.selectedTool === null) yield error('M6 without a tool selected by T');
    else {
      state.tool = state.selectedTool;
      state.spindle = { ...state.spindle, turning: 'off' };
      yield { type: 'tool', line, tool: state.tool };
    }
  }

  // Spindle on and off.
  if (m.includes(3)) state.spindle = { ...state.spindle, turning: 'cw' };
  if (m.includes(4)) state.spindle = { ...state.spindle, turning: 'ccw' };
  if (m.includes(5)) state.spindle = { ...state.spindle, turning: 'off' };

  if (g.includes(90)) state.absolute = true;
  if (g.includes(91)) state.absolute = false;

  // Home and machine coordinates.
  if (g.includes(28) || g.includes(30) || g.includes(53)) {
    state.position = null;
    yield { type: 'home', line };
    if (m.includes(2) || m.includes(30)) {
      state.ended = true;
      yield { type: 'end', line };
    }
    return;
  }

  const motionCodes = g.filter((code) => code >= 0 && code <= 3 && Number.isInteger(code));
  if (motionCodes.length > 1) yield error('two motion codes in one block');
  if (motionCodes.length === 1) state.motion = motionCodes[0] as 0 | 1 | 2 | 3;
  if (g.includes(80)) state.motion = null;

  const x = value('X');
  const z = value('Z');
  const u = dialect === 'linuxcnc' ? undefined : value('U');
  const w = dialect === 'linuxcnc' ? undefined : value('W');
  const moves =
    [x, z, u, w].some((entry) => entry !== undefined) && !g.includes(4) && !g.includes(50);
  if (moves) {
    if (state.motion === null) yield error('a position without a motion mode (G0, G1, G2 or G3)');
    else {
      const from = state.position;
      const incremental = !state.absolute || u !== undefined || w !== undefined;
      if (incremental && from === null) {
        yield error('an incremental move from an unknown position (after a reference return)');
        return;
      }
      const diameterOf = (raw: number) => raw * scale() * (state.diameterMode ? 1 : 2);
      const base = from ?? { x: 0, z: 0 };
      const to: Point = {
        x:
          u !== undefined
            ? base.x + diameterOf(u)
            : x !== undefined
              ? state.absolute
                ? diameterOf(x)
                : base.x + diameterOf(x)
              : base.x,
        z:
          w !== undefined
            ? base.z + w * scale()
            : z !== undefined
              ? state.absolute
                ? z * scale()
                : base.z + z * scale()
              : base.z,
      };
      if (from === null && (x === undefined || z === undefined)) {
        yield error('the first move after a reference return must give both X and Z');
      }
      const common = {
        line,
        from,
        to,
        tool: state.tool,
        spindle: { ...state.spindle },
        feed: state.feed,
        feedMode: state.feedMode,
      };
      if (state.motion === 0) yield { type: 'motion', kind: 'rapid', ...common };
      else if (state.motion === 1) yield { type: 'motion', kind: 'feed', ...common };
      else {
        const arc = arcCenter(
          from ?? to,
          to,
          value('R'),
          value('I'),
          value('K'),
          state.motion === 2,
          scale(),
        );
        if (!arc) yield error('an arc without a usable radius R or centre I/K');
        else yield { type: 'motion', kind: 'arc', ...common, arc };
      }
      state.position = to;
    }
  }

  if (m.includes(2) || m.includes(30)) {
    state.ended = true;
    yield { type: 'end', line };
  }
}

/** Centre of an arc in the XZ plane from R or I/K (I is a radius, per both dialects). */
function arcCenter(
  from: Point,
  to: Point,
  r: number | undefined,
  i: number | undefined,
  k: number | undefined,
  clockwise: boolean,
  scale: number,
): { center: Point; clockwise: boolean } | undefined {
  if (i !== undefined || k !== undefined) {
    return {
      center: { x: from.x + 2 * (i ?? 0) * scale, z: from.z + (k ?? 0) * scale },
      clockwise,
    };
  }
  if (r === undefined) return undefined;
  const radius = Math.abs(r * scale);
  const ax = from.x / 2;
  const bx = to.x / 2;
  const chord = Math.hypot(bx - ax, to.z - from.z);
  if (chord === 0 || chord > 2 * radius + 1e-6) return undefined;
  const mid = { r: (ax + bx) / 2, z: (from.z + to.z) / 2 };
  const h = Math.sqrt(Math.max(0, radius * radius - (chord / 2) ** 2));
  const direction = (clockwise ? -1 : 1) * (r < 0 ? -1 : 1);
  const nr = (-(to.z - from.z) / chord) * direction;
  const nz = ((bx - ax) / chord) * direction;
  return { center: { x: 2 * (mid.r + nr * h), z: mid.z + nz * h }, clockwise };
}
