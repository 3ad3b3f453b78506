/**
 * Plan a lathe program for a turned part: pick a tool for each operation from the selected
 * tooling, choose cutting data, and build the toolpaths.
 *
 * Operations, in order: face, centre drill, drill, rough OD, rough bore, finish OD, finish bore,
 * grooves and thread undercuts, threads, part off. Constant surface speed (G96) is used for turning, boring, grooving and
 * parting, always with a spindle speed limit; drills run at constant rpm.
 *
 * Longer than the project's 500 lines, not yet split: planTurnedPart is one ordered sequence in
 * which each operation plans against the stock the earlier ones left, sharing one set of chosen
 * tools and warnings. Its seam is per operation (face, drill, rough, finish, groove, thread, part
 * off) over a shared planning context, as cam/mill/context.ts does for milling; that split is issue
 * 32's first item, which takes this file next.
 */
import { FitError, PlanningError } from '../errors.ts';
import {
  centreDrillingData,
  drillingData,
  groovingData,
  threadingData,
  turningData,
} from '../cutting-data.ts';
import { standardToleranceMm } from '../iso286.ts';
import type { CuttingOverrides, DrillingData, TurningData } from '../cutting-data.ts';
import { identifyMaterial } from '../materials.ts';
import type { MaterialSubgroup } from '../materials.ts';
import { facingAllowanceMm } from '../stock.ts';
import { toolKindNames } from '../tooling.ts';
import type { LatheTool, LatheToolKind } from '../tooling.ts';
import { outerContour } from './contour.ts';
import {
  cuttingForces,
  powerShare,
  specificCuttingForce,
  turningChipThickness,
  turningPowerKw,
} from '../process.ts';
import type { CuttingForce } from '../process.ts';
import type { MachineLimits } from '../program.ts';
import { latheCutterOf } from './cutters.ts';
import type { LatheCutter } from './cutters.ts';
import {
  approach,
  drillingMoves,
  facingMoves,
  groovingMoves,
  leave,
  partingMoves,
  threadingMoves,
} from './operations.ts';
import type { PathContext } from './operations.ts';
import {
  finishBorePass,
  finishOutsidePass,
  reachChain,
  roughBorePasses,
  roughOutsidePasses,
  withAllowance,
} from './passes.ts';
import { boreKeep, outsideKeep } from './profiles.ts';
import { snapChain } from './section.ts';
import type { OuterSection, TurnedPart } from './part.ts';
import type { LathePlan, Move, Operation, ThreadCycle } from './program.ts';
import {
  din76Undercut,
  externalThreadDepthMm,
  flankInfeedDeg,
  infeedDepths,
  insertPitchRange,
  threadPassCount,
} from './threads.ts';

export interface LathePlanInput {
  part: TurnedPart;
  /** The stock material chosen in the workflow (free text, identified against cam/materials). */
  material: string;
  stockDiameterMm: number;
  /** The tools the operator selected for this job. */
  tools: LatheTool[];
  /** Spindle speed limit, rpm. */
  maxRpm: number;
  overrides?: CuttingOverrides;
  /** The machine's limits (spindle power bounds the depth of cut), when the catalog has them. */
  machine?: MachineLimits & { name?: string };
}

const where = 'Select it for this job, or add it to the machine in Tooling Pairs';

function need(
  tools: LatheTool[],
  kind: LatheToolKind,
  purpose: string,
  pick?: (tools: LatheTool[]) => LatheTool | undefined,
): LatheTool {
  const candidates = tools.filter((tool) => tool.kind === kind);
  const tool = pick ? pick(candidates) : candidates[0];
  if (!tool)
    throw new PlanningError(
      `This part needs ${toolKindNames[kind]} ${purpose}, and none of the selected tools is one. ${where}.`,
    );
  return tool;
}

/** The drill for a part's bores, whether it makes them to size, and the boring bar after it. */
function boreTools(
  part: TurnedPart,
  tools: LatheTool[],
): { drill?: LatheTool; exact: boolean; bar?: LatheTool; largestDrillMm: number } {
  const narrowest = part.inner.reduce((a, b) => (a.targetMm < b.targetMm ? a : b));
  const drills = tools.filter((tool) => tool.kind === 'drill' && tool.diameterMm !== undefined);
  const oneDrillFinishes =
    part.inner.length === 1 &&
    (!narrowest.limits || narrowest.limits.maxMm - narrowest.limits.minMm >= 0.1);
  const exact = oneDrillFinishes
    ? drills.find((drill) => Math.abs(drill.diameterMm! - narrowest.targetMm) <= 0.05)
    : undefined;
  const drill =
    exact ??
    [...drills]
      .filter((tool) => tool.diameterMm! <= narrowest.targetMm - 0.6)
      .sort((a, b) => b.diameterMm! - a.diameterMm!)[0];
  const largestDrillMm = Math.floor((narrowest.targetMm - 0.6) * 10) / 10;
  if (!drill || exact)
    return { ...(drill ? { drill } : {}), exact: Boolean(exact), largestDrillMm };
  const bar = tools.find(
    (tool) =>
      tool.kind === 'boring' &&
      (tool.minBoreMm === undefined || tool.minBoreMm <= drill.diameterMm!),
  );
  return { drill, exact: false, ...(bar ? { bar } : {}), largestDrillMm };
}

/**
 * Every tool the part needs that the selected tools do not give, each as a phrase ("a parting
 * (cut-off) tool to cut the part off"), so a job is refused once with the whole list.
 */
