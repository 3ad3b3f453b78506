/**
 * The views of a turned part on the sheet (sheet.ts): a full side view with the bores as hidden
 * lines, a half section (upper half cut and hatched, lower half seen from outside), or a side
 * view with the end view beside it; diameters, lengths (chained, open chain or baseline), bore
 * depths, chamfer and thread callouts. Built with the axis horizontal, left end at 0; sheet.ts
 * turns it for a vertical axis.
 */
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import { mmPerUnit, sizeValue, type TurnedPart } from './parts.ts';
import {
  innerPaths,
  outerPath,
  shoulders,
  vertexLines,
  type ProfilePoint,
} from './turned-profile.ts';
import {
  choose,
  diameterDimension,
  formatSize,
  linearDimension,
  note,
  sizePieces,
  textDoesNotFit,
  textWidth,
  type AnnotationSizes,
} from './annotations.ts';
import {
  type DrawingStyle,
  type Point,
  type SheetContent,
  type SheetCurve,
  type TextPiece,
} from './sheet-model.ts';

/** Options of one turned view: the style, drawing scale and annotation sizes. */
export interface TurnedViewOptions {
  style: DrawingStyle;
  /** Drawing units per part unit (2 at 2:1). */
  scale: number;
  sizes: AnnotationSizes;
}

/**
 * The turned part's view(s), dimensions and callouts, axis horizontal, left end at the origin,
 * in drawing units.
 *
 * @returns the content, with the values each dimension and note shows (mm)
 */
export function turnedViews(part: TurnedPart, options: TurnedViewOptions): SheetContent {
  const { style, scale: s, sizes } = options;
  const at = shoulders(part);
  const overall = at.at(-1)!;
  const outer = outerPath(part);
  const inner = innerPaths(part);
  const P = (u: number, v: number): Point => ({ x: u * s, y: v * s });
  const curves: SheetCurve[] = [];
  const line = (a: Point, b: Point, kind: SheetCurve['line']) =>
    curves.push({ kind: 'line', from: a, to: b, line: kind });
  const segments = (path: ProfilePoint[], sign: number, kind: SheetCurve['line']) => {
    for (let i = 1; i < path.length; i++) {
      const [a, b] = [path[i - 1]!, path[i]!];
      if (Math.abs(a.u - b.u) < 1e-9) continue;
      line(P(a.u, sign * a.v), P(b.u, sign * b.v), kind);
    }
  };
  const section = style.view === 'halfSection';
  const hatches: SheetContent['hatches'] = [];
  // The outside: the lower half in a half section, both halves otherwise.
  segments(outer, -1, 'visible');
  for (const edge of vertexLines(outer))
    line(P(edge.u, -edge.high), P(edge.u, section ? 0 : edge.high), 'visible');
  if (!section) {
    segments(outer, 1, 'visible');
    for (const path of inner) {
      segments(path, 1, 'hidden');
      segments(path, -1, 'hidden');
      for (const edge of vertexLines(path))
        if (edge.u > 1e-9 && edge.u < overall - 1e-9 && edge.high > 0)
          line(P(edge.u, -edge.high), P(edge.u, edge.high), 'hidden');
    }
  } else {
    // The cut: region between the inner silhouette (or the axis) and the outer one.
    const innerLine: ProfilePoint[] = [];
    if (!inner[0] || inner[0][0]!.u > 1e-9) innerLine.push({ u: 0, v: 0 });
    for (const path of inner) innerLine.push(...path);
    if (innerLine.at(-1)!.u < overall - 1e-9) innerLine.push({ u: overall, v: 0 });
    const loop = [...outer, ...[...innerLine].reverse()];
    for (let i = 0; i < loop.length; i++) {
      const [a, b] = [loop[i]!, loop[(i + 1) % loop.length]!];
      if (Math.abs(a.v) < 1e-9 && Math.abs(b.v) < 1e-9) continue;
      if (Math.abs(a.u - b.u) < 1e-9 && Math.abs(a.v - b.v) < 1e-9) continue;
      line(P(a.u, a.v), P(b.u, b.v), 'visible');
    }
    hatches.push({
      boundary: loop.map((p) => P(p.u, p.v)),
      angleDeg: 45,
      spacing: sizes.height * 0.7,
    });
    // Edges seen through the bore: from the axis up to the bore wall.
    for (const path of inner)
      for (const edge of vertexLines(path))
        if (edge.u > 1e-9 && edge.u < overall - 1e-9 && edge.low > 1e-9)
          line(P(edge.u, 0), P(edge.u, edge.low), 'visible');
  }
  // Thread roots: thin lines at the minor diameter.
  part.steps.forEach((step, i) => {
    if (!step.thread) return;
    const r = step.thread.minorDiameter / 2;
    const [a, b] = [at[i]!, at[i + 1]!];
    line(P(a, r), P(b, r), 'thin');
    line(P(a, -r), P(b, -r), 'thin');
  });
  const overhang = 2 * sizes.arrow;
  curves.push({
    kind: 'line',
    from: { x: -overhang, y: 0 },
    to: { x: overall * s + overhang, y: 0 },
    line: 'centre',
  });
  const content: SheetContent = { curves, hatches, notes: [], dimensions: [], derived: [] };
  if (style.view === 'sideAndEnd') endView(part, outer, inner, options, content);
  dimensionTurned(part, outer, inner, options, content);
  return content;
}

