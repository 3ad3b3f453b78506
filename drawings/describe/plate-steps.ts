/**
 * A plate's steps (shoulders, rebates; decision 066) read from its views: in the top view a line,
 * or a chain of lines, across the part from the outline to the outline that closes no contour of
 * its own splits the top face in two; the lower side is the step. Its depth, and which side is
 * lower, come from a view projected from the top view (side-views.ts) that shows the shoulder:
 * an upright line where the step's edge projects, from a face to a floor between the faces,
 * and the floor running from it to one side. A depth written in a note inside one side ('DEPTH
 * 4') names that side and wins. Without either the smaller side is taken and its depth is asked
 * for by name (the values table's 'Step 1', Depth). A written size equal to a step's depth
 * becomes that step's tolerance and is a size of the part, no longer one the top view does not
 * hold.
 */
import { formatMm } from '#cam/callouts';
import {
  distanceToBoundary,
  pointInPolygon,
  signedArea,
  type Point2,
  type Polygon,
} from '#cam/geometry/polygon';
import type { PrismaticDescription } from '#contracts/blueprint';
import type { Primitive } from '../geometry/primitives.ts';
import { endpoints, type Box, type View } from '../geometry/shapes.ts';
import { projected, type ProjectedView } from './side-views.ts';
import { isPictorial } from './view-kinds.ts';

type Step = NonNullable<PrismaticDescription['steps']>[number];

/** What the steps are read from. */
export interface StepInputs {
  /** The top view's own primitives (its visible lines), mm. */
  primitives: Primitive[];
  outline: Polygon;
  outlineBox: Box;
  /** The drawing's other views, and its hidden lines. */
  others: View[];
  hidden: Primitive[];
  notes: { text: string; at: { x: number; y: number } }[];
  mmPerUnit: number;
  /** The top view's pockets and cut-outs: a depth written inside one is its own. */
  features: Polygon[];
  /** How far a line's end may lie off the outline and still end on it, mm. */
  edgeGap: number;
  /** How far apart two projected edges may lie and still line up, mm. */
  projectionTol: number;
}

const r4 = (value: number) => Math.round(value * 10000) / 10000;
const near = (a: Point2, b: Point2, gap: number) => Math.hypot(a.x - b.x, a.y - b.y) <= gap;

/**
 * Chains of straight lines across the outline: each starts and ends on the outline, its other
 * points and every line's middle lie inside it, away from the boundary.
 */
export function chainsAcross(primitives: Primitive[], outline: Polygon, gap: number): Point2[][] {
  const onOutline = (p: Point2) => distanceToBoundary(p, outline) <= gap;
  const inside = (p: Point2) => pointInPolygon(p, outline) === 'inside' && !onOutline(p);
  const lines = primitives
    .flatMap((primitive) =>
      primitive.kind === 'line' && !primitive.curve ? [endpoints(primitive)!] : [],
    )
    .filter(([a, b]) => Math.hypot(b.x - a.x, b.y - a.y) > 2 * gap)
    .filter(([a, b]) => inside({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }));
  const used = new Set<number>();
  const chains: Point2[][] = [];
  lines.forEach(([a, b], start) => {
    if (used.has(start)) return;
    const [first, next] = onOutline(a) ? [a, b] : onOutline(b) ? [b, a] : [undefined, undefined];
    if (!first || !next) return;
    const chain = [first, next];
    const taken = [start];
    while (!onOutline(chain.at(-1)!) && taken.length < 50) {
      const end = chain.at(-1)!;
      if (!inside(end)) break;
      const k = lines.findIndex(
        ([p, q], i) =>
          !taken.includes(i) && !used.has(i) && (near(p, end, gap) || near(q, end, gap)),
      );
      if (k < 0) break;
      const [p, q] = lines[k]!;
      chain.push(near(p, end, gap) ? q : p);
      taken.push(k);
    }
    if (!onOutline(chain.at(-1)!) || near(chain[0]!, chain.at(-1)!, gap)) return;
    taken.forEach((i) => used.add(i));
    chains.push(chain.map((p) => ({ x: r4(p.x), y: r4(p.y) })));
  });
  return chains;
}

