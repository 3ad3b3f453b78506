/**
 * The blueprint description (contracts/blueprint.ts) of a turned part read from a drawing
 * (a DXF, or a PDF's vector geometry):
 * the drawn profile with the written dimensions and notes applied, the human-readable strings
 * and what could not be determined.
 */
import { turnedSummary } from './turned-summary.ts';
import {
  chamferText,
  formatMm,
  formatTolerance,
  parseDiameterCallout,
  roundMm,
  startsWithDiameterSign,
  type ParsedDiameter,
} from '#cam/callouts';
import {
  emptyDescription,
  type BlueprintDescription,
  type Chamfer,
  type DiameterFeature,
} from '#contracts/blueprint';
import { describedLengths, nameVGrooves } from './axial-lengths.ts';
import { threadDrawnAtMinor } from './tapped-bores.ts';
import type { DimensionedProfile } from './dimensions.ts';
import type { NoteFindings } from './notes.ts';
import type { TurnedProfile } from './profile.ts';

/** 'Ø40 h7', 'Ø16.5 +0.1/0', 'Ø15.48'. */
export function diameterText(
  diameterMm: number,
  written?: Pick<ParsedDiameter, 'fit' | 'tolerance'>,
): string {
  const fit = written?.fit ? ` ${written.fit}` : '';
  const tolerance = written?.tolerance ? ` ${formatTolerance(written.tolerance)}` : '';
  return `Ø${formatMm(diameterMm)}${fit}${tolerance}`;
}

const span = (start: number, end: number) =>
  `from the free end, ${formatMm(start)} to ${formatMm(end)} mm`;

/** Material, finish and tolerance fields and their unresolved entries, shared by both kinds of part. */
export function applyFindings(
  description: BlueprintDescription,
  findings: NoteFindings,
  tolerances: string[],
): void {
  const unresolved = description.unresolved!;
  if (findings.material) {
    description.materialSpecs.material = findings.material.text;
    if (findings.material.generic) {
      unresolved.push(
        `Material grade not given: the drawing only says "${findings.material.text}" ("${findings.material.note.text.replace(/\s+/g, ' ')}").`,
      );
    }
  } else {
    unresolved.push('No material note on the drawing.');
  }
  description.materialSpecs.heatTreatment = findings.heatTreatment ?? '';
  description.materialSpecs.hardness = findings.hardness ?? '';
  if (findings.generalTolerance) {
    description.dimensions.generalTolerance = findings.generalTolerance.text;
    tolerances.unshift(`general tolerances ${findings.generalTolerance.text}`);
  }
  description.dimensions.tolerances = tolerances.join('; ');
  if (tolerances.length === 0) {
    unresolved.push(
      'No tolerances on the drawing: no general tolerance note (such as ISO 2768-mK) and no toleranced sizes.',
    );
  }
  if (findings.roughness.length > 0) {
    description.surfaceFinish.raUm = Math.min(...findings.roughness.map((r) => r.raUm));
    description.surfaceFinish.requirements = findings.roughness
      .map((r) => r.note.text.replace(/\s+/g, ' '))
      .join('; ');
  } else {
    unresolved.push('No surface finish (Ra) on the drawing.');
  }
  description.surfaceFinish.concentricity = findings.concentricity ?? '';
  if (findings.centreHoles) description.features.centreHoles = findings.centreHoles;
}

/**
 * The description of a turned part.
 *
 * @param profile - the drawn profile
 * @param dims - what the dimensions make of it
 * @param findings - what the notes say
 * @param kind - the file kind, for the overview ('read offline from the PDF')
 * @returns the description (overview, diameters, features, dimensions, finish, unresolved)
 */
