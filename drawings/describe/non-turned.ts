/**
 * The description of a drawing that is not a turned part (a plate, a flange with a non-round
 * outline, a 2D profile): what the reader found, for the user to see, no diameters, and the top
 * view read by prismatic.ts as `description.prismatic` for milling, wire and sinker EDM
 * (docs/decisions/013-cam-depth.md).
 */
import { formatMm, parseDiameterCallout } from '#cam/callouts';
import { emptyDescription, type BlueprintDescription } from '#contracts/blueprint';
import { isFullCircle, type Primitive } from '../geometry/primitives.ts';
import {
  closedLoops,
  heightOf,
  unionBox,
  widthOf,
  type Box,
  type View,
} from '../geometry/shapes.ts';
import type { NoteFindings } from './notes.ts';
import { missingWrittenHoles } from './counted-holes.ts';
import { writtenPlateSizes } from './plate-sizes.ts';
import { matchStepDepths } from './plate-steps.ts';
import { circleList, readPrismatic, type DrawingExtras } from './prismatic.ts';
import { applyFindings } from './turned.ts';
import { isPictorial } from './view-kinds.ts';

const size = (box: Box) =>
  `${formatMm(Math.round(widthOf(box) * 100) / 100)} × ${formatMm(Math.round(heightOf(box) * 100) / 100)} mm`;

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
 * @param extras - notes, dimensions and units, for the top view (`description.prismatic`)
 * @returns a description with empty diameter lists, an overview of what was found, the top view
 *   when one has a usable outline (the unresolved entry then asks for a milling or EDM job), else
 *   an unresolved entry saying the lathe cannot make it
 */
export function describeNonTurnedPart(
  views: View[],
  reason: string,
  centreLines: Primitive[],
  dimensionTexts: string[],
  findings: NoteFindings,
  extras: DrawingExtras = { notes: [], dimensions: [], mmPerUnit: 1 },
): BlueprintDescription {
  const description = emptyDescription();
  const all = unionBox(views.map((v) => v.box));
  const tol =
    extras.joinToleranceMm ?? Math.max(0.001, 1e-5 * Math.hypot(widthOf(all), heightOf(all)));
  const [main, ...others] = views;
  const parts = [
    `Not a turned part: ${reason}.`,
    `Read offline from the ${extras.kind ?? 'DXF'}: ${views.length} view${views.length === 1 ? '' : 's'}, bounding box ${size(all)}.`,
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
  const top = readPrismatic(views, tol, extras);
  if (top) parts.push(top.summary);
  description.overview = parts.join(' ');
  const tolerances: string[] = [];
  const sizes = top ? writtenPlateSizes(extras.dimensions, top.prismatic, extras.mmPerUnit) : [];
  if (top) {
    // Contours the top view holds but the reader cannot place are named in `unresolved` already
    // and held as sizes the top view does not hold, so no program is called verified over them.
    // A size that is a step's depth gives the step its tolerance.
    matchStepDepths(top.prismatic.steps ?? [], sizes);
    // A bore written once whose circle the line work did not close (a scan) is held too.
    const written = missingWrittenHoles(extras.dimensions, top.prismatic, extras);
    const held = [...sizes, ...(top.unheld ?? []), ...written.unheld];
    if (held.length > 0) top.prismatic.sizes = held;
    for (const size of sizes) if (size.tolerance) tolerances.push(size.dimension);
    for (const hole of top.prismatic.holes) {
      if (parseDiameterCallout(hole.diameter)?.tolerance && !tolerances.includes(hole.diameter))
        tolerances.push(hole.diameter);
    }
    description.prismatic = top.prismatic;
    if (top.unplaced) description.unplaced = [...(description.unplaced ?? []), ...top.unplaced];
    description.unresolved!.push(
      `Not a turned part (${reason}): it is read as a plate from its top view. Choose Milling, Wire EDM or Sinker EDM as the job type.`,
      ...top.unresolved,
      ...written.unresolved,
    );
    const unheld = sizes.filter((size) => size.measures === 'other');
    if (unheld.length > 0) {
      description.unresolved!.push(
        `Sizes on the drawing that the top view does not show: ${unheld.map((size) => size.dimension).join(', ')} (a step, a depth or a size in another view). They are not programmed: check them on the drawing, or give the feature with 'Change'.`,
      );
    }
  } else {
    description.unresolved!.push(
      `Not a turned part (${reason}): the lathe cannot make it from this drawing. Upload the drawing of a turned part, or describe the part with 'Change'.`,
    );
  }
  applyFindings(description, findings, tolerances);
  return description;
}
