/**
 * The bores of a turned part (cam/lathe/part.ts), sorted by the end they open at: the free end
 * (the first setup) or the far, parted-off end (a second setup: cam/lathe/second-setup.ts,
 * docs/decisions/048-far-end-bores-as-a-second-setup.md). Distances from the free end, sizes as
 * diameters, mm.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import type { InnerSection, OuterSection } from './part-types.ts';
import { diameterOf, lengthOf, limitsOf, round3 } from './part-sizes.ts';
import { tappedSection } from './tapped-holes.ts';

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
  const thread =
    size.parsed?.thread ?? (feature.thread ? { designation: feature.thread } : undefined);
  if (thread) {
    const tapped = tappedSection(
      feature,
      thread.designation,
      startMm,
      lengthMm,
      through,
      outlineLength,
      notProgrammed,
    );
    return tapped ? { startMm, endMm: tapped.depthMm, section: tapped } : undefined;
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
  for (let changed = true; changed && open.length > 0;) {
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
 * Whether two bores are one written twice (a reader that found it in the line work and in a
 * callout, or the operator adding it again): the same size within 0.01 mm and the same span
 * within 0.05 mm.
 */
function sameBore(a: PlacedBore, b: PlacedBore): boolean {
  return (
    Math.abs(a.section.targetMm - b.section.targetMm) <= 0.01 &&
    Math.abs(a.startMm - b.startMm) <= 0.05 &&
    Math.abs(a.endMm - b.endMm) <= 0.05 &&
    a.section.thread?.designation === b.section.thread?.designation
  );
}

/**
 * The bores of a description: those made from the free end (`inner`: opening there, stepped
 * inward from there, or through) and those opening at the far end (`far`: made in a second
 * setup, depths from the far end), each widest first and checked (checkBores). A far-end bore no
 * wider than a through bore is a problem; bores opening at neither end and internal threads go
 * to `notProgrammed`.
 */
export function boresOf(
  description: BlueprintDescription,
  outer: OuterSection[],
  outlineLength: number,
  problems: string[],
  notProgrammed: string[],
): { inner: InnerSection[]; far: InnerSection[] } {
  const placed = description.innerDiameters
    .map((feature, index) => placedBore(feature, index, outlineLength, problems, notProgrammed))
    .filter((bore): bore is PlacedBore => bore !== undefined)
    .filter((bore, index, all) => !all.slice(0, index).some((earlier) => sameBore(earlier, bore)));
  const sorted = sortBores(placed, outlineLength, notProgrammed);
  const { inner, far } = withoutLoneThreads(
    sorted.free.map((bore) => bore.section),
    sorted.far.map((bore) => bore.section),
    notProgrammed,
  );
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
 * Tapped holes are planned alone at the free end: a thread among other bores from the same end,
 * or opening at the far end, goes to `notProgrammed` (docs/decisions/051-lathe-tapped-holes.md).
 */
function withoutLoneThreads(
  free: InnerSection[],
  far: InnerSection[],
  notProgrammed: string[],
): { inner: InnerSection[]; far: InnerSection[] } {
  const keep = (bores: InnerSection[], where: string) =>
    bores.filter((bore) => {
      if (!bore.thread || (where === '' && bores.length === 1)) return true;
      notProgrammed.push(
        `the internal thread ${bore.thread.designation}: ${where || 'a tapped hole beside other bores from the same end'} is not planned yet; tap it by hand after the program`,
      );
      return false;
    });
  return { inner: keep(free, ''), far: keep(far, 'a tapped hole at the parted-off end') };
}