export function describeTurnedPart(
  profile: TurnedProfile,
  dims: DimensionedProfile,
  findings: NoteFindings,
  kind: 'DXF' | 'PDF' = 'DXF',
): BlueprintDescription {
  const description = emptyDescription();
  const unresolved = description.unresolved!;
  const tolerances: string[] = [];

  const outer: DiameterFeature[] = profile.outer.map((drawn, k) => {
    const written = dims.outerDiameters.get(k);
    const diameterMm = written?.nominalMm ?? roundMm(drawn.diameterMm);
    const startMm = dims.moved(drawn.startMm);
    const lengthMm = dims.lengthsMm[k]!;
    const writtenLength = dims.writtenLengths.get(k);
    const taper =
      drawn.kind === 'taper'
        ? `Ø${formatMm(roundMm(drawn.startDiameterMm!))} to Ø${formatMm(roundMm(drawn.endDiameterMm!))}`
        : undefined;
    const feature: DiameterFeature = {
      diameter: taper ?? diameterText(diameterMm, written),
      type: drawn.kind,
      location: span(startMm, startMm + lengthMm),
      length: writtenLength
        ? `${formatMm(writtenLength.valueMm)} mm${writtenLength.qualifier ? ` ${writtenLength.qualifier}` : ''}`
        : `${formatMm(lengthMm)} mm`,
      diameterMm,
      lengthMm,
      startMm,
      ...(written?.tolerance ? { tolerance: written.tolerance } : {}),
      ...(written?.fit ? { fit: written.fit } : {}),
      // A thread written as the diameter's own dimension ('M8x1.25' on the Ø8 section).
      ...(written?.thread
        ? { thread: written.thread.designation, type: `thread ${written.thread.designation}` }
        : {}),
    };
    if (written?.tolerance || written?.fit) tolerances.push(feature.diameter);
    if (writtenLength?.qualifier) {
      unresolved.push(
        `The ${feature.diameter} length is written "${writtenLength.text}" (drawn ${formatMm(roundMm(drawn.endMm - drawn.startMm))} mm): ${formatMm(writtenLength.valueMm)} mm is used; check the length you need.`,
      );
    }
    if (writtenLength?.tolerance) {
      tolerances.push(
        `length ${formatMm(writtenLength.valueMm)} ${formatTolerance(writtenLength.tolerance)}`,
      );
    }
    return feature;
  });

  const inner: DiameterFeature[] = profile.bores.map((bore, k) => {
    const written = dims.boreDiameters.get(k);
    const diameterMm = written?.nominalMm ?? roundMm(bore.diameterMm);
    // A written depth puts the bottom of a blind bore where the drawing says, from its end face.
    const depth = dims.boreDepths.get(k);
    const fromFree = bore.startMm < 1e-6;
    const startMm =
      depth !== undefined && !fromFree ? roundMm(dims.overallMm - depth) : dims.moved(bore.startMm);
    const endMm = depth !== undefined && fromFree ? depth : dims.moved(bore.endMm);
    if (written?.tolerance || written?.fit)
      tolerances.push(`bore ${diameterText(diameterMm, written)}`);
    return {
      diameter: diameterText(diameterMm, written),
      type: 'bore',
      location: span(startMm, endMm),
      length: bore.through ? 'through' : `${formatMm(endMm - startMm)} mm deep`,
      diameterMm,
      lengthMm: roundMm(endMm - startMm),
      startMm,
      through: bore.through,
      ...(written?.tolerance ? { tolerance: written.tolerance } : {}),
      ...(written?.fit ? { fit: written.fit } : {}),
    };
  });

  const overall = dims.overallMm;
  const where = (atMm: number) =>
    atMm < 1e-6
      ? 'at the free end'
      : Math.abs(atMm - overall) < 1e-6
        ? 'at the chuck end'
        : `${formatMm(atMm)} mm from the free end`;
  const chamfers: Chamfer[] = profile.chamfers.map((chamfer) => {
    // A bore's mouth is at an end face: at the free end or at the overall length.
    const on = chamfer.inner ? inner[chamfer.onIndex]! : outer[chamfer.onIndex]!;
    const atMm = chamfer.inner ? (chamfer.atMm < 1e-6 ? 0 : overall) : dims.moved(chamfer.atMm);
    return {
      dimensions: chamferText(chamfer),
      location: `${where(atMm)}, on ${chamfer.inner ? 'the bore ' : ''}${on.diameter}`,
      sizeMm: chamfer.sizeMm,
      angleDeg: chamfer.angleDeg,
      atMm,
      onDiameterMm: on.diameterMm!,
      ...(chamfer.inner ? { inner: true } : {}),
    };
  });
  const tolMm = Math.max(0.05, 0.002 * profile.lengthMm, profile.noiseMm);
  nameVGrooves(profile, chamfers, dims.axial, dims.lengthsMm, tolMm);
  applyChamferNotes(chamfers, findings, profile, dims, outer, where, unresolved);
  description.features.fillets = profile.fillets.map((fillet, k) => {
    const radiusMm = dims.filletRadii.get(k) ?? roundMm(fillet.radiusMm);
    const on = outer[fillet.onIndex]!;
    const atMm = dims.moved(fillet.atMm);
    return {
      dimensions: `R${formatMm(radiusMm)}`,
      location: `${where(atMm)}, on ${on.diameter}`,
      radiusMm,
      atMm,
      onDiameterMm: on.diameterMm!,
    };
  });
  const unplaced: NonNullable<BlueprintDescription['unplaced']> = [];
  applyThreads(outer, inner, findings, profile, dims, unresolved, unplaced);

  description.outerDiameters = outer;
  description.innerDiameters = inner;
  description.features.chamfers = chamfers;
  description.dimensions.overallLength = `${formatMm(overall)} mm`;
  description.dimensions.overallLengthMm = overall;
  const lengths = describedLengths(dims.axial, (u) => dims.moved(u));
  if (lengths.length > 0) description.dimensions.lengths = lengths;
  applyFindings(description, findings, tolerances);
  unresolved.push(...dims.unresolved);
  description.overview = overviewOf(profile, dims, findings, outer, inner, kind);
  for (const note of findings.other.filter((n) => /\d/.test(n.text))) {
    const text = note.text.replace(/\s+/g, ' ');
    unresolved.push(`Note kept as text, not applied: "${text}".`);
    if (unplacedDiameter(text, [...outer, ...inner])) unplaced.push({ text, why: ON_NO_DIAMETER });
    else if (unplacedRadius(text, description.features.fillets))
      unplaced.push({ text, why: ON_NO_CORNER });
  }
  // A diameter the drawing dimensions that no diameter of the description has (within 0.05 mm).
  for (const { text, nominalMm } of dims.unplacedDiameters)
    if (![...outer, ...inner].some((d) => Math.abs((d.diameterMm ?? -1) - nominalMm) <= 0.05))
      unplaced.push({ text, why: ON_NO_DIAMETER });
  for (const { text } of dims.ambiguousDiameters) {
    unplaced.push({
      text,
      why: 'matches more than one diameter of its size, and which one it gives cannot be told',
    });
    unresolved.push(
      `Diameter dimension "${text}" is written in another view and matches more than one diameter of its size: give it with Change on the one it belongs to, or remove it once checked.`,
    );
  }
  // A hole drilled across the axis is no lathe program's: named, so the program says it is left.
  for (const hole of profile.crossHoles) {
    const text = `cross hole Ø${formatMm(roundMm(hole.diameterMm))} at ${formatMm(dims.moved(hole.atMm))} mm`;
    unplaced.push({ text, why: CROSS_HOLE_WHY });
  }
  // Hidden lines of a bore the reading did not make one of: named, so no program leaves it out.
  for (const bore of profile.hiddenBores) {
    const text = `hidden lines Ø${formatMm(roundMm(bore.diameterMm))} from ${formatMm(roundMm(dims.moved(bore.startMm)))} to ${formatMm(roundMm(dims.moved(bore.endMm)))} mm`;
    if (!inner.some((d) => Math.abs((d.diameterMm ?? -1) - bore.diameterMm) <= 0.05))
      unplaced.push({ text, why: HIDDEN_BORE_WHY });
  }
  if (unplaced.length > 0) description.unplaced = unplaced;
  return description;
}