export function missingTools(part: TurnedPart, tools: LatheTool[]): string[] {
  const gaps: string[] = [];
  if (!tools.some((tool) => tool.kind === 'turning'))
    gaps.push(`${toolKindNames.turning} to face and rough the outside`);
  for (const blade of tools)
    if ((blade.kind === 'parting' || blade.kind === 'grooving') && blade.widthMm === undefined)
      gaps.push(
        `the width of ${blade.label}, which is not in its name or description (write it in the tool row, for example "3 mm wide")`,
      );
  if (!tools.some((tool) => tool.kind === 'parting' && tool.widthMm !== undefined))
    gaps.push(`${toolKindNames.parting} to cut the part off`);
  if (part.inner.length > 0) {
    for (const drill of tools)
      if (drill.kind === 'drill' && drill.diameterMm === undefined)
        gaps.push(
          `the diameter of ${drill.label}, which is not in its name or description (write it in the tool row, for example "Ø8.5")`,
        );
    const narrowest = part.inner.reduce((a, b) => (a.targetMm < b.targetMm ? a : b));
    const chosen = boreTools(part, tools);
    if (!chosen.drill)
      gaps.push(`a twist drill up to Ø${chosen.largestDrillMm} mm for the bore ${narrowest.label}`);
    else if (!chosen.exact && !chosen.bar)
      gaps.push(`${toolKindNames.boring} to bore ${narrowest.label}`);
  }
  return gaps;
}

const byNose = (tools: LatheTool[], largest: boolean) =>
  [...tools].sort(
    (a, b) => ((a.noseRadiusMm ?? 0.4) - (b.noseRadiusMm ?? 0.4)) * (largest ? -1 : 1),
  )[0];

interface PlannedThread {
  cycle: ThreadCycle;
  tool: LatheTool;
}

/**
 * Decide which external threads are cut, and add a DIN 76 undercut where a thread ends at a
 * shoulder. Threads that cannot be cut are listed in `notProgrammed` with the reason (their
 * diameter is still turned).
 * @returns the part to machine (with the undercuts as grooves) and the thread cycles
 */
function planThreads(
  part: TurnedPart,
  tools: LatheTool[],
  blades: LatheTool[],
  partingWidthMm: number,
  warnings: string[],
  notProgrammed: string[],
): { part: TurnedPart; threads: PlannedThread[] } {
  const threading = tools.filter((tool) => tool.kind === 'threading');
  const outer: OuterSection[] = [];
  const threads: PlannedThread[] = [];
  let running = 0;
  part.outer.forEach((section, index) => {
    const spec = section.threadSpec;
    const onEnvelope = section.targetMm >= running - 1e-9;
    running = Math.max(running, section.targetMm);
    if (!spec) {
      outer.push(section);
      return;
    }
    const name = `the thread ${spec.designation} on ${section.label}`;
    const skip = (reason: string) => {
      notProgrammed.push(`${name}: ${reason}; the diameter is turned to Ø${section.targetMm}`);
      outer.push(section);
    };
    if (/\bLH\b/.test(spec.designation)) return skip('left-hand threads are not programmed yet');
    if (!onEnvelope) return skip('it lies behind a larger diameter');
    if (threading.length === 0)
      return skip(`it needs ${toolKindNames.threading}, and none of the selected tools is one`);
    const rangeOf = (candidate: LatheTool) =>
      insertPitchRange(`${candidate.row.toolName} ${candidate.row.toolDescription}`);
    const fits = (candidate: LatheTool) => {
      const range = rangeOf(candidate);
      return range && spec.pitchMm >= range.minMm - 0.005 && spec.pitchMm <= range.maxMm + 0.005;
    };
    const tool = threading.find(fits) ?? threading.find((candidate) => !rangeOf(candidate));
    if (!tool)
      return skip(
        `the selected threading inserts are for other pitches than ${round(spec.pitchMm)} mm`,
      );
    const pitch = spec.pitchMm;
    const depthMm = round(externalThreadDepthMm(pitch));
    const rootMm = round(spec.majorDiameterMm - 2 * depthMm);
    const leadIn = round(Math.max(3 * pitch, 3));
    const previous = part.outer[index - 1];
    if (
      previous &&
      (previous.targetMm > rootMm - 0.5 || previous.endMm - previous.startMm < leadIn)
    ) {
      return skip(
        `there is no room in front of it for the tool to start (${leadIn} mm below Ø${round(rootMm - 0.5)} is needed)`,
      );
    }
    const next = part.outer[index + 1];
    let threadSection = section;
    let undercut: OuterSection | undefined;
    let endZ: number;
    if (!next) {
      endZ = -(section.endMm + partingWidthMm / 2);
    } else if (next.targetMm < section.targetMm) {
      if (next.targetMm > rootMm + 1e-6)
        return skip(
          `the groove after it (Ø${next.targetMm}) is shallower than the thread root Ø${rootMm}`,
        );
      endZ = -(section.endMm + (next.endMm - next.startMm) / 2);
    } else {
      // A shoulder: a DIN 76 form A undercut (metric table by pitch) for the thread to run out.
      const form = din76Undercut(pitch);
      if (!form) return skip('its pitch is over 6 mm, beyond the DIN 76 undercut table');
      // Grooving blades before parting blades, the narrowest that fits the undercut.
      const blade = [...blades]
        .filter((candidate) => candidate.widthMm! <= form.g2MaxMm + 1e-9)
        .sort(
          (a, b) =>
            Number(b.kind === 'grooving') - Number(a.kind === 'grooving') ||
            a.widthMm! - b.widthMm!,
        )[0];
      if (!blade)
        return skip(
          `the DIN 76 undercut before the shoulder needs a grooving blade at most ${form.g2MaxMm} mm wide, and none of the selected blades is`,
        );
      const widthMm = round(Math.max(form.g1MinMm, blade.widthMm!));
      const dg = round(spec.majorDiameterMm - form.depthBelowMm);
      if (section.endMm - section.startMm - widthMm < 2 * pitch)
        return skip(`it is too short for a DIN 76 undercut of ${widthMm} mm`);
      let tolerance: number;
      try {
        tolerance = standardToleranceMm(13, dg);
      } catch (error) {
        if (error instanceof FitError) return skip('its undercut diameter is too small');
        throw error;
      }
      threadSection = { ...section, endMm: round(section.endMm - widthMm) };
      undercut = {
        startMm: threadSection.endMm,
        endMm: section.endMm,
        nominalMm: dg,
        targetMm: round(dg - tolerance / 2),
        limits: { minMm: round(dg - tolerance), maxMm: dg },
        kind: 'groove',
        label: `undercut DIN 76-A ${spec.designation} ${widthMm} x Ø${dg}`,
      };
      endZ = -(section.endMm - widthMm / 2);
    }
    const passes = threadPassCount(pitch);
    const startZ = previous ? -(section.startMm - leadIn) : leadIn;
    threads.push({
      tool,
      cycle: {
        label: spec.designation,
        leadMm: pitch,
        majorMm: spec.majorDiameterMm,
        rootMm,
        depthMm,
        passDepthsMm: infeedDepths(depthMm, passes),
        springPasses: 1,
        infeedAngleDeg: flankInfeedDeg,
        profileAngleDeg: 60,
        driveX: round(Math.max(spec.majorDiameterMm, section.targetMm) + 2),
        startZ: round(startZ),
        endZ: round(endZ),
        threadStartZ: round(-section.startMm),
      },
    });
    if (!rangeOf(tool)) {
      warnings.push(
        `${tool.label}: check that its insert cuts a ${round(pitch)} mm pitch (${spec.designation}).`,
      );
    }
    outer.push(threadSection);
    if (undercut) outer.push(undercut);
  });
  return { part: { ...part, outer }, threads };
}

