/**
 * Verify a sinker EDM program by reading it back with the interpreter (iso-edm dialect, sinker
 * machine): every line runs, a condition (E number) is set before every burn, rapid moves stay
 * above the part (sideways only at the clearance height), every burn is over a cavity and
 * stays within its finished size (electrode + orbit + gap), each cavity is burned to its depth
 * and its last condition orbits out to the finished wall, and the program ends with M30.
 *
 * One pass over the moves (cam/verify/pass.ts) hands each move to the process checks
 * (process.ts), which hand each burned point to its cavity's record (completeness.ts), judged
 * after the last move. The input and the program's lines as read are in input.ts, the check ids
 * and titles in checks.ts.
 *
 * Positions are the electrode tip's; the burned floor lies one spark gap below it and the wall
 * one electrode half-size plus the orbit plus a gap from the centre.
 */
import type { InterpreterEvent } from '../../gcode/events.ts';
import { interpretProgram } from '../../gcode/interpreter.ts';
import type { ProgramReport } from '../../program.ts';
import { walkProgram } from '../pass.ts';
import { CheckList } from '../report.ts';
import { checkTitles } from './checks.ts';
import { cavityRecords, checkCavities } from './completeness.ts';
import { SinkerLines } from './input.ts';
import type { SinkerVerificationInput } from './input.ts';
import { SinkerProcess } from './process.ts';

/**
 * Verify a sinker EDM program.
 * @param program - the G-code text, or its lines one by one (read once, lazily)
 */
export function verifySinkerProgram(
  program: string | Iterable<string>,
  input: SinkerVerificationInput,
): ProgramReport {
  const read = new SinkerLines();
  const lines = typeof program === 'string' ? program.split(/\r?\n/) : program;
  const events = interpretProgram(read.lines(lines), { dialect: 'iso-edm', machine: 'sinker' });
  return verifySinkerEvents(events, input, read);
}

/**
 * Verify the moves of a sinker EDM program, as the interpreter reports them
 * (cam/gcode/events.ts, dialect iso-edm, machine 'sinker').
 * @param lines - the program's lines as read beside the interpreter (their count and first
 *   condition line), by the time each event is read
 * @returns the report: every check (all of them process checks) and the statistics
 */
export function verifySinkerEvents(
  events: Iterable<InterpreterEvent>,
  input: SinkerVerificationInput,
  lines: SinkerLines,
): ProgramReport {
  const tolerance = input.toleranceMm ?? 0.005;
  const checkList = new CheckList(checkTitles);
  const { fail } = checkList;
  const cavities = cavityRecords(input);
  const process = new SinkerProcess(input, cavities, lines, fail);
  const { stats, ended } = walkProgram(events, [process], {
    syntax: (message) => fail('syntax', message),
    countToolChanges: false,
    lineCount: () => lines.count,
    workOffset: (message) => fail('workOffset', message),
  });
  if (!ended) fail('end', 'the program does not end with M30');
  checkCavities(cavities, tolerance, fail);
  return checkList.report(stats);
}