/** Why hidden lines along the axis that no bore accounts for are named. */
const HIDDEN_BORE_WHY =
  'show a bore inside the part whose ends or size the reading could not find: give the bore with Change (its diameter, depth and the end it starts from), or remove the entry once checked';

/** Why a written diameter no diameter of the profile has is named as not placed. */
export const ON_NO_DIAMETER = 'is placed on no diameter of the profile';

/** Why a radius note no fillet of the profile has is named as not placed. */
const ON_NO_CORNER =
  'is a radius the drawing writes that no corner of the profile read has, so the corners it rounds are not made';

/**
 * Whether a note is a radius callout ('2x R0,2', 'R1.5', ISO 129-1) that no fillet of the
 * description has (within 0.01 mm): corners the drawing rounds that the program would leave sharp.
 */
function unplacedRadius(text: string, fillets: { radiusMm?: number }[]): boolean {
  const radius = /^(?:\d+\s*[x×]\s*)?R\s*(\d+(?:[.,]\d+)?|[.,]\d+)\s*$/i.exec(
    text.replace(/^[^\dR]+/i, ''),
  );
  if (!radius) return false;
  const mm = Number(radius[1]!.replace(',', '.'));
  return mm > 0 && !fillets.some((f) => Math.abs((f.radiusMm ?? -1) - mm) <= 0.01);
}

