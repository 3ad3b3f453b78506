/**
 * Turned parts drawn in halves. A side view is often drawn as a half section (ISO 128-3: one
 * half cut along the axis, showing the bore, the other half as seen) or as a half view (only the
 * half on one side of the centre line). Neither half touches the other (the section half ends at
 * the bore, the view half at the axis), so the view grouping sees two views, or one that is not
 * symmetric. This module puts the side view back together before the turned-part test:
 * - two views on either side of one centre line, of the same length along it, become one view;
 * - a lone view along a centre line, with nothing on the other side, is mirrored across it.
 * Either is kept only when the result is the side view of a turned part about that line
 * (axis.ts sideViewAxes).
 */
import { transformPrimitive, type Matrix, type Primitive } from '../geometry/primitives.ts';
import { boxOf, diagonal, unionBox, type Box, type View } from '../geometry/shapes.ts';
import { sideViewAxes, type Axis } from './axis.ts';

/** What joining did, for the description's notes. */
export interface HalfViews {
  views: View[];
  /** In words, for each view put together: 'half section joined', 'half view mirrored'. */
  notes: string[];
}

/** A horizontal or vertical centre line: its axis and its extent along the axis. */
interface CentreAxis extends Axis {
  from: number;
  to: number;
}

function centreAxes(centreLines: Primitive[]): CentreAxis[] {
  const axes: CentreAxis[] = [];
  for (const line of centreLines) {
    if (line.kind !== 'line') continue;
    const { a, b } = line;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length <= 0) continue;
    if (Math.abs(a.y - b.y) <= 1e-3 * length) {
      axes.push({
        horizontal: true,
        offset: (a.y + b.y) / 2,
        from: Math.min(a.x, b.x),
        to: Math.max(a.x, b.x),
      });
    } else if (Math.abs(a.x - b.x) <= 1e-3 * length) {
      axes.push({
        horizontal: false,
        offset: (a.x + b.x) / 2,
        from: Math.min(a.y, b.y),
        to: Math.max(a.y, b.y),
      });
    }
  }
  return axes;
}

/** The view's extent along the axis and across it, relative to the axis. */
function spans(box: Box, axis: Axis) {
  return axis.horizontal
    ? { u0: box.minX, u1: box.maxX, v0: box.minY - axis.offset, v1: box.maxY - axis.offset }
    : { u0: box.minY, u1: box.maxY, v0: box.minX - axis.offset, v1: box.maxX - axis.offset };
}

function mirrorAcross(axis: Axis): Matrix {
  return axis.horizontal
    ? { a: 1, b: 0, c: 0, d: -1, e: 0, f: 2 * axis.offset }
    : { a: -1, b: 0, c: 0, d: 1, e: 2 * axis.offset, f: 0 };
}

const viewOf = (primitives: Primitive[]): View => ({
  primitives,
  box: unionBox(primitives.map(boxOf)),
});

/** Whether a view is a turned side view about exactly this axis. */
function turnedAbout(view: View, axis: CentreAxis, tol: number): boolean {
  return sideViewAxes(view, [
    {
      kind: 'line',
      a: axis.horizontal ? { x: axis.from, y: axis.offset } : { x: axis.offset, y: axis.from },
      b: axis.horizontal ? { x: axis.to, y: axis.offset } : { x: axis.offset, y: axis.to },
      layer: 'centre',
    },
  ]).some(
    (found) => found.horizontal === axis.horizontal && Math.abs(found.offset - axis.offset) <= tol,
  );
}

/**
 * Joins the halves of side views drawn as half sections or half views.
 *
 * @param views - the drawing's views, largest first (shapes.ts groupViews), mm
 * @param centreLines - the drawing's centre lines, mm
 * @param gapMm - distance within which a view's edge lies on a centre line
 * @returns the views with each joined or mirrored side view in place of its halves (largest
 *   first), and a note per view put together
 */
export function joinHalfViews(views: View[], centreLines: Primitive[], gapMm: number): HalfViews {
  const out = [...views];
  const notes: string[] = [];
  for (const axis of centreAxes(centreLines)) {
    const tol = Math.max(gapMm, 0.002 * (axis.to - axis.from));
    // Views along this centre line, wholly on one side of it.
    const along = out.filter((view) => {
      const s = spans(view.box, axis);
      const length = s.u1 - s.u0;
      const covered = Math.min(s.u1, axis.to) - Math.max(s.u0, axis.from);
      return length > 0 && covered >= 0.9 * length && (s.v0 >= -tol || s.v1 <= tol);
    });
    const above = along.filter((view) => spans(view.box, axis).v0 >= -tol);
    const below = along.filter((view) => spans(view.box, axis).v1 <= tol && !above.includes(view));
    let joined = false;
    for (const upper of above) {
      const a = spans(upper.box, axis);
      const lower = below.find((view) => {
        const b = spans(view.box, axis);
        const sameLength = Math.abs(a.u0 - b.u0) <= tol && Math.abs(a.u1 - b.u1) <= tol;
        const sameHeight = Math.abs(a.v1 + b.v0) <= Math.max(tol, 0.02 * Math.max(a.v1, -b.v0));
        return sameLength && sameHeight;
      });
      if (!lower) continue;
      const view = viewOf([...upper.primitives, ...lower.primitives]);
      if (!turnedAbout(view, axis, tol)) continue;
      out.splice(out.indexOf(upper), 1);
      out.splice(out.indexOf(lower), 1);
      out.push(view);
      notes.push('The side view is drawn as a half section: its two halves were read as one view.');
      joined = true;
      break;
    }
    if (joined) continue;
    // A half view: one view touching the centre line along its edge, nothing opposite.
    if (above.length + below.length !== 1) continue;
    const half = above[0] ?? below[0]!;
    const s = spans(half.box, axis);
    const edge = above.length === 1 ? s.v0 : s.v1;
    if (Math.abs(edge) > tol || diagonal(half.box) < 0.1 * (axis.to - axis.from)) continue;
    const mirrored = half.primitives.flatMap((p) => transformPrimitive(p, mirrorAcross(axis)));
    const view = viewOf([...half.primitives, ...mirrored]);
    if (!turnedAbout(view, axis, tol)) continue;
    out.splice(out.indexOf(half), 1);
    out.push(view);
    notes.push(
      'The side view is drawn as a half view (one side of the centre line): it was mirrored across its centre line.',
    );
  }
  out.sort((a, b) => diagonal(b.box) - diagonal(a.box));
  return { views: out, notes };
}
