/**
 * The dispatcher by job type: plan the job and write its program's body once, with the
 * generator of its kind (cam/lathe, cam/mill, cam/wire, cam/sinker); estimate the cycle time
 * from the interpreted program; write the head with the cycle time among its notes; read the
 * finished program back with the kind's verifier; and draw its backplot.
 */
import { backplotSvg } from './backplot.ts';
import { estimateCycleTime, findOperationLines, formatDuration } from './cycle-time.ts';
import { interpretProgram } from './gcode/interpreter.ts';
import { postLatheJob } from './lathe/generate.ts';
import { postMillJob } from './mill/generate.ts';
import { finishProgram, programText } from './program.ts';
import type { GeneratedProgram, PostedJob, ProgramJob } from './program.ts';
import { postSinkerJob } from './sinker/generate.ts';
import { postWireJob } from './wire/generate.ts';

/** The generator of each job type: the plan and the program's body. */
const posters: Record<ProgramJob['jobType'], (job: ProgramJob) => PostedJob> = {
  Lathe: postLatheJob,
  Milling: postMillJob,
  'Wire EDM': postWireJob,
  'Sinker EDM': postSinkerJob,
};

/**
 * Plan, write and verify a program for any job type.
 * @returns the verified (or failed) program with its cycle time in the summary and the header,
 *   and its backplot as SVG
 * @throws PartModelError, PrismaticPartError or PlanningError (cam/errors.ts) with a message
 *   for the user when the job cannot be planned
 */
export function generateProgram(job: ProgramJob): GeneratedProgram {
  const posted = posters[job.jobType](job);
  const notes = job.headerNotes ?? [];
  // Comments do not move the machine: the program without the cycle time note moves exactly
  // as the finished one, so its events give the cycle time and the backplot.
  const lines = programText(posted, notes).split('\n');
  const options = { dialect: posted.dialect, machine: posted.machineKind };
  const events = [...interpretProgram(lines, options)];
  const cycleTime = estimateCycleTime(events, {
    machine: posted.machineKind,
    operations: findOperationLines(
      lines,
      posted.summary.operations.map((operation) => operation.name),
    ),
  });
  const timeNote = `Estimated cycle time ${formatDuration(cycleTime.totalSeconds)}`;
  const verified = finishProgram(posted, [...notes, timeNote]);
  // A program that leaves part of the drawing undone says so at its top, for whoever loads it.
  // Comments do not move the machine: the report on the text without them holds for it.
  const program = verified.report.verified
    ? verified
    : {
        ...verified,
        gcode: programText(posted, [
          `INCOMPLETE, NOT VERIFIED: it leaves ${verified.report.unfinished.length} thing(s) of the drawing undone`,
          ...verified.report.unfinished
            .filter((entry) => !posted.summary.notProgrammed.includes(entry))
            .map((entry) => `left undone: ${entry}`),
          ...notes,
          timeNote,
        ]),
      };
  const seconds = new Map(cycleTime.operations.map((entry) => [entry.name, entry.seconds]));
  return {
    ...program,
    summary: {
      ...program.summary,
      operations: program.summary.operations.map((operation) => ({
        ...operation,
        ...(seconds.has(operation.name) ? { seconds: seconds.get(operation.name)! } : {}),
      })),
      cycleTime,
    },
    backplotSvg: backplotSvg(events, program.outline, {
      title: `${program.fileName}: toolpath`,
      ...(program.report.simulated ? { simulated: program.report.simulated } : {}),
    }),
  };
}
