/**
 * What the page readers (PDF pages and traced rasters) add to the shared pipeline's description:
 * written diameters for drawn ones the dimension lines did not reach (their readings moved to the
 * callout), what the text of every page says (material, general tolerance, roughness) where the
 * notes did not say it, and readings of a plate's outline and holes. The shared pipeline records
 * the readings of a turned part (describe/readings.ts).
 */
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import { formatMm, formatTolerance, parseDiameterCallout, roundMm } from '#cam/callouts';
import type { DrawnDimension, ScaleVerdict } from './dimensions.ts';
import type { PageReading } from './reading.ts';
import { addReading } from '../reading.ts';
import { addIdentityReadings, type TextCallout, type TextFindings } from '../text/describe.ts';
import { SNAP_SHARE, applyHoleCallouts } from '../text/hole-callouts.ts';
import { turnedSections } from '../text/turned.ts';
import { titleAndNotesFromText } from '../text/title-fields.ts';
import { SIGN_READ_AS_DIGIT } from '../text/ocr.ts';
import { isFragment } from '../describe/title-block.ts';
import { ON_NO_DIAMETER } from '../describe/turned.ts';
import { MEASURED_SOURCE } from '../describe/readings.ts';

export { applyHoleCallouts };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const at = (callout: TextCallout) => `${Math.round(callout.x)}, ${Math.round(callout.y)}`;

/** 'page 1, dimension "Ø15.95 +0.026/-0.026" at 612, 300 pt'. */
export function sourceOfCallout(callout: TextCallout, ocr: boolean): string {
  return `page ${callout.page}, dimension "${callout.text}" at ${at(callout)} pt${ocr ? ' (OCR)' : ''}`;
}

function writtenText(callout: TextCallout): string {
  const value = formatMm(callout.value);
  const fit = callout.fit ? ` ${callout.fit}` : '';
  const tolerance = callout.tolerance ? ` ${formatTolerance(callout.tolerance)}` : '';
  return `Ø${value}${fit}${tolerance}`;
}

/**
 * The callouts of a scan read again with their first digit taken for a diameter sign
 * (image/page.ts diameterSignsRead mends those on dimension lines; these stand beside none): the
 * value without it, in the callout's unit, as a diameter, with the same fit and tolerance, held to
 * a third of the share a written diameter is (0.5 %) unless its fit or tolerance shows it is one.
 */
function signsReadAsDigits(
  callouts: { callout: TextCallout; share: number }[],
): { callout: TextCallout; share: number }[] {
  return callouts.flatMap(({ callout }) => {
    const read = SIGN_READ_AS_DIGIT.exec(callout.text.trim());
    const whole = /\d+(?:[.,]\d+)?/.exec(callout.text)?.[0];
    if (!read || !whole) return [];
    const rest = Number(read[2]!.replace(',', '.'));
    const wholeValue = Number(whole.replace(',', '.'));
    if (!(rest > 0) || !(wholeValue > 0)) return [];
    const telling = Boolean(callout.fit || callout.tolerance);
    const text = `Ø${read[2]}${read[3]}`;
    return [
      {
        callout: {
          ...callout,
          kind: 'diameter',
          text,
          value: roundMm(callout.value * (rest / wholeValue)),
        },
        share: telling ? SNAP_SHARE : SNAP_SHARE / 3,
      },
    ];
  });
}

/**
 * Diameters of the description that match a written diameter (or a dimension across the part)
 * within 1.5 % take its value, fit and tolerance: the pipeline matches one feature per
 * dimension, a drawing often dimensions one of several equal diameters. A diameter read from a
 * dimension of its own keeps it.
 *
 * @param description - the pipeline's description (changed in place)
 * @param reading - the page, for its callouts
 * @param dimensions - dimension lines with callouts (those across the axis count as diameters)
 */
