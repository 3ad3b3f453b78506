/**
 * Verify a lathe program by reading it back: interpret every line in its dialect (or take the
 * moves of another interpreter, such as LinuxCNC's rs274), remove from a model of the bar what
 * each tool's real shape sweeps (cam/lathe/stock-model.ts, cam/lathe/cutters.ts), and check what
 * a machinist checks before pressing cycle start.
 *
 * One pass over the moves (cam/verify/pass.ts) hands each tool call and move to the process
 * checks (process.ts, with ratings.ts and operations.ts: a failure means the program must not run
 * as it is), which sweep each cut through the bar, and to the threading passes
 * (completeness.ts) and the tapped holes (tapping.ts); on the bar as the program leaves it follow the completeness checks
 * (completeness.ts: a failure means part of the drawing is left undone) and the gouges found by
 * the same comparison with the part. A second setup (the part turned around after the part off,
 * under G55) is followed by setups.ts: its moves cut the parted-off part turned end for end, and
 * the completeness checks read the part as it leaves it. A sawn blank (input.stock.lengthMm) is
 * modelled at its length, is not parted off (no 'partOff' check) and must be faced to length in
 * the second setup. A setup that sticks out too far to turn without support leaves the program
 * unverified (support.ts); one held by the tailstock is followed through its stops
 * (tailstock.ts). The input types are in input.ts, the check ids and titles in
 * checks.ts.
 *
 * Units: mm, mm/rev, m/min, rpm, kW. Coordinates: X a diameter, Z from the finished free-end
 * face (negative toward the chuck); the model's half-section is (x = Z, y = radius).
 */
import type { InterpreterEvent } from '../../gcode/events.ts';
import { interpret } from '../../gcode/interpreter.ts';
import { DIAMETER_TOLERANCE_MM } from '../../lathe/part-sizes.ts';
import { LatheStock } from '../../lathe/stock-model.ts';
import type { ProgramReport } from '../../program.ts';
import { countedLines, walkProgram } from '../pass.ts';
import { CheckList, programEndTitle } from '../report.ts';
import { checkTitles, completenessChecks } from './checks.ts';
import { ThreadPasses, checkCompleteness, checkFinishedPart } from './completeness.ts';
import type { LatheVerificationInput } from './input.ts';
import { LatheProcess } from './process.ts';
import { LatheSetups } from './setups.ts';
import { checkSupport } from './support.ts';
import { TailstockCheck } from './tailstock.ts';
import { TappedHoleChecks } from './tapping.ts';

/**
 * Verify a lathe program.
 * @param program - the G-code text, or its lines one by one
 */
export function verifyLatheProgram(
  program: string | Iterable<string>,
  input: LatheVerificationInput,
): ProgramReport {
  const { lines, count } = countedLines(program);
  return verifyLatheEvents(interpret(lines, input.dialect), input, count);
}

/**
 * Verify the moves of a lathe program, as any interpreter reports them (cam/gcode/events.ts).
 * @param lineCount - the number of program lines read, for the statistics
 * @returns the report: every check that applies (power, speed and travels only for a machine
 *   that gives them, the finishing allowance only when it is known, completeness and gouges on
 *   the part only with a part model), the statistics, each operation, and the bar as the program
 *   leaves it
 */
export function verifyLatheEvents(
  events: Iterable<InterpreterEvent>,
  input: LatheVerificationInput,
  lineCount: () => number = () => 0,
): ProgramReport {
  const titles = { ...checkTitles, end: programEndTitle(input.dialect, true) };
  const checks = new CheckList(titles, completenessChecks, {
    id: 'complete',
    titleBesideGaps: 'Nothing else of the drawing is left uncut',
  });
  const { fail } = checks;
  const tolerance = input.sizeToleranceMm ?? DIAMETER_TOLERANCE_MM;
  const machine = input.machine ?? {};
  // Bar runs on into the chuck; a sawn blank ends at its sawn back end, in the jaws.
  const blankLength = input.stock.lengthMm;
  const stock = new LatheStock({
    radiusMm: input.stock.diameterMm / 2,
    frontFaceZ: input.stock.frontFaceZ,
    backZ:
      blankLength !== undefined
        ? input.stock.frontFaceZ - blankLength
        : input.stock.chuckFaceZ - 10,
  });
  const process = new LatheProcess(input, stock, fail);
  const setups = new LatheSetups(
    input,
    stock,
    (part, chuckFaceZ) => process.beginSecondSetup(part, chuckFaceZ),
    fail,
  );
  const threads = new ThreadPasses(input, (event) => process.toolOf(event));
  const tapped = new TappedHoleChecks(input, (event) => process.toolOf(event));
  const tailstock = input.tailstock
    ? new TailstockCheck(input, input.tailstock, stock, (event) => process.toolOf(event), fail)
    : undefined;
  const passes = [setups, process, threads, tapped, ...(tailstock ? [tailstock] : [])];
  // The setups first: a move that starts the second setup is swept through its part.
  const { stats, ended } = walkProgram(events, passes, {
    syntax: (message) => fail('syntax', message),
    countToolChanges: true,
    extentsOf: (event) => [{ x: event.to.x, y: 0, z: event.to.z }],
    lineCount,
    workOffset: (message) => fail('setup', message),
    endState: (message) => fail('end', message),
  });
  process.finish(stats, ended);
  threads.finish(fail);
  tapped.finish(fail);
  const finished = setups.finished();
  const leftLabels = checkFinishedPart(input, finished, tolerance, fail, stock);
  const simulated = checkCompleteness(input, finished, fail, leftLabels);
  // What the plan left out is listed as unfinished (cam/jobs/finish.ts withPlanGaps): the
  // catch-all's ✓ then claims only the rest of the drawing.
  checks.planGaps = (input.notProgrammed ?? []).length > 0;
  const centreHeld = tailstock?.finish(setups.firstSetupBar()) ?? false;
  checkSupport(input, fail, setups.firstSetupBar(), centreHeld);

  const report = checks.report(
    stats,
    (id) =>
      (id !== 'inner' || input.inner.length > 0) &&
      (id !== 'chamfers' || input.chamfers.length > 0) &&
      (id !== 'threads' || (input.threads ?? []).length > 0) &&
      (id !== 'partOff' || input.stock.lengthMm === undefined) &&
      (id !== 'support' || input.outer.length > 0) &&
      (id !== 'tailstock' || input.tailstock !== undefined) &&
      ((id !== 'tapped' && id !== 'tapping') || (input.tappedHoles ?? []).length > 0) &&
      (id !== 'power' || machine.spindlePowerKw !== undefined) &&
      (id !== 'spindle' || machine.maxRpm !== undefined) &&
      (id !== 'travels' || machine.travelsMm !== undefined) &&
      (id !== 'finishing' || input.finishAllowanceMm !== undefined) &&
      (id !== 'complete' || input.part !== undefined) &&
      (id !== 'gouges' || input.part !== undefined),
  );
  const operations = process.operations();
  return { ...report, operations, ...(simulated ? { simulated } : {}) };
}
