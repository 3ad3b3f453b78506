/**
 * A plate's thickness from its side view (describe/prismatic.ts): the view beside or below the
 * top view, measured between its outermost faces.
 */
import { isPictorial } from './view-kinds.ts';
import { diagonal, heightOf, widthOf, type View } from '../geometry/shapes.ts';

/**
 * The plate thickness from a side view: a view (not pictorial) as wide as the top view and
 * thinner than it is deep (below or above it), or as high as the top view and thinner than it
 * is wide (beside it); measured between its outermost faces (betweenSides), or across its box
 * when it has fewer than two. A view in line with the top view wins.
 */
export function thicknessFromViews(top: View, others: View[]): number | undefined {
  const tol = Math.max(0.05, 0.005 * diagonal(top.box));
  const w = widthOf(top.box);
  const h = heightOf(top.box);
  const candidates: { thickness: number; aligned: boolean }[] = [];
  for (const view of others) {
    if (isPictorial(view)) continue;
    const vw = widthOf(view.box);
    const vh = heightOf(view.box);
    if (Math.abs(vw - w) <= tol && vh < 0.9 * Math.min(w, h) && vh > 0) {
      const aligned = Math.abs(view.box.minX - top.box.minX) <= tol;
      candidates.push({ thickness: betweenSides(view, 'y') ?? vh, aligned });
    }
    if (Math.abs(vh - h) <= tol && vw < 0.9 * Math.min(w, h) && vw > 0) {
      const aligned = Math.abs(view.box.minY - top.box.minY) <= tol;
      candidates.push({ thickness: betweenSides(view, 'x') ?? vw, aligned });
    }
  }
  candidates.sort((a, b) => Number(b.aligned) - Number(a.aligned));
  const found = candidates[0]?.thickness;
  return found === undefined ? undefined : Math.round(found * 10000) / 10000;
}

/** A side view's face runs across at least this share of the view (a chamfer shortens it). */
const SIDE_FACE_SHARE = 0.8;

/**
 * A side view's thickness along `axis`, from its two outermost faces: the lines square to that
 * axis that run across most of the view. A letter or a section mark drawn beside the view (a
 * scan's unread text stays in its line work) widens the view's box, never its faces.
 * @returns the distance between the outermost faces, or undefined with fewer than two
 */
function betweenSides(view: View, axis: 'x' | 'y'): number | undefined {
  const across = axis === 'x' ? heightOf(view.box) : widthOf(view.box);
  const at: number[] = [];
  for (const p of view.primitives) {
    if (p.kind !== 'line') continue;
    const [along, span] =
      axis === 'x' ? [p.a.x - p.b.x, p.a.y - p.b.y] : [p.a.y - p.b.y, p.a.x - p.b.x];
    if (Math.abs(span) >= SIDE_FACE_SHARE * across && Math.abs(along) <= 0.01 * Math.abs(span))
      at.push(axis === 'x' ? (p.a.x + p.b.x) / 2 : (p.a.y + p.b.y) / 2);
  }
  if (at.length < 2) return undefined;
  const thickness = Math.max(...at) - Math.min(...at);
  return thickness > 0 ? thickness : undefined;
}
