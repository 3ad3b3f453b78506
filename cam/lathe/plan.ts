/**
 * Plan a lathe program for a turned part: pick a tool for each operation from the selected
 * tooling, choose cutting data, and build the toolpaths.
 *
 * Operations, in order: face, centre drill, drill, rough OD, rough bore, finish OD, finish bore,
 * grooves and thread undercuts, threads, part off. Constant surface speed (G96) is used for turning, boring, grooving and
 * parting, always with a spindle speed limit; drills run at constant rpm.
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
import type { CuttingOverrides } from '../cutting-data.ts';
import { identifyMaterial } from '../materials.ts';
import type { MaterialSubgroup } from '../materials.ts';
import { facingAllowanceMm } from '../stock.ts';
import { toolKindNames } from '../tooling.ts';
import type { LatheTool, LatheToolKind } from '../tooling.ts';
import { outerContour } from './contour.ts';
import {
  drillingMoves,
  facingMoves,
  finishBoringMoves,
  finishTurningMoves,
  groovingMoves,
  partingMoves,
  roughBoringMoves,
  roughTurningMoves,
  threadingMoves,
} from './operations.ts';
import type { PathContext } from './operations.ts';
import type { OuterSection, TurnedPart } from './part.ts';
import type { LathePlan, Operation, ThreadCycle } from './program.ts';
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

/**
 * Plan the operations and toolpaths of a turned part.
 * @throws PlanningError when the stock is too small, a tool the part needs is not selected, or a
 *   tool's size cannot be read from its tooling row
 */
