/**
 * The Heidenhain fixed cycles this interpreter reads: their definitions (CYCL DEF with its Q
 * parameters) checked, and their calls expanded into moves at the tool's position, each move
 * naming its cycle ('CYCL 200').
 *
 * Sources: HEIDENHAIN TNC 640 User's Manual Cycle Programming (34059x-05, 1/2015) and TNC 620
 * User's Manual for Cycle Programming: DRILLING (cycle 200), REAMING (201), BORING (202),
 * RIGID TAPPING (207, "RIGID TAPPING NEW" on earlier software), DATUM SETTING (247), DWELL TIME
 * (9). Q200 set-up clearance, Q201 depth and Q204 2nd set-up clearance are incremental from
 * the surface coordinate Q203; the tool comes down at FMAX to the set-up clearance, and after
 * the hole goes up to the 2nd set-up clearance (the set-up clearance when Q204 is smaller).
 * Cycle 200 retracts at FMAX to the set-up clearance after each plunging depth Q202 and comes
 * back at FMAX to the set-up clearance above the depth reached. Cycle 202 lifts the tool off
 * the wall by 0.2 mm (fixed) in the direction Q214 (1 −X, 2 −Y, 3 +X, 4 +Y, 0 none) with the
 * spindle stopped, retracts at Q208 (MAX: FMAX; 0: the plunging feed Q206) and moves back to the
 * hole's centre. Cycle 207 feeds at the spindle speed times the pitch Q239 and back out with the
 * spindle reversed.
 */
import type { MoveSink } from '../cycles.ts';
import type { SpindleState } from '../events.ts';

/** Where a cycle's moves go: the interpreter's state, which also feeds with the spindle stopped. */
export interface CycleSink extends MoveSink {
  /** A feed move with the spindle stopped (cycle 202's way out after its oriented stop). */
  stoppedFeed(x: number, y: number, z: number, cycle: string, feed: number): void;
}

/** A cycle's Q parameters: number → value, NaN for MAX (FMAX). */
export type QValues = Map<number, number>;

/** A complete fixed cycle definition: its number and its Q parameters. */
export interface KlartextCycle {
  number: number;
  q: QValues;
}

/** Each cycle's names as the TNC writes them, its Q parameters with their names, required ones first. */
const cycles: Record<number, { names: string[]; required: number[]; optional: number[] }> = {
  200: { names: ['DRILLING'], required: [200, 201, 206, 202, 210, 203, 204], optional: [211, 395] },
  201: { names: ['REAMING'], required: [200, 201, 206, 211, 208, 203, 204], optional: [] },
  202: {
    names: ['BORING'],
    required: [200, 201, 206, 211, 208, 203, 204, 214],
    optional: [336, 395],
  },
  207: {
    names: ['RIGID TAPPING NEW', 'RIGID TAPPING'],
    required: [200, 201, 239, 203, 204],
    optional: [336],
  },
  247: { names: ['DATUM SETTING'], required: [339], optional: [] },
};

/** Q parameters that may be MAX (FMAX). */
const maxAllowed = new Set([208]);

/**
 * Whether a cycle number and name are a cycle this interpreter reads.
 * @returns undefined when it is, else the machinist's sentence why not
 */
export function unknownCycle(number: number, name: string): string | undefined {
  const known = cycles[number];
  if (!known)
    return `cycle ${number} is not written by this product (it reads cycles 200, 201, 202, 207 and 247)`;
  if (!known.names.includes(name.toUpperCase().replace(/\s+/g, ' ').trim()))
    return `cycle ${number} is ${known.names[0]}, not "${name}"`;
  return undefined;
}

/**
 * Check a cycle definition's Q parameters.
 * @returns the problems, one sentence each: a Q parameter the cycle has not, one missing, MAX
 *   where the cycle takes a number; empty when it is complete
 */
export function cycleProblems(number: number, q: QValues, given: readonly number[]): string[] {
  const known = cycles[number]!;
  const problems: string[] = [];
  for (const parameter of given)
    if (!known.required.includes(parameter) && !known.optional.includes(parameter))
      problems.push(`Q${parameter} is no parameter of cycle ${number}`);
  for (const parameter of known.required)
    if (!q.has(parameter)) problems.push(`cycle ${number} lacks Q${parameter}`);
  for (const [parameter, value] of q)
    if (Number.isNaN(value) && !maxAllowed.has(parameter))
      problems.push(`Q${parameter} of cycle ${number} must be a number, not MAX`);
  return problems;
}

/** The heights of a drilling cycle, mm: surface, set-up clearance, bottom, 2nd set-up clearance. */
interface Levels {
  safe: number;
  bottom: number;
  second: number;
}

function levels(q: QValues): Levels {
  const surface = q.get(203)!;
  const clearance = q.get(200)!;
  return {
    safe: surface + clearance,
    bottom: surface + q.get(201)!,
    second: surface + Math.max(clearance, q.get(204)!),
  };
}

