/**
 * The lathe pipeline, from a confirmed description and the job's choices to a verified lathe
 * program: build the turned part (cam/lathe/part.ts), plan it (cam/lathe/plan.ts), write it with
 * the post-processor of the machine's controller (cam/post/lathe/), and check its interpreted
 * moves with the verifier (cam/verify/lathe/).
 */
import { spindleLimitFor } from '../lathe/chuck.ts';
import { PlanningError } from '../errors.ts';
import { programHeader } from '../post/common.ts';
import { lathePostFor } from '../post/lathe/index.ts';
import type { LatheDialect } from '../gcode/dialects.ts';
import { safeFileName } from '../program.ts';
import type { PlotOutline, ProgramJob } from '../program.ts';
import { identifyMaterial } from '../materials.ts';
import { classifyTool } from '../lathe/tooling.ts';
import { latheCutterOf } from '../lathe/cutters.ts';
import { boreKeep, finishedPart, outsideKeep } from '../lathe/profiles.ts';
import type { LatheTool } from '../lathe/tooling.ts';
import { verifyLatheEvents } from '../verify/lathe/index.ts';
import type {
  DiameterTarget,
  LatheVerificationInput,
  VerificationTool,
} from '../verify/lathe/input.ts';
import { outerContour } from '../lathe/contour.ts';
import { turnedPartFromDescription } from '../lathe/part.ts';
import type { InnerSection, TurnedPart } from '../lathe/part.ts';
import { planTurnedPart } from '../lathe/plan.ts';
import { centreHoleRegion } from '../lathe/tailstock.ts';
import { frontOf } from '../lathe/two-chuckings.ts';
import type { LathePlan, ThreadCycle } from '../lathe/program.ts';
import { finishWithNotes } from './finish.ts';
import type { KindProgram, PostedJob } from './finish.ts';
import { controllerName } from '#contracts/names';

/** A lathe program: the finished program and the plan it was written from. */
export interface LatheProgram extends KindProgram {
  plan: LathePlan;
}

/** Default spindle limit for constant surface speed when the machine's own is unknown (rpm). */
export const defaultMaxRpm = 2500;

/**
 * The outer diameters to check: each section from below its free-end chamfer to its chuck-side
 * end, less the finishing nose radius where a larger diameter follows (the inside corner keeps
 * the nose's radius); behind the split of two chuckings (`splitMm`, cam/lathe/two-chuckings.ts),
 * where the second setup turns a section from the far end, less it too where a larger diameter
 * comes before it.
 */
function outerTargets(part: TurnedPart, cornerRadiusMm = 0, splitMm?: number): DiameterTarget[] {
  const contour = outerContour(part);
  return part.outer.map((section, index) => {
    const chamfer = part.chamfers.find(
      (entry) => !entry.inner && Math.abs(entry.atMm - section.startMm) < 0.06,
    );
    const chamfered =
      chamfer &&
      !contour.skippedChamfers.some((skipped) => skipped.label === chamfer.label) &&
      section.targetMm >= contour.envelope[index]! - 1e-9;
    const next = part.outer[index + 1];
    // The last section ends where the chamfer at the parted-off end begins.
    const endChamfer = next ? 0 : (endChamferOf(part)?.sizeMm ?? 0);
    const corner =
      next && next.targetMm > section.targetMm && section.kind !== 'groove' ? cornerRadiusMm : 0;
    const previous = part.outer[index - 1];
    const fromFar =
      splitMm !== undefined &&
      section.startMm >= splitMm - 1e-6 &&
      !part.outer.slice(index + 1).some((other) => other.targetMm > section.targetMm + 1e-9);
    const farCorner =
      fromFar && previous && previous.targetMm > section.targetMm
        ? Math.min(cornerRadiusMm, (section.endMm - section.startMm) / 4)
        : 0;
    return {
      label: section.label,
      fromZ: -(section.startMm + (chamfered ? chamfer.sizeMm : 0) + farCorner),
      toZ: -section.endMm + endChamfer + Math.min(corner, (section.endMm - section.startMm) / 4),
      diameterMm: section.targetMm,
    };
  });
}

/**
 * The outer chamfer at the parted-off end: the parting blade's (cam/lathe/part-off-chamfer.ts)
 * or the one the second setup turns (cam/lathe/far-turning.ts); a part has at most one.
 */
