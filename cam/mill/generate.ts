/**
 * From a confirmed description and the job's choices to a verified milling program: build the
 * prismatic part, plan it, write it with the mill post-processor of the machine's controller,
 * and read it back with the verifier.
 */
import { circlePolygon } from '../geometry/polygon.ts';
import { millPostFor } from '../post/mill/index.ts';
import type { MillDialect } from '../post/mill/index.ts';
import { prismaticPartFromDescription } from '../prismatic/part.ts';
import type { PrismaticPart } from '../prismatic/part.ts';
import { finishProgram, safeFileName } from '../program.ts';
import type { KindProgram, PlotOutline, PostedJob, ProgramJob } from '../program.ts';
import { verifyMillProgram } from '../verify/mill.ts';
import type { HoleTarget, MillVerificationInput, PocketTarget } from '../verify/mill.ts';
import { slotOutline } from './clearing.ts';
import { breakthroughMm } from './context.ts';
import { planMilledPart } from './plan.ts';
import type { MillPlan, MillTool } from './program.ts';
import { classifyMillTool } from './tooling.ts';
import { programHeader } from '../post/common.ts';
import { PlanningError } from '../errors.ts';

/** A milling program: the finished program and the plan it was written from. */
export interface MillProgram extends KindProgram {
  plan: MillPlan;
}

/** Spindle limit when the machine's own is unknown, rpm (a small VMC). */
export const defaultMillMaxRpm = 8000;

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/** Whether the plan left a feature out (its name opens a 'not programmed' entry). */
const dropped = (plan: MillPlan, name: string) =>
  plan.notProgrammed.some((entry) => entry.startsWith(`${name}:`));

/** What the verifier checks for a plan: the features the plan programmed. */
export function millVerificationInput(
  plan: MillPlan,
  dialect: MillDialect,
  tools: MillTool[],
): MillVerificationInput {
  const { part, stock } = plan;
  const thickness = part.thicknessMm;
  const holes: HoleTarget[] = [];
  for (const hole of part.holes) {
    const label = hole.label || `Ø${fmt(hole.diameterMm)}`;
    if (dropped(plan, label)) {
      const entry = plan.notProgrammed.find((text) => text.startsWith(`${label}:`))!;
      if (!/tap drill is drilled/.test(entry)) continue;
      holes.push({
        label,
        center: hole.center,
        diameterMm: hole.diameterMm,
        depthMm: hole.through ? thickness : hole.depthMm,
      });
      continue;
    }
    const tapped = hole.kind === 'tapped' && hole.thread;
    holes.push({
      label,
      center: hole.center,
      diameterMm: tapped ? hole.thread!.tapDrillMm : hole.diameterMm,
      depthMm: hole.through ? thickness : hole.depthMm,
      ...(tapped
        ? {
            tapDepthMm: hole.through ? thickness : (hole.threadDepthMm ?? hole.depthMm),
            threadMm: hole.thread!.nominalMm,
          }
        : {}),
      ...(hole.counterbore && !dropped(plan, `Counterbore ${label}`)
        ? { outsideFloorZ: -hole.counterbore.depthMm }
        : {}),
    });
    if (hole.counterbore && !dropped(plan, `Counterbore ${label}`))
      holes.push({
        label: `Counterbore ${label}`,
        center: hole.center,
        diameterMm: hole.counterbore.diameterMm,
        depthMm: hole.counterbore.depthMm,
      });
  }
  const pockets: PocketTarget[] = [];
  part.pockets.forEach((pocket, index) => {
    const sameKind = part.pockets.filter((other) => other.through === pocket.through);
    const label =
      pocket.label || `${pocket.through ? 'Cut-out' : 'Pocket'} ${sameKind.indexOf(pocket) + 1}`;
    void index;
    if (dropped(plan, label)) return;
    pockets.push({
      label,
      region: [pocket.outline, ...pocket.islands],
      depthMm: pocket.through ? thickness : pocket.depthMm,
      through: pocket.through,
    });
  });
  part.slots.forEach((slot, index) => {
    const label = slot.label || `Slot ${index + 1}`;
    if (dropped(plan, label)) return;
    pockets.push({
      label,
      region: [slotOutline(slot.from, slot.to, slot.widthMm)],
      depthMm: slot.through ? thickness : slot.depthMm,
      through: slot.through,
    });
  });
  const reach = 100;
  const deepest = Math.max(
    breakthroughMm,
    ...plan.operations.map((operation) =>
      operation.cycle ? -operation.cycle.bottomZ - thickness : 0,
    ),
  );
  return {
    dialect,
    stock,
    outline: part.outline,
    thicknessMm: thickness,
    toleranceMm: part.generalToleranceMm > 0 ? part.generalToleranceMm : 0.1,
    outlineCut: plan.operations.some((operation) => operation.name === 'Finish contour'),
    holes,
    pockets,
    tools: tools
      .filter((tool) => tool.number > 0)
      .map((tool) => {
        const bored = plan.operations.find(
          (operation) => operation.tool.number === tool.number && operation.tool.diameterMm,
        );
        return {
          number: tool.number,
          kind: tool.kind,
          diameterMm: bored?.tool.diameterMm ?? tool.diameterMm ?? 0,
        };
      }),
    envelope: {
      xMin: stock.origin.x - reach,
      xMax: stock.origin.x + stock.xMm + reach,
      yMin: stock.origin.y - reach,
      yMax: stock.origin.y + stock.yMm + reach,
      zMin: stock.origin.z - deepest - 1,
      zMax: Math.max(plan.clearanceZ, stock.origin.z + stock.zMm) + reach,
    },
  };
}

