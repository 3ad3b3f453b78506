/**
 * From a confirmed description and the job's choices to a verified lathe program: build the
 * turned part, plan it, write it with the post-processor of the machine's controller, and read
 * it back with the verifier.
 */
import { PlanningError } from '../errors.ts';
import { programHeader } from '../post/common.ts';
import { lathePostFor } from '../post/lathe/index.ts';
import type { LatheDialect } from '../post/lathe/index.ts';
import { finishProgram, safeFileName } from '../program.ts';
import type { KindProgram, PlotOutline, PostedJob, ProgramJob } from '../program.ts';
import { classifyTool } from '../tooling.ts';
import type { LatheTool } from '../tooling.ts';
import { verifyLatheProgram } from '../verify/lathe.ts';
import type { DiameterTarget, LatheVerificationInput } from '../verify/lathe.ts';
import { outerContour } from './contour.ts';
import { turnedPartFromDescription } from './part.ts';
import type { TurnedPart } from './part.ts';
import { planTurnedPart } from './plan.ts';
import type { LathePlan } from './program.ts';

/** A lathe program: the finished program and the plan it was written from. */
export interface LatheProgram extends KindProgram {
  plan: LathePlan;
}

/** Default spindle limit for constant surface speed when the machine's own is unknown (rpm). */
export const defaultMaxRpm = 2500;

function outerTargets(part: TurnedPart): DiameterTarget[] {
  const contour = outerContour(part);
  return part.outer.map((section, index) => {
    const chamfer = part.chamfers.find(
      (entry) => !entry.inner && Math.abs(entry.atMm - section.startMm) < 0.06,
    );
    const chamfered =
      chamfer &&
      !contour.skippedChamfers.includes(chamfer.label) &&
      section.targetMm >= contour.envelope[index]! - 1e-9;
    return {
      label: section.label,
      fromZ: -(section.startMm + (chamfered ? chamfer.sizeMm : 0)),
      toZ: -section.endMm,
      diameterMm: section.targetMm,
    };
  });
}

/** Bores from the mouth inward: each starts where the wider one before it ends (or below the mouth chamfer). */
function innerTargets(part: TurnedPart): DiameterTarget[] {
  const mouthChamfer = part.chamfers.find((chamfer) => chamfer.inner);
  return part.inner.map((bore, index) => ({
    label: bore.label,
    fromZ: index === 0 ? -(mouthChamfer?.sizeMm ?? 0) : -part.inner[index - 1]!.depthMm,
    toZ: -Math.min(bore.depthMm, part.lengthMm),
    diameterMm: bore.targetMm,
  }));
}

function chamferLines(part: TurnedPart, plan: LathePlan) {
  const contour = outerContour(part);
  return part.chamfers
    .filter(
      (chamfer) =>
        !chamfer.inner &&
        !contour.skippedChamfers.includes(chamfer.label) &&
        !plan.notProgrammed.some((entry) => entry.includes(chamfer.label)),
    )
    .map((chamfer) => {
      const leg = chamfer.sizeMm * Math.tan((chamfer.angleDeg * Math.PI) / 180);
      return {
        label: chamfer.label,
        from: { z: -chamfer.atMm, x: chamfer.diameterMm - 2 * leg },
        to: { z: -(chamfer.atMm + chamfer.sizeMm), x: chamfer.diameterMm },
      };
    });
}

const roundStockNeeded =
  'A lathe job needs round bar stock: give the material size like "Ø20 x 100 round bar".';

/** The program outline for the backplot: the turned half-profile as (z, radius) points. */
function latheOutline(part: TurnedPart): PlotOutline {
  const contour = outerContour(part);
  const profile = [
    { x: 0, y: 0 },
    ...contour.points.map((point) => ({ x: point.z, y: point.x / 2 })),
    { x: -part.lengthMm, y: 0 },
  ];
  return { plane: 'XZ', polygons: [profile] };
}