/** Why a cross hole is left out of a turned part's program. */
const CROSS_HOLE_WHY =
  'is drilled across the axis, which a lathe program does not do (drill it on a mill, or on a lathe with live tooling)';

/** Chamfer callouts in notes: they name the size of drawn chamfers, or add chamfers at the ends. */
function applyChamferNotes(
  chamfers: Chamfer[],
  findings: NoteFindings,
  profile: TurnedProfile,
  dims: DimensionedProfile,
  outer: DiameterFeature[],
  where: (atMm: number) => string,
  unresolved: string[],
): void {
  for (const word of findings.edgeWords) {
    const u = dims.moved(Math.max(0, Math.min(profile.lengthMm, profile.locate(word.at).u)));
    const nearest = [...chamfers].sort((a, b) => Math.abs(a.atMm! - u) - Math.abs(b.atMm! - u))[0];
    if (nearest) nearest.purpose = `drawing note: ${word.text}`;
    else unresolved.push(`Note "${word.text}" points at no drawn chamfer.`);
  }

  for (const { chamfer, note } of findings.chamfers) {
    const size = chamferText(chamfer);
    // A traced chamfer is measured no closer than its lines are wide: within that, and within
    // 10° of the written angle, it is the written one.
    const noise = Math.max(0.01, profile.noiseMm ?? 0);
    const same = chamfers.filter(
      (c) =>
        Math.abs(c.sizeMm! - chamfer.sizeMm) < noise &&
        (noise === 0.01 || Math.abs(c.angleDeg! - chamfer.angleDeg) <= 10),
    );
    if (same.length > 0) {
      for (const c of same) {
        c.purpose = `drawing note: ${note.text}`;
        if (c.sizeMm === chamfer.sizeMm && c.angleDeg === chamfer.angleDeg) continue;
        c.sizeMm = chamfer.sizeMm;
        c.angleDeg = chamfer.angleDeg;
        c.dimensions = size;
      }
      continue;
    }
    const first = outer[0];
    const last = outer[outer.length - 1];
    if (!first || !last) continue;
    const bothEnds = /both ends|each end|all (?:outer )?edges/i.test(note.text);
    const u = profile.locate(note.at).u;
    const ends = bothEnds ? [0, dims.overallMm] : [u > profile.lengthMm / 2 ? dims.overallMm : 0];
    for (const atMm of ends) {
      const on = atMm === 0 ? first : last;
      chamfers.push({
        dimensions: size,
        location: `${where(atMm)}, on ${on.diameter}`,
        purpose: `drawing note: ${note.text}`,
        sizeMm: chamfer.sizeMm,
        angleDeg: chamfer.angleDeg,
        atMm,
        onDiameterMm: on.diameterMm!,
      });
    }
  }
}