/** What a plan tells the user beside its program. */
interface PlanNotes {
  warnings: string[];
  /** The changes the user asked for that the machine's limits changed. */
  limited: string[];
}

/** The cutter of a tool the planner uses (every turning, boring and blade tool has one). */
const cutterOf = (tool: LatheTool): LatheCutter => latheCutterOf(tool)!;

const rapid = (x: number, z: number): Move => ({ kind: 'rapid', x, z });

/**
 * The finishing allowance: the requested one (0.2 mm by default), or more when the roughing
 * nose is larger than the finishing nose, so that the material a large nose leaves in an inside
 * corner stays within twice the allowance of the finished surface: at a 90° corner it lies
 * a·√2 + (rε rough − rε finish)·(√2 − 1) from it, which is at most 2·a for
 * a ≥ 0.71 · (rε rough − rε finish). Rounded up to 0.05 mm.
 */
export function finishingAllowanceMm(
  requestedMm: number,
  roughNoseMm: number,
  finishNoseMm: number,
): number {
  const corner = (Math.SQRT2 - 1) / (2 - Math.SQRT2);
  const needed = corner * Math.max(0, roughNoseMm - finishNoseMm);
  return Math.ceil(Math.max(requestedMm, needed) / 0.05 - 1e-9) * 0.05;
}

/**
 * Cutting data the machine can drive: when a cut would take more than 80 % of the spindle power
 * (Pc = vc · ap · f · kc / 60 000, cam/process.ts), its depth of cut is lowered first (not
 * below `minDepthMm`), then its surface speed (not below 30 m/min), and a warning says so.
 * @param depthMm - the depth of cut the cut takes at most (roughing ap; finishing: twice the
 *   allowance; blades: their width)
 */
function withinSpindlePower(
  data: TurningData,
  depthMm: number,
  cutter: LatheCutter,
  force: CuttingForce,
  input: LathePlanInput,
  operation: string,
  notes: PlanNotes,
  largestDiameterMm: number,
  minDepthMm = 0.5,
): TurningData & { depthMm: number } {
  const powerKw = input.machine?.spindlePowerKw;
  // Under constant surface speed the spindle limit caps the speed at the largest diameter cut.
  const capped = (vc: number) => Math.min(vc, (Math.PI * largestDiameterMm * input.maxRpm) / 1000);
  // The chip as the verifier measures it: thinner at depths below the nose radius.
  const power = (vc: number, ap: number) =>
    turningPowerKw(force, {
      surfaceSpeed: capped(vc),
      depthOfCutMm: ap,
      feedPerRevMm: data.feedPerRev,
      chipThicknessMm: turningChipThickness(
        data.feedPerRev,
        cutter.enteringAngleDeg,
        ap,
        cutter.insert?.noseRadiusMm ?? 0,
      ),
    });
  // Planned 3 % under the verifier's limit, for the depths a pass meets at its ends.
  const limit = powerKw === undefined ? Infinity : 0.97 * powerShare * powerKw;
  if (powerKw === undefined || power(data.surfaceSpeed, depthMm) <= limit)
    return { ...data, depthMm };
  const machine = input.machine?.name ?? 'the machine';
  let depth = depthMm;
  let speed = data.surfaceSpeed;
  if (data.depthOfCut !== undefined && depth > minDepthMm) {
    depth = Math.max(
      Math.min(minDepthMm, depthMm),
      Math.floor((limit / power(speed, 1)) * 20) / 20,
    );
  }
  if (power(speed, depth) > limit) {
    // Power grows with the speed actually reached: the surface speed that keeps it in bounds.
    speed = Math.max(30, Math.floor(limit / power(1, depth) / 5) * 5);
  }
  const changes = [
    depth < depthMm ? `depth of cut ${round(depth)} mm instead of ${round(depthMm)} mm` : '',
    speed < data.surfaceSpeed ? `${speed} m/min instead of ${data.surfaceSpeed} m/min` : '',
  ].filter(Boolean);
  const note = `${operation}: ${changes.join(' and ')}, so the cut stays within 80 % of ${machine}'s ${powerKw} kW spindle (${round(power(speed, depth))} kW of ${round(powerShare * powerKw)} kW).`;
  notes.warnings.push(note);
  // After feedback, the changes asked for may be what the machine cannot drive: say so.
  if (input.overrides && Object.keys(input.overrides).length > 0) notes.limited.push(note);
  return {
    ...data,
    surfaceSpeed: speed,
    ...(data.depthOfCut !== undefined ? { depthOfCut: depth } : {}),
    depthMm: depth,
  };
}

