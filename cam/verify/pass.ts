/**
 * The one pass every verifier makes over a program: the interpreter's events
 * (cam/gcode/events.ts) read once, in program order. The pass answers for what every kind reads
 * alike: a line the controller does not run (the 'syntax' check), the program's end (M30, M2),
 * the statistics (lines, moves, rapids, feeds, tool changes, and the extents of the moves), and
 * where the previous move ended. It hands each tool call, programmed stop and move to the kind's
 * checks (cam/verify/<kind>/process.ts, completeness.ts) in the order they are given; what the
 * checks find they record in the kind's `CheckList` (report.ts).
 *
 * Also the program's lines counted as the interpreter reads them, for a verifier given text.
 * Units: mm, work coordinates (lathes: X a diameter).
 */
import type { InterpreterEvent, MotionEvent, Point3 } from '../gcode/events.ts';
import type { Extents, ProgramReport } from '../program.ts';

/** A report's statistics: lines, moves, rapids, feeds, tool changes and extents. */
export type ProgramStats = ProgramReport['stats'];

type ToolEvent = Extract<InterpreterEvent, { type: 'tool' }>;
type StopEvent = Extract<InterpreterEvent, { type: 'stop' }>;

/** One check's part in the pass: what it does with each kind of event (every part optional). */
export interface PassCheck {
  /** A tool call (T word). */
  tool?(event: ToolEvent): void;
  /** A programmed stop (M0, M1). */
  stop?(event: StopEvent): void;
  /**
   * A move, after it is counted.
   * @param previous - where the move before it ended (null before the first move)
   */
  move?(event: MotionEvent, previous: Point3 | null): void;
}

export interface PassOptions {
  /** Where a line the controller does not run is reported ("line N: why"): the 'syntax' check. */
  syntax: (message: string) => void;
  /** Whether tool calls count as tool changes in the statistics (machines with tool changers). */
  countToolChanges: boolean;
  /**
   * The points of a move the extents take in (by default its end point; lathes take X and Z
   * with Y 0, wire EDM also points along its arcs).
   */
  extentsOf?: (event: MotionEvent) => Iterable<Point3>;
  /** The number of program lines read, asked once every event is read. */
  lineCount: () => number;
  /**
   * Where a move made before the program selects its work offset is reported ("line N: why"),
   * once: such a move runs in whatever offset the control last had (a far-end setup's G55, one
   * chosen by hand in MDI). Kinds check it in their 'setup' check.
   */
  workOffset?: (message: string) => void;
  /**
   * Where the program's end with the spindle turning or coolant on is reported ("line N: why"):
   * the 'end' check.
   */
  endState?: (message: string) => void;
}

/** What the pass saw: the statistics, and whether the program ended (M30, M2). */
export interface PassResult {
  stats: ProgramStats;
  ended: boolean;
}

/** Statistics before the first line is read. */
export const emptyStats = (): ProgramStats => ({
  lines: 0,
  motions: 0,
  rapids: 0,
  feeds: 0,
  toolChanges: 0,
  extents: null,
});

/**
 * Grow a report's extents to take in `point` (the first point makes them).
 * @returns the same statistics
 */
export function extendExtents(stats: ProgramStats, point: Point3): ProgramStats {
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
  return stats;
}

const endPoint = (event: MotionEvent): Point3[] => [event.to];

/**
 * Walk a program's events once and hand them to the checks.
 * @param events - the interpreter's events, read once, lazily
 * @param checks - the kind's checks, each handed every event it has a part for, in this order
 * @returns the statistics (the line count asked once the events are read) and whether it ended
 */
export function walkProgram(
  events: Iterable<InterpreterEvent>,
  checks: readonly PassCheck[],
  options: PassOptions,
): PassResult {
  const stats = emptyStats();
  const extentsOf = options.extentsOf ?? endPoint;
  let ended = false;
  let previous: Point3 | null = null;
  let offsetSelected = false;
  for (const event of events) {
    if (event.type === 'error') options.syntax(`line ${event.line}: ${event.message}`);
    else if (event.type === 'workOffset') offsetSelected = true;
    else if (event.type === 'end') {
      ended = true;
      if (event.left) options.endState?.(leftOnAtEnd(event.line, event.left));
    } else if (event.type === 'stop') for (const check of checks) check.stop?.(event);
    else if (event.type === 'tool') {
      if (options.countToolChanges) stats.toolChanges += 1;
      for (const check of checks) check.tool?.(event);
    } else if (event.type === 'motion') {
      if (!offsetSelected) {
        options.workOffset?.(
          `line ${event.line}: a move before the program selects its work offset; it would run in whichever offset the control has active`,
        );
        offsetSelected = true;
      }
      stats.motions += 1;
      for (const point of extentsOf(event)) extendExtents(stats, point);
      if (event.kind === 'rapid') stats.rapids += 1;
      else stats.feeds += 1;
      for (const check of checks) check.move?.(event, previous);
      previous = { ...event.to };
    }
  }
  stats.lines = options.lineCount();
  return { stats, ended };
}

/** The end check's sentence for a program that ends with `left` still on. */
function leftOnAtEnd(line: number, left: readonly ('spindle' | 'coolant')[]): string {
  const what = left.map((thing) => (thing === 'spindle' ? 'the spindle turning' : 'coolant on'));
  const codes = left.map((thing) => (thing === 'spindle' ? 'M5' : 'M9')).join(' and ');
  return `line ${line}: the program ends with ${what.join(' and ')}: stop it with ${codes} before the end`;
}

/**
 * A program's lines as the interpreter reads them, counted as they pass.
 * @param program - the G-code text (lines end in LF or CRLF), or its lines one by one
 * @returns the lines, read once and lazily, and how many have been read so far
 */
export function countedLines(program: string | Iterable<string>): {
  lines: Iterable<string>;
  count: () => number;
} {
  const lines = typeof program === 'string' ? program.split(/\r?\n/) : program;
  let count = 0;
  const counted = (function* countLines() {
    for (const line of lines) {
      count += 1;
      yield line;
    }
  })();
  return { lines: counted, count: () => count };
}