const endChamferOf = (part: TurnedPart) => part.partOffChamfer ?? part.farOuterChamfer;

/**
 * Bores from the mouth inward: each starts where the wider one before it ends (or below the
 * mouth chamfer) and ends, unless it goes through, the boring nose radius short of its bottom
 * (the inside corner keeps the nose's radius).
 */
function innerTargets(
  part: TurnedPart,
  cornerRadiusMm = 0,
  farCornerRadiusMm = 0,
): DiameterTarget[] {
  const mouthChamfer = part.chamfers.find((chamfer) => chamfer.inner);
  const far = part.farInner ?? [];
  const farMouth = part.farChamfers?.[0];
  const end = -part.lengthMm;
  const free = part.inner.map((bore, index) => {
    const fromZ = index === 0 ? -(mouthChamfer?.sizeMm ?? 0) : -part.inner[index - 1]!.depthMm;
    // A wider far-end bore takes over where it begins.
    const farDepth = Math.max(
      0,
      ...far.filter((entry) => entry.targetMm > bore.targetMm).map((entry) => entry.depthMm),
    );
    // A through bore's own far mouth chamfer (no far-end bore): the diameter ends below it.
    const farChamfered = bore.through && far.length === 0 ? (farMouth?.sizeMm ?? 0) : 0;
    const bottom = Math.max(-Math.min(bore.depthMm, part.lengthMm), end + farDepth + farChamfered);
    const corner =
      bore.through && farDepth === 0 ? 0 : Math.min(cornerRadiusMm, (fromZ - bottom) / 4);
    return { label: bore.label, fromZ, toZ: bottom + corner, diameterMm: bore.targetMm };
  });
  // Far-end bores: from their inner end (the free-end side) to the far face.
  const farTargets = far.map((bore, index) => {
    const toZ = index === 0 ? end + (farMouth?.sizeMm ?? 0) : end + far[index - 1]!.depthMm;
    const top = end + bore.depthMm;
    const corner = Math.min(farCornerRadiusMm, (top - toZ) / 4);
    return { label: bore.label, fromZ: top - corner, toZ, diameterMm: bore.targetMm };
  });
  return [...free, ...farTargets];
}

/**
 * What the verifier knows of the plan's second setup: where the part is parted off, the chuck,
 * and what its boring must leave (in its coordinates); undefined without one.
 */
function secondSetupTarget(plan: LathePlan): LatheVerificationInput['secondSetup'] {
  const second = plan.secondSetup;
  if (!second) return undefined;
  const flipped = second.part;
  const turnsOutside = plan.operations.some(
    (operation) => operation.setup === 2 && operation.role === 'finish',
  );
  const radius = plan.stock.diameterMm / 2;
  return {
    partedLengthMm: second.partedLengthMm,
    chuckFaceZ: second.chuckFaceZ,
    ...(second.outsideFromMm !== undefined ? { outsideFromMm: second.outsideFromMm } : {}),
    finishedBy: {
      ...(turnsOutside ? { outside: outsideKeep(flipped, -flipped.lengthMm, radius) } : {}),
      bore: boreKeep(flipped, -(flipped.lengthMm + 1), radius),
    },
  };
}

/**
 * The threads to check: the first setup's, and the second setup's far-end threads in its
 * coordinates (`setup: 2`).
 */
function threadTargets(plan: LathePlan): NonNullable<LatheVerificationInput['threads']> {
  const target = (thread: ThreadCycle) => ({
    label: thread.label,
    fromZ: thread.threadStartZ,
    // The thread's full length, not the run-out the tool happens to take past it.
    toZ: thread.threadEndZ,
    rootMm: thread.rootMm,
    leadMm: thread.leadMm,
  });
  return [
    ...plan.threads.map(target),
    ...(plan.secondSetup?.threads ?? []).map((thread) => ({
      ...target(thread),
      setup: 2 as const,
    })),
  ];
}