/**
 * Drilling the machine can drive: Pc = f · vc · D · kc / 240 000 kW (Sandvik Coromant, drilling
 * formulas), with kc at the chip of one lip, f/2 · sin 59°. Over 80 % of the spindle power the
 * spindle speed is lowered (the feed per revolution stays, so chips still break).
 */
function drillWithinPower(
  data: DrillingData,
  diameterMm: number,
  force: CuttingForce,
  input: LathePlanInput,
  operation: string,
  notes: PlanNotes,
): DrillingData {
  const powerKw = input.machine?.spindlePowerKw;
  if (powerKw === undefined) return data;
  const chip = (data.feedPerRev / 2) * Math.sin((59 * Math.PI) / 180);
  const power = (rpm: number) =>
    (data.feedPerRev *
      ((Math.PI * diameterMm * rpm) / 1000) *
      diameterMm *
      specificCuttingForce(force, chip)) /
    240_000;
  const limit = 0.97 * powerShare * powerKw;
  if (power(data.rpm) <= limit) return data;
  const rpm = Math.max(50, Math.floor((data.rpm * limit) / power(data.rpm) / 10) * 10);
  const note = `${operation}: ${rpm} rpm instead of ${data.rpm} rpm, so the drill stays within 80 % of ${input.machine?.name ?? 'the machine'}'s ${powerKw} kW spindle (${round(power(rpm))} kW of ${round(powerShare * powerKw)} kW).`;
  notes.warnings.push(note);
  if (input.overrides && Object.keys(input.overrides).length > 0) notes.limited.push(note);
  return { ...data, rpm };
}

/**
 * A warning when a requested surface speed change cannot take effect because the spindle runs at
 * its limit: under constant surface speed the spindle turns 1000 · vc / (π · D), capped at
 * `maxRpm`, so below D = 1000 · vc / (π · maxRpm) every cut runs at the cap whatever vc is.
 */
function speedLimitWarning(
  operation: string,
  surfaceSpeed: number,
  largestDiameterMm: number,
  input: LathePlanInput,
): string | undefined {
  const factor = input.overrides?.surfaceSpeedFactor;
  if (factor === undefined || Math.abs(factor - 1) < 1e-9) return undefined;
  const capped = (1000 * surfaceSpeed) / (Math.PI * input.maxRpm);
  if (largestDiameterMm > capped) return undefined;
  const actual = Math.round((Math.PI * largestDiameterMm * input.maxRpm) / 1000);
  return `${operation}: the surface speed you asked for (${surfaceSpeed} m/min) is not reached: at Ø${round(largestDiameterMm)} mm and below, the spindle already turns at its ${input.maxRpm} rpm limit, so the cut runs at ${actual} m/min or less, as before.`;
}

/**
 * Plan the operations and toolpaths of a turned part.
 * @throws PlanningError when the stock is too small, a tool the part needs is not selected, or a
 *   tool's size cannot be read from its tooling row
 */
