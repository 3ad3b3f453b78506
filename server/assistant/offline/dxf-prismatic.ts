/**
 * The description of a drawing that is not a turned part (a plate, a flange with a non-round
 * outline, a 2D profile): what the reader found, for the user to see, and no diameters.
 */
import { formatMm } from '#cam/callouts';
import { emptyDescription, type BlueprintDescription } from '#server/contracts/blueprint';
import { isFullCircle, type Primitive } from './dxf-geometry.ts';
import { isPictorial } from './dxf-axis.ts';
import { applyFindings } from './dxf-describe.ts';
import type { NoteFindings } from './dxf-notes.ts';
import { closedLoops, heightOf, unionBox, widthOf, type Box, type View } from './dxf-shapes.ts';

const size = (box: Box) =>
  `${formatMm(Math.round(widthOf(box) * 100) / 100)} × ${formatMm(Math.round(heightOf(box) * 100) / 100)} mm`;

/** 'Ø2 ×8, Ø28, Ø30': diameters rounded to 0.01 mm, smallest first, with their counts. */
function circleList(diameters: number[]): string {
  const counts = new Map<number, number>();
  for (const d of diameters) {
    const key = Math.round(d * 100) / 100;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([d, n]) => `Ø${formatMm(d)}${n > 1 ? ` ×${n}` : ''}`)
    .join(', ');
}

/** Closed profiles of a view in words: outer contour, cut-outs, slots, holes. */
function profilesOf(view: View, tolMm: number): string {
  if (isPictorial(view)) return 'a pictorial (isometric) view';
  const loops = closedLoops(view.primitives, tolMm);
  if (loops.length === 0) return 'no closed profile';
  const circles = loops.filter((l) => l.circleDiameterMm !== undefined);
  const slots = loops.filter((l) => l.slot);
  const contours = loops
    .filter((l) => l.circleDiameterMm === undefined && !l.slot)
    .sort((a, b) => widthOf(b.box) * heightOf(b.box) - widthOf(a.box) * heightOf(a.box));
  const words = [`${loops.length} closed profile${loops.length === 1 ? '' : 's'}`];
  const [outline, ...cutOuts] = contours;
  if (outline) words.push(`outer contour ${size(outline.box)}`);
  if (cutOuts.length > 0) words.push(`cut-outs ${cutOuts.map((l) => size(l.box)).join(', ')}`);
  if (slots.length > 0) {
    words.push(
      `${slots.length} slot${slots.length === 1 ? '' : 's'} ${slots.map((l) => size(l.box)).join(', ')}`,
    );
  }
  if (circles.length > 0) {
    words.push(`holes and circles ${circleList(circles.map((l) => l.circleDiameterMm!))}`);
  }
  return words.join('; ');
}

/**
 * The description of a part that is not turned.
 *
 * @param views - the drawing's views, largest first (mm)
 * @param reason - why it is not a turned part
 * @param centreLines - centre lines (their circles are pitch circles)
 * @param dimensionTexts - the dimensions as shown on the drawing
 * @param findings - what the notes say
 * @returns a description with empty diameter lists, an overview of what was found and an
 *   unresolved entry saying it is not a turned part
 */
export function describeNonTurnedPart(
  views: View[],
  reason: string,
  centreLines: Primitive[],
  dimensionTexts: string[],
  findings: NoteFindings,
): BlueprintDescription {
  const description = emptyDescription();
  const all = unionBox(views.map((v) => v.box));
  const tol = Math.max(0.001, 1e-5 * Math.hypot(widthOf(all), heightOf(all)));
  const [main, ...others] = views;
  const parts = [
    `Not a turned part: ${reason}.`,
    `Read offline from the DXF: ${views.length} view${views.length === 1 ? '' : 's'}, bounding box ${size(all)}.`,
  ];
  if (main) parts.push(`Largest view (${size(main.box)}): ${profilesOf(main, tol)}.`);
  for (const [i, view] of others.slice(0, 4).entries()) {
    parts.push(`View ${i + 2} (${size(view.box)}): ${profilesOf(view, tol)}.`);
  }
  const pitch = centreLines.filter((p) => p.kind === 'arc' && isFullCircle(p));
  if (pitch.length > 0) {
    parts.push(
      `Pitch circles: ${circleList(pitch.map((p) => (p.kind === 'arc' ? 2 * p.radius : 0)))}.`,
    );
  }
  if (dimensionTexts.length > 0)
    parts.push(`Dimensions on the drawing: ${dimensionTexts.join(', ')}.`);
  if (findings.titleBlock.length > 0) parts.push(`Title block: ${findings.titleBlock.join('; ')}.`);
  const notes = [...findings.other, ...findings.edgeWords].map((n) => n.text.replace(/\s+/g, ' '));
  if (notes.length > 0) parts.push(`Notes: ${notes.join('; ')}.`);
  description.overview = parts.join(' ');
  description.unresolved!.push(
    `Not a turned part (${reason}): the lathe cannot make it from this drawing. Upload the drawing of a turned part, or describe the part with 'Change'.`,
  );
  applyFindings(description, findings, []);
  return description;
}
