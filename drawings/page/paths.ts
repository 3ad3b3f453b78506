/**
 * The painted paths of a page, as the page model reads them: what pdf/paths.ts pagePaths gives
 * for a PDF page and image/vectorize.ts for a traced raster. Page points, y growing down from the
 * top-left corner.
 */
import type { Point } from '../geometry/primitives.ts';

/** How a path was painted. */
export type Paint = 'stroke' | 'fill' | 'fillStroke';

/** One painted subpath: a polyline on the page (points, y down). */
export interface PagePath {
  points: Point[];
  /** Ends where it started (closePath, or the first point repeated). */
  closed: boolean;
  paint: Paint;
  /** Line width on the page, points (the CTM's scale applied). */
  lineWidthPt: number;
  /** Dash pattern on the page, points ([] for solid lines). */
  dash: number[];
  /** Stroke colour (for strokes) or fill colour (for fills), '#rrggbb'. */
  color: string;
  /** Parts of the polyline that were curves (Béziers), by segment index: for arc fitting. */
  curves: { from: number; to: number }[];
}

/** Length of a polyline, in its own units (page points for a path's points). */
export function pathLength(points: Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    length += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  }
  return length;
}
