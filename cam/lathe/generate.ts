/**
 * From a confirmed description and the job's choices to a verified lathe program: build the
 * turned part, plan it, write it with the post-processor of the machine's controller, and read
 * it back with the verifier.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import type { CuttingOverrides } from '../cutting-data.ts';
import { lathePostFor } from '../post/index.ts';
import { classifyTool } from '../tooling.ts';
import type { ToolRow } from '../tooling.ts';
import { verifyLatheProgram } from '../verify/lathe.ts';
import type { DiameterTarget, VerificationReport } from '../verify/lathe.ts';
import { outerContour } from './contour.ts';
import { turnedPartFromDescription } from './part.ts';
import type { TurnedPart } from './part.ts';
import { planTurnedPart } from './plan.ts';
import type { LathePlan } from './program.ts';
import { PlanningError } from '../errors.ts';

export interface LatheMachine {
  name: string;
  manufacturer: string;
  model: string;
  controllerType: string;
  controllerModel: string;
  /** G-code dialect of the controller model (db catalog). */
  dialect: string;
  serialNumber: string;
  /** Spindle speed limit for constant surface speed; 2500 rpm when unknown. */
  maxRpm?: number;
}

export interface LatheJob {
  description: BlueprintDescription;
  /** The stock material chosen in the workflow. */
  material: string;
  stock: { diameterMm: number; lengthMm?: number };
  machine: LatheMachine;
  /** The tooling pairs the operator selected. */
  tools: ToolRow[];
  programVersion: number;
  overrides?: CuttingOverrides;
  partName?: string;
  /** Extra header notes (the dispatcher adds the cycle time). */
  headerNotes?: string[];
}

export interface ProgramSummary {
  operations: {
    name: string;
    tool: string;
    surfaceSpeed?: number;
    rpm?: number;
    feedPerRev: number;
    depthOfCut?: number;
    /** Finishing feed chosen for this roughness, Ra µm. */
    raUm?: number;
    /** Threading passes, with the spring pass. */
    passes?: number;
  }[];
  warnings: string[];
  notProgrammed: string[];
  stock: string;
  dialect: string;
  controller: string;
}

export interface GeneratedLatheProgram {
  gcode: string;
  fileName: string;
  dialect: string;
  report: VerificationReport;
  summary: ProgramSummary;
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

const safeName = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'part';

/**
 * Write and verify a lathe program.
 * @throws PartModelError when the description lacks sizes, PlanningError when the job cannot be
 *   planned (stock too small, a missing tool, a controller without a lathe post-processor)
 */
export function generateLatheProgram(job: LatheJob): GeneratedLatheProgram {
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
  // The part as machined: with the thread undercuts the planner added.
  const part = plan.part;
  const partName =
    job.partName ?? (job.description.source?.split(':').pop()?.trim() || 'Turned part');
  const stock = `round bar Ø${job.stock.diameterMm}${job.stock.lengthMm ? ` x ${job.stock.lengthMm}` : ''} mm`;
  const controller = `${job.machine.controllerType} ${job.machine.controllerModel}`.trim();
  const gcode = post.write(
    plan,
    {
      partName,
      material: job.material,
      stock,
      machine: `${job.machine.name} - ${job.machine.manufacturer} ${job.machine.model}, serial ${job.machine.serialNumber}`,
      controller: `${controller} (${post.label})`,
      programVersion: job.programVersion,
      notes: [
        ...(job.headerNotes ?? []),
        ...plan.warnings,
        ...plan.notProgrammed.map((entry) => `not programmed: ${entry}`),
      ],
    },
    { programNumber: 1000 + (job.programVersion % 9000) },
  );
  const report = verifyLatheProgram(gcode, {
    dialect: post.dialect,
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
  });
  return {
    gcode,
    fileName: `${safeName(partName)}-v${job.programVersion}.nc`,
    dialect: post.dialect,
    report,
    plan,
    summary: {
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
  };
}
