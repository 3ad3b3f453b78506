/**
 * The dispatcher by job type: plan the job and write its program's body once, with the
 * pipeline of its kind (cam/jobs/lathe.ts, mill.ts, wire.ts, sinker.ts); interpret the program
 * once; estimate the cycle time from its events; verify the same events with the kind's
 * verifier; write the head with the cycle time and the verdict among its notes; and draw the
 * backplot from the same events (cam/jobs/finish.ts says how one interpretation serves all).
 */
import { backplotSvg } from '../backplot.ts';
import { estimateCycleTime, findOperationLines, formatDuration } from '../cycle-time.ts';
import { programHeader } from '../post/common.ts';
import type { CycleTime, GeneratedProgram, ProgramJob } from '../program.ts';
import { sinkerSetup, wireSetup } from '../setup-sheet/edm.ts';
import type { KindSetup } from '../setup-sheet/kind.ts';
import { latheSetup } from '../setup-sheet/lathe.ts';
import { millSetup } from '../setup-sheet/mill.ts';
import { setupSheetOf } from '../setup-sheet/sheet.ts';
import { finishProgram, readProgram } from './finish.ts';
import type { PostedJob, Verdict, WrittenProgram } from './finish.ts';
import { postLatheJob } from './lathe.ts';
import { postMillJob } from './mill.ts';
import { postSinkerJob } from './sinker.ts';
import { postWireJob } from './wire.ts';

/**
 * A job planned and its body posted, with what its plan tells the setup sheet: the kind's
 * set-up and, per operation of the summary, its setup (a lathe's second setup is 2).
 */
interface PlannedJob {
  posted: PostedJob;
  setup: KindSetup;
  operationSetups?: (number | undefined)[];
}

/** The pipeline of each job type: the plan, the program's body and the set-up. */
const posters: Record<ProgramJob['jobType'], (job: ProgramJob) => PlannedJob> = {
  Lathe: (job) => {
    const posted = postLatheJob(job);
    return {
      posted,
      setup: latheSetup(job, posted.plan, posted.dialect),
      operationSetups: posted.plan.operations.map((operation) => operation.setup),
    };
  },
  Milling: (job) => {
    const posted = postMillJob(job);
    return { posted, setup: millSetup(posted.plan, posted.dialect) };
  },
  'Wire EDM': (job) => {
    const posted = postWireJob(job);
    return { posted, setup: wireSetup(posted.plan) };
  },
  'Sinker EDM': (job) => {
    const posted = postSinkerJob(job);
    return { posted, setup: sinkerSetup(posted.plan) };
  },
};

/** What a part is called when neither the job nor its drawing names it, as the headers say. */
const fallbackNames: Record<ProgramJob['jobType'], string> = {
  Lathe: 'Turned part',
  Milling: 'Milled part',
  'Wire EDM': 'Wire EDM part',
  'Sinker EDM': 'Sinker EDM part',
};

/**
 * Plan, write and verify a program for any job type.
 * @returns the verified (or failed) program with its cycle time in the summary and the header,
 *   its backplot as SVG and its setup sheet (cam/setup-sheet/)
 * @throws PartModelError, PrismaticPartError or PlanningError (cam/errors.ts) with a message
 *   for the user when the job cannot be planned
 */
export function generateProgram(job: ProgramJob): GeneratedProgram {
  const { posted, setup, operationSetups } = posters[job.jobType](job);
  const notes = job.headerNotes ?? [];
  // Comments do not move the machine: the program with the job's notes moves exactly as the
  // finished one, so its one interpretation gives the cycle time, the report and the backplot.
  const read = readProgram(posted, notes);
  const cycleTime = cycleTimeOf(posted, read);
  const timeNote = `Estimated cycle time ${formatDuration(cycleTime.totalSeconds)}`;
  const { program, events } = finishProgram(posted, read, (verdict) =>
    headerNotes(posted, verdict, [...notes, timeNote]),
  );
  const seconds = new Map(cycleTime.operations.map((entry) => [entry.name, entry.seconds]));
  const summary = {
    ...program.summary,
    operations: program.summary.operations.map((operation) => ({
      ...operation,
      ...(seconds.has(operation.name) ? { seconds: seconds.get(operation.name)! } : {}),
    })),
    cycleTime,
  };
  const partName = programHeader(job, posted.summary, {
    fallbackName: fallbackNames[job.jobType],
    stock: posted.summary.stock,
    postLabel: '',
  }).partName;
  return {
    ...program,
    summary,
    setupSheet: setupSheetOf(job, setup, { ...program, summary }, partName, operationSetups),
    backplotSvg: backplotSvg(events, program.outline, {
      title: `${program.fileName}: toolpath`,
      ...(program.report.simulated ? { simulated: program.report.simulated } : {}),
    }),
  };
}

/** The cycle time of a read program, per operation as its comment lines name them. */
function cycleTimeOf(posted: PostedJob, read: WrittenProgram): CycleTime {
  return estimateCycleTime(read.events, {
    machine: posted.machineKind,
    operations: findOperationLines(
      read.lines,
      posted.summary.operations.map((operation) => operation.name),
    ),
  });
}

/**
 * The header notes of a finished program: `notes`, and first, when the program is not
 * verified, what it leaves undone beyond what the plan's own notes say.
 */
function headerNotes(posted: PostedJob, verdict: Verdict, notes: readonly string[]): string[] {
  // A program that leaves part of the drawing undone says so at its top, for whoever loads it.
  if (verdict.verified) return [...notes];
  const count = verdict.unfinished.length;
  return [
    `INCOMPLETE, NOT VERIFIED: it leaves ${count} ${count === 1 ? 'thing' : 'things'} of the drawing undone`,
    ...verdict.unfinished
      .filter((entry) => !posted.summary.notProgrammed.includes(entry))
      .map((entry) => `left undone: ${entry}`),
    ...notes,
  ];
}