/** The far-end bores as features (first setup's coordinates), and their drill point. */
function farFeatures(plan: LathePlan) {
  const part = plan.part;
  const end = -part.lengthMm;
  const far = plan.secondSetup ? (part.farInner ?? []) : [];
  const features = (part.farInner ?? []).map((bore) => ({
    label: `the bore ${bore.label}`,
    side: 'inner' as const,
    fromZ: end + bore.depthMm,
    toZ: end,
  }));
  const drill = plan.operations.find(
    (operation) =>
      operation.setup === 2 && operation.role === 'drill' && operation.tool.kind === 'drill',
  )?.tool.diameterMm;
  const deepest = far.reduce<InnerSection | undefined>(
    (best, bore) => (!best || bore.depthMm > best.depthMm ? bore : best),
    undefined,
  );
  const either = deepest && drill !== undefined ? [orientedPoint(end, deepest.depthMm, drill)] : [];
  return { features, either };
}

/** A far-end blind bore's drill point, pointing from the bore's bottom toward the free end. */
function orientedPoint(end: number, depthMm: number, drilledMm: number) {
  const bottom = end + depthMm;
  return [
    { x: bottom - 0.01, y: 0 },
    { x: bottom + 0.31 * drilledMm + 0.01, y: 0 },
    { x: bottom - 0.01, y: drilledMm / 2 + 0.01 },
  ];
}

/**
 * The outer chamfers to check: the free-end and shoulder chamfers the plan cuts, and the one at
 * the parted-off end (the parting blade's, or the second setup's: {@link endChamferOf}).
 */
function chamferLines(part: TurnedPart, plan: LathePlan) {
  const contour = outerContour(part);
  const end = endChamferOf(part);
  const atEnd = end
    ? [
        {
          label: end.label,
          from: {
            z: -end.atMm,
            x: end.diameterMm - 2 * end.sizeMm * Math.tan((end.angleDeg * Math.PI) / 180),
          },
          to: { z: -(end.atMm - end.sizeMm), x: end.diameterMm },
        },
      ]
    : [];
  return [
    ...part.chamfers
      .filter(
        (chamfer) =>
          !chamfer.inner &&
          !contour.skippedChamfers.some((skipped) => skipped.label === chamfer.label) &&
          !plan.notProgrammed.some((entry) => entry.includes(chamfer.label)),
      )
      .map((chamfer) => {
        const leg = chamfer.sizeMm * Math.tan((chamfer.angleDeg * Math.PI) / 180);
        return {
          label: chamfer.label,
          from: { z: -chamfer.atMm, x: chamfer.diameterMm - 2 * leg },
          to: { z: -(chamfer.atMm + chamfer.sizeMm), x: chamfer.diameterMm },
        };
      }),
    ...atEnd,
  ];
}

/**
 * What the first setup's finishing makes of the outside (half-section regions): the part's
 * envelope through the cut-off zone, or, in two chuckings (cam/lathe/two-chuckings.ts), the part
 * in front of the split with the bar behind it.
 */
