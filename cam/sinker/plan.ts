/**
 * Plan a sinker EDM job on a prismatic part: the cavities are its pockets (rectangular) and
 * holes, blind ones sunk to depth and through ones burned through; each is burned by an electrode of its shape, smaller by the undersize per
 * side, through conditions from roughing to finishing. Each condition goes down to its depth
 * (the floor short of the final depth by the roughness the next condition removes) and orbits
 * out to its radius (undersize − gap − that same allowance), so the last condition reaches the
 * finished floor and walls.
 */
import { SinkerPlanningError } from '../errors.ts';
import { boundsOf, signedArea } from '../geometry/polygon.ts';
import type { Point2 } from '../geometry/polygon.ts';
import type { PrismaticPart } from '../prismatic/part.ts';
import type { ToolRow } from '../tool-row.ts';
import type { Electrode, SinkerCavity, SinkerPlan } from './program.ts';
import { chooseConditions, defaultSinkerRaUm, materialPair } from './technology.ts';
import type { MaterialPair } from './technology.ts';
import { electrodesFromTools } from './tooling.ts';

/** How far a through burn goes past the bottom face, mm. */
export const sinkerBreakthroughMm = 0.5;

export interface SinkerPlanInput {
  part: PrismaticPart;
  tools: ToolRow[];
  /** Workpiece material. */
  material: string;
}

/** Clearance height for moves between cavities, mm above Z0. */
export const sinkerClearanceZ = 5;
/** How closely an electrode's size plus twice its undersize must match the cavity, mm. */
const sizeMatchMm = 0.02;
/** Undersizes per side an electrode may have when the row does not say, mm. */
const undersizeRangeMm = { min: 0.02, max: 0.6 };

const round = (value: number, decimals = 4) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/** The cavity's shape for matching an electrode. */
type CavityShape =
  { kind: 'round'; diameterMm: number } | { kind: 'rectangle'; xMm: number; yMm: number };

/** The undersize with which `electrode` burns `cavity`, or undefined when it does not fit. */
function undersizeFor(electrode: Electrode, cavity: CavityShape): number | undefined {
  const shape = electrode.shape;
  if (!shape || shape.kind !== cavity.kind) return undefined;
  const stated = electrode.undersizeMm > 0 ? electrode.undersizeMm : undefined;
  const gaps: number[] =
    shape.kind === 'round' && cavity.kind === 'round'
      ? [(cavity.diameterMm - shape.diameterMm) / 2]
      : shape.kind === 'rectangle' && cavity.kind === 'rectangle'
        ? (() => {
            const straight = [(cavity.xMm - shape.xMm) / 2, (cavity.yMm - shape.yMm) / 2];
            const turned = [(cavity.xMm - shape.yMm) / 2, (cavity.yMm - shape.xMm) / 2];
            const fits = (pair: number[]) => Math.abs(pair[0]! - pair[1]!) <= sizeMatchMm;
            return fits(straight) ? straight : fits(turned) ? turned : [];
          })()
        : [];
  if (gaps.length === 0) return undefined;
  const average = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
  if (stated !== undefined)
    return gaps.every((gap) => Math.abs(gap - stated) <= sizeMatchMm / 2) ? stated : undefined;
  return average >= undersizeRangeMm.min && average <= undersizeRangeMm.max
    ? round(average)
    : undefined;
}

const shapeText = (shape: CavityShape) =>
  shape.kind === 'round' ? `Ø${fmt(shape.diameterMm)}` : `${fmt(shape.xMm)} x ${fmt(shape.yMm)}`;

/** A cavity the part asks for: where, how deep (mm), its shape and its frontal area (mm²). */
interface WantedCavity {
  label: string;
  center: Point2;
  depthMm: number;
  shape: CavityShape;
  areaMm2: number;
}

/**
 * The cavities of a part: its rectangular pockets and its holes (through ones burned to
 * `throughDepth`, mm). Pockets with islands or of other shapes, tapped holes and slots go to
 * `notProgrammed`.
 */
function wantedCavities(
  part: PrismaticPart,
  throughDepth: number,
  notProgrammed: string[],
): WantedCavity[] {
  const wanted: WantedCavity[] = [];
  for (const step of part.steps ?? [])
    notProgrammed.push(
      `${step.label}: a step open to the outline is milled; this version sinks round and rectangular cavities.`,
    );
  for (const pocket of part.pockets) {
    if (pocket.islands.length > 0) {
      notProgrammed.push(
        `${pocket.label}: a pocket with islands needs a shaped electrode; this version sinks round and rectangular cavities.`,
      );
      continue;
    }
    const box = boundsOf([pocket.outline]);
    const boxArea = (box.maxX - box.minX) * (box.maxY - box.minY);
    const area = Math.abs(signedArea(pocket.outline));
    if (area < boxArea * 0.98) {
      notProgrammed.push(
        `${pocket.label}: not a rectangle along X and Y; it needs a shaped electrode, which this version does not plan.`,
      );
      continue;
    }
    wanted.push({
      label: pocket.label,
      center: { x: round((box.minX + box.maxX) / 2), y: round((box.minY + box.maxY) / 2) },
      depthMm: pocket.through ? throughDepth : pocket.depthMm,
      shape: {
        kind: 'rectangle',
        xMm: round(box.maxX - box.minX),
        yMm: round(box.maxY - box.minY),
      },
      areaMm2: area,
    });
  }
  for (const hole of part.holes) {
    if (hole.kind === 'tapped') {
      notProgrammed.push(`${hole.label}: tapped holes are drilled and tapped, not sunk.`);
      continue;
    }
    const middle = hole.tolerance ? (hole.tolerance.upperMm + hole.tolerance.lowerMm) / 2 : 0;
    const diameterMm = round(hole.diameterMm + middle);
    wanted.push({
      label: hole.label,
      center: hole.center,
      depthMm: hole.through ? throughDepth : hole.depthMm,
      shape: { kind: 'round', diameterMm },
      areaMm2: Math.PI * (diameterMm / 2) ** 2,
    });
  }
  for (const slot of part.slots)
    notProgrammed.push(
      `${slot.label}: slots are milled (or wire cut when through); this version sinks round and rectangular cavities.`,
    );
  return wanted;
}