/** The end view, seen from the left, to the right of the side view (first-angle projection). */
function endView(
  part: TurnedPart,
  outer: ProfilePoint[],
  inner: ProfilePoint[][],
  options: TurnedViewOptions,
  content: SheetContent,
): void {
  const { scale: s, sizes } = options;
  const overall = shoulders(part).at(-1)!;
  const maxR = Math.max(...part.steps.map((x) => x.diameter / 2));
  const centre = { x: (overall + maxR) * s + 5 * sizes.row, y: 0 };
  const circles = new Map<number, 'visible' | 'hidden'>();
  let seen = 0;
  for (const p of outer) {
    const r = Math.round(p.v * 1e6) / 1e6;
    if (r <= 0) continue;
    const kind = r >= seen - 1e-9 ? 'visible' : 'hidden';
    if (circles.get(r) !== 'visible') circles.set(r, kind);
    seen = Math.max(seen, r);
  }
  for (const path of inner) {
    const fromLeft = path[0]!.u < 1e-9;
    let smallest = Infinity;
    for (const p of path) {
      const r = Math.round(p.v * 1e6) / 1e6;
      if (r <= 0) continue;
      const kind = fromLeft && r <= smallest + 1e-9 ? 'visible' : 'hidden';
      if (circles.get(r) !== 'visible') circles.set(r, kind);
      smallest = Math.min(smallest, r);
    }
  }
  for (const [r, kind] of circles)
    content.curves.push({ kind: 'circle', centre, radius: r * s, line: kind });
  const reach = maxR * s + 2 * sizes.arrow;
  content.curves.push(
    {
      kind: 'line',
      from: { x: centre.x - reach, y: 0 },
      to: { x: centre.x + reach, y: 0 },
      line: 'centre',
    },
    {
      kind: 'line',
      from: { x: centre.x, y: -reach },
      to: { x: centre.x, y: reach },
      line: 'centre',
    },
  );
}

