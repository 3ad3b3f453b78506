/**
 * Seeded faults: one fault at a time injected into a program (a golden, or one written for a
 * random part), to prove that the verifier catches each kind of mistake a machinist fears, and
 * says on which line (issue 35). The mutator reads the program with the product's interpreter
 * only to find where a fault can go (a cut, a tool call, an arc); what it writes is plain text,
 * as a hand edit at the control would be.
 *
 * Each fault names the lines where the verifier must report it: the line changed, or the moves
 * its change affects. A deleted operation names none: what is missing is reported as part of
 * the drawing left undone.
 */
import { findOperationLines } from '#cam/cycle-time';
import type { Dialect, InterpreterEvent, MachineKind, MotionEvent } from '#cam/gcode/events';
import { interpretProgram } from '#cam/gcode/interpreter';

/** The kinds of fault, in the words of issue 35. */
export const faultKinds = [
  'operation deleted',
  'pass 1 mm deeper',
  'spindle start removed',
  'spindle over top speed',
  'feed x10',
  'rapid through stock',
  'axis beyond travel',
  'tool not loaded',
  'tool length compensation missing',
  'wrong plane',
  'incremental mode left on',
  'arc centre off',
  'coolant left on at the end',
  'spindle left on at the end',
  'work offset missing',
] as const;
export type FaultKind = (typeof faultKinds)[number];

/** A program with one fault, and where the verifier must find it. */
export interface SeededFault {
  kind: FaultKind;
  text: string;
  /** 1-based lines the report must name (one of them); empty: reported without a line. */
  lines: number[];
  /** What was changed, for a failing test's message. */
  change: string;
}

/** The program a fault is seeded into. */
export interface FaultTarget {
  text: string;
  dialect: Dialect;
  machineKind: MachineKind;
  /** Its operations' names, as the comments that start them say (ProgramSummary.operations). */
  operations: readonly string[];
  /** The machine's top spindle speed, rpm. */
  maxRpm: number;
}

interface Program {
  target: FaultTarget;
  lines: string[];
  events: InterpreterEvent[];
  motions: MotionEvent[];
}

interface Seeded {
  lines: string[];
  at: number[];
  change: string;
}

