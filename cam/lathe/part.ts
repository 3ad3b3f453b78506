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
  /**
   * Depth from the face it opens at, mm: the free end's for `inner`, the far (parted-off) end's
   * for `farInner`; through bores reach the cut-off.
   */
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
  /** Bores opening at the free end, widest first (through bores among them). */
  inner: InnerSection[];
  /**
   * Bores opening at the far (chuck-side, parted-off) end, widest first, each `depthMm` from
   * that end; never through. Machined in a second setup, the part turned around
   * (cam/lathe/second-setup.ts). Absent or empty when there are none.
   */
  farInner?: InnerSection[];
  chamfers: EdgeChamfer[];
  /**
   * Chamfers on the mouth of the widest far-end bore (inner, `atMm` = the length): cut in the
   * second setup. Absent when there are none.
   */
  farChamfers?: EdgeChamfer[];
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

/** A bore as the description places it: from `startMm` to `endMm` from the free end. */
interface PlacedBore {
  section: InnerSection;
  startMm: number;
  endMm: number;
}

/**
 * A bore as drawn, placed from the free end, or undefined (with its problem or 'not programmed'
 * entry) when its size, depth or thread cannot be made.
 */
function placedBore(
  feature: BlueprintDescription['innerDiameters'][number],
  index: number,
  outlineLength: number,
  problems: string[],
  notProgrammed: string[],
): PlacedBore | undefined {
  const what = `inner diameter ${index + 1}`;
  const size = diameterOf(feature, what, problems);
  if (!size) return undefined;
  const startMm = feature.startMm !== undefined && feature.startMm > 0.05 ? feature.startMm : 0;
  const through =
    feature.through === true || /through|thru/i.test(`${feature.length} ${feature.type}`);
  const lengthMm = through ? outlineLength - startMm : lengthOf(feature);
  if (lengthMm === undefined) {
    problems.push(`the depth of ${feature.diameter || what} (or "through")`);
    return undefined;
  }
  if (size.parsed?.thread) {
    notProgrammed.push(
      `the internal thread ${size.parsed.thread.designation}: drilled to the tap drill size is not planned yet`,
    );
    return undefined;
  }
  const { targetMm, limits } = limitsOf(feature, size.nominalMm, size.parsed, problems);
  const endMm = Math.min(startMm + lengthMm, outlineLength);
  return {
    startMm,
    endMm,
    section: {
      depthMm: endMm,
      through: startMm === 0 && endMm >= outlineLength - 0.05,
      nominalMm: size.nominalMm,
      targetMm,
      ...(limits ? { limits } : {}),
      label: feature.diameter || `Ø${size.nominalMm}`,
    },
  };
}

/**
 * Which end each bore is made from: a bore from the free-end face, or starting at the bottom of
 * a wider one made from there, is the first setup's; a bore reaching the far end, or ending at
 * the inner end of a wider one made from there, the second setup's (its depth then measured
 * from the far end); a through bore the first setup's. Bores opening at neither end stay in
 * `notProgrammed`.
 */
function sortBores(
  placed: PlacedBore[],
  outlineLength: number,
  notProgrammed: string[],
): { free: PlacedBore[]; far: PlacedBore[] } {
  const free = placed.filter((bore) => bore.startMm === 0);
  const far: PlacedBore[] = [];
  let open = placed.filter((bore) => bore.startMm > 0);
  for (let changed = true; changed && open.length > 0; ) {
    changed = false;
    for (const bore of open) {
      const wider = (other: PlacedBore) => other.section.targetMm > bore.section.targetMm;
      if (free.some((other) => wider(other) && Math.abs(other.endMm - bore.startMm) < 0.05)) {
        if (bore.endMm >= outlineLength - 0.05) bore.section.through = true;
        free.push(bore);
      } else if (
        bore.endMm >= outlineLength - 0.05 ||
        far.some((other) => wider(other) && Math.abs(other.startMm - bore.endMm) < 0.05)
      ) {
        bore.section.depthMm = round3(outlineLength - bore.startMm);
        far.push(bore);
      } else continue;
      changed = true;
    }
    open = open.filter((bore) => !free.includes(bore) && !far.includes(bore));
  }
  for (const bore of open)
    notProgrammed.push(
      `the bore ${bore.section.label} from ${round3(bore.startMm)} to ${round3(bore.endMm)} mm from the free end: it opens at neither end (an internal recess), which this planner does not cut`,
    );
  return { free, far };
}

