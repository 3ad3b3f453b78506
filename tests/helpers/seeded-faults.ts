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
import type { MotionEvent } from '#cam/gcode/events';
import {
  cuts,
  isComment,
  klartext,
  lathe,
  linesOf,
  operationRanges,
  read,
  renumbered,
  replaced,
  within,
  withWord,
  written,
  type FaultTarget,
  type Program,
  type Seeded,
} from './fault-program.ts';

export type { FaultTarget } from './fault-program.ts';

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

/**
 * The operations a deeper pass goes into, the golden's own first: a pocket or a finishing pass
 * (a lathe's finishing pass), then the other operations that cut a surface the part keeps (a
 * face, a step, a slot); never a mill's contour or cut-out.
 */
function finishingOperations(program: Program) {
  const ranges = operationRanges(program);
  const preferred = lathe(program) ? [/finish/i] : [/pocket/i, /finish/i, /face|step|slot/i];
  // A mill's contours and cut-outs go through the part: a pass deeper there cuts air.
  const through = (name: string) => !lathe(program) && /contour|cut-out/i.test(name);
  const ordered = preferred.flatMap((name) =>
    ranges.filter((entry) => name.test(entry.name) && !through(entry.name)),
  );
  return [...new Set([...ordered, ...(ordered.length > 0 ? [] : ranges.slice(-1))])];
}

function operationDeleted(program: Program): Seeded | null {
  const ranges = operationRanges(program);
  const middle = program.choose(ranges, Math.floor(ranges.length / 2));
  if (!middle) return null;
  const kept = program.lines.filter((_, index) => index + 1 < middle.from || index + 1 > middle.to);
  return {
    lines: kept,
    at: [],
    change: `deleted ${middle.name} (lines ${middle.from}-${middle.to})`,
  };
}

/**
 * The deepest straight cut of a finishing operation 1 mm deeper (or beyond a coarse general
 * tolerance, `FaultTarget.toleranceMm`): a mill's lowest, a lathe's smallest pass along a
 * diameter (2 mm less on X).
 */
