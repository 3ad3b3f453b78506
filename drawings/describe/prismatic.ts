/**
 * The top view of a drawing that is not a turned part (a plate, a flange with a non-round
 * outline, a 2D profile) as `description.prismatic` (outline, holes, cut-outs, slots, thickness)
 * for milling, wire and sinker EDM (docs/decisions/013-cam-depth.md). The description around it
 * (what the reader found, for the user to see, no diameters) is made in non-turned.ts.
 */
import { formatMm } from '#cam/callouts';
import { distanceToBoundary, type Point2 } from '#cam/geometry/polygon';
import type { BlueprintDescription, PrismaticDescription } from '#contracts/blueprint';
import type { DimensionNote, TextNote } from './content.ts';
import type { Primitive } from '../geometry/primitives.ts';
import { isPictorial } from './view-kinds.ts';
import { concentricCirclesNote, concentricUnplaced } from './concentric.ts';
import { holeOf, NUMBER, threadArcAround, toMm } from './plate-holes.ts';
import { missingCountedHoles } from './counted-holes.ts';
import { thicknessFromViews } from './plate-thickness.ts';
import { applyPocketDepths, pocketDepthsFromViews } from './side-views.ts';
import { hiddenFeatures } from './other-faces.ts';
import { readSteps } from './plate-steps.ts';
import { nestContours, placeInnerContours } from './top-contours.ts';
import { contoursOf, polygonOf, topOutline } from './top-outline.ts';
import { insidePolygon, sameBox } from '../geometry/outline.ts';
import {
  closedLoops,
  diagonal,
  heightOf,
  unionBox,
  widthOf,
  type Loop,
  type View,
} from '../geometry/shapes.ts';

