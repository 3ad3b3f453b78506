/**
 * A plate's holes of each kind (part-model.ts HoleGroup) as a drafter draws them (plate-sheet.ts
 * places them): the top view's circles, the callout's text, and the side view's hidden lines.
 *
 * - plain: the hole's circle; 'Ø6.6', '4x Ø6.6';
 * - tapped (ISO 6410-1): the tap drill's circle in a visible line and the thread's major
 *   diameter as a thin three-quarter circle; '4x M6', or 'M6 ↧9' for a blind thread (ISO 15786
 *   depth symbol);
 * - counterbored (ISO 15786 / ASME Y14.5 symbols): the hole's and the counterbore's circles;
 *   '4x Ø6.6' over '⌴Ø11 ↧6.4', on one line '4x Ø6.6 ⌴Ø11 ↧6.4', or in words '4x Ø6.6 C'BORE
 *   Ø11 DEEP 6.4';
 * - countersunk: the hole's and the cone's circles at the top face; '4x Ø6.6 ⌵Ø12.6 x 90°', the
 *   countersink on the line under the hole's size, or '4x Ø6.6 CSK Ø12.6 x 90°'.
 *
 * The generated PDFs set texts with these symbols in DejaVu Sans Mono (pdf.ts), which has ⌵
 * but not ⌴: the counterbore symbol is lost there, as in a CAD program's PDF export whose font
 * lacks it (decision 075).
 */
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import type { HoleGroup, Units } from './part-model.ts';
import { choose, formatSize, sizePieces } from './annotations.ts';
import type { DrawingStyle, Point, SheetCurve, TextPiece } from './sheet-model.ts';

/** The top view's circles of one hole, drawing units: `centre` drawn, `s` drawing units a part unit. */
export function holeCurves(group: HoleGroup, centre: Point, s: number): SheetCurve[] {
  const circle = (diameter: number): SheetCurve => ({
    kind: 'circle',
    centre,
    radius: (diameter / 2) * s,
    line: 'visible',
  });
  const curves = [circle(group.diameter)];
  if (group.thread)
    // ISO 6410-1: about three quarters of a thin circle, open in the upper right quadrant.
    curves.push({
      kind: 'arc',
      centre,
      radius: (group.thread.major / 2) * s,
      startDeg: 100,
      endDeg: 350,
      line: 'thin',
    });
  if (group.counterbore) curves.push(circle(group.counterbore.diameter));
  if (group.countersink) curves.push(circle(group.countersink.diameter));
  return curves;
}

/**
 * The callout of a hole group: its text lines, the radius its leader's arrow ends on (part
 * units: the thread's major diameter, else the hole's) and the values it shows (mm).
 */
export function holeCallout(
  group: HoleGroup,
  units: Units,
  style: DrawingStyle,
  unit: number,
): { lines: TextPiece[][]; radius: number; shows: DrawingValue[] } {
  const count = group.centres.length;
  const counted = count > 1 ? `${count}x${choose(style.variant, 7, [' ', ''])}` : '';
  const size = (value: number) => formatSize(value, units);
  if (group.thread) {
    const { designation, major, depth } = group.thread;
    const text = `${counted}${designation}${depth === undefined ? '' : ` ↧${size(depth)}`}`;
    return {
      lines: [[{ text }]],
      radius: major / 2,
      shows: [
        { kind: 'hole', mm: major * unit, count },
        { kind: 'thread', text: designation },
      ],
    };
  }
  const [hole] = sizePieces(`${counted}Ø`, group.diameter, undefined, style);
  const shows: DrawingValue[] = [{ kind: 'hole', mm: group.diameter * unit, count }];
  // ISO 15786 symbols on the line under the hole's size or after it, or words after it.
  const form = choose(style.variant, 11, ['under', 'after', 'words'] as const);
  let extra: string | undefined;
  if (group.counterbore) {
    const { diameter, depth } = group.counterbore;
    extra =
      form === 'words'
        ? `C'BORE Ø${size(diameter)} DEEP ${size(depth)}`
        : `⌴Ø${size(diameter)} ↧${size(depth)}`;
    shows.push({ kind: 'counterbore', mm: diameter * unit, depthMm: depth * unit });
  } else if (group.countersink) {
    const { diameter, angleDeg } = group.countersink;
    extra = `${form === 'words' ? 'CSK ' : '⌵'}Ø${size(diameter)} x ${angleDeg}°`;
  }
  if (extra === undefined) return { lines: [hole!], radius: group.diameter / 2, shows };
  return {
    lines: form === 'under' ? [hole!, [{ text: extra }]] : [[...hole!, { text: ` ${extra}` }]],
    radius: group.diameter / 2,
    shows,
  };
}

/**
 * The hidden lines of one hole in the side view (drawing units): its walls at `x` (the hole's
 * centre) between `top` and `bottom`, a counterbore's walls and floor, a countersink's cone, a
 * thread's major diameter and a blind tap drill's bottom.
 */
export function holeSideLines(
  group: HoleGroup,
  x: number,
  top: number,
  bottom: number,
  s: number,
): SheetCurve[] {
  const lines: SheetCurve[] = [];
  const hidden = (x0: number, y0: number, x1: number, y1: number) =>
    lines.push({ kind: 'line', from: { x: x0, y: y0 }, to: { x: x1, y: y1 }, line: 'hidden' });
  const r = (group.diameter / 2) * s;
  const pair = (radius: number, y0: number, y1: number) => {
    hidden(x - radius, y0, x - radius, y1);
    hidden(x + radius, y0, x + radius, y1);
  };
  if (group.thread) {
    const { major, pitch, depth } = group.thread;
    const drillBottom = depth === undefined ? bottom : top - (depth + 3 * pitch) * s;
    pair(r, drillBottom, top);
    pair((major / 2) * s, depth === undefined ? bottom : top - depth * s, top);
    if (depth !== undefined) hidden(x - r, drillBottom, x + r, drillBottom);
  } else if (group.counterbore) {
    const floor = top - group.counterbore.depth * s;
    const R = (group.counterbore.diameter / 2) * s;
    pair(r, bottom, floor);
    pair(R, floor, top);
    hidden(x - R, floor, x + R, floor);
  } else if (group.countersink) {
    const R = (group.countersink.diameter / 2) * s;
    const cone = top - (R - r) / Math.tan((group.countersink.angleDeg * Math.PI) / 360);
    pair(r, bottom, cone);
    hidden(x - r, cone, x - R, top);
    hidden(x + r, cone, x + R, top);
  } else pair(r, bottom, top);
  return lines;
}
