/**
 * What a plate's side, front and section views add to its top view (describe/prismatic.ts): the
 * depth of each pocket whose floor they show. A view is read only when it lines up with the top
 * view by projection (ISO 128-30: a front view below or above the top view spans the same x
 * extent, a side view beside it the same y extent); a floor is a line across the view between its
 * two faces whose ends line up with a pocket's edges, and the pocket's walls (visible in a
 * section, hidden elsewhere) run from that floor to the face the pocket opens to.
 */
import { formatMm } from '#cam/callouts';
import type { PrismaticDescription } from '#contracts/blueprint';
import { endpoints, heightOf, widthOf, type Box, type View } from '../geometry/shapes.ts';
import type { Primitive } from '../geometry/primitives.ts';
import { isPictorial } from './view-kinds.ts';

/** A view projected from the top view: which top-view axis it shares, and its lines. */
export interface ProjectedView {
  /** The top-view axis the view shares ('x': below or above the top view; 'y': beside it). */
  along: 'x' | 'y';
  /** The view's visible and hidden lines as [from, to] along the shared axis and the depth axis. */
  lines: { s0: number; s1: number; d0: number; d1: number; hidden?: boolean }[];
  /** The depth coordinate of the two outermost faces (the plate's top and bottom), low first. */
  faces: [number, number];
}

/** A line of a side view, square to the sheet within this share of its length. */
const SQUARE_SHARE = 0.01;
/** A face runs across at least this share of the view (a chamfer shortens it). */
const FACE_SHARE = 0.8;

/**
 * Depths of the top view's pockets read from the views projected from it.
 *
 * @param topBox - the top view's outline box, mm (drawing coordinates, y up)
 * @param others - the drawing's other views (their visible lines), mm
 * @param hidden - the drawing's hidden (dashed) lines, mm; those inside a view's box belong to it
 * @param pockets - the top view's closed contours inside the outline, each with its box
 * @param tolMm - how far apart two projected edges may lie and still line up, mm
 * @returns per pocket, its depth in mm from the face it opens to, `'through'` when its walls
 *   run from face to face and no floor is drawn, or undefined when no projected view shows it
 */
export function pocketDepthsFromViews(
  topBox: Box,
  others: View[],
  hidden: Primitive[],
  pockets: { box: Box }[],
  tolMm: number,
): (number | 'through' | undefined)[] {
  const views = others
    .filter((view) => !isPictorial(view))
    .flatMap((view) => projected(view, topBox, hidden, tolMm) ?? []);
  return pockets.map((pocket) => {
    for (const view of views) {
      const found = depthIn(view, pocket.box, tolMm);
      if (found !== undefined) return found;
    }
    return undefined;
  });
}

/** The view as projected from the top view, or undefined when it does not line up with it. */
export function projected(
  view: View,
  top: Box,
  hidden: Primitive[],
  tol: number,
): ProjectedView | undefined {
  const box = view.box;
  const inX = Math.abs(box.minX - top.minX) <= tol && Math.abs(box.maxX - top.maxX) <= tol;
  const inY = Math.abs(box.minY - top.minY) <= tol && Math.abs(box.maxY - top.maxY) <= tol;
  const below = box.maxY < top.minY || box.minY > top.maxY;
  const beside = box.maxX < top.minX || box.minX > top.maxX;
  let along: 'x' | 'y';
  if (inX && below && heightOf(box) < widthOf(top)) along = 'x';
  else if (inY && beside && widthOf(box) < heightOf(top)) along = 'y';
  else return undefined;
  const inside = (p: { x: number; y: number }) =>
    p.x >= box.minX - tol &&
    p.x <= box.maxX + tol &&
    p.y >= box.minY - tol &&
    p.y <= box.maxY + tol;
  const lines: ProjectedView['lines'] = [];
  const seen = new Set(hidden);
  for (const primitive of [...view.primitives, ...hidden]) {
    const ends = primitive.kind === 'line' ? endpoints(primitive) : undefined;
    if (!ends || !ends.every(inside)) continue;
    const [a, b] = ends;
    const [s0, s1, d0, d1] = along === 'x' ? [a.x, b.x, a.y, b.y] : [a.y, b.y, a.x, b.x];
    lines.push({
      s0: Math.min(s0, s1),
      s1: Math.max(s0, s1),
      d0: Math.min(d0, d1),
      d1: Math.max(d0, d1),
      ...(seen.has(primitive) ? { hidden: true } : {}),
    });
  }
  const across = along === 'x' ? widthOf(box) : heightOf(box);
  // The faces: lines across most of the view, or visible ones on the view's edge (a step's
  // shoulder shortens the top face).
  const [dLow, dHigh] = along === 'x' ? [box.minY, box.maxY] : [box.minX, box.maxX];
  const faces = lines
    .filter(
      (l) =>
        l.d1 - l.d0 <= SQUARE_SHARE * (l.s1 - l.s0) &&
        (l.s1 - l.s0 >= FACE_SHARE * across ||
          (!l.hidden && (Math.abs(l.d0 - dLow) <= tol || Math.abs(l.d1 - dHigh) <= tol))),
    )
    .map((l) => (l.d0 + l.d1) / 2);
  if (faces.length < 2) return undefined;
  const low = Math.min(...faces);
  const high = Math.max(...faces);
  if (!(high - low > tol)) return undefined;
  return { along, lines, faces: [low, high] };
}