export function planTurnedPart(input: LathePlanInput): LathePlan {
  const { part, tools, maxRpm } = input;
  const overrides = input.overrides ?? {};
  const warnings: string[] = [];
  const notes: PlanNotes = { warnings, limited: [] };
  const notProgrammed = [...part.notProgrammed];
  const grade = identifyMaterial(input.material);
  const subgroup: MaterialSubgroup = grade?.subgroup ?? 'alloy';
  if (!grade) {
    warnings.push(
      `The material "${input.material}" is not in the cutting data tables: alloy steel values are used, which suit most steels but are slow for aluminium and plastics.`,
    );
  }

  const drawnContour = outerContour(part);
  notProgrammed.push(...drawnContour.skippedChamfers.map((label) => `the chamfer ${label}`));
  const stockD = input.stockDiameterMm;
  if (stockD < drawnContour.largestMm + 0.2) {
    throw new PlanningError(
      `The stock Ø${stockD} mm is too small for the part's largest diameter Ø${drawnContour.largestMm} mm: choose bar of at least Ø${Math.ceil(drawnContour.largestMm + 0.5)} mm.`,
    );
  }

  // Tools: everything missing is said at once.
  const gaps = missingTools(part, tools);
  if (gaps.length > 0)
    throw new PlanningError(
      `This part needs tools the selected ones do not give: ${gaps.map((gap, index) => `(${index + 1}) ${gap}`).join('; ')}. Select them for this job, or add them to the machine in Tooling Pairs and choose the tools again.`,
    );
  const turning = tools.filter((tool) => tool.kind === 'turning');
  const roughTool = need(
    turning,
    'turning',
    'to face and rough the outside',
    (list) => list.find((tool) => tool.duty === 'rough') ?? byNose(list, true),
  );
  const finishTool =
    turning.find((tool) => tool.duty === 'finish') ?? byNose(turning, false) ?? roughTool;
  const blades = tools.filter((tool) => tool.kind === 'parting' || tool.kind === 'grooving');
  const partingTool = need(
    tools,
    'parting',
    'to cut the part off',
    (list) => [...list].sort((a, b) => a.widthMm! - b.widthMm!)[0],
  );
  const partingWidthMm = partingTool.widthMm!;

  // Threads and their undercuts: the part as machined.
  const threaded = planThreads(part, tools, blades, partingWidthMm, warnings, notProgrammed);
  const machined = threaded.part;
  const contour = outerContour(machined);

  // Setup.
  const clearanceMm = overrides.clearanceMm ?? 2;
  const frontFaceZ = facingAllowanceMm;
  const protrusionMm = part.lengthMm + facingAllowanceMm + partingWidthMm + 5;
  const chuckFaceZ = -(part.lengthMm + partingWidthMm + 5);
  // The machine's travels: the part must fit its turning diameter, and the turret must reach
  // from the tool change position to the end of the cut-off zone.
  const machineName = input.machine?.name ?? 'The machine';
  const turnable = input.machine?.maxTurningDiameterMm;
  if (turnable !== undefined && stockD > turnable + 1e-6)
    throw new PlanningError(
      `The stock Ø${stockD} mm is larger than ${machineName} turns (Ø${turnable} mm): choose a larger lathe or a smaller bar.`,
    );
  const zTravel = input.machine?.travelsMm.z;
  const deepestZ = part.lengthMm + partingWidthMm + 10;
  if (zTravel !== undefined && deepestZ + clearanceMm + 5 > zTravel)
    throw new PlanningError(
      `The part is ${round(part.lengthMm)} mm long: ${machineName}'s Z axis travels ${zTravel} mm, too little to turn it in one setup (${Math.ceil(deepestZ + clearanceMm + 5)} mm are needed). Turn it on a lathe with more travel, or, if only its end is turned here, give the length that is turned with Change (for example "overall length 60").`,
    );
  const changeZ = zTravel === undefined ? 50 : Math.min(50, round(zTravel - deepestZ - 1));
  const changePosition = { x: round(stockD + 50), z: changeZ };
  const context: PathContext = {
    stockDiameterMm: stockD,
    safeX: round(stockD + 2 * clearanceMm),
    clearZ: clearanceMm,
    clearRadialMm: Math.min(clearanceMm, 1),
    changePosition,
  };
  const roughCutter = cutterOf(roughTool);
  const finishCutter = cutterOf(finishTool);
  const force = cuttingForces[subgroup];
  const allowanceMm = finishingAllowanceMm(
    overrides.finishAllowanceMm ?? 0.2,
    roughCutter.insert?.noseRadiusMm ?? 0.8,
    finishCutter.insert?.noseRadiusMm ?? 0.4,
  );
  if (overrides.finishAllowanceMm !== undefined && allowanceMm > overrides.finishAllowanceMm + 1e-9)
    warnings.push(
      `Finishing allowance ${round(allowanceMm)} mm instead of ${overrides.finishAllowanceMm} mm: the roughing nose (${roughCutter.insert?.noseRadiusMm} mm) leaves more than twice that in inside corners for the finishing nose (${finishCutter.insert?.noseRadiusMm} mm).`,
    );
  const passSetup = { clearZ: clearanceMm, pullOffMm: 0.5 };
  // The parting blade's clamp block sits at its reach above the cut: where the bar is larger
  // than that, the roughing turns 4 mm more of it down, so the block clears the bar.
  const partingReach = cutterOf(partingTool).rating.reachMm ?? Infinity;
  const blockClearance = stockD / 2 > partingReach - 0.5 ? 4 : 0;
  const cutOffZoneEnd = -(part.lengthMm + partingWidthMm + 1 + blockClearance);
  const finishEndZ = -(part.lengthMm + partingWidthMm + 0.5 + blockClearance);
  const slenderness = protrusionMm / Math.max(contour.smallestMm, 1);
  if (slenderness > 6) {
    warnings.push(
      `The bar sticks out ${Math.round(protrusionMm)} mm, ${Math.round(slenderness)} times its smallest diameter: support it with the tailstock or a steady rest, or turn it in sections, before running this program.`,
    );
  }
  if (stockD - contour.largestMm > 20) {
    warnings.push(
      `The stock is ${round(stockD - contour.largestMm)} mm larger than the part: roughing will take long; a smaller bar saves time.`,
    );
  }
  const barCapacity = input.machine?.barCapacityMm;
  if (barCapacity !== undefined && stockD > barCapacity + 1e-9)
    warnings.push(
      `The bar Ø${stockD} mm does not pass through the spindle (bar capacity Ø${barCapacity} mm): saw a blank of ${round(protrusionMm + 40)} mm and chuck it.`,
    );

  const operations: Operation[] = [];
  const css = (surfaceSpeed: number) => ({ mode: 'css' as const, surfaceSpeed, maxRpm });
  const speedNote = (operation: string, surfaceSpeed: number, diameterMm: number) => {
    const note = speedLimitWarning(operation, surfaceSpeed, diameterMm, input);
    if (note) {
      warnings.push(note);
      notes.limited.push(note);
    }
  };

  // Face.
  const faceData = turningData(subgroup, 'face', roughTool.noseRadiusMm, overrides);
  const face = withinSpindlePower(
    faceData,
    Math.min(frontFaceZ, faceData.depthOfCut!),
    roughCutter,
    force,
    input,
    'Face',
    notes,
    stockD,
    0.25,
  );
  operations.push({
    name: 'Face',
    role: 'face',
    tool: roughTool,
    spindle: css(face.surfaceSpeed),
    coolant: true,
    moves: facingMoves(
      context,
      frontFaceZ,
      face.depthMm,
      face.feedPerRev,
      roughCutter.insert?.noseRadiusMm ?? 0.8,
    ),
    data: {
      surfaceSpeed: face.surfaceSpeed,
      feedPerRev: face.feedPerRev,
      depthOfCut: round(face.depthMm),
    },
  });
  // Centre drill and drill for the bores.
  let drilledMm: number | undefined;
  let boringBar: LatheTool | undefined;
  let drillTool: LatheTool | undefined;
  let bores: 'planned' | 'skipped' = 'planned';
  const throughZ = -(part.lengthMm + partingWidthMm / 2);
  if (part.inner.length > 0) {
    const deepest = part.inner.reduce((a, b) => (a.depthMm > b.depthMm ? a : b));
    // missingTools has made sure the drill (and the bar, unless the drill makes the bore) exist.
    const chosen = boreTools(part, tools);
    const drill = chosen.drill!;
    drilledMm = drill.diameterMm!;
    drillTool = drill;
    if (!chosen.exact) {
      boringBar = chosen.bar!;
      if (boringBar.minBoreMm === undefined) {
        warnings.push(
          `${boringBar.label}: its smallest bore is not in its tooling row; check that it enters the Ø${drilledMm} mm drilled hole.`,
        );
      }
    }
    const tip = 0.3 * drilledMm;
    const drillDepth = deepest.through ? -(-throughZ + tip) : -(deepest.depthMm + tip);
    const flute = cutterOf(drill).rating.reachMm ?? Infinity;
    if (-drillDepth > flute + 1e-6) {
      // The drill cannot reach: the bores are left, and said so; the rest of the part is made.
      for (const bore of part.inner)
        notProgrammed.push(
          `the bore ${bore.label}: it is drilled ${round(-drillDepth)} mm deep and the flutes of ${drill.label} are ${round(flute)} mm long; select a drill with longer flutes`,
        );
      const mouth = part.chamfers.find((chamfer) => chamfer.inner);
      if (mouth) notProgrammed.push(`the chamfer ${mouth.label} (its bore is not made)`);
      drilledMm = undefined;
      boringBar = undefined;
      bores = 'skipped';
    }
  }
  if (part.inner.length > 0 && bores !== 'skipped' && drilledMm !== undefined) {
    const deepest = part.inner.reduce((a, b) => (a.depthMm > b.depthMm ? a : b));
    const drill = drillTool!;
    const tip = 0.3 * drilledMm;
    const drillDepth = deepest.through ? -(-throughZ + tip) : -(deepest.depthMm + tip);
    const handbookDrilling = drillingData(subgroup, drilledMm, maxRpm, overrides);
    if (!handbookDrilling)
      throw new PlanningError(
        `Twist drills cannot drill ${input.material}: bore it from a pre-drilled blank, or drill it before hardening.`,
      );
    const drilling = drillWithinPower(
      handbookDrilling,
      drilledMm,
      force,
      input,
      `Drill Ø${drilledMm}`,
      notes,
    );

    const centreDrill = tools.find((tool) => tool.kind === 'centreDrill');
    if (centreDrill) {
      const pilot = centreDrill.diameterMm ?? 2.5;
      const data = centreDrillingData(pilot, maxRpm, overrides);
      // Deep enough to start the drill, never deeper than the drill's own point goes.
      const drillPoint = deepest.through ? Infinity : deepest.depthMm + 0.3 * drilledMm;
      const depth = round(Math.min(1.5 * pilot + 1, 0.8 * drilledMm + 1, drillPoint - 0.5));
      operations.push({
        name: 'Centre drill',
        role: 'drill',
        tool: centreDrill,
        spindle: { mode: 'rpm', rpm: data.rpm },
        coolant: true,
        moves: drillingMoves(context, -depth, depth, data.feedPerRev),
        data: { rpm: data.rpm, feedPerRev: data.feedPerRev },
      });
    } else {
      warnings.push(
        'No centre drill is selected: the drill starts on the faced centre; use a stub drill or spot the centre by hand.',
      );
    }
    operations.push({
      name: `Drill Ø${drilledMm}`,
      role: 'drill',
      tool: drill,
      spindle: { mode: 'rpm', rpm: drilling.rpm },
      coolant: true,
      moves: drillingMoves(context, round(drillDepth), drilling.peckMm, drilling.feedPerRev),
      data: { rpm: drilling.rpm, feedPerRev: drilling.feedPerRev },
    });
    if (!deepest.through)
      warnings.push(
        `The blind bore ${deepest.label} ends in the drill's 118° point below its flat bottom, as drawings allow unless they say otherwise.`,
      );
  }

  // Rough the outside: levels over the whole length down to the part plus its allowance, as
  // far as the insert's shape reaches, then a pass along that boundary.
  const roughData = turningData(subgroup, 'rough', roughTool.noseRadiusMm, overrides);
  const rough = withinSpindlePower(
    roughData,
    Math.min(roughData.depthOfCut!, roughCutter.rating.maxDepthOfCutMm ?? Infinity),
    roughCutter,
    force,
    input,
    'Rough OD',
    notes,
    stockD,
  );
  const roughChain = reachChain(
    withAllowance(outsideKeep(machined, cutOffZoneEnd, stockD / 2), allowanceMm),
    roughCutter.shape,
    'upper',
  );
  speedNote('Rough OD', rough.surfaceSpeed, stockD);
  operations.push({
    name: 'Rough OD',
    role: 'rough',
    tool: roughTool,
    spindle: css(rough.surfaceSpeed),
    coolant: true,
    moves: [
      ...approach(context, context.clearZ),
      ...roughOutsidePasses(
        roughChain,
        stockD / 2,
        rough.depthMm,
        cutOffZoneEnd,
        rough.feedPerRev,
        passSetup,
      ),
      ...leave(context),
    ],
    data: {
      surfaceSpeed: rough.surfaceSpeed,
      feedPerRev: rough.feedPerRev,
      depthOfCut: round(rough.depthMm),
    },
  });

  const mouthChamfer = part.chamfers.find((chamfer) => chamfer.inner);
  const boreMaterial =
    boringBar && drilledMm !== undefined ? boreKeep(part, throughZ, stockD / 2) : undefined;
  if (boringBar && drilledMm !== undefined && boreMaterial) {
    const barCutter = cutterOf(boringBar);
    const boreRoughData = turningData(subgroup, 'bore-rough', boringBar.noseRadiusMm, overrides);
    const boreRough = withinSpindlePower(
      boreRoughData,
      Math.min(boreRoughData.depthOfCut!, barCutter.rating.maxDepthOfCutMm ?? Infinity),
      barCutter,
      force,
      input,
      'Rough bore',
      notes,
      part.inner[0]!.targetMm,
      0.25,
    );
    const chain = reachChain(withAllowance(boreMaterial, allowanceMm), barCutter.shape, 'lower');
    operations.push({
      name: 'Rough bore',
      role: 'rough-bore',
      tool: boringBar,
      spindle: css(boreRough.surfaceSpeed),
      coolant: true,
      moves: [
        ...approach(context, context.clearZ),
        ...roughBorePasses(
          chain,
          drilledMm / 2,
          boreRough.depthMm,
          throughZ,
          boreRough.feedPerRev,
          passSetup,
        ),
        rapid(context.safeX, context.clearZ),
        ...leave(context),
      ],
      data: {
        surfaceSpeed: boreRough.surfaceSpeed,
        feedPerRev: boreRough.feedPerRev,
        depthOfCut: round(boreRough.depthMm),
      },
    });
  }

  // Finish the outside along the part itself, the nose compensated by the insert's shape: the
  // feed for the drawing's Ra with the nose radius, capped by the handbook.
  const finishData = turningData(subgroup, 'finish', finishTool.noseRadiusMm, overrides, part.raUm);
  const finish = withinSpindlePower(
    finishData,
    2 * allowanceMm,
    finishCutter,
    force,
    input,
    'Finish OD',
    notes,
    contour.largestMm,
  );
  speedNote('Finish OD', finish.surfaceSpeed, contour.largestMm);
  const finishChain = snapChain(
    reachChain(outsideKeep(machined, finishEndZ, stockD / 2), finishCutter.shape, 'upper'),
    machined.outer.map((section) => section.targetMm / 2),
    machined.outer.flatMap((section) => [-section.startMm, -section.endMm]),
  );
  operations.push({
    name: 'Finish OD',
    role: 'finish',
    tool: finishTool,
    spindle: css(finish.surfaceSpeed),
    coolant: true,
    moves: [
      ...approach(context, context.clearZ),
      ...finishOutsidePass(finishChain, finishEndZ, finish.feedPerRev, passSetup),
      ...leave(context),
    ],
    data: {
      surfaceSpeed: finish.surfaceSpeed,
      feedPerRev: finish.feedPerRev,
      ...(finish.raUm !== undefined ? { raUm: finish.raUm } : {}),
    },
  });

  if (boringBar && boreMaterial) {
    const barCutter = cutterOf(boringBar);
    const boreFinishData = turningData(
      subgroup,
      'bore-finish',
      boringBar.noseRadiusMm,
      overrides,
      part.raUm,
    );
    const boreFinish = withinSpindlePower(
      boreFinishData,
      2 * allowanceMm,
      barCutter,
      force,
      input,
      'Finish bore',
      notes,
      part.inner[0]!.targetMm,
    );
    const chain = snapChain(
      reachChain(boreMaterial, barCutter.shape, 'lower'),
      part.inner.map((bore) => bore.targetMm / 2),
      part.inner.map((bore) => -bore.depthMm),
    );
    operations.push({
      name: 'Finish bore',
      role: 'finish-bore',
      tool: boringBar,
      spindle: css(boreFinish.surfaceSpeed),
      coolant: true,
      moves: [
        ...approach(context, context.clearZ),
        ...finishBorePass(chain, drilledMm! / 2, throughZ, boreFinish.feedPerRev, passSetup),
        rapid(context.safeX, context.clearZ),
        ...leave(context),
      ],
      data: {
        surfaceSpeed: boreFinish.surfaceSpeed,
        feedPerRev: boreFinish.feedPerRev,
        ...(boreFinish.raUm !== undefined ? { raUm: boreFinish.raUm } : {}),
      },
    });
  } else if (mouthChamfer && bores !== 'skipped') {
    notProgrammed.push(`the chamfer ${mouthChamfer.label} (no boring bar for this bore)`);
  }

  // Grooves.
  const grooving = groovingData(subgroup, overrides);
  for (const groove of contour.grooves) {
    const width = groove.zFreeSide - groove.zChuckSide;
    const blade = [...blades]
      .filter((tool) => tool.widthMm! <= width + 1e-6)
      .sort((a, b) => b.widthMm! - a.widthMm!)[0];
    if (!blade) {
      notProgrammed.push(
        `the groove ${groove.section.label} (${round(width)} mm wide): none of the selected grooving or parting blades is ${round(width)} mm wide or narrower; add a grooving blade of at most ${round(width)} mm`,
      );
      continue;
    }
    // The blade's clamp block, 3 mm wider than the blade on each side, sits at its reach above
    // the cut: it must clear the largest diameter beside the groove.
    const beside = Math.max(
      groove.surfaceMm,
      ...machined.outer
        .filter(
          (section) =>
            -section.startMm >= groove.zChuckSide - 3.5 && -section.endMm <= groove.zFreeSide + 3.5,
        )
        .map((section) => section.targetMm),
    );
    const grooveDepth = (beside - groove.section.targetMm) / 2;
    const reach = cutterOf(blade).rating.reachMm ?? Infinity;
    const undercut = groove.section.label.startsWith('undercut');
    if (grooveDepth > reach - 0.5 + 1e-6) {
      notProgrammed.push(
        `the ${undercut ? 'thread undercut' : 'groove'} ${groove.section.label} (${round(grooveDepth)} mm below the diameters beside it): ${blade.label} reaches ${round(reach)} mm; select a grooving blade that reaches ${Math.ceil(grooveDepth + 0.5)} mm`,
      );
      if (undercut) {
        // Without its undercut the thread has nowhere to run out: it is not cut either.
        const index = threaded.threads.findIndex((entry) =>
          groove.section.label.includes(entry.cycle.label),
        );
        if (index >= 0) {
          const [dropped] = threaded.threads.splice(index, 1);
          notProgrammed.push(
            `the thread ${dropped!.cycle.label}: its undercut cannot be cut (above), so the diameter is turned to Ø${round(dropped!.cycle.majorMm)} blank`,
          );
        }
      }
      continue;
    }
    const name = undercut
      ? groove.section.label.replace(/^undercut/, 'Undercut')
      : `Groove ${groove.section.label}`;
    const data = withinSpindlePower(
      grooving,
      blade.widthMm!,
      cutterOf(blade),
      force,
      input,
      name,
      notes,
      groove.surfaceMm,
    );
    operations.push({
      name,
      role: 'groove',
      tool: blade,
      spindle: css(data.surfaceSpeed),
      coolant: true,
      moves: groovingMoves(context, groove, blade.widthMm!, data.feedPerRev),
      data: { surfaceSpeed: data.surfaceSpeed, feedPerRev: data.feedPerRev },
    });
  }

  // Threads, after their undercuts, at constant rpm.
  for (const { cycle, tool } of threaded.threads) {
    const data = threadingData(subgroup, cycle.majorMm, cycle.leadMm, maxRpm, overrides);
    operations.push({
      name: `Thread ${cycle.label}`,
      role: 'thread',
      tool,
      spindle: { mode: 'rpm', rpm: data.rpm },
      coolant: true,
      moves: threadingMoves(context, cycle),
      data: {
        rpm: data.rpm,
        feedPerRev: cycle.leadMm,
        depthOfCut: cycle.depthMm,
        passes: cycle.passDepthsMm.length + cycle.springPasses,
      },
    });
  }

  // Part off.
  const through = part.inner.find((bore) => bore.through);
  const partingEndX = through ? round(Math.max(0, through.targetMm - 1)) : 0;
  const partingDepth = (contour.envelope.at(-1)! - partingEndX) / 2;
  if (partingDepth > partingReach + 1e-6) {
    notProgrammed.push(
      `the part off: ${partingTool.label} reaches ${round(partingReach)} mm and the cut is ${round(partingDepth)} mm deep; select a parting blade that reaches ${Math.ceil(partingDepth)} mm, or saw the part off`,
    );
    return finishPlan();
  }
  const parting = withinSpindlePower(
    grooving,
    partingWidthMm,
    cutterOf(partingTool),
    force,
    input,
    'Part off',
    notes,
    contour.envelope.at(-1)!,
  );
  operations.push({
    name: 'Part off',
    role: 'part-off',
    tool: partingTool,
    spindle: css(parting.surfaceSpeed),
    coolant: true,
    moves: partingMoves(
      context,
      part.lengthMm,
      contour.envelope.at(-1)!,
      partingEndX,
      parting.feedPerRev,
    ),
    data: { surfaceSpeed: parting.surfaceSpeed, feedPerRev: parting.feedPerRev },
  });
  warnings.push(
    `${partingTool.label}: touch it off on its free-end corner; the part drops when cut off, so use a parts catcher.`,
  );

  return finishPlan();

  function finishPlan(): LathePlan {
    return {
      part: machined,
      stock: {
        diameterMm: stockD,
        protrusionMm: round(protrusionMm),
        frontFaceZ,
        chuckFaceZ: round(chuckFaceZ),
      },
      operations,
      changePosition,
      maxRpm,
      partingWidthMm,
      finishAllowanceMm: allowanceMm,
      finishEndZ,
      ...(drilledMm !== undefined ? { drilledMm } : {}),
      throughZ,
      warnings,
      limited: notes.limited,
      notProgrammed,
      threads: threaded.threads.map((entry) => entry.cycle),
    };
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
