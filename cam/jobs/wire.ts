/**
 * The wire EDM pipeline, from a confirmed description and the job's choices to a verified wire
 * EDM program: build the prismatic part (cam/prismatic/part.ts), lay it on the table (turned a
 * quarter turn when only so it fits the plate, cam/prismatic/turn.ts), plan the contours and
 * passes (cam/wire/plan.ts), write them in the iso-edm dialect (cam/post/edm/wire.ts) and check
 * the interpreted moves with the verifier (cam/verify/wire/).
 */
import { wirePassTitle, wirePost } from '../post/edm/wire.ts';
import { prismaticPartFromDescription } from '../prismatic/part.ts';
import { placeOnTable, turnedNote } from '../prismatic/turn.ts';
import { safeFileName } from '../program.ts';
import type { ProgramJob } from '../program.ts';
import { verifyWireEvents } from '../verify/wire/index.ts';
import { wireVerificationInput } from '../verify/wire/input.ts';
import { planWire } from '../wire/plan.ts';
import type { WirePlan } from '../wire/program.ts';
import { programHeader } from '../post/common.ts';
import { WirePlanningError } from '../errors.ts';
import { finishWithNotes } from './finish.ts';
import type { KindProgram, PostedJob } from './finish.ts';
import { controllerName } from '#contracts/names';

export interface GeneratedWireProgram extends KindProgram {
  dialect: 'iso-edm';
  plan: WirePlan;
}

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/** The machine's dialect must be iso-edm. @throws WirePlanningError */
function requireIsoEdm(job: ProgramJob, kind: 'Wire EDM'): void {
  if (job.machine.dialect !== 'iso-edm') {
    throw new WirePlanningError(
      `${kind} programs are written in the ISO dialect of Fanuc-style EDM controls (iso-edm: Mitsubishi, Sodick, Makino, Fanuc Robocut, GF AgieCharmilles in ISO mode). ${job.machine.name} has a ${controllerName(job.machine)} control with the ${job.machine.dialect} dialect: choose an EDM machine with an ISO control.`,
    );
  }
}

/**
 * Plan a wire EDM job and write its program's body (the head and the verification follow in
 * cam/jobs/finish.ts). The part is turned a quarter turn on the table when only so it fits the
 * plate; the plan, the program, the verifier and the backplot then all hold it turned.
 * @throws PrismaticPartError when the description has no usable top view; WireToolingError
 *   when no wire is selected; WirePlanningError for another dialect, a round stock or a part
 *   with nothing to wire cut
 */
export function postWireJob(job: ProgramJob): PostedJob & { plan: WirePlan } {
  requireIsoEdm(job, 'Wire EDM');
  if (job.stock.shape !== 'block') {
    throw new WirePlanningError(
      'Wire EDM cuts plates: choose a block or plate stock (X, Y and thickness), not a round bar.',
    );
  }
  const { stock } = job;
  const drawn = prismaticPartFromDescription(job.description, { stockThicknessMm: stock.zMm });
  // The wire kind does not read the machine's travels: the part is turned to fit the plate only.
  const placement = placeOnTable(drawn, { xMm: stock.xMm, yMm: stock.yMm });
  const { part } = placement;
  const plan = planWire({
    part,
    tools: job.tools,
    material: job.material,
    stock: placement.stock,
  });
  const turned = turnedNote(placement);
  if (turned) plan.warnings.unshift(turned);
  if (part.thicknessSource === 'stock')
    plan.warnings.push(
      `The plate thickness ${fmt(part.thicknessMm)} mm comes from the stock: check it against the drawing.`,
    );
  if (stock.zMm + 1e-6 < part.thicknessMm)
    plan.warnings.push(
      `The stock is ${fmt(stock.zMm)} mm thick, thinner than the part's ${fmt(part.thicknessMm)} mm.`,
    );
  const stockText = `plate ${fmt(stock.xMm)} x ${fmt(stock.yMm)} x ${fmt(stock.zMm)} mm`;
  const headerOf = (notes: readonly string[]) =>
    programHeader({ ...job, headerNotes: [...notes] }, plan, {
      fallbackName: 'Wire EDM part',
      stock: stockText,
      postLabel: wirePost.label,
    });
  const options = { programNumber: 1000 + (job.programVersion % 9000) };
  const controller = controllerName(job.machine);
  const verification = wireVerificationInput(plan);
  return {
    machineKind: 'wire',
    dialect: 'iso-edm',
    fileName: `${safeFileName(headerOf([]).partName)}-v${job.programVersion}.nc`,
    body: wirePost.body(plan, options),
    head: (notes) => wirePost.head(plan, headerOf(notes), options),
    verify: (program) => verifyWireEvents(program.events, verification, () => program.lines.length),
    summary: {
      jobType: 'Wire EDM',
      operations: plan.contours.flatMap((contour) =>
        contour.passes.map((pass) => ({
          name: wirePassTitle(contour, pass),
          tool: plan.wire.label,
          feedMmPerMin: pass.feedMmPerMin,
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
        ...plan.contours
          .filter((contour) => contour.kind === 'inner')
          .map((contour) => contour.path),
      ],
    },
    plan,
  };
}

/**
 * Plan, write and verify a wire EDM program.
 * @throws PrismaticPartError when the description has no usable top view; WireToolingError
 *   when no wire is selected; WirePlanningError for another dialect, a round stock or a part
 *   with nothing to wire cut
 */
export function generateWireProgram(job: ProgramJob): GeneratedWireProgram {
  const posted = postWireJob(job);
  return {
    ...finishWithNotes(posted, job.headerNotes ?? []),
    dialect: 'iso-edm',
    plan: posted.plan,
  };
}