/**
 * Plan the sinker EDM program of a part.
 * @throws SinkerPlanningError when no cavity can be burned with the selected electrodes
 */
export function planSinker(input: SinkerPlanInput): SinkerPlan & { pairs: MaterialPair[] } {
  const { part } = input;
  const { electrodes, warnings: toolWarnings } = electrodesFromTools(input.tools);
  const warnings = [...toolWarnings];
  const notProgrammed: string[] = [...part.notModelled];
  const raUm = part.raUm ?? defaultSinkerRaUm;
  if (part.raUm === undefined)
    warnings.push(`The drawing gives no roughness: the cavities are finished to Ra ${raUm} µm.`);

  // Through holes and cut-outs are burned through: the electrode goes past the bottom face by
  // the breakthrough, so the finishing condition's gap clears the exit edge too.
  const throughDepth = round(part.thicknessMm + sinkerBreakthroughMm);
  const wanted = wantedCavities(part, throughDepth, notProgrammed);
  let burnsThrough = false;

  const cavities: SinkerCavity[] = [];
  const pairs = new Set<MaterialPair>();
  for (const cavity of wanted) {
    const matches = electrodes
      .map((electrode) => ({ electrode, undersize: undersizeFor(electrode, cavity.shape) }))
      .filter(
        (match): match is { electrode: Electrode; undersize: number } =>
          match.undersize !== undefined,
      );
    if (matches.length === 0) {
      notProgrammed.push(
        `${cavity.label}: no selected electrode fits (${shapeText(cavity.shape)} less twice an undersize of ${undersizeRangeMm.min}–${undersizeRangeMm.max} mm per side).`,
      );
      continue;
    }
    const { electrode, undersize } = matches[0]!;
    if (cavity.depthMm === throughDepth) burnsThrough = true;
    const { pair, warning } = materialPair(electrode.material, input.material);
    if (warning && !warnings.includes(warning)) warnings.push(warning);
    const chosen = chooseConditions(pair, undersize, raUm);
    if ('reason' in chosen) {
      notProgrammed.push(`${cavity.label}: ${chosen.reason}`);
      continue;
    }
    for (const entry of chosen.warnings) if (!warnings.includes(entry)) warnings.push(entry);
    pairs.add(pair);
    const shape = electrode.shape!;
    const frontalCm2 =
      (shape.kind === 'round' ? Math.PI * (shape.diameterMm / 2) ** 2 : shape.xMm * shape.yMm) /
      100;
    const frontalMm2 = frontalCm2 * 100;
    cavities.push({
      label: cavity.label,
      center: cavity.center,
      depthMm: cavity.depthMm,
      electrode: { ...electrode, undersizeMm: undersize },
      conditions: chosen.conditions.map((condition) => {
        const removalMm3PerMin = round(condition.rateMm3PerMinCm2 * frontalCm2, 3);
        return {
          number: condition.number,
          name: condition.name,
          gapMm: condition.gapMm,
          raUm: condition.raUm,
          bottomZ: round(-(cavity.depthMm - condition.gapMm - condition.allowanceMm)),
          orbitMm: condition.orbitMm,
          removalMm3PerMin,
          allowanceMm: condition.allowanceMm,
          feedMmPerMin: Math.max(0.01, round(removalMm3PerMin / frontalMm2, 2)),
        };
      }),
      volumeMm3: round(cavity.areaMm2 * cavity.depthMm, 1),
    });
  }
  if (cavities.length === 0) {
    throw new SinkerPlanningError(
      wanted.length === 0
        ? `This part has no pockets or holes to sink. ${notProgrammed.join(' ')}`.trim()
        : `No cavity can be sunk with the selected electrodes: ${notProgrammed.join(' ')}`,
    );
  }
  if (burnsThrough)
    warnings.push(
      `Holes and cut-outs marked through are burned ${sinkerBreakthroughMm} mm past the bottom face: set the plate on parallels clear of them so the electrode can exit and the dielectric can flush.`,
    );
  // Burn with one electrode after another: cavities grouped by electrode, in slot order.
  cavities.sort((a, b) => a.electrode.number - b.electrode.number);
  // One E number per condition of a table, numbered E101… in the order of first use.
  const numbers = new Map<string, number>();
  for (const cavity of cavities) {
    const { pair } = materialPair(cavity.electrode.material, input.material);
    for (const condition of cavity.conditions) {
      const key = `${pair}|${condition.name}`;
      if (!numbers.has(key)) numbers.set(key, 101 + numbers.size);
      condition.number = numbers.get(key)!;
      if (pairs.size > 1) condition.name = `${condition.name}, ${pair}`;
    }
  }
  return {
    part,
    material: input.material,
    cavities,
    clearanceZ: sinkerClearanceZ,
    ...(pairs.size === 1 ? { pair: [...pairs][0]! } : {}),
    raUm,
    warnings,
    notProgrammed,
    pairs: [...pairs],
  };
}
