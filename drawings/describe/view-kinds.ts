/**
 * What kind of view a view is, apart from a turned part's side view (axis.ts): a round end view,
 * a pictorial (isometric) view, or a stray line left over from a frame or title block.
 */
import { isFullCircle } from '../geometry/primitives.ts';
import { heightOf, lengthOf, widthOf, type View } from '../geometry/shapes.ts';

/** A view whose outline is a circle: the end view of a turned part. */
export function isRoundView(view: View): boolean {
  const size = Math.max(widthOf(view.box), heightOf(view.box));
  const cx = (view.box.minX + view.box.maxX) / 2;
  const cy = (view.box.minY + view.box.maxY) / 2;
  return view.primitives.some(
    (p) =>
      p.kind === 'arc' &&
      isFullCircle(p) &&
      Math.abs(2 * p.radius - size) <= 0.01 * size &&
      Math.hypot(p.center.x - cx, p.center.y - cy) <= 0.01 * size,
  );
}

/** A pictorial (isometric) view: mostly ellipses and splines. */
export function isPictorial(view: View): boolean {
  const total = view.primitives.reduce((sum, p) => sum + lengthOf(p), 0);
  const curved = view.primitives
    .filter((p) => p.kind === 'line' && p.curve)
    .reduce((sum, p) => sum + lengthOf(p), 0);
  return curved >= 0.3 * total;
}

/** A view this much thinner than it is long, of straight lines only, is a stray line. */
const STRAY_LINE_SHARE = 0.01;

/**
 * A lone straight line or a row of them (a frame's rule, a leader left over from a title
 * block): no part's view, so it neither is a side view nor rules one out.
 */
export function isStrayLine(view: View): boolean {
  const { box } = view;
  const long = Math.max(widthOf(box), heightOf(box));
  const thin = Math.min(widthOf(box), heightOf(box));
  return thin <= STRAY_LINE_SHARE * long && view.primitives.every((p) => p.kind === 'line');
}