export function planTurnedPart(input: LathePlanInput): LathePlan {
  const { part, tools, maxRpm } = input;
  const overrides = input.overrides ?? {};
  const warnings: string[] = [];
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

  // Tools.
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
  for (const blade of blades) {
    if (blade.widthMm === undefined) {
      throw new PlanningError(
        `${blade.label}: its width is not in its name or description. Add it to the tool row (for example "3 mm wide").`,
      );
    }
  }
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
  const changePosition = { x: round(stockD + 50), z: 50 };
  const context: PathContext = {
    stockDiameterMm: stockD,
    safeX: round(stockD + 2 * clearanceMm),
    clearZ: clearanceMm,
    clearRadialMm: Math.min(clearanceMm, 1),
    changePosition,
  };
  const radialAllowanceMm = overrides.finishAllowanceMm ?? 0.2;
  const axialAllowanceMm = 0.1;
  const cutOffZoneEnd = -(part.lengthMm + partingWidthMm + 1);
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

  const operations: Operation[] = [];
  const css = (surfaceSpeed: number) => ({ mode: 'css' as const, surfaceSpeed, maxRpm });

  // Face.
  const face = turningData(subgroup, 'face', roughTool.noseRadiusMm, overrides);
  operations.push({
    name: 'Face',
    tool: roughTool,
    spindle: css(face.surfaceSpeed),
    coolant: true,
    moves: facingMoves(context, frontFaceZ, face.depthOfCut!, face.feedPerRev),
    data: { surfaceSpeed: face.surfaceSpeed, feedPerRev: face.feedPerRev, depthOfCut: frontFaceZ },
  });

  // Centre drill and drill for the bores.
  let drilledMm: number | undefined;
  let boringBar: LatheTool | undefined;
  const throughZ = -(part.lengthMm + partingWidthMm / 2);
  if (part.inner.length > 0) {
    const narrowest = part.inner.reduce((a, b) => (a.targetMm < b.targetMm ? a : b));
    const deepest = part.inner.reduce((a, b) => (a.depthMm > b.depthMm ? a : b));
    const bars = tools.filter((tool) => tool.kind === 'boring');
    const drills = tools.filter((tool) => tool.kind === 'drill');
    for (const drill of drills) {
      if (drill.diameterMm === undefined) {
        throw new PlanningError(
          `${drill.label}: its diameter is not in its name or description. Add it to the tool row (for example "Ø8.5").`,
        );
      }
    }
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
    if (!drill) {
      const largest = Math.floor((narrowest.targetMm - 0.6) * 10) / 10;
      throw new PlanningError(
        `This part needs a twist drill up to Ø${largest} mm for the bore ${narrowest.label}, and none of the selected tools is one. ${where}.`,
      );
    }
    drilledMm = drill.diameterMm!;
    if (!exact) {
      boringBar = need(bars, 'boring', `to bore ${narrowest.label}`, (list) =>
        list.find((bar) => bar.minBoreMm === undefined || bar.minBoreMm <= drilledMm!),
      );
      if (boringBar.minBoreMm === undefined) {
        warnings.push(
          `${boringBar.label}: its smallest bore is not in its tooling row; check that it enters the Ø${drilledMm} mm drilled hole.`,
        );
      }
    }
    const drilling = drillingData(subgroup, drilledMm, maxRpm, overrides);
    if (!drilling)
      throw new PlanningError(
        `Twist drills cannot drill ${input.material}: bore it from a pre-drilled blank, or drill it before hardening.`,
      );

    const centreDrill = tools.find((tool) => tool.kind === 'centreDrill');
    if (centreDrill) {
      const pilot = centreDrill.diameterMm ?? 2.5;
      const data = centreDrillingData(pilot, maxRpm, overrides);
      const depth = round(Math.min(1.5 * pilot + 1, 0.8 * drilledMm + 1));
      operations.push({
        name: 'Centre drill',
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
    const tip = 0.3 * drilledMm;
    const drillDepth = deepest.through ? -(-throughZ + tip) : -(deepest.depthMm + tip);
    operations.push({
      name: `Drill Ø${drilledMm}`,
      tool: drill,
      spindle: { mode: 'rpm', rpm: drilling.rpm },
      coolant: true,
      moves: drillingMoves(context, round(drillDepth), drilling.peckMm, drilling.feedPerRev),
      data: { rpm: drilling.rpm, feedPerRev: drilling.feedPerRev },
    });
    if (!deepest.through)
      notProgrammed.push(
        `the bottom of the blind bore ${deepest.label}: it is left with the drill point`,
      );
  }

  // Rough the outside.
  const rough = turningData(subgroup, 'rough', roughTool.noseRadiusMm, overrides);
  operations.push({
    name: 'Rough OD',
    tool: roughTool,
    spindle: css(rough.surfaceSpeed),
    coolant: true,
    moves: roughTurningMoves(context, contour.points, contour.envelope, {
      depthOfCutMm: rough.depthOfCut!,
      radialAllowanceMm,
      axialAllowanceMm,
      endZ: cutOffZoneEnd,
      feed: rough.feedPerRev,
    }),
    data: {
      surfaceSpeed: rough.surfaceSpeed,
      feedPerRev: rough.feedPerRev,
      depthOfCut: rough.depthOfCut!,
    },
  });

  const mouthChamfer = part.chamfers.find((chamfer) => chamfer.inner);
  if (boringBar && drilledMm !== undefined) {
    const boreRough = turningData(subgroup, 'bore-rough', boringBar.noseRadiusMm, overrides);
    operations.push({
      name: 'Rough bore',
      tool: boringBar,
      spindle: css(boreRough.surfaceSpeed),
      coolant: true,
      moves: roughBoringMoves(context, part.inner, drilledMm, {
        depthOfCutMm: boreRough.depthOfCut!,
        radialAllowanceMm,
        axialAllowanceMm,
        throughZ,
        feed: boreRough.feedPerRev,
      }),
      data: {
        surfaceSpeed: boreRough.surfaceSpeed,
        feedPerRev: boreRough.feedPerRev,
        depthOfCut: boreRough.depthOfCut!,
      },
    });
  }

  // Finish the outside: the feed for the drawing's Ra with the nose radius, capped by the handbook.
  const finish = turningData(subgroup, 'finish', finishTool.noseRadiusMm, overrides, part.raUm);
  operations.push({
    name: 'Finish OD',
    tool: finishTool,
    spindle: css(finish.surfaceSpeed),
    coolant: true,
    moves: finishTurningMoves(
      context,
      contour.points,
      -(part.lengthMm + partingWidthMm + 0.5),
      finish.feedPerRev,
    ),
    data: {
      surfaceSpeed: finish.surfaceSpeed,
      feedPerRev: finish.feedPerRev,
      ...(finish.raUm !== undefined ? { raUm: finish.raUm } : {}),
    },
  });

  if (boringBar) {
    const boreFinish = turningData(
      subgroup,
      'bore-finish',
      boringBar.noseRadiusMm,
      overrides,
      part.raUm,
    );
    operations.push({
      name: 'Finish bore',
      tool: boringBar,
      spindle: css(boreFinish.surfaceSpeed),
      coolant: true,
      moves: finishBoringMoves(context, part.inner, mouthChamfer, throughZ, boreFinish.feedPerRev),
      data: {
        surfaceSpeed: boreFinish.surfaceSpeed,
        feedPerRev: boreFinish.feedPerRev,
        ...(boreFinish.raUm !== undefined ? { raUm: boreFinish.raUm } : {}),
      },
    });
  } else if (mouthChamfer) {
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
      throw new PlanningError(
        `The groove ${groove.section.label} is ${round(width)} mm wide: it needs a grooving or parting tool at most ${round(width)} mm wide, and the selected ones are wider or missing. ${where}.`,
      );
    }
    const undercut = groove.section.label.startsWith('undercut');
    operations.push({
      name: undercut
        ? groove.section.label.replace(/^undercut/, 'Undercut')
        : `Groove ${groove.section.label}`,
      tool: blade,
      spindle: css(grooving.surfaceSpeed),
      coolant: true,
      moves: groovingMoves(context, groove, blade.widthMm!, grooving.feedPerRev),
      data: { surfaceSpeed: grooving.surfaceSpeed, feedPerRev: grooving.feedPerRev },
    });
  }

  // Threads, after their undercuts, at constant rpm.
  for (const { cycle, tool } of threaded.threads) {
    const data = threadingData(subgroup, cycle.majorMm, cycle.leadMm, maxRpm, overrides);
    operations.push({
      name: `Thread ${cycle.label}`,
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
  operations.push({
    name: 'Part off',
    tool: partingTool,
    spindle: css(grooving.surfaceSpeed),
    coolant: true,
    moves: partingMoves(
      context,
      part.lengthMm,
      contour.envelope.at(-1)!,
      partingEndX,
      grooving.feedPerRev,
    ),
    data: { surfaceSpeed: grooving.surfaceSpeed, feedPerRev: grooving.feedPerRev },
  });
  warnings.push(
    `${partingTool.label}: touch it off on its free-end corner; the part drops when cut off, so use a parts catcher.`,
  );

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
    warnings,
    notProgrammed,
    threads: threaded.threads.map((entry) => entry.cycle),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
