/**
 * Verify a milling program by reading it back: interpret every line in its dialect
 * (cam/gcode/interpreter.ts, machine 'mill', canned cycles expanded), remove from a model of the
 * block what each tool sweeps (the Z height map of cam/mill/stock-model.ts), and check what a
 * machinist checks before pressing cycle start, against the WHOLE part model (outline, every
 * hole, counterbore, pocket, slot and cut-out), not only what the plan programmed.
 *
 * One pass over the moves (cam/verify/pass.ts) hands each tool call and move to the process
 * checks (process.ts: a failure means the program must not run as it is), which cut it through
 * the block (simulation.ts); on the finished block follow the gouges and the completeness checks
 * (completeness.ts: a failure means part of the drawing is left undone). The input types are in
 * input.ts, the check ids and titles in checks.ts.
 *
 * Units: mm, mm/min, rpm, kW; work coordinates (G54), Z0 the finished top.
 */
import type { InterpreterEvent } from '../../gcode/events.ts';
import { interpretProgram } from '../../gcode/interpreter.ts';
import { compareWithPart, simulatedFromAbove } from '../../mill/part-model.ts';
import type { ProgramReport } from '../../program.ts';
import { countedLines, walkProgram } from '../pass.ts';
import { CheckList, programEndTitle } from '../report.ts';
import { checkTitles, completenessChecks } from './checks.ts';
import { checkMillCompleteness } from './completeness.ts';
import type { MillVerificationInput } from './input.ts';
import { MillProcess, checkGouges } from './process.ts';
import { millSimulation } from './simulation.ts';

/**
 * Verify a milling program.
 * @param program - the G-code text, or its lines one by one (read once, lazily)
 */
export function verifyMillProgram(
  program: string | Iterable<string>,
  input: MillVerificationInput,
): ProgramReport {
  const { lines, count } = countedLines(program);
  const events = interpretProgram(lines, { dialect: input.dialect, machine: 'mill' });
  return verifyMillEvents(events, input, count);
}

/**
 * Verify the moves of a milling program, as the interpreter reports them (cam/gcode/events.ts,
 * machine 'mill', canned cycles expanded).
 * @param lineCount - the number of program lines read, asked once all events are read, for the
 *   statistics
 * @returns the report: every check (those that do not apply to the part left out), the
 *   statistics, each operation, and the finished block seen from above
 */
export function verifyMillEvents(
  events: Iterable<InterpreterEvent>,
  input: MillVerificationInput,
  lineCount: () => number = () => 0,
): ProgramReport {
  const machine = input.machine ?? {};
  const titles = { ...checkTitles(machine), end: programEndTitle(input.dialect, true) };
  const checkList = new CheckList(titles, completenessChecks, {
    id: 'drawing',
    titleBesideGaps: 'Everything else on the drawing is programmed',
  });
  const { fail } = checkList;
  const simulation = millSimulation(input);
  const process = new MillProcess(input, simulation, fail);
  const { stats, ended } = walkProgram(events, [process], {
    syntax: (message) => fail('syntax', message),
    countToolChanges: true,
    lineCount,
    workOffset: (message) => fail('setup', message),
    endState: (message) => fail('end', message),
  });
  process.finish(stats, ended);

  // The finished part on the height map: material left, and cuts into the part.
  const { left, gouge } = compareWithPart(simulation.model, simulation.targets);
  checkGouges(input, simulation, gouge, fail);
  checkMillCompleteness(input, simulation, left, fail);

  const report = checkList.report(
    stats,
    (id) =>
      (id !== 'holes' || input.holes.length > 0) &&
      (id !== 'threads' || input.holes.some((hole) => hole.tapDepthMm !== undefined)) &&
      (id !== 'pockets' || input.pockets.length > 0) &&
      (id !== 'faced' || simulation.faced),
  );
  return {
    ...report,
    operations: process.operations(),
    simulated: simulatedFromAbove(simulation.model, simulation.targets),
  };
}