/** Where a point lies on the outline: the side it is on and how far along it (0–1). */
function placeOn(outline: Polygon, point: Point2): { side: number; t: number } {
  let best = { side: 0, t: 0, d: Infinity };
  outline.forEach((a, side) => {
    const b = outline[(side + 1) % outline.length]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(
      0,
      Math.min(
        1,
        ((point.x - a.x) * dx + (point.y - a.y) * dy) / Math.max(1e-12, dx * dx + dy * dy),
      ),
    );
    const d = Math.hypot(a.x + t * dx - point.x, a.y + t * dy - point.y);
    if (d < best.d) best = { side, t, d };
  });
  return best;
}

/** The outline's corners met walking forward from one place on it to another. */
function cornersBetween(
  outline: Polygon,
  from: { side: number; t: number },
  to: { side: number; t: number },
): Point2[] {
  const n = outline.length;
  if (from.side === to.side && from.t <= to.t) return [];
  const corners: Point2[] = [];
  for (let k = 1; k <= n; k += 1) {
    const index = (from.side + k) % n;
    corners.push(outline[index]!);
    if (index === to.side) break;
  }
  return corners;
}

/**
 * The two sides of the top face a chain across the outline makes: the side walked from the
 * chain's end forward along the outline back to its start, and the other one.
 */
export function splitByChain(outline: Polygon, chain: Point2[]): [Polygon, Polygon] {
  const start = placeOn(outline, chain[0]!);
  const end = placeOn(outline, chain.at(-1)!);
  const one = [...chain, ...cornersBetween(outline, end, start)];
  const other = [...[...chain].reverse(), ...cornersBetween(outline, start, end)];
  return [one, other];
}

/** The shoulder of a straight edge at `s` along a projected view: its depth and the lower side. */
function shoulderIn(
  view: ProjectedView,
  s: number,
  tol: number,
): { depthMm: number; side: 1 | -1 } | undefined {
  const [low, high] = view.faces;
  const close = (a: number, b: number) => Math.abs(a - b) <= tol;
  for (const wall of view.lines) {
    if (wall.hidden || !close(wall.s0, s) || !close(wall.s1, s)) continue;
    const fromHigh = close(wall.d1, high) && wall.d0 > low + tol && wall.d0 < high - tol;
    const fromLow = close(wall.d0, low) && wall.d1 > low + tol && wall.d1 < high - tol;
    if (fromHigh === fromLow) continue;
    const floor = fromHigh ? wall.d0 : wall.d1;
    const along = view.lines.filter(
      (l) => !l.hidden && close(l.d0, floor) && close(l.d1, floor) && l.s1 - l.s0 > tol,
    );
    const up = along.some((l) => close(l.s0, s));
    const down = along.some((l) => close(l.s1, s));
    if (up === down) continue;
    return { depthMm: r4(fromHigh ? high - floor : floor - low), side: up ? 1 : -1 };
  }
  return undefined;
}

const DEPTH_NOTE =
  /(?:↧|\bdepth\b|\bDP\b|\btief\b|\bTiefe\b)\s*[:=]?\s*(\d+(?:[.,]\d+)?|[.,]\d+)\s*(mm|")?|(\d+(?:[.,]\d+)?|[.,]\d+)\s*(mm|")?\s*(?:deep|tief)\b/i;

/** A depth written in a note inside a polygon, mm. */
function writtenDepth(inputs: StepInputs, polygon: Polygon): number | undefined {
  for (const note of inputs.notes) {
    if (pointInPolygon(note.at, polygon) !== 'inside') continue;
    if (inputs.features.some((feature) => pointInPolygon(note.at, feature) !== 'outside')) continue;
    const match = DEPTH_NOTE.exec(note.text.replace(/\s+/g, ' '));
    if (!match) continue;
    const value = Number((match[1] ?? match[3])!.replace(',', '.'));
    const unit = match[2] ?? match[4];
    const mm = unit === 'mm' ? value : unit === '"' ? value * 25.4 : value * inputs.mmPerUnit;
    if (mm > 0) return r4(mm);
  }
  return undefined;
}

