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
import { PartModelError } from '../errors.ts';
import type { BlueprintDescription } from '#contracts/blueprint';
import {
  parseChamferCallout,
  parseLengthCallout,
  parseRoughness,
  parseThreadCallout,
} from '../callouts.ts';
import { boresOf } from './part-bores.ts';
import { diameterOf, lengthOf, limitsOf, round3 } from './part-sizes.ts';
import { threadBlankDiameterMm } from './threads.ts';

export type {
  DiameterLimits,
  EdgeChamfer,
  InnerSection,
  OuterSection,
  TurnedPart,
} from './part-types.ts';
import type { EdgeChamfer, InnerSection, OuterSection, TurnedPart } from './part-types.ts';

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
): {
  chamfers: EdgeChamfer[];
  farChamfers: EdgeChamfer[];
  partOff?: EdgeChamfer;
  farOuter?: EdgeChamfer;
} {
  const { inner, far } = bores;
  let partOff: EdgeChamfer | undefined;
  let farOuter: EdgeChamfer | undefined;
  // Chamfers.
  const chamfers: EdgeChamfer[] = [];
  const farChamfers: EdgeChamfer[] = [];
  // The bore that runs out at the parted-off end (the narrowest of the through bores).
  const throughBore = inner
    .filter((bore) => bore.through)
    .reduce<InnerSection | undefined>(
      (narrowest, bore) => (!narrowest || bore.targetMm < narrowest.targetMm ? bore : narrowest),
      undefined,
    );
  for (const chamfer of description.features.chamfers) {
    const parsed = parseChamferCallout(chamfer.dimensions);
    const sizeMm = chamfer.sizeMm ?? parsed?.sizeMm;
    const angleDeg = chamfer.angleDeg ?? parsed?.angleDeg ?? 45;
    if (sizeMm === undefined) {
      problems.push(`the size of the chamfer "${chamfer.dimensions}" at ${chamfer.location}`);
      continue;
    }
    // 'at the free end, on Ø23.5' reads on from the size; '3.5 mm from the free end' needs 'at'.
    const at = /^at\b/.test(chamfer.location.trim()) ? '' : 'at ';
    const label = `${chamfer.dimensions} ${at}${chamfer.location}`.trim();
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
      else if (atFar && !far[0] && throughBore && farChamfers.length === 0)
        // A through bore's mouth at the parted-off end: chamfered in the second setup.
        farChamfers.push({
          atMm: outlineLength,
          diameterMm: throughBore.targetMm,
          sizeMm,
          angleDeg,
          inner: true,
          label,
        });
      else
        notProgrammed.push(
          `the chamfer ${label}: ${
            !bore && !far[0]
              ? 'the part has no bore for it'
              : atFar && farChamfers.length > 0
                ? "another chamfer is read on the same bore's mouth at the parted-off end, and that one is cut; check the drawing"
                : atFar && !far[0] && !throughBore
                  ? 'no bore opens at the parted-off end; check the drawing'
                  : 'it is not on the mouth of a bore this program makes; check the drawing'
          }`,
        );
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
      } else if (atMm >= outlineLength - 0.05) {
        const atEnd = partOffChamferOf(outer, { sizeMm, angleDeg, label }, outlineLength);
        const turned = atEnd
          ? undefined
          : farOuterChamferOf(outer, { sizeMm, angleDeg, label }, outlineLength, bores);
        if (atEnd && !partOff && !farOuter) partOff = atEnd;
        else if (turned && !partOff && !farOuter) farOuter = turned;
        else
          notProgrammed.push(
            `the chamfer ${chamfer.dimensions} at the parted-off end: deburr it or turn the part around`,
          );
      } else
        notProgrammed.push(
          `the chamfer ${label}: it is not on an edge the turning tool reaches from the free end (a shoulder facing the chuck, or no diameter starts there); deburr it, or check the drawing`,
        );
    }
  }
  return {
    chamfers,
    farChamfers,
    ...(partOff ? { partOff } : {}),
    ...(farOuter ? { farOuter } : {}),
  };
}