export function snapToCallouts(
  description: BlueprintDescription,
  reading: PageReading,
  dimensions: DrawnDimension[],
  scale: ScaleVerdict,
): void {
  void scale;
  const attached = new Set(dimensions.map((d) => d.callout));
  // A length the description already gives a length of the part, or a bore's depth, is no
  // diameter too (a step 30.5 long beside a Ø30.5 collar whose own callout was not read; a bore
  // 20 deep under a piston's Ø19.9 lands, LIU0010.jpg).
  const lengths = new Set(
    (description.readings ?? [])
      .filter((r) => /(length|depth)$/i.test(r.field))
      .map((r) => r.source),
  );
  // A length callout not on a dimension line may still be a diameter whose Ø sign is drawn
  // as lines rather than written as text: taken only when it agrees within 0.5 %.
  const diameters = reading.findings.callouts
    .filter(
      (c) =>
        (c.kind === 'diameter' && !c.thread) ||
        (c.kind === 'length' && !lengths.has(sourceOfCallout(c, reading.ocr))),
    )
    .map((c) => ({
      callout: c,
      share: c.kind === 'diameter' || attached.has(c) ? SNAP_SHARE : SNAP_SHARE / 3,
    }));
  if (reading.ocr) diameters.push(...signsReadAsDigits(diameters));
  const sections = new Set(turnedSections(reading.findings.callouts));
  const snapped = new Set<string>();
  const renamed = new Map<string, string>();
  const snap = (feature: DiameterFeature, field: string, value: () => string, bore: boolean) => {
    if (feature.diameterMm === undefined || feature.type === 'taper') return;
    const drawn = feature.diameterMm;
    // A diameter read from its own dimension keeps what that dimension writes: another callout
    // of its size ('⌀0.1875 +0.003/0' of another bore) is not its tolerance (decision 065).
    const own = /dimension "([^"]+)"/.exec(
      description.readings?.find((r) => r.field === field)?.source ?? '',
    )?.[1];
    if (own && diameters.some(({ callout: c }) => c.text === own && c.value === drawn)) return;
    // A callout written for the other kind of diameter (a hole's fit H7 on an outer diameter, a
    // shaft's h6 on a bore) is not this one's; of callouts as near, one written for this kind (a
    // hole's words or fit for a bore, a shaft's fit for an outer diameter) wins.
    const upper = (c: TextCallout) => Boolean(c.fit && /^[A-Z]/.test(c.fit));
    const lower = (c: TextCallout) => Boolean(c.fit && /^[a-z]/.test(c.fit));
    // A counted diameter as large as the part's ('2x Ø19,9', two lands) is the part's, not holes.
    const holes = (c: TextCallout) => Boolean(c.holeHint) && !sections.has(c);
    const other = (c: TextCallout) => (bore ? lower(c) : upper(c) || holes(c));
    const suits = (c: TextCallout) => (bore ? upper(c) || Boolean(c.holeHint) : lower(c));
    let best: TextCallout | undefined;
    for (const { callout, share } of diameters) {
      const off = Math.abs(callout.value - drawn);
      if (off > share * drawn || other(callout)) continue;
      const bestOff = best ? Math.abs(best.value - drawn) : Infinity;
      if (
        off < bestOff - 1e-9 ||
        (Math.abs(off - bestOff) <= 1e-9 && suits(callout) && !suits(best!))
      )
        best = callout;
    }
    if (!best) return;
    const entry = description.readings?.find((r) => r.field === field);
    if (
      feature.diameterMm === best.value &&
      (feature.tolerance || !best.tolerance) &&
      (feature.fit || !best.fit)
    ) {
      // A size only measured on the lines that a written one confirms is the written one's.
      if (entry?.source.includes(MEASURED_SOURCE)) {
        entry.source = sourceOfCallout(best, reading.ocr);
        entry.confidence = best.confidence;
      }
      return;
    }
    renamed.set(feature.diameter, writtenText(best));
    for (const chamfer of description.features.chamfers) {
      if (chamfer.onDiameterMm === feature.diameterMm) chamfer.onDiameterMm = best.value;
    }
    feature.diameterMm = best.value;
    feature.diameter = writtenText(best);
    if (best.tolerance) feature.tolerance = best.tolerance;
    if (best.fit) feature.fit = best.fit;
    snapped.add(formatMm(best.value));
    if (entry) {
      entry.value = value();
      entry.source = sourceOfCallout(best, reading.ocr);
      entry.confidence = best.confidence;
    }
  };
  description.outerDiameters.forEach((d, i) =>
    snap(d, `Outer diameter ${i + 1}`, () => d.diameter, false),
  );
  description.innerDiameters.forEach((d, i) =>
    snap(d, `Bore ${i + 1}`, () => `${d.diameter}, ${d.length}`, true),
  );
  // The overview and chamfer locations name the drawn diameters: name the written ones.
  const rename = (text: string) =>
    [...renamed].reduce(
      (out, [drawn, written]) =>
        out.replace(new RegExp(`${escape(drawn)}(?![\\d.])`, 'g'), written),
      text,
    );
  description.overview = rename(description.overview);
  for (const chamfer of description.features.chamfers) chamfer.location = rename(chamfer.location);
  for (const entry of description.readings ?? []) entry.value = rename(entry.value);
  if (snapped.size > 0) {
    // The pipeline's notes about those dimensions no longer apply.
    description.unresolved = (description.unresolved ?? []).filter(
      (entry) =>
        !/^Diameter dimension "/.test(entry) ||
        ![...snapped].some((value) => entry.includes(`"Ø${value}`) || entry.includes(`"${value}`)),
    );
    // Nor do the names of those written diameters as placed on no diameter: they now are.
    const placed = (text: string) => {
      const written = parseDiameterCallout(text);
      return written !== undefined && snapped.has(formatMm(written.nominalMm));
    };
    const unplaced = (description.unplaced ?? []).filter(
      (entry) => !(entry.why === ON_NO_DIAMETER && placed(entry.text)),
    );
    if (unplaced.length > 0) description.unplaced = unplaced;
    else delete description.unplaced;
    withSnappedTolerances(description);
  }
}

