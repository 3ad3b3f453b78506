/**
 * The milling pipeline, from a confirmed description and the job's choices to a verified milling
 * program: build the prismatic part (cam/prismatic/part.ts), lay it on the table (turned a
 * quarter turn when only so it fits the stock or the machine's travels, cam/prismatic/turn.ts),
 * plan it (cam/mill/plan.ts), write it with the mill post-processor of the machine's controller
 * (cam/post/mill/), and check its interpreted moves with the verifier (cam/verify/mill/).
 */
import { circlePolygon } from '../geometry/polygon.ts';
import { millPostFor } from '../post/mill/index.ts';
import type { MillDialect } from '../gcode/dialects.ts';
import {
  heldToleranceMm,
  prismaticPartFromDescription,
  type PrismaticPart,
} from '../prismatic/part.ts';
import { placeOnTable, turnedNote } from '../prismatic/turn.ts';
import { safeFileName } from '../program.ts';
import type { MachineInfo, PlotOutline, ProgramJob } from '../program.ts';
import { verifyMillEvents } from '../verify/mill/index.ts';
import type { HoleTarget, MillVerificationInput, PocketTarget } from '../verify/mill/input.ts';
import { slotOutline } from '../mill/clearing.ts';
import { breakthroughMm } from '../mill/context.ts';
import { planMilledPart } from '../mill/plan.ts';
import type { MillPlan, MillTool } from '../mill/program.ts';
import { classifyMillTool } from '../mill/tooling.ts';
import { fluteLengthOf, flutesOf, millingData } from '../mill/cutting-data.ts';
import { programHeader } from '../post/common.ts';
import { PlanningError } from '../errors.ts';
import { finishWithNotes } from './finish.ts';
import type { KindProgram, PostedJob } from './finish.ts';
import { controllerName, namesJoined } from '#contracts/names';

/** A milling program: the finished program and the plan it was written from. */
export interface MillProgram extends KindProgram {
  plan: MillPlan;
}

/** Spindle limit when the machine's own is unknown, rpm (a small VMC). */
export const defaultMillMaxRpm = 8000;

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/** Depth of a hole's countersink cone below Z0 at a diameter, mm. */
function coneDepthAt(hole: PrismaticPart['holes'][number], diameterMm: number): number {
  const sink = hole.countersink!;
  return (sink.diameterMm - diameterMm) / 2 / Math.tan((sink.angleDeg * Math.PI) / 360);
}

/**
 * The verifier's pocket targets of a part: its pockets and cut-outs, slots and steps, each with
 * the plan's entry when the plan left it out (`take` finds it and takes it off the list).
 */
function pocketTargets(
  part: PrismaticPart,
  take: (name: string) => string | undefined,
): PocketTarget[] {
  const thickness = part.thicknessMm;
  const pockets: PocketTarget[] = [];
  for (const pocket of part.pockets) {
    const sameKind = part.pockets.filter((other) => other.through === pocket.through);
    const label =
      pocket.label || `${pocket.through ? 'Cut-out' : 'Pocket'} ${sameKind.indexOf(pocket) + 1}`;
    const entry = take(label);
    pockets.push({
      label,
      region: [pocket.outline, ...pocket.islands],
      depthMm: pocket.through ? thickness : pocket.depthMm,
      through: pocket.through,
      ...(entry !== undefined ? { gap: entry } : {}),
    });
  }
  part.slots.forEach((slot, index) => {
    const label = slot.label || `Slot ${index + 1}`;
    const entry = take(label);
    pockets.push({
      label,
      region: [slotOutline(slot.from, slot.to, slot.widthMm)],
      depthMm: slot.through ? thickness : slot.depthMm,
      through: slot.through,
      ...(entry !== undefined ? { gap: entry } : {}),
    });
  });
  // Steps: open to the outline, checked as pockets whose region ends at the outline (the
  // probes keep to the part, so only the step's edge is a wall).
  for (const step of part.steps ?? []) {
    const entry = take(step.label);
    pockets.push({
      label: step.label,
      region: [step.region],
      depthMm: step.depthMm,
      through: false,
      ...(entry !== undefined ? { gap: entry } : {}),
    });
  }
  return pockets;
}

/**
 * What the verifier checks a plan's program against: the WHOLE part model (outline, every hole,
 * counterbore, countersink, pocket, slot and cut-out), each feature the plan left out carrying the plan's
 * 'not programmed' sentence (why, and what would make it), the tools with their flute lengths,
 * teeth and the table's chip thickness, the material and the machine's limits.
 */