const klartext = (program: Program) => program.target.dialect === 'heidenhain';
const lathe = (program: Program) => program.target.machineKind === 'lathe';
const isComment = (line: string) => /^\s*(\(|;|\d+\s*;)/.test(line) || line.trim() === '';

/** A number as the dialect writes it: a decimal point always; Klartext signs it instead. */
function written(program: Program, value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  if (klartext(program)) return rounded >= 0 ? `+${rounded}` : `${rounded}`;
  return Number.isInteger(rounded) ? `${rounded}.` : `${rounded}`;
}

/** The line with the value of address `letter` changed, or the word added when it has none. */
function withWord(line: string, letter: string, value: (old: number | null) => string): string {
  const pattern = new RegExp(`(?<![A-Z_])${letter}(?!=)([+-]?(?:\\d+\\.?\\d*|\\.\\d+))`);
  const match = pattern.exec(line);
  if (!match) return `${line} ${letter}${value(null)}`;
  const before = line.slice(0, match.index);
  return `${before}${letter}${value(Number(match[1]))}${line.slice(match.index + match[0].length)}`;
}

/** Klartext block numbers run on after lines were removed. */
function renumbered(program: Program, lines: string[]): string {
  if (!klartext(program)) return lines.join('\n');
  let block = 0;
  return lines
    .map((line) => (/^\d+ /.test(line) ? line.replace(/^\d+/, `${block++}`) : line))
    .join('\n');
}

function read(target: FaultTarget): Program {
  const lines = target.text.split('\n');
  const options = { dialect: target.dialect, machine: target.machineKind };
  const events = [...interpretProgram(lines, options)];
  const motions = events.filter((event): event is MotionEvent => event.type === 'motion');
  return { target, lines, events, motions };
}

const cuts = (program: Program) => program.motions.filter((event) => event.kind !== 'rapid');
const linesOf = (events: readonly { line: number }[]) => events.map((event) => event.line);

/** The lines (1-based, inclusive) of each operation. */
function operationRanges(program: Program): { name: string; from: number; to: number }[] {
  const starts = findOperationLines(program.lines, [...program.target.operations]);
  const end = program.events.find((event) => event.type === 'end')?.line ?? program.lines.length;
  return starts.map((start, index) => ({
    name: start.name,
    from: start.startLine,
    to: (starts[index + 1]?.startLine ?? end) - 1,
  }));
}

const within = (range: { from: number; to: number }) => (event: { line: number }) =>
  event.line >= range.from && event.line <= range.to;

function replaced(program: Program, line: number, text: string): string[] {
  const lines = [...program.lines];
  lines[line - 1] = text;
  return lines;
}

/** The operation a finishing fault goes into: a pocket or a finishing pass, else the last. */
function finishingOperation(program: Program) {
  const ranges = operationRanges(program);
  const preferred = lathe(program) ? [/finish/i] : [/pocket/i, /finish/i];
  for (const name of preferred) {
    const range = ranges.find((entry) => name.test(entry.name));
    if (range) return range;
  }
  return ranges.at(-1);
}

function operationDeleted(program: Program): Seeded | null {
  const ranges = operationRanges(program);
  const middle = ranges[Math.floor(ranges.length / 2)];
  if (!middle) return null;
  const kept = program.lines.filter((_, index) => index + 1 < middle.from || index + 1 > middle.to);
  return {
    lines: kept,
    at: [],
    change: `deleted ${middle.name} (lines ${middle.from}-${middle.to})`,
  };
}

/**
 * The deepest straight cut of a finishing operation 1 mm deeper: a mill's lowest, a lathe's
 * smallest pass along a diameter (2 mm less on X).
 */
function passDeeper(program: Program): Seeded | null {
  const range = finishingOperation(program);
  if (!range) return null;
  const moves = cuts(program).filter(
    (event) => within(range)(event) && !event.cycle && event.kind === 'feed',
  );
  const turned = lathe(program);
  // A lathe's: a pass along a diameter on the part (X the same, Z running towards the chuck).
  const alongDiameter = (event: MotionEvent) =>
    event.from !== null &&
    Math.abs(event.from.x - event.to.x) < 1e-6 &&
    event.from.z <= 0 &&
    event.to.z < event.from.z - 1 &&
    event.to.x > 1;
  const candidates = turned ? moves.filter(alongDiameter) : moves;
  if (candidates.length === 0) return null;
  const pick = candidates.reduce((a, b) => ((turned ? b.to.x < a.to.x : b.to.z < a.to.z) ? b : a));
  const letter = turned ? 'X' : 'Z';
  const deeper = turned ? pick.to.x - 2 : pick.to.z - 1;
  const text = withWord(program.lines[pick.line - 1]!, letter, () => written(program, deeper));
  // The moves after it in the operation keep the deeper level where they do not name it.
  const rest = program.motions.filter((event) => event.line >= pick.line && within(range)(event));
  return {
    lines: replaced(program, pick.line, text),
    at: linesOf(rest),
    change: `${range.name}: ${letter}${deeper} on line ${pick.line}`,
  };
}

const spindleStart = /(?<![\dA-Z])M0?3(?!\d)/;

function spindleStartRemoved(program: Program): Seeded | null {
  const index = program.lines.findIndex((line) => !isComment(line) && spindleStart.test(line));
  if (index < 0) return null;
  const text = program.lines[index]!.replace(spindleStart, klartext(program) ? 'M5' : 'M05');
  const first = cuts(program).find((event) => event.line > index + 1);
  if (!first) return null;
  return {
    lines: replaced(program, index + 1, text),
    at: [first.line],
    change: `M3 -> M5 on line ${index + 1}`,
  };
}

/** A speed in rpm over the machine's top speed: a mill's S, a lathe's G97 S. */
function spindleOverTopSpeed(program: Program): Seeded | null {
  const speed = program.target.maxRpm + 1000;
  const rpmLine = klartext(program)
    ? /TOOL CALL .* S\d/
    : lathe(program)
      ? /G97 S\d/
      : /^S\d|\sS\d+ M0?3/;
  const index = program.lines.findIndex((text) => !isComment(text) && rpmLine.test(text));
  if (index < 0) return null;
  const text = withWord(program.lines[index]!, 'S', () => `${speed}`);
  const nextTool = program.events.find((event) => event.type === 'tool' && event.line > index + 1);
  const until = nextTool?.line ?? program.lines.length;
  const affected = program.motions.filter((event) => event.line > index && event.line < until);
  return {
    lines: replaced(program, index + 1, text),
    at: [index + 1, ...linesOf(affected)],
    change: `S${speed} on line ${index + 1}`,
  };
}

function feedTimesTen(program: Program): Seeded | null {
  const range = operationRanges(program)[0];
  if (!range) return null;
  const feed = cuts(program).find(
    (event) =>
      event.line >= range.from && !event.cycle && /F\d/.test(program.lines[event.line - 1]!),
  );
  if (!feed) return null;
  const text = withWord(program.lines[feed.line - 1]!, 'F', (old) =>
    written(program, (old ?? 0) * 10).replace(/^\+/, ''),
  );
  const following = cuts(program).filter(
    (event) => event.line >= feed.line && event.line <= range.to,
  );
  return {
    lines: replaced(program, feed.line, text),
    at: linesOf(following),
    change: `F x10 on line ${feed.line}`,
  };
}

function rapidThroughStock(program: Program): Seeded | null {
  const range = operationRanges(program)[0];
  if (!range) return null;
  const cut = cuts(program).find(
    (event) => event.line >= range.from && event.kind === 'feed' && !event.cycle,
  );
  if (!cut) return null;
  const line = program.lines[cut.line - 1]!;
  let text: string;
  if (klartext(program)) text = line.replace(/ F\d+(\.\d*)?| F AUTO/, ' FMAX');
  else if (/G0?1(?!\d)/.test(line)) text = line.replace(/G0?1(?!\d)/, 'G00');
  else text = `G00 ${line}`;
  if (text === line) return null;
  return {
    lines: replaced(program, cut.line, text),
    at: [cut.line],
    change: `G1 -> G0 on line ${cut.line}`,
  };
}

function axisBeyondTravel(program: Program): Seeded | null {
  const start = operationRanges(program)[0]?.from ?? 0;
  const rapid = program.motions.find(
    (event) =>
      event.kind === 'rapid' && event.line > start && /X/.test(program.lines[event.line - 1]!),
  );
  if (!rapid) return null;
  const text = withWord(program.lines[rapid.line - 1]!, 'X', () => written(program, 5000));
  return {
    lines: replaced(program, rapid.line, text),
    at: [rapid.line],
    change: `X5000 on line ${rapid.line}`,
  };
}

function toolNotLoaded(program: Program): Seeded | null {
  const call = program.events.find((event) => event.type === 'tool');
  if (!call) return null;
  // The T word is on the change's line, or on the line that selects it before M6.
  const word = klartext(program) ? /TOOL CALL \d+/ : /(?<![A-Z])T\d+/;
  const index = program.lines.slice(0, call.line).findLastIndex((line) => word.test(line));
  if (index < 0) return null;
  const line = program.lines[index]!;
  const text = klartext(program)
    ? line.replace(word, 'TOOL CALL 99')
    : line.replace(word, (found) => `T${'9'.repeat(Math.max(2, found.length - 1))}`);
  return {
    lines: replaced(program, index + 1, text),
    at: [index + 1, call.line],
    change: `tool 99 on line ${index + 1}`,
  };
}

/** A mill's length offset taken out: G43 H, Okuma's G56 H, Sinumerik's D. */
function lengthCompensationMissing(program: Program): Seeded | null {
  if (program.target.machineKind !== 'mill' || klartext(program)) return null;
  const index = program.lines.findIndex((line) => /G43 H\d+|G56 .*H\d+|^T\d+ D\d+/.test(line));
  if (index < 0) return null;
  const text = program.lines[index]!.replace(/G43 H\d+ ?|G56 |H\d+|D\d+/g, '').trimEnd();
  const first = cuts(program).find((event) => event.line > index + 1);
  if (!first) return null;
  return {
    lines: replaced(program, index + 1, text || '( )'),
    at: [first.line],
    change: `no length offset on line ${index + 1}`,
  };
}

/** A mill's G17 as G18, a lathe's G18 as G17, Klartext's tool axis Z as X. */
function wrongPlane(program: Program): Seeded | null {
  const [from, to] = klartext(program)
    ? [/(TOOL CALL \d+) Z/, '$1 X']
    : lathe(program)
      ? [/G18/, 'G17']
      : [/G17/, 'G18'];
  const index = program.lines.findIndex((line) => !isComment(line) && from.test(line));
  if (index < 0) return null;
  const after = program.motions.filter((event) => event.line > index + 1);
  const arcsAfter = after.filter((event) => event.kind === 'arc');
  if (arcsAfter.length === 0 && !klartext(program)) return null;
  return {
    lines: replaced(program, index + 1, program.lines[index]!.replace(from, to)),
    at: [index + 1, ...linesOf(klartext(program) ? after : arcsAfter)],
    change: `${String(from)} -> ${to} on line ${index + 1}`,
  };
}

function incrementalModeLeftOn(program: Program): Seeded | null {
  if (klartext(program)) return null;
  const ranges = operationRanges(program);
  const middle = ranges[Math.floor(ranges.length / 2)];
  const move = middle && program.motions.find((event) => event.line > middle.from);
  if (!move) return null;
  const lines = replaced(program, move.line, `G91 ${program.lines[move.line - 1]!}`);
  const later = program.motions.filter((event) => event.line >= move.line);
  return { lines, at: linesOf(later), change: `G91 on line ${move.line}` };
}

/** The first arc's centre 1 mm off (I, K or Klartext's CC); an R or CR= arc a quarter its radius. */
function arcCentreOff(program: Program): Seeded | null {
  const arc = program.motions.find((event) => event.kind === 'arc');
  if (!arc) return null;
  if (klartext(program)) {
    const index = program.lines.slice(0, arc.line - 1).findLastIndex((line) => / CC /.test(line));
    if (index < 0) return null;
    const moved = withWord(program.lines[index]!, 'X', (old) => written(program, (old ?? 0) + 1));
    const nextCentre = program.lines.findIndex((line, at) => at > index && / CC /.test(line));
    const until = nextCentre < 0 ? program.lines.length : nextCentre + 1;
    const arcs = program.motions.filter(
      (event) => event.kind === 'arc' && event.line > index + 1 && event.line < until,
    );
    return {
      lines: replaced(program, index + 1, moved),
      at: linesOf(arcs),
      change: `CC X+1 on line ${index + 1}`,
    };
  }
  const line = program.lines[arc.line - 1]!;
  const letter = ['I', 'J', 'K'].find((name) => new RegExp(`(?<![A-Z])${name}[-\\d.]`).test(line));
  const text = letter
    ? withWord(line, letter, (old) => written(program, (old ?? 0) + 1))
    : line.replace(/(CR=|(?<![A-Z])R)([+-]?[\d.]+)/, (_, word: string, value: string) => {
        return `${word}${written(program, Number(value) / 4)}`;
      });
  if (text === line) return null;
  return {
    lines: replaced(program, arc.line, text),
    at: [arc.line],
    change: `arc centre moved on line ${arc.line}`,
  };
}

/** The last M-word `pattern` of the program taken out, its line kept (a comment if emptied). */
function lastWordRemoved(program: Program, pattern: RegExp, word: string): Seeded | null {
  const index = program.lines.findLastIndex((line) => !isComment(line) && pattern.test(line));
  if (index < 0) return null;
  const rest = program.lines[index]!.replace(pattern, '').trimEnd();
  let text = rest;
  if (/^\d+$/.test(rest)) text = `${rest} ; no ${word}`;
  else if (rest.trim() === '') text = `(NO ${word})`;
  const end = program.events.find((event) => event.type === 'end')?.line ?? program.lines.length;
  return {
    lines: replaced(program, index + 1, text),
    at: [index + 1, end],
    change: `${word} removed from line ${index + 1}`,
  };
}

function workOffsetMissing(program: Program): Seeded | null {
  const offset = /G5[4-9](?!\.)|G15 H\d|CYCL DEF 247/;
  const index = program.lines.findIndex((line) => !isComment(line) && offset.test(line));
  if (index < 0) return null;
  const first = program.motions.find((event) => event.line > index + 1);
  if (!first) return null;
  const lines = [...program.lines];
  if (/CYCL DEF 247/.test(lines[index]!)) lines.splice(index, 2);
  else {
    const text = lines[index]!.replace(/\s*(G5[4-9]|G15 H\d+)/, '').trim();
    if (text) lines[index] = text;
    else lines.splice(index, 1);
  }
  const shift = lines.length - program.lines.length;
  return { lines, at: [first.line + shift], change: `work offset removed from line ${index + 1}` };
}

const seeders: Record<FaultKind, (program: Program) => Seeded | null> = {
  'operation deleted': operationDeleted,
  'pass 1 mm deeper': passDeeper,
  'spindle start removed': spindleStartRemoved,
  'spindle over top speed': spindleOverTopSpeed,
  'feed x10': feedTimesTen,
  'rapid through stock': rapidThroughStock,
  'axis beyond travel': axisBeyondTravel,
  'tool not loaded': toolNotLoaded,
  'tool length compensation missing': lengthCompensationMissing,
  'wrong plane': wrongPlane,
  'incremental mode left on': incrementalModeLeftOn,
  'arc centre off': arcCentreOff,
  'coolant left on at the end': (program) =>
    lastWordRemoved(program, /(?<![\dA-Z])M0?9(?!\d)/, 'M9'),
  'spindle left on at the end': (program) =>
    lastWordRemoved(program, /(?<![\dA-Z])M0?5(?!\d)/, 'M5'),
  'work offset missing': workOffsetMissing,
};

/**
 * Seed one fault of `kind` into a program.
 * @returns the faulty program and where the fault must be reported, or null when the kind does
 *   not apply to it (no arc to move, Klartext has no modal incremental mode…)
 */
export function seedFault(target: FaultTarget, kind: FaultKind): SeededFault | null {
  const program = read(target);
  const seeded = seeders[kind](program);
  if (!seeded) return null;
  return {
    kind,
    text: renumbered(program, seeded.lines),
    lines: seeded.at,
    change: seeded.change,
  };
}