/** The step of a chain: its lower side and depth from a note or a view, else the smaller side. */
function stepOf(inputs: StepInputs, chain: Point2[], index: number): Step {
  const sides = splitByChain(inputs.outline, chain);
  const area = (polygon: Polygon) => Math.abs(signedArea(polygon));
  const label = `Step ${index + 1}`;
  const step = (polygon: Polygon, depthMm?: number): Step => ({
    label,
    outline: polygon.map((p) => ({ x: r4(p.x), y: r4(p.y) })),
    ...(depthMm !== undefined ? { depthMm } : {}),
  });
  for (const side of sides) {
    const depth = writtenDepth(inputs, side);
    if (depth !== undefined) return step(side, depth);
  }
  const [a, b] = [chain[0]!, chain.at(-1)!];
  const tol = inputs.projectionTol;
  const straight = chain.length === 2;
  const along =
    straight && Math.abs(a.x - b.x) <= tol
      ? 'x'
      : straight && Math.abs(a.y - b.y) <= tol
        ? 'y'
        : undefined;
  if (along) {
    const s = along === 'x' ? (a.x + b.x) / 2 : (a.y + b.y) / 2;
    const views = inputs.others
      .filter((view) => !isPictorial(view))
      .flatMap((view) => projected(view, inputs.outlineBox, inputs.hidden, tol) ?? [])
      .filter((view) => view.along === along);
    for (const view of views) {
      const shoulder = shoulderIn(view, s, tol);
      if (!shoulder) continue;
      const centre = (polygon: Polygon) =>
        polygon.reduce((sum, p) => sum + (along === 'x' ? p.x : p.y), 0) / polygon.length;
      const lower = sides.find((side) => (centre(side) - s) * shoulder.side > 0);
      if (lower) return step(lower, shoulder.depthMm);
    }
  }
  return step(area(sides[0]) <= area(sides[1]) ? sides[0] : sides[1]);
}

/**
 * The steps of a plate's top view, and a sentence for each whose depth is not read.
 * @returns the steps in `prismatic.steps` form (drawing coordinates, mm)
 */
export function readSteps(inputs: StepInputs): { steps: Step[]; unresolved: string[] } {
  const chains = chainsAcross(inputs.primitives, inputs.outline, inputs.edgeGap);
  const steps = chains.map((chain, index) => stepOf(inputs, chain, index));
  const unresolved = steps
    .filter((step) => step.depthMm === undefined)
    .map((step) => {
      const xs = step.outline.map((p) => p.x - inputs.outlineBox.minX);
      const ys = step.outline.map((p) => p.y - inputs.outlineBox.minY);
      return `${step.label}: a line across the top view from the outline to the outline marks a step (X${formatMm(r4(Math.min(...xs)))}–${formatMm(r4(Math.max(...xs)))}, Y${formatMm(r4(Math.min(...ys)))}–${formatMm(r4(Math.max(...ys)))} from the outline's lower-left corner), but no view shows its depth: give it in the values table ('${step.label}', Depth).`;
    });
  return { steps, unresolved };
}

/**
 * The written sizes that are a step's depth (within 0.01 mm): each becomes a size of the part
 * (`feature`, no longer `other`) and gives that step its tolerance.
 */
export function matchStepDepths(
  steps: Step[],
  sizes: NonNullable<PrismaticDescription['sizes']>,
): void {
  for (const step of steps) {
    if (step.depthMm === undefined) continue;
    const size = sizes.find(
      (candidate) =>
        (candidate.measures === 'other' || candidate.measures === 'feature') &&
        Math.abs(candidate.mm - step.depthMm!) <= 0.01,
    );
    if (!size) continue;
    size.measures = 'feature';
    if (size.tolerance) step.tolerance = { ...size.tolerance };
  }
}