/**
 * The description's list of toleranced sizes with the diameters snapping gave a tolerance or a
 * fit, and without the note that the drawing has none once one has.
 */
function withSnappedTolerances(description: BlueprintDescription): void {
  const listed = description.dimensions.tolerances;
  const toleranced = (d: { tolerance?: unknown; fit?: unknown }) => Boolean(d.tolerance || d.fit);
  const added = [
    ...description.outerDiameters.filter(toleranced).map((d) => d.diameter),
    ...description.innerDiameters.filter(toleranced).map((d) => `bore ${d.diameter}`),
  ].filter((text, index, all) => all.indexOf(text) === index && !listed.includes(text));
  if (added.length === 0) return;
  description.dimensions.tolerances = [listed, ...added].filter(Boolean).join('; ');
  description.unresolved = (description.unresolved ?? []).filter(
    (entry) => !/^No tolerances on the drawing/.test(entry),
  );
}

type PlateHole = NonNullable<BlueprintDescription['prismatic']>['holes'][number];

/**
 * Material, general tolerance and roughness from the text of a page where the description has
 * none, with their readings; the pipeline's notes that they are missing are removed. The page's
 * hole callouts size the plate's holes (applyHoleCallouts); the holes they sized are returned.
 */
export function mergeFindings(
  description: BlueprintDescription,
  findings: TextFindings,
): Set<PlateHole> {
  description.unresolved ??= [];
  const drop = (pattern: RegExp) => {
    description.unresolved = description.unresolved!.filter((entry) => !pattern.test(entry));
  };
  if (findings.material && !description.materialSpecs.material) {
    description.materialSpecs.material = findings.material.text;
    addReading(
      description,
      'Material',
      findings.material.text,
      findings.material.confidence,
      findings.material.source,
    );
    drop(/^No material note/);
  }
  if (findings.generalTolerance && !description.dimensions.generalTolerance) {
    description.dimensions.generalTolerance = findings.generalTolerance.text;
    const general = `general tolerances ${findings.generalTolerance.text}`;
    description.dimensions.tolerances = description.dimensions.tolerances
      ? `${general}; ${description.dimensions.tolerances}`
      : general;
    addReading(
      description,
      'General tolerance',
      findings.generalTolerance.text,
      findings.generalTolerance.confidence,
      findings.generalTolerance.source,
    );
    drop(/^No tolerances on the drawing/);
  }
  if (findings.roughness && description.surfaceFinish.raUm === undefined) {
    description.surfaceFinish.raUm = findings.roughness.raUm;
    description.surfaceFinish.requirements ||= findings.roughness.text;
    addReading(
      description,
      'Surface finish',
      `Ra ${formatMm(findings.roughness.raUm)} µm`,
      findings.roughness.confidence,
      findings.roughness.source,
    );
    drop(/^No surface finish/);
  }
  const sized = applyHoleCallouts(description, findings);
  const named =
    findings.partName &&
    !isFragment(findings.partName.text) &&
    !description.overview.includes(findings.partName.text);
  if (named) description.overview = `${findings.partName!.text}: ${description.overview}`;
  addIdentityReadings(
    {
      ...(named ? { partName: findings.partName } : {}),
      ...(findings.drawingNumber ? { drawingNumber: findings.drawingNumber } : {}),
    },
    description,
  );
  titleAndNotesFromText(description, findings);
  return sized;
}