/** 'Ø2 ×8, Ø28, Ø30': diameters rounded to 0.01 mm, smallest first, with their counts. */
export function circleList(diameters: number[]): string {
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

/** What the reader knows of the drawing beyond its views, for the prismatic part. */
export interface DrawingExtras {
  /** Every text note (title block ones marked). */
  notes: TextNote[];
  /** The dimensions with their text as shown. */
  dimensions: { note: DimensionNote; text: string }[];
  /** Millimetres per drawing unit: numbers in notes without a unit are in drawing units. */
  mmPerUnit: number;
  /** The file kind, for the overview ('Read offline from the PDF'); DXF when absent. */
  kind?: 'DXF' | 'PDF';
  /**
   * Distance within which the ends of drawn lines meet, mm, when the drawing's coordinates are
   * coarser than the DXF's (a PDF's are written to about 0.1 pt). When absent: 1e-5 of the
   * drawing's size, at least 0.001 mm.
   */
  joinToleranceMm?: number;
  /**
   * The drawing's hidden (dashed) lines, mm: in a side or front view they show the floors and
   * walls of the top view's pockets (side-views.ts).
   */
  hidden?: Primitive[];
  /**
   * The page is traced from a raster: an outline whose trace does not close may be mended
   * (closedLoops `mend`), and is then held for the operator where a gap was bridged.
   */
  traced?: boolean;
  /**
   * How far a traced page's lines stray from where they are drawn, mm (a line's width): a
   * circle this close to the outline or a cut-out touches it. Absent: four join tolerances.
   */
  noiseMm?: number;
}

/** The top view read for the prismatic part model, and what it leaves open. */
export interface PrismaticReading {
  prismatic: PrismaticDescription;
  /** Questions for the user (thickness missing, sizes of concentric circles…). */
  unresolved: string[];
  /** One sentence for the overview. */
  summary: string;
  /**
   * Closed contours the reader sees in the top view but cannot place, as sizes the top view does
   * not hold (`measures: 'other'`): the description's sizes carry them to the CAM core, which
   * then calls no program verified (top-contours.ts).
   */
  unheld?: NonNullable<PrismaticDescription['sizes']>;
  /**
   * Circles drawn concentric with holes that no callout sizes (concentric.ts): the description's
   * `unplaced` carries them, so no program is verified without them.
   */
  unplaced?: NonNullable<BlueprintDescription['unplaced']>;
}

const THICKNESS_NOTES = [
  new RegExp(
    String.raw`\b(?:THK|THICK(?:NESS)?|material thickness|plate thickness|Dicke|Blechdicke|Materialst(?:ä|ae)rke|St(?:ä|ae)rke)\b\.?\s*[:=]?\s*${NUMBER}\s*(mm|"|in(?:ch)?\b)?`,
    'i',
  ),
  new RegExp(String.raw`${NUMBER}\s*(mm|"|in(?:ch)?\b)?\s*(?:THK|THICK)\b`, 'i'),
  new RegExp(String.raw`(?:^|[\s(])t\s*=\s*${NUMBER}\s*(mm|"|in(?:ch)?\b)?`),
];

/** A plate thickness written in a note ('THK 12', '10 mm THICK', 't = 8'), mm. */
export function thicknessFromNotes(notes: TextNote[], mmPerUnit: number): number | undefined {
  for (const note of notes) {
    const text = note.text.replace(/\s+/g, ' ');
    for (const pattern of THICKNESS_NOTES) {
      const match = pattern.exec(text);
      if (!match) continue;
      const value = toMm(match[1]!, match[2], mmPerUnit);
      if (value > 0) return value;
    }
  }
  return undefined;
}

const key = (value: number) => Math.round(value * 100) / 100;
const r4 = (value: number) => Math.round(value * 10000) / 10000;

/**
 * The top view of a plate or block: the largest closed contour of the main view (or, when the
 * outline is not one closed chain, the outer boundary of the view's geometry) is the outline;
 * closed contours inside it are through cut-outs, or pockets when a note or a side view gives a
 * depth; a contour inside a pocket is its island (top-contours.ts: what cannot be placed is named
 * in `unresolved` and `unheld`, never dropped); circles are holes (through unless a note gives
 * a depth), two arcs joined by two lines are slots. Thickness from a note or a side view.
 *
 * @param views - the drawing's views, largest first, mm
 * @param tolMm - distance within which ends meet, mm
 * @returns undefined when no view has a usable outline
 */
export function readPrismatic(
  views: View[],
  tolMm: number,
  extras: DrawingExtras,
): PrismaticReading | undefined {
  const candidates = views.filter((view) => !isPictorial(view));
  for (const top of candidates.slice(0, 3)) {
    const reading = readTopView(
      top,
      candidates.filter((view) => view !== top),
      tolMm,
      extras,
    );
    if (reading) return reading;
  }
  return undefined;
}

function readTopView(
  top: View,
  others: View[],
  tolMm: number,
  extras: DrawingExtras,
): PrismaticReading | undefined {
  const loops = closedLoops(top.primitives, tolMm);
  const contours = contoursOf(loops);
  const boxTol = Math.max(0.01, 0.002 * diagonal(top.box));
  const found = topOutline(top, loops, tolMm, boxTol, extras.traced === true);
  const { outlineLoop, pieces, held } = found;
  const outline = found.outline;
  if (!outline || outline.length < 3) return undefined;
  const edgeGap = Math.max(0.02, 4 * tolMm);
  const inMaterial = (p: Point2) => insidePolygon(p, outline);

  // Cut-outs and pockets: closed contours inside the outline, not inside another one; those
  // inside one (islands, cut-outs in a pocket's floor, holes) are placed once depths are read.
  const circleLoops = loops
    .filter((l) => l.circleDiameterMm !== undefined)
    .map((l) => ({
      center: { x: (l.box.minX + l.box.maxX) / 2, y: (l.box.minY + l.box.maxY) / 2 },
      diameterMm: l.circleDiameterMm!,
      loop: l,
    }));
  const nested = nestContours(
    contours,
    circleLoops,
    outline,
    (loop) => polygonOf(loop, tolMm),
    (loop) =>
      loop === outlineLoop ||
      sameBox(loop.box, top.box, boxTol) ||
      pieces.some((piece) => piece.loop === loop),
    edgeGap,
  );
  const cutOuts = nested.outer;
  // A circle touches the outline or a cut-out when their lines meet within a line's width on a
  // traced page: edgeGap, four join tolerances (4.4 mm on a 1024 px sheet), took a flange's Ø28
  // bore for touching its Ø2 bolt holes 2.5 mm away, and its Ø40 step 1 mm inside its Ø42 rim
  // for the rim.
  const touchGap = Math.max(0.02, Math.min(edgeGap, extras.noiseMm ?? edgeGap));
  const solid = (p: Point2, clearance: number) =>
    inMaterial(p) &&
    distanceToBoundary(p, outline) > clearance + touchGap &&
    cutOuts.every(
      (c) =>
        !insidePolygon(p, c.polygon) && distanceToBoundary(p, c.polygon) > clearance + touchGap,
    );
  // Holes: circles in the material; concentric larger circles are reported, not modelled.
  const circles = circleLoops
    .map(({ center, diameterMm }) => ({ center, diameterMm }))
    .sort((a, b) => a.diameterMm - b.diameterMm);
  const holes: { center: Point2; diameterMm: number; around: number[]; tapped?: boolean }[] = [];
  for (const circle of circles) {
    const host = holes.find(
      (h) => Math.hypot(h.center.x - circle.center.x, h.center.y - circle.center.y) <= 2 * edgeGap,
    );
    // A circle around a hole is reported even where it runs into a cut-out beside it (a
    // counterbore that a kidney-shaped cut-out cuts into), not where it leaves the outline.
    const inside =
      inMaterial(circle.center) &&
      distanceToBoundary(circle.center, outline) > circle.diameterMm / 2 + touchGap;
    if (host && inside) host.around.push(circle.diameterMm);
    else if (!host && solid(circle.center, circle.diameterMm / 2))
      holes.push({ ...circle, around: [] });
  }
  // ISO 6410-1 / ASME Y14.6 tapped hole in a top view: the tap drill as a full circle and the
  // thread's major diameter as a concentric open arc of about 3/4 of a circle.
  for (const hole of holes) {
    const arc = threadArcAround(top.primitives, hole, 2 * edgeGap);
    if (!arc) continue;
    hole.diameterMm = 2 * arc.radius;
    hole.around = hole.around.filter((d) => Math.abs(d - 2 * arc.radius) > 2 * edgeGap);
    hole.tapped = true;
  }
  // Circles concentric with a hole: counterbores, countersinks, chamfers or steps, not sized,
  // held as not placed until a callout or the operator sizes them (decision 073).
  const unresolved: string[] = [];
  const unplaced = concentricUnplaced(holes);
  const concentric = concentricCirclesNote(unplaced);
  if (concentric) unresolved.push(concentric);

  const slots = slotsIn(loops, solid);

  const drawingNotes = extras.notes.filter((n) => !n.inTitleBlock);
  const prismatic: PrismaticDescription = {
    outline: outline.map((p) => ({ x: r4(p.x), y: r4(p.y) })),
    holes: holes.map((h) => holeOf(h, drawingNotes, extras)),
    pockets: cutOuts.map(({ loop, polygon }) => ({
      label: `Cut-out ${formatMm(key(widthOf(loop.box)))} × ${formatMm(key(heightOf(loop.box)))} mm`,
      outline: polygon.map((p) => ({ x: r4(p.x), y: r4(p.y) })),
      through: true,
    })),
    slots,
  };
  // The side views show the outline's width or height: compared with the outline's box (the view
  // may also hold a leader or a label beyond it).
  const outlineBox = unionBox(outline.map((p) => ({ minX: p.x, minY: p.y, maxX: p.x, maxY: p.y })));
  const projectionTol = Math.max(0.05, 0.005 * diagonal(outlineBox));
  const boxes = cutOuts.map(({ loop }) => ({ box: loop.box }));
  applyPocketDepths(
    prismatic.pockets.map((pocket, i) => ({ pocket, box: boxes[i]!.box })),
    drawingNotes,
    extras.mmPerUnit,
    pocketDepthsFromViews(outlineBox, others, extras.hidden ?? [], boxes, projectionTol),
  );
  // What stands inside the pockets and cut-outs: islands, cut-outs in a floor, holes; the rest
  // is named in `unresolved` and held as sizes the top view does not hold.
  const placed = placeInnerContours(
    nested,
    [...prismatic.pockets],
    { x: outlineBox.minX, y: outlineBox.minY },
    {
      notes: drawingNotes,
      dimensions: extras.dimensions,
      units: Math.abs(extras.mmPerUnit - 25.4) < 1e-9 ? 'inch' : 'mm',
    },
  );
  prismatic.pockets.push(...placed.pockets);
  prismatic.holes.push(...placed.holes.map((h) => holeOf(h, drawingNotes, extras)));
  unresolved.push(...placed.unresolved);
  // What the top view draws hidden is on another face or inside: named, never dropped.
  const seenThrough = hiddenFeatures(
    { primitives: top.primitives, outlineBox },
    extras.hidden ?? [],
    prismatic.holes,
    edgeGap,
  );
  unresolved.push(...seenThrough.unresolved);
  // Steps: a line across the top face, its depth from a view that shows the shoulder.
  const stepped = readSteps({
    primitives: top.primitives,
    outline,
    outlineBox,
    others,
    hidden: extras.hidden ?? [],
    notes: drawingNotes,
    mmPerUnit: extras.mmPerUnit,
    features: prismatic.pockets.map((pocket) => pocket.outline),
    edgeGap,
    projectionTol,
  });
  if (stepped.steps.length > 0) prismatic.steps = stepped.steps;
  unresolved.push(...stepped.unresolved);
  const thickness =
    thicknessFromNotes(extras.notes, extras.mmPerUnit) ??
    thicknessFromViews({ ...top, box: outlineBox }, others);
  if (thickness !== undefined) prismatic.thicknessMm = thickness;
  else {
    unresolved.push(
      "Thickness of the plate not found (no side view and no 'THK' note): give it with 'Change', or choose the stock (its height less 1 mm facing is used).",
    );
  }
  // Holes the drawing counts that the top view read holds fewer of: named, never dropped.
  const counted = missingCountedHoles(drawingNotes, extras.dimensions, prismatic.holes, extras);
  unresolved.push(...counted.unresolved);
  const summary = summaryOf(prismatic, outlineBox, thickness);
  const unheld = [...placed.unheld, ...seenThrough.unheld, ...counted.unheld];
  if (held) {
    unplaced.push(held.unplaced);
    unresolved.push(held.ask);
  }
  return { prismatic, unresolved, summary, unheld, ...(unplaced.length > 0 ? { unplaced } : {}) };
}

/** The top view in one sentence for the overview: outline, thickness and features. */
function summaryOf(
  prismatic: PrismaticDescription,
  outlineBox: View['box'],
  thickness: number | undefined,
): string {
  const { slots } = prismatic;
  const steps = prismatic.steps ?? [];
  const list = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    `Top view for milling and EDM: outline ${formatMm(key(widthOf(outlineBox)))} × ${formatMm(key(heightOf(outlineBox)))} mm` +
    (thickness !== undefined ? `, ${formatMm(key(thickness))} mm thick` : '') +
    `; ${list(prismatic.holes.length, 'hole', 'holes')}` +
    (prismatic.holes.length > 0
      ? ` (${circleList(prismatic.holes.map((h) => h.diameterMm))})`
      : '') +
    `; ${pocketsText(prismatic.pockets)}; ${list(slots.length, 'slot', 'slots')}` +
    (steps.length > 0
      ? `; ${list(steps.length, 'step', 'steps')} (${steps.map((step) => (step.depthMm !== undefined ? `${formatMm(key(step.depthMm))} mm deep` : 'depth not read')).join(', ')})`
      : '') +
    '.'
  );
}