/**
 * The depth of a pocket whose top-view box spans [from, to] along the view's shared axis: a
 * floor line between the faces with its ends on the pocket's edges, and a wall at either edge
 * from the floor to the face it opens to. Without walls the pocket opens to the face drawn upper
 * in a view below or above the top view (a front or rear elevation has the top face up in first
 * and third angle alike); beside the top view the face cannot be told without them.
 */
function depthIn(view: ProjectedView, pocket: Box, tol: number): number | 'through' | undefined {
  const [from, to] = view.along === 'x' ? [pocket.minX, pocket.maxX] : [pocket.minY, pocket.maxY];
  const [low, high] = view.faces;
  const square = (l: ProjectedView['lines'][number]) => l.d1 - l.d0 <= SQUARE_SHARE * (l.s1 - l.s0);
  const upright = (l: ProjectedView['lines'][number]) =>
    l.s1 - l.s0 <= SQUARE_SHARE * (l.d1 - l.d0);
  const near = (a: number, b: number) => Math.abs(a - b) <= tol;
  const walls = view.lines.filter(
    (l) => upright(l) && l.d1 - l.d0 > tol && (near(l.s0, from) || near(l.s0, to)),
  );
  const floors = view.lines
    .filter((l) => square(l) && near(l.s0, from) && near(l.s1, to))
    .map((l) => (l.d0 + l.d1) / 2)
    .filter((d) => d > low + tol && d < high - tol);
  for (const floor of floors) {
    const opensHigh = walls.some((w) => near(w.d0, floor) && near(w.d1, high));
    const opensLow = walls.some((w) => near(w.d1, floor) && near(w.d0, low));
    if (opensHigh !== opensLow) return round(opensHigh ? high - floor : floor - low);
    if (view.along === 'x') return round(high - floor);
  }
  const through = [from, to].every((s) =>
    walls.some((w) => near(w.s0, s) && near(w.d0, low) && near(w.d1, high)),
  );
  return through ? 'through' : undefined;
}

const round = (mm: number) => Math.round(mm * 10000) / 10000;

/** A depth written in a note inside a pocket: 'DEPTH 4', 'DP 4', '4 DEEP', '↧4', 'Tiefe 4'. */
const DEPTH_NOTE =
  /(?:↧|\bdepth\b|\bDP\b|\btief\b|\bTiefe\b)\s*[:=]?\s*(\d+(?:[.,]\d+)?|[.,]\d+)\s*(mm|")?|(\d+(?:[.,]\d+)?|[.,]\d+)\s*(mm|")?\s*(?:deep|tief)\b/i;

/**
 * The pockets' depths (`depthMm`, no longer `through`) from a note written inside each (its
 * written depth wins) or from the views projected from the top view (pocketDepthsFromViews).
 *
 * @param pockets - the top view's cut-outs as described (changed in place), with their boxes
 * @param notes - the drawing's notes (text and place, mm) outside the title block
 * @param mmPerUnit - millimetres per drawing unit, for numbers written without a unit
 * @param fromViews - per pocket, what the projected views show (same order as `pockets`)
 * @returns the number of pockets given a depth
 */
export function applyPocketDepths(
  pockets: { pocket: PrismaticDescription['pockets'][number]; box: Box }[],
  notes: { text: string; at: { x: number; y: number } }[],
  mmPerUnit: number,
  fromViews: (number | 'through' | undefined)[],
): number {
  let given = 0;
  for (const [i, { pocket, box }] of pockets.entries()) {
    const written = notes
      .filter(
        (n) => n.at.x > box.minX && n.at.x < box.maxX && n.at.y > box.minY && n.at.y < box.maxY,
      )
      .map((n) => DEPTH_NOTE.exec(n.text.replace(/\s+/g, ' ')))
      .find((m) => m !== null);
    let depth: number | undefined;
    if (written) {
      const value = Number((written[1] ?? written[3])!.replace(',', '.'));
      const unit = written[2] ?? written[4];
      depth = unit === 'mm' ? value : unit === '"' ? value * 25.4 : value * mmPerUnit;
    } else if (typeof fromViews[i] === 'number') depth = fromViews[i];
    if (depth === undefined || !(depth > 0)) continue;
    pocket.depthMm = round(depth);
    delete pocket.through;
    pocket.label =
      pocket.label.replace(/^Cut-out/, 'Pocket') + `, ${formatMm(round(depth))} mm deep`;
    given++;
  }
  return given;
}