function firstSetupOutside(plan: LathePlan) {
  const splitMm = plan.secondSetup?.outsideFromMm;
  const radius = plan.stock.diameterMm / 2;
  if (splitMm === undefined) return outsideKeep(plan.part, plan.finishEndZ, radius);
  const front = frontOf(plan.part, splitMm, plan.stock.diameterMm);
  return outsideKeep(front, Math.min(plan.finishEndZ, -plan.part.lengthMm), radius);
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

/** A lathe tool as the verifier takes it: its number, kind, size and real shape with ratings. */
export function latheVerificationTool(tool: LatheTool): VerificationTool {
  const cutter = latheCutterOf(tool);
  return {
    number: tool.number,
    kind: tool.kind,
    ...(tool.widthMm !== undefined ? { widthMm: tool.widthMm } : {}),
    ...(tool.diameterMm !== undefined ? { diameterMm: tool.diameterMm } : {}),
    ...(cutter ? { cutter } : {}),
  };
}

/**
 * What the verifier checks for a plan: the finished sizes, chamfers, threads and tools, each
 * tool's real shape and ratings, what each operation is for, the part as drawn (for what is left
 * or cut away), the machine's limits and the material.
 */
export function latheVerificationInput(
  plan: LathePlan,
  dialect: LatheDialect,
  tools: LatheTool[],
  job?: Pick<ProgramJob, 'machine' | 'material'>,
): LatheVerificationInput {
  const part = plan.part;
  const limits = job?.machine.limits;
  const finishTool = plan.operations.find((operation) => operation.role === 'finish')?.tool;
  const finishNose = finishTool ? (latheCutterOf(finishTool)?.insert?.noseRadiusMm ?? 0) : 0;
  const boringBar = plan.operations.find((operation) => operation.role === 'finish-bore')?.tool;
  const boreNose = boringBar ? (latheCutterOf(boringBar)?.insert?.noseRadiusMm ?? 0) : 0;
  const farBar = plan.operations.find(
    (operation) => operation.setup === 2 && operation.role === 'finish-bore',
  )?.tool;
  const farBoreNose = farBar ? (latheCutterOf(farBar)?.insert?.noseRadiusMm ?? 0) : 0;
  const far = farFeatures(plan);
  const secondSetup = secondSetupTarget(plan);
  const stockRadius = plan.stock.diameterMm / 2;
  const deepest = part.inner.reduce<InnerSection | undefined>(
    (best, bore) => (!best || bore.depthMm > best.depthMm ? bore : best),
    undefined,
  );
  const drillPoint =
    deepest && !deepest.through && plan.drilledMm !== undefined
      ? [
          [
            { x: -deepest.depthMm - 0.31 * plan.drilledMm - 0.01, y: 0 },
            { x: -deepest.depthMm + 0.01, y: 0 },
            { x: -deepest.depthMm + 0.01, y: plan.drilledMm / 2 + 0.01 },
          ],
        ]
      : [];
  const grade = job ? identifyMaterial(job.material) : undefined;
  return {
    dialect,
    stock: {
      diameterMm: plan.stock.diameterMm,
      frontFaceZ: plan.stock.frontFaceZ,
      chuckFaceZ: plan.stock.chuckFaceZ,
      ...(plan.stock.blankLengthMm !== undefined ? { lengthMm: plan.stock.blankLengthMm } : {}),
    },
    lengthMm: part.lengthMm,
    partingWidthMm: plan.partingWidthMm,
    outer: outerTargets(part, finishNose, plan.secondSetup?.outsideFromMm),
    inner: innerTargets(part, boreNose, farBoreNose),
    chamfers: chamferLines(part, plan),
    tools: tools.map(latheVerificationTool),
    envelope: { xMax: plan.changePosition.x + 1, zMax: plan.changePosition.z + 1 },
    threads: threadTargets(plan),
    ...(plan.tappedHoles ? { tappedHoles: plan.tappedHoles } : {}),
    operations: plan.operations.map((operation) => ({
      name: operation.name,
      role: operation.role,
      tool: operation.tool.label,
      ...(operation.setup ? { setup: operation.setup } : {}),
    })),
    ...(secondSetup ? { secondSetup } : {}),
    finishAllowanceMm: plan.finishAllowanceMm,
    finishedBy: {
      outside: firstSetupOutside(plan),
      ...(part.inner.length > 0 ? { bore: boreKeep(part, plan.throughZ, stockRadius) } : {}),
    },
    part: {
      region: finishedPart(part),
      cornerRadiusMm: finishNose,
      features: [
        ...part.outer.map((section) => ({
          label: section.label,
          side: 'outer' as const,
          fromZ: -section.startMm,
          toZ: -section.endMm,
        })),
        ...part.inner.map((bore) => ({
          label: `the bore ${bore.label}`,
          side: 'inner' as const,
          fromZ: 0,
          toZ: -bore.depthMm,
        })),
        ...far.features,
      ],
      either: [...drillPoint, ...far.either, ...centreHoleOf(plan, tools)],
    },
    material: grade?.subgroup ?? 'alloy',
    ...(limits
      ? {
          machine: {
            name: job.machine.name,
            ...(limits.maxRpm !== undefined ? { maxRpm: limits.maxRpm } : {}),
            ...(job.machine.spindleLimitReason
              ? { maxRpmReason: job.machine.spindleLimitReason }
              : {}),
            ...(limits.spindlePowerKw !== undefined
              ? { spindlePowerKw: limits.spindlePowerKw }
              : {}),
            travelsMm: { x: limits.travelsMm.x, z: limits.travelsMm.z },
            ...(limits.maxTurningDiameterMm !== undefined
              ? { maxTurningDiameterMm: limits.maxTurningDiameterMm }
              : {}),
          },
        }
      : {}),
    ...(plan.tailstock ? { tailstock: plan.tailstock } : {}),
    notProgrammed: plan.notProgrammed,
  };
}

/** The centre hole the tailstock seats in, which the part keeps (may be cut or not). */
function centreHoleOf(plan: LathePlan, tools: LatheTool[]) {
  const drill = tools.find((tool) => tool.number === plan.tailstock?.toolNumber);
  // Inside the bores it is cut away; the part keeps it only where it may.
  return plan.tailstock && !plan.tailstock.inBore && drill
    ? centreHoleRegion(plan.tailstock, drill)
    : [];
}

/**
 * Plan a lathe job and write its program's body with the post-processor of the machine's
 * controller (the head and the verification follow in cam/jobs/finish.ts); `verification` is
 * what its verifier checks the program against ({@link latheVerificationInput}).
 * @throws PartModelError when the description lacks sizes, PlanningError when the job cannot be
 *   planned (no round bar stock, stock too small, a missing tool, a controller without a lathe
 *   post-processor)
 */
export function postLatheJob(
  job: ProgramJob,
): PostedJob & { plan: LathePlan; verification: LatheVerificationInput } {
  if (job.stock.shape !== 'round') throw new PlanningError(roundStockNeeded);
  const post = lathePostFor(job.machine.dialect);
  if (!post) {
    throw new PlanningError(
      `Lathe programs for ${job.machine.controllerModel} (${job.machine.dialect} dialect) are not written: this version writes LinuxCNC/PathPilot, Fanuc, Haas, Sinumerik and Okuma lathe programs.`,
    );
  }
  const drawn = turnedPartFromDescription(job.description);
  const tools = job.tools.map(classifyTool);
  const spindle = spindleLimitFor(job.machine, job.stock.diameterMm, defaultMaxRpm);
  const maxRpm = spindle.maxRpm;
  const planned = planTurnedPart({
    part: drawn,
    material: job.material,
    stockDiameterMm: job.stock.diameterMm,
    tools,
    maxRpm,
    ...(job.overrides ? { overrides: job.overrides } : {}),
    ...(job.machine.limits ? { machine: { ...job.machine.limits, name: job.machine.name } } : {}),
  });
  const plan = spindle.note
    ? { ...planned, warnings: [spindle.note, ...planned.warnings] }
    : planned;
  // A part the blade cannot part off is turned from a blank sawn off the bar (sawn-blank.ts).
  const blank = plan.stock.blankLengthMm;
  const stock =
    blank !== undefined
      ? `blank Ø${job.stock.diameterMm} x ${blank} mm sawn from round bar`
      : `round bar Ø${job.stock.diameterMm}${job.stock.lengthMm ? ` x ${job.stock.lengthMm}` : ''} mm`;
  const headerOf = (notes: readonly string[]) =>
    programHeader({ ...job, headerNotes: [...notes] }, plan, {
      fallbackName: 'Turned part',
      stock,
      postLabel: post.label,
    });
  const options = { programNumber: 1000 + (job.programVersion % 9000) };
  const fileBase = `${safeFileName(headerOf([]).partName)}-v${job.programVersion}`;
  const controller = controllerName(job.machine);
  const verification = latheVerificationInput(plan, post.dialect, tools, {
    ...job,
    machine: spindle.machine,
  });
  return {
    machineKind: 'lathe',
    dialect: post.dialect,
    fileName: `${post.programName?.(fileBase) ?? fileBase}${post.fileExtension ?? '.nc'}`,
    summary: {
      jobType: 'Lathe',
      operations: plan.operations.map((operation) => ({
        name: operation.name,
        tool: operation.tool.label,
        ...operation.data,
      })),
      warnings: plan.warnings,
      limited: plan.limited,
      notProgrammed: plan.notProgrammed,
      stock,
      dialect: post.dialect,
      controller,
    },
    // The part as machined: with the thread undercuts the planner added.
    outline: latheOutline(plan.part),
    body: post.body(plan, options),
    head: (notes) => post.head(plan, headerOf(notes), options),
    verify: (program) =>
      verifyLatheEvents(program.events, verification, () => program.lines.length),
    plan,
    verification,
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
  return { ...finishWithNotes(posted, job.headerNotes ?? []), plan: posted.plan };
}