/** Slots: two arcs of the same radius joined by two lines, in the material (`solid`). */
function slotsIn(
  loops: Loop[],
  solid: (p: Point2, clearance: number) => boolean,
): PrismaticDescription['slots'] {
  const slots: PrismaticDescription['slots'] = [];
  for (const loop of loops.filter((l) => l.slot)) {
    const arcs = loop.primitives.filter((p) => p.kind === 'arc');
    const [a, b] = arcs;
    if (!a || !b || a.kind !== 'arc' || b.kind !== 'arc') continue;
    if (!solid(a.center, a.radius) || !solid(b.center, b.radius)) continue;
    slots.push({
      label: `Slot ${formatMm(key(2 * a.radius))} wide, ${formatMm(key(Math.hypot(a.center.x - b.center.x, a.center.y - b.center.y) + 2 * a.radius))} long`,
      from: { x: r4(a.center.x), y: r4(a.center.y) },
      to: { x: r4(b.center.x), y: r4(b.center.y) },
      widthMm: r4(2 * a.radius),
      through: true,
    });
  }
  return slots;
}

/** '1 cut-out', '2 cut-outs; 1 pocket (4 mm deep)', '…; 1 pocket (4 mm deep) with 1 island'. */
function pocketsText(all: PrismaticDescription['pockets']): string {
  const islands = all.filter((p) => /^Island\b/.test(p.label)).length;
  const pockets = all.filter((p) => !/^Island\b/.test(p.label));
  const through = pockets.filter((p) => p.depthMm === undefined).length;
  const blind = pockets.filter((p) => p.depthMm !== undefined);
  const cutOuts = `${through} ${through === 1 ? 'cut-out' : 'cut-outs'}`;
  const withIslands = islands > 0 ? ` with ${islands} ${islands === 1 ? 'island' : 'islands'}` : '';
  if (blind.length === 0) return cutOuts + withIslands;
  const depths = blind.map((p) => `${formatMm(key(p.depthMm!))} mm deep`).join(', ');
  return `${cutOuts}; ${blind.length} ${blind.length === 1 ? 'pocket' : 'pockets'} (${depths})${withIslands}`;
}