/** Steps, bores and chamfers dimensioned and called out, as the style says. */
function dimensionTurned(
  part: TurnedPart,
  outer: ProfilePoint[],
  inner: ProfilePoint[][],
  options: TurnedViewOptions,
  content: SheetContent,
): void {
  const { style, scale: s, sizes } = options;
  const unit = mmPerUnit(part.units);
  const at = shoulders(part);
  const overall = at.at(-1)!;
  const maxR = Math.max(...part.steps.map((x) => x.diameter / 2));
  const P = (u: number, v: number): Point => ({ x: u * s, y: v * s });
  const section = style.view === 'halfSection';
  const dims = content.dimensions;
  const symbol = 'Ø';
  // Lengths above the part, below it in a half section (its outside half).
  const side = section ? -1 : 1;
  const edgeAt = (u: number) =>
    Math.max(...outer.filter((p) => Math.abs(p.u - u) < 1e-9).map((p) => p.v), 0);
  let level = 0;
  const lengthDim = (u0: number, u1: number, row: number, shows: DrawingValue[]) => {
    const bare = choose(style.variant, 3, [true, false]);
    const lines: TextPiece[][] = [
      [{ text: formatSize(u1 - u0, part.units, bare), measured: true }],
    ];
    // Neighbouring texts that do not fit their lines sit at two heights.
    level = textDoesNotFit(lines, (u1 - u0) * s, sizes) ? (level === 1 ? 2 : 1) : 0;
    return linearDimension({
      p1: P(u0, side * edgeAt(u0)),
      p2: P(u1, side * edgeAt(u1)),
      angleDeg: 0,
      through: { x: 0, y: side * (maxR * s + sizes.row * (row + 1)) },
      lines,
      sizes,
      shows,
      textLevel: level,
    });
  };
  const lengths = style.lengths;
  if (lengths === 'baseline') {
    at.slice(1).forEach((u, k) => {
      const last = k === at.length - 2;
      dims.push(lengthDim(0, u, k, [{ kind: last ? 'length' : 'position', mm: u * unit }]));
    });
  } else {
    const omitted =
      lengths === 'chainedOpen' && part.steps.length > 2
        ? choose(
            style.variant,
            2,
            part.steps.map((_, i) => i),
          )
        : -1;
    part.steps.forEach((step, i) => {
      const value: DrawingValue = { kind: 'length', mm: step.length * unit };
      if (i === omitted) content.derived.push({ ...value, derived: true });
      else dims.push(lengthDim(at[i]!, at[i + 1]!, 0, [value]));
    });
    dims.push(lengthDim(0, overall, 1, [{ kind: 'length', mm: overall * unit }]));
  }
  // Outer diameters across the axis at the middle of each step; a narrow step's text beside it.
  const endView = style.view === 'sideAndEnd';
  const largest = part.steps.reduce(
    (best, x, i) => (x.diameter > part.steps[best]!.diameter ? i : best),
    0,
  );
  const endCentre = { x: (overall + maxR) * s + 5 * sizes.row, y: 0 };
  const endAngles = [35, 145, 65, 115, 15, 165];
  let endDims = 0;
  const endReach = maxR * s + 2 * sizes.arrow;
  /** A diameter dimensioned in the end view, each at the next of the angles in turn. */
  const endViewDiameter = (
    diameter: number,
    lines: Parameters<typeof diameterDimension>[0]['lines'],
    shows: Parameters<typeof diameterDimension>[0]['shows'],
  ) =>
    diameterDimension({
      centre: endCentre,
      radius: (diameter / 2) * s,
      angleDeg: endAngles[endDims++ % endAngles.length]!,
      lines,
      sizes,
      shows,
      reach: endReach,
    });
  const diameterAt: number[] = [];
  const calloutsToPlace: {
    feature: Point;
    text: string;
    shows: DrawingValue[];
    toLeft: boolean;
  }[] = [];
  let previousNarrowEnd = 0;
  let outermost = maxR * s;
  part.steps.forEach((step, i) => {
    const shows: DrawingValue[] = [sizeValue('outerDiameter', step.diameter, step.tolerance, unit)];
    let lines: TextPiece[][];
    if (step.thread && style.threadCallout === 'dimension') {
      lines = [[{ text: step.thread.designation }]];
      shows.push({ kind: 'thread', text: step.thread.designation });
    } else {
      lines = sizePieces(symbol, step.diameter, step.tolerance, style);
    }
    if (step.thread && style.threadCallout === 'note') {
      const feature = P(at[i]! + step.length * 0.7, (-side * step.diameter) / 2);
      calloutsToPlace.push({
        feature,
        text: step.thread.designation,
        shows: [{ kind: 'thread', text: step.thread.designation }],
        toLeft: false,
      });
    }
    if (endView && i === largest) {
      dims.push(endViewDiameter(step.diameter, lines, shows));
      return;
    }
    const u = at[i]! + step.length / 2;
    diameterAt.push(u);
    // A narrow step's text beyond its contour, on the side away from the lengths; the texts of
    // neighbouring narrow steps one beyond the other.
    const narrow = step.length * s < 3 * sizes.height;
    // A text longer than the diameter would cross the outline (ISO 129-1: no line crosses a
    // dimension value): CAD programs move it out along the dimension line, as for a narrow step.
    const crosses = textWidth(lines, sizes.height) > step.diameter * s - 2 * sizes.arrow;
    let textShift: number | undefined;
    if (narrow || crosses) {
      const width = textWidth(lines, sizes.height);
      const start = Math.max((step.diameter / 2) * s + sizes.row, previousNarrowEnd + sizes.gap);
      textShift = -side * (start + width / 2);
      previousNarrowEnd = start + width;
      outermost = Math.max(outermost, previousNarrowEnd);
    } else previousNarrowEnd = 0;
    dims.push(
      linearDimension({
        p1: P(u, -step.diameter / 2),
        p2: P(u, step.diameter / 2),
        angleDeg: 90,
        through: P(u, 0),
        lines,
        sizes,
        shows,
        // A diameter's text stays by its line, across the part.
        textLevel: 0,
        ...(textShift !== undefined ? { textShift } : {}),
      }),
    );
  });
  // Bores: the diameter across the bore where no outer diameter is dimensioned, the depth inside.
  for (const bore of part.bores) {
    const u0 = bore.from === 'left' ? 0 : overall - bore.depth;
    const u1 = bore.from === 'left' ? bore.depth : overall;
    const shows = [sizeValue('innerDiameter', bore.diameter, bore.tolerance, unit)];
    const lines = sizePieces(symbol, bore.diameter, bore.tolerance, style);
    if (endView && bore.from === 'left') {
      dims.push(endViewDiameter(bore.diameter, lines, shows));
    } else {
      // Where this bore is the bore: its span less those of larger bores (a counterbore).
      let free: [number, number][] = [[u0, u1]];
      for (const other of part.bores) {
        if (other.diameter <= bore.diameter) continue;
        const o0 = other.from === 'left' ? 0 : overall - other.depth;
        const o1 = other.from === 'left' ? other.depth : overall;
        free = free.flatMap(
          ([a, b]): [number, number][] =>
            [
              [a, Math.min(b, o0)],
              [Math.max(a, o1), b],
            ].filter(([x, y]) => y! - x! > 1e-9) as [number, number][],
        );
      }
      const [f0, f1] = free.reduce((best, x) => (x[1] - x[0] > best[1] - best[0] ? x : best));
      const candidates = [0.2, 0.35, 0.5, 0.65, 0.8].map((f) => f0 + f * (f1 - f0));
      const u = candidates.reduce((best, c) =>
        Math.min(...diameterAt.map((d) => Math.abs(d - c)), Infinity) >
        Math.min(...diameterAt.map((d) => Math.abs(d - best)), Infinity)
          ? c
          : best,
      );
      const half = section && choose(style.variant, 4, [true, false]);
      dims.push(
        linearDimension({
          p1: P(u, half ? 0 : -bore.diameter / 2),
          p2: P(u, bore.diameter / 2),
          angleDeg: 90,
          through: P(u, 0),
          lines,
          sizes,
          shows,
          textLevel: 0,
          ...(half ? { halfFrom: 'p2' as const } : {}),
        }),
      );
    }
    if (!bore.through) {
      const v = (section ? 1 : -1) * (bore.diameter / 2);
      dims.push(
        linearDimension({
          p1: P(bore.from === 'left' ? 0 : overall, v),
          p2: P(bore.from === 'left' ? bore.depth : overall - bore.depth, v),
          angleDeg: 0,
          through: P(0, v * 0.45),
          lines: [[{ text: formatSize(bore.depth, part.units), measured: true }]],
          sizes,
          shows: [{ kind: 'length', mm: bore.depth * unit }],
        }),
      );
    }
  }
  // Chamfers: a note with a leader to the middle of the chamfer.
  const degree = '°';
  const times = choose(style.variant, 6, ['x', ' x ', ' X ']);
  for (const chamfer of part.chamfers) {
    const left = chamfer.at === 'left';
    const u = left ? chamfer.size / 2 : overall - chamfer.size / 2;
    let feature: Point;
    if (chamfer.inner) {
      const path = inner.find((p) => (left ? p[0]!.u < 1e-9 : p.at(-1)!.u > overall - 1e-9))!;
      const r = (left ? path[0]!.v : path.at(-1)!.v) - chamfer.size / 2;
      feature = P(u, section ? r : -r);
    } else {
      const r = (left ? part.steps[0]! : part.steps.at(-1)!).diameter / 2 - chamfer.size / 2;
      feature = P(u, -side * r);
    }
    const text = `${formatSize(chamfer.size, part.units, choose(style.variant, 3, [true, false]))}${times}45${degree}`;
    calloutsToPlace.push({
      feature,
      text,
      shows: [{ kind: 'chamfer', mm: chamfer.size * unit, angleDeg: chamfer.angleDeg }],
      toLeft: left,
    });
  }
  // Callouts beyond the narrow steps' texts, side by side, further out where they would
  // overlap. Boxes are kept as a range along the axis and a distance out from it; a vertical
  // axis turns the texts' boxes (notes stay horizontal on the sheet).
  const vertical = style.axis === 'vertical';
  const taken: { u0: number; u1: number; d0: number; d1: number }[] = [];
  for (const callout of calloutsToPlace) {
    const width = textWidth([[{ text: callout.text }]], sizes.height);
    const along = vertical ? 1.5 * sizes.height : width;
    const across = vertical ? width : 1.5 * sizes.height;
    const u0 = callout.toLeft
      ? callout.feature.x - 2 * sizes.row - along
      : callout.feature.x + 2 * sizes.row;
    let d = outermost + sizes.row;
    const clash = (t: (typeof taken)[number]) =>
      t.u0 < u0 + along + sizes.gap && u0 < t.u1 + sizes.gap && t.d0 < d + across && d < t.d1;
    while (taken.some(clash)) d += sizes.row;
    taken.push({ u0, u1: u0 + along, d0: d, d1: d + across });
    const y = vertical ? (side > 0 ? -d : d + width) : side > 0 ? -(d + sizes.height) : d;
    content.notes.push(note({ x: u0, y }, callout.text, sizes, callout.shows, callout.feature));
  }
}