/**
 * Bores made from one end, widest first, each checked to go deeper than the wider one before it
 * and to leave a wall inside every diameter it runs through (else `problems`).
 * @param fromFar - the bores open at the far end: depths are measured from it
 */
function checkBores(
  inner: InnerSection[],
  outer: OuterSection[],
  outlineLength: number,
  fromFar: boolean,
  problems: string[],
): void {
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
    const [low, high] = fromFar
      ? [outlineLength - bore.depthMm, outlineLength - from]
      : [from, bore.depthMm];
    const thinnest = outer
      .filter((section) => section.startMm < high - 1e-6 && section.endMm > low + 1e-6)
      .reduce<OuterSection | undefined>(
        (best, section) => (!best || section.targetMm < best.targetMm ? section : best),
        undefined,
      );
    if (thinnest && bore.targetMm > thinnest.targetMm - 0.5)
      problems.push(
        `a bore that fits inside the part: ${bore.label} is as large as ${thinnest.label}, which it runs through`,
      );
  });
}

/**
 * The bores of a description: those made from the free end (`inner`: opening there, stepped
 * inward from there, or through) and those opening at the far end (`far`: made in a second
 * setup, depths from the far end), each widest first and checked (checkBores). A far-end bore no
 * wider than a through bore is a problem; bores opening at neither end and internal threads go
 * to `notProgrammed`.
 */
function boresOf(
  description: BlueprintDescription,
  outer: OuterSection[],
  outlineLength: number,
  problems: string[],
  notProgrammed: string[],
): { inner: InnerSection[]; far: InnerSection[] } {
  const placed = description.innerDiameters
    .map((feature, index) => placedBore(feature, index, outlineLength, problems, notProgrammed))
    .filter((bore): bore is PlacedBore => bore !== undefined);
  const sorted = sortBores(placed, outlineLength, notProgrammed);
  const inner = sorted.free.map((bore) => bore.section);
  const far = sorted.far.map((bore) => bore.section);
  checkBores(inner, outer, outlineLength, false, problems);
  checkBores(far, outer, outlineLength, true, problems);
  const through = inner.find((bore) => bore.through);
  for (const bore of far)
    if (through && bore.targetMm <= through.targetMm + 1e-6)
      problems.push(
        `a bore from the far end wider than the through bore: ${bore.label} is no wider than ${through.label}`,
      );
  return { inner, far };
}

/**
 * The chamfers of a description on the edges the planner turns: the free end and shoulders that
 * step up, and the mouth of the widest bore. Others go to `notProgrammed`; a chamfer without a
 * size or a place to `problems`.
 */
function edgeChamfers(
  description: BlueprintDescription,
  outer: OuterSection[],
  bores: { inner: InnerSection[]; far: InnerSection[] },
  outlineLength: number,
  problems: string[],
  notProgrammed: string[],
): { chamfers: EdgeChamfer[]; farChamfers: EdgeChamfer[] } {
  const { inner, far } = bores;
  // Chamfers.
  const chamfers: EdgeChamfer[] = [];
  const farChamfers: EdgeChamfer[] = [];
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
      const atFar =
        (chamfer.atMm !== undefined && chamfer.atMm >= outlineLength - 0.05) ||
        (chamfer.atMm === undefined && chamferEnds(chamfer.location)?.join() === 'other');
      if (bore && !atFar && (chamfer.atMm ?? 0) < 0.05)
        chamfers.push({ atMm: 0, diameterMm: bore.targetMm, sizeMm, angleDeg, inner: true, label });
      else if (atFar && far[0] && farChamfers.length === 0 && sizeMm < far[0].depthMm)
        farChamfers.push({
          atMm: outlineLength,
          diameterMm: far[0].targetMm,
          sizeMm,
          angleDeg,
          inner: true,
          label,
        });
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
  return { chamfers, farChamfers };
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
  const bores = boresOf(description, outer, outlineLength, problems, notProgrammed);
  const { chamfers, farChamfers } = edgeChamfers(
    description,
    outer,
    bores,
    outlineLength,
    problems,
    notProgrammed,
  );
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
    inner: bores.inner,
    ...(bores.far.length > 0 ? { farInner: bores.far } : {}),
    chamfers,
    ...(farChamfers.length > 0 ? { farChamfers } : {}),
    ...(raUm !== undefined ? { raUm } : {}),
    material: description.materialSpecs.material,
    notProgrammed,
  };
}
