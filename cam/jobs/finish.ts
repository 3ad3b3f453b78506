/**
 * A posted job's program finished: its body written once, its moves interpreted once, the kind's
 * verifier run on those moves, and the text shipped exactly the text whose moves were verified
 * (docs/decisions/038-cam-one-direction.md).
 *
 * The head's notes are comment lines, one per note. A comment carries no word, so the
 * interpreter yields no event for it and keeps its state (cam/gcode/interpreter.ts): a program
 * with more notes moves exactly as one with fewer, each move on a line further down. So the
 * program is interpreted once with the job's notes, and when the header gains the cycle time or
 * the verifier's verdict, its events are numbered again instead of the text read again.
 *
 * Dialects that number their blocks (Heidenhain) get their numbers when head and body are joined
 * (`numberBlocks`, cam/post/common.ts): a longer head moves the body's block numbers as it moves
 * its lines, and the lines keep their count, so the events' line numbers stay right.
 */
import type { Dialect, InterpreterEvent, MachineKind } from '../gcode/events.ts';
import { interpretProgram } from '../gcode/interpreter.ts';
import { shippedLines } from '../post/common.ts';
import type { PlotOutline, ProgramReport, ProgramSummary } from '../program.ts';

/** A kind generator's result before the dispatcher adds the cycle time and the backplot. */
export interface KindProgram {
  gcode: string;
  fileName: string;
  dialect: Dialect;
  report: ProgramReport;
  summary: ProgramSummary;
  outline: PlotOutline;
}

/**
 * A program's lines and what the interpreter read in them: every line of the text in order (the
 * last is '' after the final line break) and the events of those lines, lines numbered from 1.
 */
export interface ReadProgram {
  lines: readonly string[];
  events: readonly InterpreterEvent[];
}

/** A posted job's program as written with some header notes, and read: its head apart. */
export interface WrittenProgram extends ReadProgram {
  head: readonly string[];
}

/**
 * A job planned and its program's body written by the post-processor of the machine's
 * controller, before its head is written and the program is read back. Every kind pipeline
 * (cam/jobs/lathe.ts, mill.ts, wire.ts, sinker.ts) makes one, so the dispatcher
 * (cam/jobs/generate.ts) plans and posts each job once and still puts the cycle time into the
 * header.
 */
export interface PostedJob {
  machineKind: MachineKind;
  dialect: Dialect;
  fileName: string;
  summary: ProgramSummary;
  outline: PlotOutline;
  /** The program after its head, one string per line; the last is '' (a final line break). */
  body: string[];
  /** The program's head with `notes` as the first notes of its header. */
  head(notes: readonly string[]): string[];
  /** Check a read program's moves with the kind's verifier (the report before the plan's gaps). */
  verify(program: ReadProgram): ProgramReport;
  /**
   * The program's lines numbered as the control stores them, for dialects that number blocks
   * (the post's numberBlocks, cam/post/common.ts); it keeps the count and order of the lines.
   */
  numberBlocks?: (lines: readonly string[]) => string[];
}

/** A posted job's head and body joined into the program's lines, numbered when its dialect numbers blocks. */
const joined = (
  job: Pick<PostedJob, 'numberBlocks'>,
  head: readonly string[],
  body: readonly string[],
): string[] => shippedLines(job, [...head, ...body]);

/** What a header says of a program's verification: verified, or what it leaves undone. */
export type Verdict = Pick<ProgramReport, 'verified' | 'unfinished'>;

/** A finished program and the events of its moves, numbered as its lines. */
export interface FinishedProgram {
  program: KindProgram;
  events: readonly InterpreterEvent[];
}

/** The text of a posted job with `notes` first among its header notes. */
export const programText = (job: PostedJob, notes: readonly string[]): string =>
  joined(job, job.head(notes), job.body).join('\n');

/**
 * Read a program text with the interpreter of a posted job's dialect and machine kind.
 * @param gcode - the whole program, lines ending in LF or CRLF
 * @returns its lines and their events
 */
export function readProgramText(
  job: Pick<PostedJob, 'dialect' | 'machineKind'>,
  gcode: string,
): ReadProgram {
  const lines = gcode.split(/\r?\n/);
  return { lines, events: eventsOf(job, lines) };
}

/**
 * Write a posted job's program with `notes` in its header and interpret it: the one
 * interpretation of its moves.
 */
export function readProgram(job: PostedJob, notes: readonly string[]): WrittenProgram {
  const head = job.head(notes);
  const lines = joined(job, head, job.body);
  return { head, lines, events: eventsOf(job, lines) };
}

/** The interpreter's events of a program's lines. */
function eventsOf(
  job: Pick<PostedJob, 'dialect' | 'machineKind'>,
  lines: readonly string[],
): InterpreterEvent[] {
  return [...interpretProgram(lines, { dialect: job.dialect, machine: job.machineKind })];
}

