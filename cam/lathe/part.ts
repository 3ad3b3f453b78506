/**
 * The turned part the lathe planner works on, built from a blueprint description.
 *
 * Coordinates: distances along the axis are measured from the free end (the end faced and
 * machined first), growing toward the chuck; all sizes are diameters in mm. Each target diameter
 * is the middle of its tolerance band (explicit deviations, else an ISO 286 fit), or the nominal
 * size when the drawing gives neither; a thread's major diameter without a drawn tolerance is
 * turned to d − 0.1·P. Whether a thread is cut (and its DIN 76 undercut added) is the planner's
 * decision (cam/lathe/threading.ts), which depends on the selected tools.
 */
import { FitError, PartModelError } from '../errors.ts';
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import {
  parseChamferCallout,
  parseDiameterCallout,
  parseLengthCallout,
  parseRoughness,
  parseThreadCallout,
} from '../callouts.ts';
import type { ParsedThread } from '../callouts.ts';
import { fitLimits } from '../iso286.ts';
import { threadBlankDiameterMm } from './threads.ts';

export interface DiameterLimits {
  /** Smallest and largest acceptable diameter, mm. */
  minMm: number;
  maxMm: number;
}

export interface OuterSection {
  /** Distance from the free end to the start and the end of the section, mm. */
  startMm: number;
  endMm: number;
  nominalMm: number;
  /** The diameter the finishing pass turns: the middle of the tolerance band. */
  targetMm: number;
  limits?: DiameterLimits;
  kind: 'cylinder' | 'groove';
  /** As the drawing writes it, for messages and comments: "Ø15.48". */
  label: string;
  /** Thread designation as drawn. */
  thread?: string;
  /** The thread read from it (pitch from ISO 261 / ASME B1.1 when not written). */
  threadSpec?: ParsedThread;
}

export interface InnerSection {
  /** Depth from the free end face, mm; through bores reach the cut-off. */
  depthMm: number;
  through: boolean;
  nominalMm: number;
  targetMm: number;
  limits?: DiameterLimits;
  label: string;
}

export interface EdgeChamfer {
  /** Distance from the free end to the chamfered edge, mm. */
  atMm: number;
  /** Target diameter of the edge's cylinder, mm. */
  diameterMm: number;
  /** Leg along the axis, mm, and angle to the axis, degrees (45 for "1 x 45°"). */
  sizeMm: number;
  angleDeg: number;
  inner: boolean;
  label: string;
}

