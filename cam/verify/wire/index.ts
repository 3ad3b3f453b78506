/**
 * Verify a wire EDM program by reading it back with the interpreter (iso-edm dialect, wire
 * machine) and checking what a wire EDM operator checks before starting a cut: every line runs,
 * the wire offset is on for every cut of a contour and off at the start of each lead-in and the
 * end of each lead-out, on the side that keeps the part, the programmed path is the part's
 * contour (within 0.005 mm) all the way round and back to its lead-in point, start holes lie in
 * the slug (or outside the part for the outline), the wire never cuts into the part on its way
 * in or out, travels in rapid only after it has been cut (M0), and stays on the plate.
 *
 * One pass over the moves (cam/verify/pass.ts) hands each stop and move to the process checks
 * (process.ts), which hand what each cut follows to the contours' records (completeness.ts),
 * judged after the last move. The input is in input.ts, the check ids and titles in checks.ts,
 * the geometry of moves and contours in moves.ts.
 *
 * The programmed path is the contour itself: the control offsets the wire by the register's
 * value, so the check is on the path before the offset, which is what the program states.
 */
import type { InterpreterEvent } from '../../gcode/events.ts';
import { interpretProgram } from '../../gcode/interpreter.ts';
import type { ProgramReport } from '../../program.ts';
import { countedLines, walkProgram } from '../pass.ts';
import { CheckList } from '../report.ts';
import { checkTitles } from './checks.ts';
import { checkClosed, checkPassCount, contourRecords } from './completeness.ts';
import type { WireVerificationInput } from './input.ts';
import { extentsOf } from './moves.ts';
import { WireProcess } from './process.ts';

/**
 * Verify a wire EDM program.
 * @param program - the G-code text, or its lines one by one (read once, lazily)
 */
export function verifyWireProgram(
  program: string | Iterable<string>,
  input: WireVerificationInput,
): ProgramReport {
  const { lines, count } = countedLines(program);
  const events = interpretProgram(lines, { dialect: 'iso-edm', machine: 'wire' });
  return verifyWireEvents(events, input, count);
}

/**
 * Verify the moves of a wire EDM program, as the interpreter reports them (cam/gcode/events.ts,
 * dialect iso-edm, machine 'wire').
 * @param lineCount - the number of program lines read, asked once all events are read, for the
 *   statistics
 * @returns the report: every check (all of them process checks), and the statistics (the
 *   extents take in points along the arcs)
 */
export function verifyWireEvents(
  events: Iterable<InterpreterEvent>,
  input: WireVerificationInput,
  lineCount: () => number = () => 0,
): ProgramReport {
  const tolerance = input.toleranceMm ?? 0.005;
  const checkList = new CheckList(checkTitles);
  const { fail } = checkList;
  const contours = contourRecords(input);
  const process = new WireProcess(input, contours, fail);
  const { stats, ended } = walkProgram(events, [process], {
    syntax: (message) => fail('syntax', message),
    countToolChanges: false,
    extentsOf,
    lineCount,
    workOffset: (message) => fail('workOffset', message),
  });
  if (!ended) fail('end', 'the program does not end with M30');
  process.finish();
  checkClosed(contours, tolerance, fail);
  checkPassCount(contours, fail);
  return checkList.report(stats);
}