/**
 * Whether a note is a diameter callout ('⌀13 h6', 'Ø38 H12') that no diameter of the description
 * has (within 0.05 mm): a size the drawing writes and the description does not place.
 */
function unplacedDiameter(text: string, diameters: DiameterFeature[]): boolean {
  if (!startsWithDiameterSign(text.trim())) return false;
  const written = parseDiameterCallout(text);
  if (!written) return false;
  return !diameters.some((d) => Math.abs((d.diameterMm ?? -1) - written.nominalMm) <= 0.05);
}

/** Thread notes apply to the diameter equal to their major diameter, else to the one they are near. */
function applyThreads(
  outer: DiameterFeature[],
  inner: DiameterFeature[],
  findings: NoteFindings,
  profile: TurnedProfile,
  dims: DimensionedProfile,
  unresolved: string[],
  unplaced: NonNullable<BlueprintDescription['unplaced']>,
): void {
  for (const { thread, note } of findings.threads) {
    const major = thread.majorDiameterMm;
    const tol = Math.max(0.3, 0.02 * major);
    const internal = /\btap(?:ped)?\b|internal|inside|\bbore\b/i.test(note.text);
    const lists = internal ? [inner, outer] : [outer, inner];
    let target: DiameterFeature | undefined;
    for (const list of lists) {
      target = list
        .filter((d) => Math.abs(d.diameterMm! - major) <= tol)
        .sort((a, b) => Math.abs(a.diameterMm! - major) - Math.abs(b.diameterMm! - major))[0];
      if (target) break;
    }
    // An internal thread drawn in section at its minor diameter (ISO 6410-1).
    if (!target && threadDrawnAtMinor(thread, inner, dims, profile.noiseMm, unresolved)) continue;
    if (!target) {
      const u = dims.moved(profile.locate(note.at).u);
      target = outer.find((d) => d.startMm! <= u && u <= d.startMm! + d.lengthMm!);
      if (target && Math.abs(target.diameterMm! - major) > 1) {
        unresolved.push(
          `Thread "${note.text}" (major Ø${formatMm(major)}) is placed on ${target.diameter}, the diameter it is written beside; check the size.`,
        );
      }
    }
    if (!target) {
      unresolved.push(`Thread "${note.text}" matches no diameter of the profile.`);
      unplaced.push({ text: note.text, why: 'matches no diameter of the profile' });
      continue;
    }
    target.thread = thread.designation;
    target.type = `thread ${thread.designation}`;
  }
}

function overviewOf(
  profile: TurnedProfile,
  dims: DimensionedProfile,
  findings: NoteFindings,
  outer: DiameterFeature[],
  inner: DiameterFeature[],
  kind: 'DXF' | 'PDF',
): string {
  const sizes = outer.map((d) => d.diameterMm!);
  const largest = outer.find((d) => d.diameterMm === Math.max(...sizes));
  const free = outer[0];
  const [minSide, maxSide] = profile.axis.horizontal ? ['left', 'right'] : ['bottom', 'top'];
  const parts = [
    `${turnedSummary(dims.overallMm, outer, inner)}, read offline from the ${kind}.`,
    `Axis of revolution: ${profile.axis.horizontal ? 'horizontal' : 'vertical'} in the drawing.`,
    free && largest
      ? `Free end: the ${free.diameter} end (${profile.freeEndAtMin ? minSide : maxSide} in the drawing), chosen so that the chuck holds the ${largest.diameter} end, the largest diameter; positions are measured from the free end.`
      : '',
  ];
  if (profile.crossHoles.length > 0) {
    parts.push(
      `Cross holes: ${profile.crossHoles.map((h) => `Ø${formatMm(roundMm(h.diameterMm))} at ${formatMm(dims.moved(h.atMm))} mm`).join(', ')}.`,
    );
  }
  if (dims.differences.length > 0) {
    parts.push(
      `Written sizes that differ from the drawn geometry (the written ones are used): ${dims.differences.join('; ')}.`,
    );
  }
  return parts.filter(Boolean).join(' ');
}