/** What the verifier checks for a plan: the finished sizes, chamfers, threads and tools. */
function latheVerificationInput(
  plan: LathePlan,
  dialect: LatheDialect,
  tools: LatheTool[],
): LatheVerificationInput {
  const part = plan.part;
  return {
    dialect,
    stock: {
      diameterMm: plan.stock.diameterMm,
      frontFaceZ: plan.stock.frontFaceZ,
      chuckFaceZ: plan.stock.chuckFaceZ,
    },
    lengthMm: part.lengthMm,
    partingWidthMm: plan.partingWidthMm,
    outer: outerTargets(part),
    inner: innerTargets(part),
    chamfers: chamferLines(part, plan),
    tools: tools.map((tool) => ({
      number: tool.number,
      kind: tool.kind,
      ...(tool.widthMm !== undefined ? { widthMm: tool.widthMm } : {}),
      ...(tool.diameterMm !== undefined ? { diameterMm: tool.diameterMm } : {}),
    })),
    envelope: { xMax: plan.changePosition.x + 1, zMax: plan.changePosition.z + 1 },
    threads: plan.threads.map((thread) => ({
      label: thread.label,
      fromZ: thread.threadStartZ,
      toZ: thread.endZ,
      rootMm: thread.rootMm,
      leadMm: thread.leadMm,
    })),
  };
}

/**
 * Plan a lathe job and write its program's body with the post-processor of the machine's
 * controller (the head and the verification follow in finishProgram).
 * @throws PartModelError when the description lacks sizes, PlanningError when the job cannot be
 *   planned (no round bar stock, stock too small, a missing tool, a controller without a lathe
 *   post-processor)
 */
export function postLatheJob(job: ProgramJob): PostedJob & { plan: LathePlan } {
  if (job.stock.shape !== 'round') throw new PlanningError(roundStockNeeded);
  const post = lathePostFor(job.machine.dialect);
  if (!post) {
    throw new PlanningError(
      `Lathe programs for ${job.machine.controllerModel} (${job.machine.dialect} dialect) are not available yet: this version writes LinuxCNC/PathPilot, Fanuc, Haas and Sinumerik lathe programs.`,
    );
  }
  const drawn = turnedPartFromDescription(job.description);
  const tools = job.tools.map(classifyTool);
  const maxRpm = job.machine.maxRpm ?? defaultMaxRpm;
  const plan = planTurnedPart({
    part: drawn,
    material: job.material,
    stockDiameterMm: job.stock.diameterMm,
    tools,
    maxRpm,
    ...(job.overrides ? { overrides: job.overrides } : {}),
  });
  const stock = `round bar Ø${job.stock.diameterMm}${job.stock.lengthMm ? ` x ${job.stock.lengthMm}` : ''} mm`;
  const headerOf = (notes: readonly string[]) =>
    programHeader({ ...job, headerNotes: [...notes] }, plan, {
      fallbackName: 'Turned part',
      stock,
      postLabel: post.label,
    });
  const options = { programNumber: 1000 + (job.programVersion % 9000) };
  const controller = `${job.machine.controllerType} ${job.machine.controllerModel}`.trim();
  const verification = latheVerificationInput(plan, post.dialect, tools);
  return {
    machineKind: 'lathe',
    dialect: post.dialect,
    fileName: `${safeFileName(headerOf([]).partName)}-v${job.programVersion}.nc`,
    summary: {
      jobType: 'Lathe',
      operations: plan.operations.map((operation) => ({
        name: operation.name,
        tool: operation.tool.label,
        ...operation.data,
      })),
      warnings: plan.warnings,
      notProgrammed: plan.notProgrammed,
      stock,
      dialect: post.dialect,
      controller,
    },
    // The part as machined: with the thread undercuts the planner added.
    outline: latheOutline(plan.part),
    body: post.body(plan, options),
    head: (notes) => post.head(plan, headerOf(notes), options),
    verify: (gcode) => verifyLatheProgram(gcode, verification),
    plan,
  };
}

/**
 * Plan, write and verify a lathe program.
 * @throws PartModelError when the description lacks sizes, PlanningError when the job cannot be
 *   planned (no round bar stock, stock too small, a missing tool, a controller without a lathe
 *   post-processor)
 */
export function generateLatheProgram(job: ProgramJob): LatheProgram {
  const posted = postLatheJob(job);
  return { ...finishProgram(posted, job.headerNotes ?? []), plan: posted.plan };
}