export interface TurnedPart {
  lengthMm: number;
  /** From the free end toward the chuck, consecutive. */
  outer: OuterSection[];
  /** Bores opening at the free end, widest first. */
  inner: InnerSection[];
  chamfers: EdgeChamfer[];
  /** Finest roughness asked for, Ra µm. */
  raUm?: number;
  material: string;
  /** Features the description names that this planner does not cut, in words. */
  notProgrammed: string[];
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

function limitsOf(
  feature: DiameterFeature,
  nominalMm: number,
  parsed: ReturnType<typeof parseDiameterCallout>,
  problems: string[],
  threaded = false,
): { targetMm: number; limits?: DiameterLimits } {
  let tolerance = feature.tolerance ?? parsed?.tolerance;
  // A thread's tolerance class (6g, 2A) is not an ISO 286 fit.
  const fit = threaded ? undefined : (feature.fit ?? parsed?.fit);
  if (!tolerance && fit) {
    try {
      tolerance = fitLimits(fit, nominalMm);
    } catch (error) {
      if (error instanceof FitError)
        problems.push(`the fit ${fit} of ${feature.diameter}: ${error.message}`);
      else throw error;
    }
  }
  if (!tolerance) return { targetMm: nominalMm };
  const minMm = round3(nominalMm + Math.min(tolerance.lowerMm, tolerance.upperMm));
  const maxMm = round3(nominalMm + Math.max(tolerance.lowerMm, tolerance.upperMm));
  return { targetMm: round3((minMm + maxMm) / 2), limits: { minMm, maxMm } };
}

function diameterOf(feature: DiameterFeature, what: string, problems: string[]) {
  const parsed = parseDiameterCallout(feature.diameter);
  const nominalMm = feature.diameterMm ?? parsed?.nominalMm;
  if (nominalMm === undefined || !(nominalMm > 0)) {
    problems.push(`the size of ${what} ("${feature.diameter || 'blank'}")`);
    return undefined;
  }
  return { nominalMm, parsed };
}

const lengthOf = (feature: DiameterFeature): number | undefined =>
  feature.lengthMm ?? parseLengthCallout(feature.length)?.valueMm;

/** Where a chamfer's location words put it: the free end, the other end, both, or unknown. */
function chamferEnds(location: string): ('free' | 'other')[] | undefined {
  const text = location.toLowerCase();
  if (/both|each end|two ends/.test(text)) return ['free', 'other'];
  if (/free|front|right end|first end|tailstock|face end/.test(text)) return ['free'];
  if (/other end|back|chuck|left end|part(ed)?[- ]off|second end|rear/.test(text)) return ['other'];
  return undefined;
}

/**
 * The outer diameters of a description as sections from the free end (placed by their
 * `startMm` when every one has it, else one after the other); a diameter smaller than its
 * neighbours is a groove. Sizes, lengths and fits it cannot read go to `problems`, threads it
 * cannot read to `notProgrammed`.
 * @throws PartModelError when a diameter's size or length is missing
 */
function outerSections(
  description: BlueprintDescription,
  problems: string[],
  notProgrammed: string[],
): OuterSection[] {
  // Outer diameters, from the free end.
  const rawOuter = description.outerDiameters.map((feature, index) => {
    const what = `outer diameter ${index + 1}`;
    const size = diameterOf(feature, what, problems);
    const lengthMm = lengthOf(feature);
    if (lengthMm === undefined) problems.push(`the length of ${feature.diameter || what}`);
    return { feature, size, lengthMm };
  });
  if (problems.length > 0) throw new PartModelError(problems);

  const allPlaced = rawOuter.every(({ feature }) => feature.startMm !== undefined);
  const ordered = allPlaced
    ? [...rawOuter].sort((a, b) => a.feature.startMm! - b.feature.startMm!)
    : rawOuter;
  const outer: OuterSection[] = [];
  let position = 0;
  for (const { feature, size, lengthMm } of ordered) {
    const startMm = allPlaced ? feature.startMm! : position;
    if (Math.abs(startMm - position) > 0.05) {
      problems.push(
        `a continuous outline: ${feature.diameter} starts at ${startMm} mm but the diameter before it ends at ${round3(position)} mm`,
      );
    }
    const thread =
      feature.thread ??
      size!.parsed?.thread?.designation ??
      (/thread/i.test(feature.type) ? feature.type : undefined);
    const threadSpec =
      (feature.thread ? parseThreadCallout(feature.thread) : undefined) ??
      size!.parsed?.thread ??
      (/thread/i.test(feature.type) ? parseThreadCallout(feature.type) : undefined);
    const fitted = limitsOf(feature, size!.nominalMm, size!.parsed, problems, !!threadSpec);
    const limits = fitted.limits;
    // A thread's major diameter is turned 0.1·P under nominal unless the drawing tolerances it
    // (shop practice for external thread blanks; for a 6g thread it lies inside the ISO 965-1
    // major-diameter tolerance, e.g. M20x1.5 6g: −0.032/−0.268 mm).
    const targetMm =
      threadSpec && !limits
        ? threadBlankDiameterMm(threadSpec.majorDiameterMm, threadSpec.pitchMm)
        : fitted.targetMm;
    outer.push({
      startMm: round3(startMm),
      endMm: round3(startMm + lengthMm!),
      nominalMm: size!.nominalMm,
      targetMm,
      ...(limits ? { limits } : {}),
      kind: /groove|undercut|relief/i.test(feature.type) ? 'groove' : 'cylinder',
      label: feature.diameter || `Ø${size!.nominalMm}`,
      ...(thread ? { thread } : {}),
      ...(threadSpec ? { threadSpec } : {}),
    });
    if (thread && !threadSpec)
      notProgrammed.push(
        `the thread ${thread} on ${feature.diameter}: its size and pitch cannot be read, so the diameter is turned to size; cut the thread separately`,
      );
    position = startMm + lengthMm!;
  }
  // A diameter smaller than the one before it and the one after it (or the last) is a groove.
  outer.forEach((section, index) => {
    const before = outer[index - 1];
    const after = outer[index + 1];
    if (
      before &&
      before.targetMm > section.targetMm &&
      (!after || after.targetMm > section.targetMm)
    ) {
      section.kind = 'groove';
    }
  });

  return outer;
}

/** A mismatch between the outline's length and the stated overall length goes to `problems`. */
function checkOverallLength(
  description: BlueprintDescription,
  outlineLength: number,
  problems: string[],
): void {
  const statedLength =
    description.dimensions.overallLengthMm ??
    parseLengthCallout(description.dimensions.overallLength)?.valueMm;
  if (statedLength !== undefined && Math.abs(statedLength - outlineLength) > 0.05) {
    problems.push(
      `matching lengths: the outer diameters add up to ${round3(outlineLength)} mm but the overall length is ${statedLength} mm`,
    );
  }
}

/**
 * The bores opening at the free end, widest first, each checked to go deeper than the wider one
 * before it and to leave a wall inside every diameter it runs through (else `problems`). Bores
 * from the other end and internal threads go to `notProgrammed`.
 */
function boresOf(
  description: BlueprintDescription,
  outer: OuterSection[],
  outlineLength: number,
  problems: string[],
  notProgrammed: string[],
): InnerSection[] {
  // Bores opening at the free end.
  const inner: InnerSection[] = [];
  description.innerDiameters.forEach((feature, index) => {
    const what = `inner diameter ${index + 1}`;
    const size = diameterOf(feature, what, problems);
    if (!size) return;
    if (feature.startMm !== undefined && feature.startMm > 0.05) {
      notProgrammed.push(
        `the bore ${feature.diameter} starting ${feature.startMm} mm from the free end (a second setup)`,
      );
      return;
    }
    const through =
      feature.through === true || /through|thru/i.test(`${feature.length} ${feature.type}`);
    const depthMm = through ? outlineLength : lengthOf(feature);
    if (depthMm === undefined) {
      problems.push(`the depth of ${feature.diameter || what} (or "through")`);
      return;
    }
    if (size.parsed?.thread) {
      notProgrammed.push(
        `the internal thread ${size.parsed.thread.designation}: drilled to the tap drill size is not planned yet`,
      );
      return;
    }
    const { targetMm, limits } = limitsOf(feature, size.nominalMm, size.parsed, problems);
    inner.push({
      depthMm: Math.min(depthMm, outlineLength),
      through: through || depthMm >= outlineLength,
      nominalMm: size.nominalMm,
      targetMm,
      ...(limits ? { limits } : {}),
      label: feature.diameter || `Ø${size.nominalMm}`,
    });
  });
  inner.sort((a, b) => b.targetMm - a.targetMm);
  inner.forEach((bore, index) => {
    const wider = inner[index - 1];
    if (wider && wider.depthMm >= bore.depthMm) {
      problems.push(
        `stepped bores that narrow inward: ${bore.label} must go deeper than ${wider.label}`,
      );
    }
    // A bore must leave a wall inside every diameter it runs through.
    const from = wider?.depthMm ?? 0;
    const thinnest = outer
      .filter((section) => section.startMm < bore.depthMm - 1e-6 && section.endMm > from + 1e-6)
      .reduce<OuterSection | undefined>(
        (best, section) => (!best || section.targetMm < best.targetMm ? section : best),
        undefined,
      );
    if (thinnest && bore.targetMm > thinnest.targetMm - 0.5)
      problems.push(
        `a bore that fits inside the part: ${bore.label} is as large as ${thinnest.label}, which it runs through`,
      );
  });

  return inner;
}

/**
 * The chamfers of a description on the edges the planner turns: the free end and shoulders that
 * step up, and the mouth of the widest bore. Others go to `notProgrammed`; a chamfer without a
 * size or a place to `problems`.
 */
function edgeChamfers(
  description: BlueprintDescription,
  outer: OuterSection[],
  inner: InnerSection[],
  outlineLength: number,
  problems: string[],
  notProgrammed: string[],
): EdgeChamfer[] {
  // Chamfers.
  const chamfers: EdgeChamfer[] = [];
  for (const chamfer of description.features.chamfers) {
    const parsed = parseChamferCallout(chamfer.dimensions);
    const sizeMm = chamfer.sizeMm ?? parsed?.sizeMm;
    const angleDeg = chamfer.angleDeg ?? parsed?.angleDeg ?? 45;
    if (sizeMm === undefined) {
      problems.push(`the size of the chamfer "${chamfer.dimensions}" at ${chamfer.location}`);
      continue;
    }
    const label = `${chamfer.dimensions} at ${chamfer.location}`.trim();
    if (chamfer.inner) {
      const bore = inner[0];
      if (bore && (chamfer.atMm ?? 0) < 0.05)
        chamfers.push({ atMm: 0, diameterMm: bore.targetMm, sizeMm, angleDeg, inner: true, label });
      else notProgrammed.push(`the chamfer ${label}`);
      continue;
    }
    const ends: { atMm: number }[] = [];
    if (chamfer.atMm !== undefined) ends.push({ atMm: chamfer.atMm });
    else if (chamfer.onDiameterMm !== undefined) {
      const section = outer.find(
        (entry) => Math.abs(entry.nominalMm - chamfer.onDiameterMm!) < 0.06,
      );
      if (section) ends.push({ atMm: section.startMm });
    } else {
      for (const end of chamferEnds(chamfer.location) ?? [])
        ends.push({ atMm: end === 'free' ? 0 : outlineLength });
    }
    if (ends.length === 0) {
      problems.push(
        `where the chamfer "${chamfer.dimensions}" is ("${chamfer.location}": say "free end", "both ends" or the diameter)`,
      );
      continue;
    }
    for (const { atMm } of ends) {
      const section = outer.find(
        (entry) => Math.abs(entry.startMm - atMm) < 0.06 && entry.kind === 'cylinder',
      );
      const previous = section ? outer[outer.indexOf(section) - 1] : undefined;
      const stepsUp = section && (!previous || previous.targetMm < section.targetMm);
      if (section && stepsUp && sizeMm < section.endMm - section.startMm) {
        chamfers.push({
          atMm,
          diameterMm: section.targetMm,
          sizeMm,
          angleDeg,
          inner: false,
          label,
        });
      } else {
        notProgrammed.push(
          atMm >= outlineLength - 0.05
            ? `the chamfer ${chamfer.dimensions} at the parted-off end: deburr it or turn the part around`
            : `the chamfer ${label}`,
        );
      }
    }
  }
  return chamfers;
}

/**
 * Build the turned part from a description.
 * @throws PartModelError naming every size, length or position the description lacks
 */
export function turnedPartFromDescription(description: BlueprintDescription): TurnedPart {
  const problems: string[] = [];
  const notProgrammed: string[] = [];

  if (description.outerDiameters.length === 0) {
    throw new PartModelError(['the outer diameters of the part (none are given)']);
  }

  const outer = outerSections(description, problems, notProgrammed);
  const outlineLength = outer.at(-1)!.endMm;
  checkOverallLength(description, outlineLength, problems);
  const inner = boresOf(description, outer, outlineLength, problems, notProgrammed);
  const chamfers = edgeChamfers(description, outer, inner, outlineLength, problems, notProgrammed);
  for (const fillet of description.features.fillets) {
    notProgrammed.push(
      `the fillet ${fillet.dimensions} at ${fillet.location} (the tool nose radius rounds inside corners)`,
    );
  }

  if (problems.length > 0) throw new PartModelError(problems);
  const raUm =
    description.surfaceFinish.raUm ?? parseRoughness(description.surfaceFinish.requirements);
  return {
    lengthMm: round3(outlineLength),
    outer,
    inner,
    chamfers,
    ...(raUm !== undefined ? { raUm } : {}),
    material: description.materialSpecs.material,
    notProgrammed,
  };
}