/**
 * Run a drilling cycle at the tool's position (X, Y known, Z above the set-up clearance).
 * @param sink - the interpreter's state: moves, dwells and problems go to it
 * @param spindle - the spindle in force (cycle 207 feeds at its speed times the pitch)
 */
export function runCycle(sink: CycleSink, cycle: KlartextCycle, spindle: SpindleState): void {
  const { q, number } = cycle;
  const name = `CYCL ${number}`;
  const { safe, bottom, second } = levels(q);
  if (!(q.get(201)! < 0)) {
    sink.error(`${name}: the depth Q201 must be negative (below the surface Q203)`);
    return;
  }
  if (!(q.get(200)! >= 0)) {
    sink.error(`${name}: the set-up clearance Q200 must not be negative`);
    return;
  }
  const { x, y } = sink;
  sink.rapid(x, y, safe, name);
  switch (number) {
    case 200:
      drill(sink, q, name, { safe, bottom, second });
      return;
    case 201:
      sink.feed(x, y, bottom, name, { feed: q.get(206)! });
      if (q.get(211)! > 0) sink.dwell(q.get(211)!);
      retract(sink, x, y, safe, q, name, false);
      break;
    case 202:
      bore(sink, q, name, { safe, bottom, second });
      return;
    case 207:
      tap(sink, q, name, { safe, bottom, second }, spindle);
      break;
  }
  if (sink.z !== second) sink.rapid(x, y, second, name);
}

/** Cycle 200: plunging depths Q202, FMAX out to the set-up clearance between them. */
function drill(sink: CycleSink, q: QValues, name: string, { safe, bottom, second }: Levels): void {
  const { x, y } = sink;
  const plunge = q.get(202)!;
  if (!(plunge > 0)) {
    sink.error(`${name}: the plunging depth Q202 must be positive`);
    return;
  }
  const surface = q.get(203)!;
  const clearance = q.get(200)!;
  let depth = surface;
  while (depth > bottom) {
    if (depth !== surface) sink.rapid(x, y, depth + clearance, name);
    const next = Math.max(depth - plunge, bottom);
    sink.feed(x, y, next, name, { feed: q.get(206)! });
    if (next > bottom) {
      sink.rapid(x, y, safe, name);
      if (q.get(210)! > 0) sink.dwell(q.get(210)!);
    }
    depth = next;
  }
  if ((q.get(211) ?? 0) > 0) sink.dwell(q.get(211)!);
  sink.rapid(x, y, second, name);
}

/** Out of the hole at Q208: MAX at FMAX, 0 at the plunging feed Q206. */
function retract(
  sink: CycleSink,
  x: number,
  y: number,
  z: number,
  q: QValues,
  name: string,
  stopped: boolean,
): void {
  const speed = q.get(208)!;
  const feed = speed > 0 ? speed : q.get(206)!;
  if (Number.isNaN(speed)) sink.rapid(x, y, z, name);
  else if (stopped) sink.stoppedFeed(x, y, z, name, feed);
  else sink.feed(x, y, z, name, { feed });
}

/** Cycle 202: feed in, oriented stop, 0.2 mm off the wall, out, back to the centre. */
function bore(sink: CycleSink, q: QValues, name: string, { bottom, safe, second }: Levels): void {
  const { x, y } = sink;
  const direction = q.get(214)!;
  const shift = [null, [-0.2, 0], [0, -0.2], [0.2, 0], [0, 0.2]][direction];
  if (shift === undefined) {
    sink.error(`${name}: the disengaging direction Q214 must be 0, 1, 2, 3 or 4`);
    return;
  }
  sink.feed(x, y, bottom, name, { feed: q.get(206)! });
  if (q.get(211)! > 0) sink.dwell(q.get(211)!);
  const [dx, dy] = shift ?? [0, 0];
  if (dx || dy) sink.rapid(x + dx!, y + dy!, bottom, name);
  retract(sink, x + dx!, y + dy!, safe, q, name, true);
  if (second !== safe) sink.rapid(x + dx!, y + dy!, second, name);
  if (dx || dy) sink.rapid(x, y, second, name);
}

/** Cycle 207: in at the spindle speed times the pitch, out with the spindle reversed. */
function tap(
  sink: CycleSink,
  q: QValues,
  name: string,
  { bottom, safe }: Levels,
  spindle: SpindleState,
): void {
  const { x, y } = sink;
  const lead = Math.abs(q.get(239)!);
  if (!(lead > 0) || !(spindle.speed > 0)) {
    sink.error(
      lead > 0
        ? `${name}: rigid tapping needs a spindle speed (S in the TOOL CALL)`
        : `${name}: the thread pitch Q239 must not be 0`,
    );
    return;
  }
  const feed = spindle.speed * lead;
  sink.feed(x, y, bottom, name, { leadMm: lead, feed });
  sink.feed(x, y, safe, name, { leadMm: lead, feed, reverse: true });
}