/**
 * Readings of a plate's outline and holes (the shared pipeline records those of turned parts and
 * the notes): measured from the page's geometry, or from the callout that gives a hole's size.
 *
 * @param description - a description with `prismatic`
 * @param reading - the page
 * @param confidence - of values measured from the geometry
 */
export function addPlateReadings(
  description: BlueprintDescription,
  reading: PageReading,
  confidence: number,
  dimensions: DrawnDimension[] = [],
): void {
  const p = description.prismatic;
  if (!p) return;
  const geometry = `page ${reading.page} geometry`;
  addReading(description, 'Plate outline', `${p.outline.length} corners`, confidence, geometry);
  // The plate's sizes that a dimension writes: read, not only measured. Only when both sides
  // of its outline are written as lengths: the side view of a turned part taken for a plate has
  // its length written, and across it a diameter.
  const xs = p.outline.map((q) => q.x);
  const ys = p.outline.map((q) => q.y);
  const sizes: [string, number | undefined][] = [
    ['Plate length', xs.length > 0 ? Math.max(...xs) - Math.min(...xs) : undefined],
    ['Plate width', ys.length > 0 ? Math.max(...ys) - Math.min(...ys) : undefined],
    ['Plate thickness', p.thicknessMm],
  ];
  const writtenAs = (size: number | undefined) =>
    size === undefined || !(size > 0)
      ? undefined
      : dimensions.find(
          ({ callout }) =>
            callout.kind === 'length' && Math.abs(callout.value - size) <= WRITTEN_SHARE * size,
        );
  const bothWritten =
    writtenAs(sizes[0]![1]) !== undefined && writtenAs(sizes[1]![1]) !== undefined;
  for (const [field, size] of sizes) {
    const written = bothWritten ? writtenAs(size) : undefined;
    if (!written) continue;
    addReading(
      description,
      field,
      `${formatMm(written.callout.value)} mm`,
      written.callout.confidence,
      sourceOfCallout(written.callout, reading.ocr),
    );
  }
  p.holes.forEach((h, i) => {
    const callout = reading.findings.callouts.find(
      (c) => c.kind === 'diameter' && Math.abs(c.value - (h.diameterMm ?? NaN)) < 1e-6,
    );
    addReading(
      description,
      `Hole ${i + 1}`,
      `${h.diameter} at ${formatMm(h.x)}, ${formatMm(h.y)}`,
      callout?.confidence ?? confidence,
      callout ? sourceOfCallout(callout, reading.ocr) : geometry,
    );
  });
}

/** A plate size a written value gives within this share (a scan measures to its pixels). */
const WRITTEN_SHARE = 0.005;