export function millVerificationInput(
  plan: MillPlan,
  dialect: MillDialect,
  tools: MillTool[],
  machine?: MachineInfo,
): MillVerificationInput {
  const { part, stock } = plan;
  const thickness = part.thicknessMm;
  const gaps = [...plan.notProgrammed];
  /** The plan's entry for a feature (its name opens the entry), taken off the list. */
  const take = (name: string) => {
    const index = gaps.findIndex((entry) => entry.startsWith(`${name}:`));
    return index < 0 ? undefined : gaps.splice(index, 1)[0];
  };
  const holes: HoleTarget[] = [];
  for (const hole of part.holes) {
    const label = hole.label || `Ø${fmt(hole.diameterMm)}`;
    const entry = take(label);
    const tapOnly = entry !== undefined && /the tap drill is drilled/.test(entry);
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
      ...(hole.counterbore ? { outsideFloorZ: -hole.counterbore.depthMm } : {}),
      ...(hole.countersink ? { outsideFloorZ: -coneDepthAt(hole, hole.diameterMm) } : {}),
      ...(entry !== undefined ? (tapOnly ? { tapGap: entry } : { gap: entry }) : {}),
    });
    if (hole.countersink) {
      const countersink = `Countersink ${label}`;
      const entry = take(countersink);
      holes.push({
        label: countersink,
        center: hole.center,
        diameterMm: hole.countersink.diameterMm,
        depthMm: coneDepthAt(hole, 0),
        countersinkAngleDeg: hole.countersink.angleDeg,
        ...(entry !== undefined ? { gap: entry } : {}),
      });
    }
    if (hole.counterbore) {
      const counterbore = `Counterbore ${label}`;
      const cbEntry = take(counterbore);
      holes.push({
        label: counterbore,
        center: hole.center,
        diameterMm: hole.counterbore.diameterMm,
        depthMm: hole.counterbore.depthMm,
        ...(cbEntry !== undefined ? { gap: cbEntry } : {}),
      });
    }
  }
  const pockets = pocketTargets(part, take);
  const outlineGap = take('Outside contour');
  const faceGap = take('Face');
  const reach = 100;
  const deepest = Math.max(
    breakthroughMm,
    ...plan.operations.map((operation) =>
      operation.cycle ? -operation.cycle.bottomZ - thickness : 0,
    ),
  );
  const limits = machine?.limits;
  const maxRpm = limits?.maxRpm ?? machine?.maxRpm;
  return {
    dialect,
    stock,
    outline: part.outline,
    thicknessMm: thickness,
    toleranceMm: heldToleranceMm(part),
    ...(outlineGap !== undefined ? { outlineGap } : {}),
    ...(faceGap !== undefined ? { faceGap } : {}),
    holes,
    pockets,
    otherGaps: gaps,
    tools: tools
      .filter((tool) => tool.number > 0)
      .map((tool) => {
        const bored = plan.operations.find(
          (operation) => operation.tool.number === tool.number && operation.tool.diameterMm,
        );
        const milling = tool.kind === 'endMill' || tool.kind === 'faceMill';
        const sized = { ...tool, diameterMm: bored?.tool.diameterMm ?? tool.diameterMm ?? 0 };
        return {
          number: tool.number,
          kind: tool.kind,
          diameterMm: sized.diameterMm,
          ...(tool.pointAngleDeg !== undefined ? { pointAngleDeg: tool.pointAngleDeg } : {}),
          fluteLengthMm: fluteLengthOf(sized),
          flutes: flutesOf(tool, plan.material),
          ...(milling && tool.diameterMm
            ? {
                tableChipMm: millingData(plan.material, tool, 'rough', plan.maxRpm).feedPerTooth!,
              }
            : {}),
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
    material: plan.material.subgroup,
    machine: {
      name: machine?.name ?? 'machine',
      ...(maxRpm !== undefined ? { maxRpm } : {}),
      ...(limits?.spindlePowerKw !== undefined ? { spindlePowerKw: limits.spindlePowerKw } : {}),
      ...(limits ? { travelsMm: limits.travelsMm } : {}),
    },
    operations: plan.operations.map((operation) => ({
      name: operation.name,
      tool: operation.tool.label,
    })),
    cellMm: plan.cellMm,
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
      ...(part.steps ?? []).map((step) => step.region),
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
      `Milling programs for ${job.machine.controllerModel || job.machine.controllerType} (${job.machine.dialect} dialect) are not written: this version writes LinuxCNC/PathPilot, Fanuc, Haas, Sinumerik, Okuma and Heidenhain mill programs.`,
    );
  }
  return post;
}

/**
 * Lay the part on the table and plan it: turned a quarter turn when it fits the stock, or the
 * stock fits the machine's travels, only so (cam/prismatic/turn.ts), with the note that says
 * so first among the plan's warnings. The plan holds the part as it lies on the table.
 * @throws PlanningError when the job cannot be planned (the stock smaller than the part either
 *   way, nothing the tools can make)
 */
function planOnTable(
  job: ProgramJob,
  part: PrismaticPart,
  stock: { xMm: number; yMm: number; zMm: number },
  tools: MillTool[],
): MillPlan {
  const maxRpm = job.machine.limits?.maxRpm ?? job.machine.maxRpm ?? defaultMillMaxRpm;
  const spindlePowerKw = job.machine.limits?.spindlePowerKw;
  const travels = job.machine.limits?.travelsMm;
  const placement = placeOnTable(part, { xMm: stock.xMm, yMm: stock.yMm }, travels);
  const plan = planMilledPart({
    part: placement.part,
    material: job.material,
    stock: { xMm: placement.stock.xMm, yMm: placement.stock.yMm, zMm: stock.zMm },
    tools,
    maxRpm,
    ...(spindlePowerKw !== undefined ? { spindlePowerKw } : {}),
    machineName:
      job.machine.name || `${namesJoined(job.machine.manufacturer, job.machine.model)}`.trim(),
    ...(job.overrides ? { overrides: job.overrides } : {}),
  });
  const note = turnedNote(placement, travels);
  if (note) plan.warnings.unshift(note);
  return plan;
}

/**
 * Plan a milling job for a part already built and write its program's body (the generator's
 * core; the head and the verification follow in cam/jobs/finish.ts). The part is turned a
 * quarter turn on the table when only so it fits the stock or the machine's travels; the plan,
 * the program, the verifier and the backplot then all hold it turned.
 * @throws PlanningError when the job cannot be planned
 */
export function postMillJobForPart(
  job: ProgramJob,
  drawn: PrismaticPart,
): PostedJob & { plan: MillPlan; verification: MillVerificationInput } {
  const post = requirePost(job);
  if (job.stock?.shape !== 'block') throw new PlanningError(blockNeeded);
  const tools = job.tools.map(classifyMillTool);
  const { xMm, yMm, zMm } = job.stock;
  const plan = planOnTable(job, drawn, { xMm, yMm, zMm }, tools);
  const { part } = plan;
  const stock = `block ${fmt(plan.stock.xMm)} x ${fmt(plan.stock.yMm)} x ${fmt(zMm)} mm`;
  const headerOf = (notes: readonly string[]) =>
    programHeader({ ...job, headerNotes: [...notes] }, plan, {
      fallbackName: 'Milled part',
      stock,
      postLabel: post.label,
    });
  const fileBaseName = `${safeFileName(headerOf([]).partName)}-v${job.programVersion}`;
  const programName = post.programName?.(fileBaseName) ?? fileBaseName;
  const options = { programNumber: 1000 + (job.programVersion % 9000), programName };
  const controller = controllerName(job.machine);
  const verification = millVerificationInput(plan, post.dialect, tools, job.machine);
  const planned = new Set(plan.notProgrammed);
  return {
    machineKind: 'mill',
    dialect: post.dialect,
    fileName: `${programName}${post.fileExtension ?? '.nc'}`,
    plan,
    verification,
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
      limited: plan.limited,
      notProgrammed: plan.notProgrammed,
      stock,
      dialect: post.dialect,
      controller,
    },
    body: post.body(plan, options),
    head: (notes) => post.head(plan, headerOf(notes), options),
    ...(post.numberBlocks ? { numberBlocks: post.numberBlocks } : {}),
    // finishProgram puts the plan's own entries first among the unfinished (withPlanGaps): the
    // verifier's sentences for the same features are those entries, so they are not repeated.
    verify: (program) => {
      const report = verifyMillEvents(program.events, verification, () => program.lines.length);
      return { ...report, unfinished: report.unfinished.filter((entry) => !planned.has(entry)) };
    },
  };
}

/**
 * Write and verify a milling program for a part already built.
 * @throws PlanningError when the job cannot be planned
 */
export function generateMillProgramForPart(job: ProgramJob, part: PrismaticPart): MillProgram {
  const posted = postMillJobForPart(job, part);
  return { ...finishWithNotes(posted, job.headerNotes ?? []), plan: posted.plan };
}

/** The prismatic part of a milling job. @throws PrismaticPartError, PlanningError */
function millPart(job: ProgramJob): PrismaticPart {
  if (job.stock?.shape !== 'block') throw new PlanningError(blockNeeded);
  requirePost(job);
  return prismaticPartFromDescription(job.description, { stockThicknessMm: job.stock.zMm });
}

/**
 * Plan a milling job and write its program's body; `verification` is what its verifier checks
 * the program against (the part, with the plan's own gaps: {@link millVerificationInput}).
 * @throws PrismaticPartError when the description has no usable top view, PlanningError when
 *   the job cannot be planned (round or missing stock, a controller without a mill post, no tool
 *   for anything, stock smaller than the part)
 */
export function postMillJob(
  job: ProgramJob,
): PostedJob & { plan: MillPlan; verification: MillVerificationInput } {
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