/**
 * The program `read` with `head` in place of its own head: the same moves, the body's events
 * moved down by the lines the head gained. The events of the head's first lines (tape mark,
 * program number, set-up blocks), which both heads share, stay where they are.
 * @param body - the program's body, the same under both heads
 * @param job - numbers the lines when the dialect numbers its blocks (Heidenhain); the events
 *   need no change for it, as the lines keep their count
 * @throws Error when an event stands among the head lines the two heads do not share: those
 *   must be comments (header notes), which have none
 */
export function withHead(
  read: WrittenProgram,
  head: readonly string[],
  body: readonly string[],
  job: Pick<PostedJob, 'numberBlocks'> = {},
): WrittenProgram {
  const lines = joined(job, head, body);
  const gained = head.length - read.head.length;
  let shared = 0;
  while (shared < head.length && head[shared] === read.head[shared]) shared += 1;
  if (gained === 0 && shared === head.length) return { ...read, head, lines };
  const events = read.events.map((event) => {
    if (event.line <= shared) return event;
    if (event.line > read.head.length) return { ...event, line: event.line + gained };
    throw new Error(`line ${event.line} of the header moves the machine: it is no comment`);
  });
  return { head, lines, events };
}

/**
 * The verdict the plan foresees: verified when it left nothing out; else what it left out, the
 * verifier finding nothing more.
 */
export const plannedVerdict = (job: PostedJob): Verdict => ({
  verified: job.summary.notProgrammed.length === 0,
  unfinished: [...new Set(job.summary.notProgrammed)],
});

/** A program verified under one head: what was checked, the report, and the head it calls for. */
interface Check {
  checked: WrittenProgram;
  report: ProgramReport;
  shipped: string[];
}

/** Verify `read`'s moves numbered for `head`, and write the head the verdict calls for. */
function checkUnder(
  job: PostedJob,
  read: WrittenProgram,
  head: readonly string[],
  notesFor: (verdict: Verdict) => readonly string[],
): Check {
  const checked = withHead(read, head, job.body, job);
  const report = withPlanGaps(job.verify(checked), job.summary.notProgrammed);
  return { checked, report, shipped: job.head(notesFor(report)) };
}

/**
 * Finish a posted job's program: verify its moves once and write its head with the notes the
 * verdict calls for. The moves are numbered for the head of the plan's verdict; only when the
 * verifier's verdict gives the head another number of lines are they numbered and verified
 * again, so the report's line numbers and line count are always the shipped text's.
 * @param read - the program as written with the job's notes ({@link readProgram})
 * @param notesFor - the header notes for a verdict
 * @returns the program, whose `gcode` is the text whose moves were verified, with the report
 *   (with the plan's gaps, {@link withPlanGaps}); and those moves' events
 * @throws Error when the verdict changes with the moves' line numbers (it must not)
 */
export function finishProgram(
  job: PostedJob,
  read: WrittenProgram,
  notesFor: (verdict: Verdict) => readonly string[],
): FinishedProgram {
  const planned = job.head(notesFor(plannedVerdict(job)));
  let check = checkUnder(job, read, planned, notesFor);
  if (check.shipped.length !== planned.length) {
    // The verifier found what the plan did not foresee: the head has another number of lines.
    const head = check.shipped;
    check = checkUnder(job, read, head, notesFor);
    if (check.shipped.length !== head.length)
      throw new Error('the verdict changed with the line numbers of the moves');
  }
  const program: KindProgram = {
    gcode: joined(job, check.shipped, job.body).join('\n'),
    fileName: job.fileName,
    dialect: job.dialect,
    report: check.report,
    summary: job.summary,
    outline: job.outline,
  };
  return { program, events: check.checked.events };
}

/**
 * The finished program of a posted job with `notes` in its header (each kind's
 * generate…Program): verified on the one interpretation of that exact text.
 */
export function finishWithNotes(job: PostedJob, notes: readonly string[]): KindProgram {
  return finishProgram(job, readProgram(job, notes), () => notes).program;
}

/**
 * A verifier's report with what the plan itself left out: those features are unfinished too,
 * first, in the plan's words; the verifier's own findings of material left follow (a feature
 * both name keeps the plan's sentence, which says why and what would do it).
 */
export function withPlanGaps(
  report: ProgramReport,
  notProgrammed: readonly string[],
): ProgramReport {
  // "Ø18.75: is left at Ø23.5" says again what "the groove Ø18.75 (0.55 mm wide): …" says.
  const named = (finding: string) => {
    const label = finding.split(':')[0]!.replace(/^the bore /, '');
    return label.length > 0 && notProgrammed.some((entry) => entry.includes(label));
  };
  // Features of one kind left for one reason are one sentence each, said once.
  const unfinished = [
    ...new Set([...notProgrammed, ...report.unfinished.filter((entry) => !named(entry))]),
  ];
  const complete = report.complete && unfinished.length === 0;
  return { ...report, unfinished, complete, verified: report.passed && complete };
}