/** The part outline, inner contours and hole circles for the backplot (XY). */
export function millOutline(part: PrismaticPart): PlotOutline {
  return {
    plane: 'XY',
    polygons: [
      part.outline,
      ...part.pockets.flatMap((pocket) => [pocket.outline, ...pocket.islands]),
      ...part.slots.map((slot) => slotOutline(slot.from, slot.to, slot.widthMm)),
      ...part.holes.flatMap((hole) => [
        circlePolygon(hole.center, hole.diameterMm / 2, 0.02),
        ...(hole.counterbore
          ? [circlePolygon(hole.center, hole.counterbore.diameterMm / 2, 0.02)]
          : []),
      ]),
    ].map((polygon) => polygon.map(({ x, y }) => ({ x, y }))),
  };
}

const blockNeeded =
  'A milling job needs a block or plate as stock: give its size like "105 x 65 x 15 mm plate".';

function requirePost(job: ProgramJob) {
  const post = millPostFor(job.machine.dialect);
  if (!post) {
    throw new PlanningError(
      `Milling programs for ${job.machine.controllerModel || job.machine.controllerType} (${job.machine.dialect} dialect) are not available yet: this version writes LinuxCNC/PathPilot, Fanuc, Haas and Sinumerik mill programs; Heidenhain and Okuma mill programs are not written yet.`,
    );
  }
  return post;
}

/**
 * Plan a milling job for a part already built and write its program's body (the generator's
 * core; the head and the verification follow in finishProgram).
 * @throws PlanningError when the job cannot be planned
 */
export function postMillJobForPart(
  job: ProgramJob,
  part: PrismaticPart,
): PostedJob & { plan: MillPlan } {
  const post = requirePost(job);
  if (job.stock?.shape !== 'block') throw new PlanningError(blockNeeded);
  const tools = job.tools.map(classifyMillTool);
  const maxRpm = job.machine.maxRpm ?? defaultMillMaxRpm;
  const plan = planMilledPart({
    part,
    material: job.material,
    stock: { xMm: job.stock.xMm, yMm: job.stock.yMm, zMm: job.stock.zMm },
    tools,
    maxRpm,
    ...(job.overrides ? { overrides: job.overrides } : {}),
  });
  const stock = `block ${fmt(job.stock.xMm)} x ${fmt(job.stock.yMm)} x ${fmt(job.stock.zMm)} mm`;
  const headerOf = (notes: readonly string[]) =>
    programHeader({ ...job, headerNotes: [...notes] }, plan, {
      fallbackName: 'Milled part',
      stock,
      postLabel: post.label,
    });
  const options = { programNumber: 1000 + (job.programVersion % 9000) };
  const controller = `${job.machine.controllerType} ${job.machine.controllerModel}`.trim();
  const verification = millVerificationInput(plan, post.dialect, tools);
  return {
    machineKind: 'mill',
    dialect: post.dialect,
    fileName: `${safeFileName(headerOf([]).partName)}-v${job.programVersion}.nc`,
    plan,
    outline: millOutline(part),
    summary: {
      jobType: 'Milling',
      operations: plan.operations.map((operation) => ({
        name: operation.name,
        tool: operation.tool.label,
        surfaceSpeed: operation.data.surfaceSpeed,
        rpm: operation.data.rpm,
        ...(operation.data.feedPerRev !== undefined
          ? { feedPerRev: operation.data.feedPerRev }
          : {}),
        feedMmPerMin: operation.data.feedMmPerMin,
        ...(operation.data.depthOfCut !== undefined
          ? { depthOfCut: operation.data.depthOfCut }
          : {}),
      })),
      warnings: plan.warnings,
      notProgrammed: plan.notProgrammed,
      stock,
      dialect: post.dialect,
      controller,
    },
    body: post.body(plan, options),
    head: (notes) => post.head(plan, headerOf(notes), options),
    verify: (gcode) => verifyMillProgram(gcode, verification),
  };
}

/**
 * Write and verify a milling program for a part already built.
 * @throws PlanningError when the job cannot be planned
 */
export function generateMillProgramForPart(job: ProgramJob, part: PrismaticPart): MillProgram {
  const posted = postMillJobForPart(job, part);
  return { ...finishProgram(posted, job.headerNotes ?? []), plan: posted.plan };
}

/** The prismatic part of a milling job. @throws PrismaticPartError, PlanningError */
function millPart(job: ProgramJob): PrismaticPart {
  if (job.stock?.shape !== 'block') throw new PlanningError(blockNeeded);
  requirePost(job);
  return prismaticPartFromDescription(job.description, { stockThicknessMm: job.stock.zMm });
}

/**
 * Plan a milling job and write its program's body.
 * @throws PrismaticPartError when the description has no usable top view, PlanningError when
 *   the job cannot be planned (round or missing stock, a controller without a mill post, no tool
 *   for anything, stock smaller than the part)
 */
export function postMillJob(job: ProgramJob): PostedJob & { plan: MillPlan } {
  return postMillJobForPart(job, millPart(job));
}

/**
 * Write and verify a milling program.
 * @throws PrismaticPartError when the description has no usable top view, PlanningError when
 *   the job cannot be planned (round or missing stock, a controller without a mill post, no tool
 *   for anything, stock smaller than the part)
 */
export function generateMillProgram(job: ProgramJob): MillProgram {
  return generateMillProgramForPart(job, millPart(job));
}
