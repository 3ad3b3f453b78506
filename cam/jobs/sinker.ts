/**
 * The sinker EDM pipeline, from a confirmed description and the job's choices to a verified
 * sinker EDM program: build the prismatic part (cam/prismatic/part.ts), lay it on the table
 * (turned a quarter turn when only so it fits the block, cam/prismatic/turn.ts), plan the
 * cavities and their conditions (cam/sinker/plan.ts), write them in the iso-edm dialect
 * (cam/post/edm/sinker.ts) and check the interpreted moves with the verifier
 * (cam/verify/sinker/).
 */
import { sinkerConditionTitle, sinkerPost } from '../post/edm/sinker.ts';
import { prismaticPartFromDescription } from '../prismatic/part.ts';
import { placeOnTable, turnedNote } from '../prismatic/turn.ts';
import { safeFileName } from '../program.ts';
import type { ProgramJob } from '../program.ts';
import { verifySinkerEvents } from '../verify/sinker/index.ts';
import { SinkerLines, sinkerVerificationInput } from '../verify/sinker/input.ts';
import { stockBoundsOf } from '../wire/plan.ts';
import { planSinker } from '../sinker/plan.ts';
import type { SinkerPlan } from '../sinker/program.ts';
import { programHeader } from '../post/common.ts';
import { SinkerPlanningError } from '../errors.ts';
import { finishWithNotes } from './finish.ts';
import type { KindProgram, PostedJob } from './finish.ts';
import { controllerName } from '#contracts/names';

export interface GeneratedSinkerProgram extends KindProgram {
  dialect: 'iso-edm';
  plan: SinkerPlan;
}

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * Plan a sinker EDM job and write its program's body (the head and the verification follow in
 * cam/jobs/finish.ts). The part is turned a quarter turn on the table when only so it fits the
 * block; the plan, the program, the verifier and the backplot then all hold it turned.
 * @throws PrismaticPartError when the description has no usable top view; SinkerPlanningError
 *   for another dialect, a round stock or a part with no cavity the electrodes can sink
 */
export function postSinkerJob(job: ProgramJob): PostedJob & { plan: SinkerPlan } {
  if (job.machine.dialect !== 'iso-edm') {
    throw new SinkerPlanningError(
      `Sinker EDM programs are written in the ISO dialect of Fanuc-style EDM controls (iso-edm: Mitsubishi, Sodick, Makino, GF AgieCharmilles in ISO mode). ${job.machine.name} has a ${controllerName(job.machine)} control with the ${job.machine.dialect} dialect: choose a sinker EDM machine with an ISO control.`,
    );
  }
  if (job.stock.shape !== 'block') {
    throw new SinkerPlanningError(
      'Sinker EDM burns cavities in blocks and plates: choose a block stock (X, Y and height), not a round bar.',
    );
  }
  const { stock } = job;
  const drawn = prismaticPartFromDescription(job.description, { stockThicknessMm: stock.zMm });
  // The sinker kind does not read the machine's travels: the part is turned to fit the block
  // only; a part larger than the block either way lies as drawn, as before.
  const placement = placeOnTable(drawn, { xMm: stock.xMm, yMm: stock.yMm });
  const { part } = placement;
  const plan = planSinker({ part, tools: job.tools, material: job.material });
  const turned = turnedNote(placement);
  if (turned) plan.warnings.unshift(turned);
  const stockText = `block ${fmt(stock.xMm)} x ${fmt(stock.yMm)} x ${fmt(stock.zMm)} mm`;
  const headerOf = (notes: readonly string[]) =>
    programHeader({ ...job, headerNotes: [...notes] }, plan, {
      fallbackName: 'Sinker EDM part',
      stock: stockText,
      postLabel: sinkerPost.label,
    });
  const options = { programNumber: 1000 + (job.programVersion % 9000) };
  const controller = controllerName(job.machine);
  const verification = sinkerVerificationInput(
    plan,
    stockBoundsOf(part, { xMm: stock.xMm, yMm: stock.yMm }),
  );
  return {
    machineKind: 'sinker',
    dialect: 'iso-edm',
    fileName: `${safeFileName(headerOf([]).partName)}-v${job.programVersion}.nc`,
    body: sinkerPost.body(plan, options),
    head: (notes) => sinkerPost.head(plan, headerOf(notes), options),
    verify: (program) =>
      verifySinkerEvents(program.events, verification, SinkerLines.of(program.lines)),
    summary: {
      jobType: 'Sinker EDM',
      operations: plan.cavities.flatMap((cavity) =>
        cavity.conditions.map((condition) => ({
          name: sinkerConditionTitle(cavity, condition),
          tool: cavity.electrode.label,
          ...(condition.feedMmPerMin !== undefined ? { feedMmPerMin: condition.feedMmPerMin } : {}),
          depthOfCut: Math.round(-condition.bottomZ * 1000) / 1000,
        })),
      ),
      warnings: plan.warnings,
      notProgrammed: plan.notProgrammed,
      stock: stockText,
      dialect: 'iso-edm',
      controller,
    },
    outline: {
      plane: 'XY',
      polygons: [
        part.outline,
        ...part.pockets.filter((pocket) => !pocket.through).map((pocket) => pocket.outline),
      ],
    },
    plan,
  };
}

/**
 * Plan, write and verify a sinker EDM program.
 * @throws PrismaticPartError when the description has no usable top view; SinkerPlanningError
 *   for another dialect, a round stock or a part with no cavity the electrodes can sink
 */
export function generateSinkerProgram(job: ProgramJob): GeneratedSinkerProgram {
  const posted = postSinkerJob(job);
  return {
    ...finishWithNotes(posted, job.headerNotes ?? []),
    dialect: 'iso-edm',
    plan: posted.plan,
  };
}