/**
 * The chamfer on the parted-off end's outer edge, when the parting blade can turn it there: the
 * last section a cylinder as large as every diameter before it (the blade comes down onto it),
 * longer than the chamfer; undefined otherwise.
 */
function partOffChamferOf(
  outer: OuterSection[],
  chamfer: { sizeMm: number; angleDeg: number; label: string },
  outlineLength: number,
): EdgeChamfer | undefined {
  const last = outer.at(-1)!;
  const largest = Math.max(...outer.map((section) => section.targetMm));
  if (last.kind !== 'cylinder' || last.targetMm < largest - 1e-9) return undefined;
  if (
    !(chamfer.sizeMm < last.endMm - last.startMm) ||
    !(chamfer.angleDeg > 0 && chamfer.angleDeg < 90)
  )
    return undefined;
  const leg = chamfer.sizeMm * Math.tan((chamfer.angleDeg * Math.PI) / 180);
  if (!(2 * leg < last.targetMm)) return undefined;
  return { atMm: outlineLength, diameterMm: last.targetMm, ...chamfer, inner: false };
}

/**
 * The chamfer on the parted-off end's outer edge when the blade cannot turn it but a turning
 * tool can from the far end, the part turned around (second setup): the last section a cylinder
 * or groove longer than the chamfer, the angle between 0° and 90°, its small diameter above
 * every bore that opens at that end (0.4 mm on the diameter); undefined otherwise.
 */
function farOuterChamferOf(
  outer: OuterSection[],
  chamfer: { sizeMm: number; angleDeg: number; label: string },
  outlineLength: number,
  bores: { inner: InnerSection[]; far: InnerSection[] },
): EdgeChamfer | undefined {
  const last = outer.at(-1)!;
  if (
    !(chamfer.sizeMm < last.endMm - last.startMm) ||
    !(chamfer.angleDeg > 0 && chamfer.angleDeg < 90)
  )
    return undefined;
  const leg = chamfer.sizeMm * Math.tan((chamfer.angleDeg * Math.PI) / 180);
  const hole = Math.max(
    0,
    ...bores.far.map((bore) => bore.targetMm),
    ...bores.inner.filter((bore) => bore.through).map((bore) => bore.targetMm),
  );
  if (!(last.targetMm - 2 * leg > hole + 0.4)) return undefined;
  return { atMm: outlineLength, diameterMm: last.targetMm, ...chamfer, inner: false };
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
  const { chamfers, farChamfers, partOff, farOuter } = edgeChamfers(
    description,
    outer,
    bores,
    outlineLength,
    problems,
    notProgrammed,
  );
  for (const fillet of description.features.fillets) {
    notProgrammed.push(
      `the fillet ${fillet.dimensions} ${/^(?:at|from|on|in) /.test(fillet.location) ? '' : 'at '}${fillet.location} (the tool nose radius rounds inside corners)`,
    );
  }

  // A plate's top view (a traced outline, a circle around a hole) is not this part's.
  for (const item of (description.unplaced ?? []).filter((entry) => !entry.topView))
    notProgrammed.push(
      item.diameterMm === undefined
        ? `what the drawing writes as "${item.text}": it ${item.why}; give it with Change, or remove it from the values once checked`
        : `the diameter ${item.text}: it ${item.why}; give its written size with Change, or remove it from the values once checked`,
    );

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
    ...(partOff ? { partOffChamfer: partOff } : {}),
    ...(farOuter ? { farOuterChamfer: farOuter } : {}),
    ...(raUm !== undefined ? { raUm } : {}),
    ...(description.features.centreHoles ? { centreHoles: description.features.centreHoles } : {}),
    material: description.materialSpecs.material,
    notProgrammed,
  };
}
