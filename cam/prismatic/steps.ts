/**
 * Steps of a prismatic part (decision 066): a region of the top face milled down to a depth and
 * open to the outline (a shoulder, a rebate), seen in the top view as a line across the part
 * that closes no contour with the outline's own edges. Unlike a pocket it has one wall, the
 * step's edge; its other sides are the outline, where the cut runs out of the part.
 *
 * Work coordinates (G54) as in part.ts; every length in mm.
 */
import type { PrismaticDescription } from '#contracts/blueprint';
import {
  counterClockwise,
  distanceToBoundary,
  pointInPolygon,
  signedArea,
  type Point2,
  type Polygon,
} from '../geometry/polygon.ts';

export interface Step {
  label: string;
  /** The region of the top face milled down, counter-clockwise, inside the outline. */
  region: Polygon;
  /**
   * The step's edge (the foot of its one wall): the part of the region's boundary that does not
   * lie on the outline, from one point of the outline to another, in the region's order (the
   * region on its left).
   */
  edge: Point2[];
  /** Depth of the floor below Z0. */
  depthMm: number;
  /** The depth's own tolerance, when written ('4.00 +0.10/-0.20'). */
  tolerance?: { upperMm: number; lowerMm: number };
}

/** How far a point may lie from the outline and still be on it, mm. */
const onOutlineMm = 0.01;

const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/** Drops consecutive duplicates, a closing vertex and vertices on a straight run. */
function simplified(points: readonly Point2[]): Polygon {
  const out: Polygon = [];
  for (const point of points) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(last.x - point.x, last.y - point.y) > 1e-9) out.push({ ...point });
  }
  if (out.length > 1 && Math.hypot(out[0]!.x - out.at(-1)!.x, out[0]!.y - out.at(-1)!.y) < 1e-9)
    out.pop();
  for (let index = 0; index < out.length && out.length > 3;) {
    const a = out[(index + out.length - 1) % out.length]!;
    const b = out[index]!;
    const c = out[(index + 1) % out.length]!;
    const cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    if (Math.abs(cross) <= 1e-9 * Math.max(1, Math.hypot(c.x - a.x, c.y - a.y) ** 2))
      out.splice(index, 1);
    else index += 1;
  }
  return out;
}

/**
 * The step's edge: the chain of the region's sides that do not lie on the outline (a side lies
 * on it when its ends and its middle are within 0.01 mm of it), or undefined when there is not
 * exactly one such chain with both ends on the outline.
 */
export function stepEdgeOf(region: Polygon, outline: Polygon): Point2[] | undefined {
  const n = region.length;
  const on = (point: Point2) => distanceToBoundary(point, outline) <= onOutlineMm;
  const sideOn = region.map((a, i) => {
    const b = region[(i + 1) % n]!;
    return on(a) && on(b) && on({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  });
  const first = sideOn.findIndex((side, i) => side && !sideOn[(i + 1) % n]);
  if (first < 0) return undefined;
  const edge: Point2[] = [region[(first + 1) % n]!];
  let i = (first + 1) % n;
  while (!sideOn[i]) {
    edge.push(region[(i + 1) % n]!);
    i = (i + 1) % n;
  }
  const chainSides = edge.length - 1;
  if (sideOn.filter((side) => !side).length !== chainSides) return undefined;
  return edge;
}

/**
 * The written steps in work coordinates (`shift` moves a point there), each with its edge. A
 * step whose depth is not given, is not less than the thickness, lies outside the outline, or
 * whose edge is not one chain across the part goes to `notModelled` by name, so the program
 * says what is left undone and the values table asks for what is missing.
 * @returns the steps, and the tightest deviation written on their depths (mm), if any
 */
export function stepsOf(
  written: NonNullable<PrismaticDescription['steps']>,
  shift: (point: Point2) => Point2,
  outline: Polygon,
  thicknessMm: number,
  notModelled: string[],
): { steps: Step[]; toleranceMm?: number } {
  const steps: Step[] = [];
  let toleranceMm: number | undefined;
  written.forEach((step, index) => {
    const label = step.label || `Step ${index + 1}`;
    const region = counterClockwise(simplified(step.outline.map(shift)));
    if (step.depthMm === undefined) {
      notModelled.push(
        `${label}: its depth is not read from the drawing: not programmed. Give it in the values table ('${label}', Depth).`,
      );
      return;
    }
    if (step.depthMm >= thicknessMm - 1e-6) {
      notModelled.push(
        `${label}: ${fmt(step.depthMm)} mm deep in a ${fmt(thicknessMm)} mm plate, so it is no step but part of the outline: not programmed. Check its depth.`,
      );
      return;
    }
    if (region.length < 3 || Math.abs(signedArea(region)) < 1e-6) {
      notModelled.push(`${label}: its region encloses no area: not programmed.`);
      return;
    }
    const outside = region.find(
      (point) =>
        pointInPolygon(point, outline) === 'outside' &&
        distanceToBoundary(point, outline) > onOutlineMm,
    );
    if (outside) {
      notModelled.push(
        `${label} reaches outside the part's outline at X${fmt(outside.x)} Y${fmt(outside.y)}: not programmed. Check it with 'Change'.`,
      );
      return;
    }
    const edge = stepEdgeOf(region, outline);
    if (!edge) {
      notModelled.push(
        `${label}: its edge is not one line across the part from the outline to the outline (a step closed all round is a pocket): not programmed. Check it with 'Change'.`,
      );
      return;
    }
    const tolerance = step.tolerance;
    if (tolerance) {
      const allowed = Math.min(tolerance.upperMm, -tolerance.lowerMm);
      if (allowed <= 1e-9) {
        notModelled.push(
          `${label}: the program cuts the depth ${fmt(step.depthMm)} mm, which is a limit of its tolerance; offset the cut to the middle of the tolerance (${fmt(step.depthMm + (tolerance.upperMm + tolerance.lowerMm) / 2)} mm) on the machine.`,
        );
      } else toleranceMm = toleranceMm === undefined ? allowed : Math.min(toleranceMm, allowed);
    }
    steps.push({
      label,
      region,
      edge,
      depthMm: step.depthMm,
      ...(tolerance ? { tolerance: { ...tolerance } } : {}),
    });
  });
  return { steps, ...(toleranceMm !== undefined ? { toleranceMm } : {}) };
}