function passDeeper(program: Program): Seeded | null {
  const turned = lathe(program);
  // A lathe's: a pass along a diameter on the part (X the same, Z running towards the chuck).
  const alongDiameter = (event: MotionEvent) =>
    event.from !== null &&
    Math.abs(event.from.x - event.to.x) < 1e-6 &&
    event.from.z <= 0 &&
    event.to.z < event.from.z - 1 &&
    event.to.x > 1;
  // A mill's: above the part's bottom (a through cut's breakthrough runs deeper into air).
  const bottom = program.target.bottomZ ?? -Infinity;
  const onPart = (event: MotionEvent) =>
    turned ? alongDiameter(event) : event.to.z > bottom + 1e-6;
  const candidatesIn = (range: { from: number; to: number }) =>
    cuts(program).filter(
      (event) => within(range)(event) && !event.cycle && event.kind === 'feed' && onPart(event),
    );
  const range = program.choose(
    finishingOperations(program).filter((entry) => candidatesIn(entry).length > 0),
    0,
  );
  if (!range) return null;
  const pick = candidatesIn(range).reduce((a, b) =>
    (turned ? b.to.x < a.to.x : b.to.z < a.to.z) ? b : a,
  );
  const letter = turned ? 'X' : 'Z';
  const depth = Math.max(1, (program.target.toleranceMm ?? 0) + 0.5);
  const deeper = turned ? pick.to.x - 2 * depth : pick.to.z - depth;
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
  // An S word that sets the speed of a cut (not one a G96 replaces before the spindle starts).
  const governs = (at: number) => {
    const speedOf = /(?<![A-Z])S(\d+)/.exec(program.lines[at]!);
    const cut = cuts(program).find((event) => event.line > at + 1);
    return (
      speedOf !== null &&
      cut !== undefined &&
      cut.spindle.mode === 'rpm' &&
      cut.spindle.turning !== 'off' &&
      cut.spindle.speed === Number(speedOf[1])
    );
  };
  const indices = program.lines.flatMap((text, at) =>
    !isComment(text) && rpmLine.test(text) && governs(at) ? [at] : [],
  );
  const index = program.choose(indices, 0);
  if (index === undefined) return null;
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

/**
 * An operation's feed ten times over: every F word of its cuts (a feed typed wrong for its
 * tool). One F word alone may govern only a lead-in in the air, or a helix whose feed is mostly
 * along the tool's axis, where a tenfold feed is still a light chip.
 */
function feedTimesTen(program: Program): Seeded | null {
  const hasFeed = (event: MotionEvent) =>
    !event.cycle && /F\d/.test(program.lines[event.line - 1]!);
  const feedsIn = (range: { from: number; to: number }) =>
    cuts(program).filter((event) => within(range)(event) && hasFeed(event));
  const range = program.choose(
    operationRanges(program).filter((entry) => feedsIn(entry).length > 0),
    0,
  );
  if (!range) return null;
  const feeds = feedsIn(range);
  const lines = [...program.lines];
  for (const { line } of feeds)
    lines[line - 1] = withWord(lines[line - 1]!, 'F', (old) =>
      written(program, (old ?? 0) * 10).replace(/^\+/, ''),
    );
  const following = cuts(program).filter(
    (event) => event.line >= feeds[0]!.line && event.line <= range.to,
  );
  return {
    lines,
    at: linesOf(following),
    change: `F x10 on lines ${feeds[0]!.line}-${feeds.at(-1)!.line} (${range.name})`,
  };
}

/**
 * A roughing cut made a rapid: a straight feed move of 2 mm or more in an operation that clears
 * stock (roughing, facing, a pocket's clearing), level on a mill, along Z or X on a lathe. An
 * approach or a lead-in is fed in the air as often as not; a roughing pass always cuts.
 */
function rapidThroughStock(program: Program): Seeded | null {
  const straight = (event: MotionEvent) => {
    if (event.from === null || event.kind !== 'feed' || event.cycle) return false;
    const dx = Math.abs(event.to.x - event.from.x);
    const dy = Math.abs(event.to.y - event.from.y);
    const dz = Math.abs(event.to.z - event.from.z);
    if (!lathe(program)) return dz < 1e-6 && Math.hypot(dx, dy) >= 2;
    return (dx < 1e-6 && dz >= 2 && event.from.z <= 0) || (dz < 1e-6 && dx >= 4);
  };
  const clearing = operationRanges(program).filter(
    (entry) => /rough|face|pocket|clear/i.test(entry.name) && !/finish|rest/i.test(entry.name),
  );
  const candidatesIn = (range: { from: number; to: number }) =>
    cuts(program).filter((event) => within(range)(event) && straight(event));
  const range = program.choose(
    clearing.filter((entry) => candidatesIn(entry).length > 0),
    0,
  );
  const cut = range && candidatesIn(range)[0];
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
  const rapid = program.choose(
    program.motions.filter(
      (event) =>
        event.kind === 'rapid' && event.line > start && /X/.test(program.lines[event.line - 1]!),
    ),
    0,
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
  const call = program.choose(
    program.events.filter((event) => event.type === 'tool'),
    0,
  );
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
  const middle = program.choose(ranges, Math.floor(ranges.length / 2));
  const move = middle && program.motions.find((event) => event.line > middle.from);
  if (!move) return null;
  const lines = replaced(program, move.line, `G91 ${program.lines[move.line - 1]!}`);
  const later = program.motions.filter((event) => event.line >= move.line);
  return { lines, at: linesOf(later), change: `G91 on line ${move.line}` };
}

/**
 * An arc's centre 1 mm off (I, J, K, or Klartext's CC), moved along the arc's chord so that its
 * start and end can no longer both be on one circle; an R or CR= arc a quarter its radius, too
 * small to join its ends. Full circles and arcs too short for either are left alone.
 */
function arcCentreOff(program: Program): Seeded | null {
  const chord = (event: MotionEvent) =>
    event.from === null ? 0 : Math.hypot(...axes.map((axis) => event.to[axis] - event.from![axis]));
  const offset = (event: MotionEvent) => {
    const line = program.lines[event.line - 1]!;
    const radius = /(?:CR=|(?<![A-Z])R)([+-]?[\d.]+)/.exec(line);
    return radius ? chord(event) > Number(radius[1]) / 2 + 0.1 : chord(event) > 0.5;
  };
  const arcs = program.motions.filter((event) => event.kind === 'arc');
  if (klartext(program)) return centreOff(program, arcs);
  const arc = program.choose(arcs.filter(offset), 0);
  if (!arc) return null;
  const line = program.lines[arc.line - 1]!;
  const [first, second] = lathe(program) ? (['I', 'K'] as const) : (['I', 'J'] as const);
  const span = (axis: 'x' | 'y' | 'z') => Math.abs(arc.to[axis] - arc.from![axis]);
  const letter = span('x') >= span(lathe(program) ? 'z' : 'y') ? first : second;
  const text = /(?<![A-Z])[IJK][-+\d.]/.test(line)
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

const axes = ['x', 'y', 'z'] as const;

/** Klartext: the CC before an arc 1 mm further on X; every arc about that centre is off. */
function centreOff(program: Program, arcs: MotionEvent[]): Seeded | null {
  const arc = arcs[0];
  if (!arc) return null;
  const index = program.lines.slice(0, arc.line - 1).findLastIndex((line) => / CC /.test(line));
  if (index < 0) return null;
  const moved = withWord(program.lines[index]!, 'X', (old) => written(program, (old ?? 0) + 1));
  const nextCentre = program.lines.findIndex((line, at) => at > index && / CC /.test(line));
  const until = nextCentre < 0 ? program.lines.length : nextCentre + 1;
  const about = arcs.filter((event) => event.line > index + 1 && event.line < until);
  return {
    lines: replaced(program, index + 1, moved),
    at: linesOf(about),
    change: `CC X+1 on line ${index + 1}`,
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
 * Seed one fault of `kind` into a program: at the golden's own place, or, given a `site` (any
 * natural number, as a property test draws it), at another place where that kind can go (which
 * operation is deleted, which S word is raised, which tool is not loaded, which arc is off…).
 * @returns the faulty program and where the fault must be reported, or null when the kind does
 *   not apply to it (no arc to move, Klartext has no modal incremental mode…)
 */
export function seedFault(target: FaultTarget, kind: FaultKind, site?: number): SeededFault | null {
  const program = read(target, site);
  const seeded = seeders[kind](program);
  if (!seeded) return null;
  return {
    kind,
    text: renumbered(program, seeded.lines),
    lines: seeded.at,
    change: seeded.change,
  };
}
