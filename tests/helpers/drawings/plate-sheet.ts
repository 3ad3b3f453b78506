/**
 * The views of a plate on the sheet (sheet.ts): the top view (outline with corner radii, holes
 * with centre marks, pocket with its island, through cut-out) and, when the style says, a side
 * view below it with the hidden edges and the thickness dimensioned; otherwise the thickness is
 * a note. Lower-left corner of the top view at the origin, drawing units.
 */
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import { holeEnvelope, mmPerUnit, type PlatePart, type RoundedRectangle } from './parts.ts';
import { holeCallout, holeCurves, holeSideLines } from './plate-holes.ts';
import {
  choose,
  diameterDimension,
  formatSize,
  linearDimension,
  note,
  radiusDimension,
  textWidth,
  type AnnotationSizes,
} from './annotations.ts';
import {
  type DrawingStyle,
  type Point,
  type SheetContent,
  type SheetCurve,
  type Vertex,
} from './sheet-model.ts';

/** Distance from `p` to the segment from `a` to `b`. */
function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(
    0,
    Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / Math.max(1e-12, dx * dx + dy * dy)),
  );
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/** tan(90° / 4): the bulge of a quarter circle, counter-clockwise. */
const QUARTER_BULGE = Math.tan(Math.PI / 8);

/** A closed polyline of a rectangle with rounded corners, counter-clockwise, scaled by `s`. */
function roundedRectangle(r: RoundedRectangle, s: number): Vertex[] {
  const [x0, y0, x1, y1, c] = [
    r.x * s,
    r.y * s,
    (r.x + r.width) * s,
    (r.y + r.height) * s,
    r.cornerRadius * s,
  ];
  if (c <= 0)
    return [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ];
  return [
    { x: x0 + c, y: y0 },
    { x: x1 - c, y: y0, bulge: QUARTER_BULGE },
    { x: x1, y: y0 + c },
    { x: x1, y: y1 - c, bulge: QUARTER_BULGE },
    { x: x1 - c, y: y1 },
    { x: x0 + c, y: y1, bulge: QUARTER_BULGE },
    { x: x0, y: y1 - c },
    { x: x0, y: y0 + c, bulge: QUARTER_BULGE },
  ];
}

/** Options of the plate views: the style, drawing scale and annotation sizes. */
export interface PlateViewOptions {
  style: DrawingStyle;
  /** Drawing units per part unit (2 at 2:1). */
  scale: number;
  sizes: AnnotationSizes;
}

/**
 * The plate's top view (and side view), dimensions and notes, in drawing units.
 *
 * @returns the content, with the values each dimension and note shows (mm); pocket and cut-out
 *   sizes and radii are dimensioned but show no value (blueprint-scoring has no kind for them)
 */
export function plateViews(part: PlatePart, options: PlateViewOptions): SheetContent {
  const { style, scale: s, sizes } = options;
  const unit = mmPerUnit(part.units);
  const bare = part.units === 'inch' && choose(style.variant, 3, [true, false]);
  const size = (value: number) => formatSize(value, part.units, bare);
  const P = (x: number, y: number): Point => ({ x: x * s, y: y * s });
  const curves: SheetCurve[] = [];
  const content: SheetContent = { curves, hatches: [], notes: [], dimensions: [], derived: [] };
  const dims = content.dimensions;
  const outline: RoundedRectangle = {
    x: 0,
    y: 0,
    width: part.width,
    height: part.height,
    cornerRadius: part.cornerRadius,
  };
  curves.push({
    kind: 'polyline',
    vertices: roundedRectangle(outline, s),
    closed: true,
    line: 'visible',
  });
  for (const pocket of part.pockets) {
    curves.push({
      kind: 'polyline',
      vertices: roundedRectangle(pocket, s),
      closed: true,
      line: 'visible',
    });
    if (pocket.island)
      curves.push({
        kind: 'polyline',
        vertices: roundedRectangle(pocket.island, s),
        closed: true,
        line: 'visible',
      });
  }
  if (part.cutOut)
    curves.push({
      kind: 'polyline',
      vertices: roundedRectangle(part.cutOut, s),
      closed: true,
      line: 'visible',
    });
  // A step's edge: a line across the top face (its depth shows in the side view).
  if (part.step)
    curves.push({
      kind: 'line',
      from: P(part.width - part.step.width, 0),
      to: P(part.width - part.step.width, part.height),
      line: 'visible',
    });
  const mark = sizes.arrow;
  for (const group of part.holes)
    for (const c of group.centres) {
      const centre = P(c.x, c.y);
      const r = (holeEnvelope(group) / 2) * s;
      curves.push(...holeCurves(group, centre, s));
      curves.push(
        {
          kind: 'line',
          from: { x: centre.x - r - mark, y: centre.y },
          to: { x: centre.x + r + mark, y: centre.y },
          line: 'centre',
        },
        {
          kind: 'line',
          from: { x: centre.x, y: centre.y - r - mark },
          to: { x: centre.x, y: centre.y + r + mark },
          line: 'centre',
        },
      );
    }
  // Overall width above, height to the right.
  const top = part.height * s;
  const right = part.width * s;
  dims.push(
    linearDimension({
      p1: P(0, part.height),
      p2: P(part.width, part.height),
      angleDeg: 0,
      through: { x: 0, y: top + 2 * sizes.row },
      lines: [[{ text: size(part.width), measured: true }]],
      sizes,
      shows: [{ kind: 'length', mm: part.width * unit }],
    }),
    linearDimension({
      p1: P(part.width, 0),
      p2: P(part.width, part.height),
      angleDeg: 90,
      through: { x: right + 2 * sizes.row, y: 0 },
      lines: [[{ text: size(part.height), measured: true }]],
      sizes,
      shows: [{ kind: 'length', mm: part.height * unit }],
    }),
  );
  // Holes: a diameter with the count on one hole of each group; centres located from the
  // left and bottom edges, and from each other, on rows below and columns left of the view.
  let row = 0;
  let column = 0;
  // The callouts' texts with their shelves, so that no callout is written over another (a
  // drafter moves one to another hole of its group or turns its leader).
  const placed: { minX: number; maxX: number; minY: number; maxY: number }[] = [];
  // Nor over the values of the dimensions beside the view: the overall sizes above and to the
  // right, the hole positions' chains in rows below and columns left of it, and the corner
  // radius up and to the right of the top right corner.
  const chains = (part.holes.length + 2) * sizes.row;
  placed.push(
    { minX: -chains, maxX: 0, minY: -chains, maxY: top },
    { minX: -chains, maxX: right, minY: -chains, maxY: 0 },
    { minX: 0, maxX: right, minY: top, maxY: top + 3 * sizes.row },
    { minX: right, maxX: right + 3 * sizes.row, minY: 0, maxY: top },
    { minX: right - sizes.row, maxX: right + 5 * sizes.row, minY: top, maxY: top + 5 * sizes.row },
  );
  // Nor over a hole.
  for (const group of part.holes) {
    const r = (holeEnvelope(group) / 2) * s;
    for (const c of group.centres) {
      const centre = P(c.x, c.y);
      placed.push({
        minX: centre.x - r,
        maxX: centre.x + r,
        minY: centre.y - r,
        maxY: centre.y + r,
      });
    }
  }
  part.holes.forEach((group, k) => {
    const { lines, radius, shows } = holeCallout(group, part.units, style, unit);
    const envelope = (holeEnvelope(group) / 2) * s;
    const callout = (centre: { x: number; y: number }, angleDeg: number, reach: number) =>
      diameterDimension({
        centre: P(centre.x, centre.y),
        radius: radius * s,
        angleDeg,
        reach,
        lines,
        sizes,
        shows,
      });
    const boxOf = (dimension: ReturnType<typeof callout>) => {
      const half = textWidth(lines, sizes.height) / 2 + sizes.gap;
      const { at, height } = dimension.text;
      return {
        minX: at.x - half,
        maxX: at.x + half,
        minY: at.y - height / 2 - 2 * sizes.gap,
        maxY: at.y + height / 2 + sizes.gap,
      };
    };
    // Nor across the outline: inside it or outside it.
    const [ox0, oy0, ox1, oy1] = [0, 0, part.width * s, part.height * s];
    const across = (box: ReturnType<typeof boxOf>) =>
      box.minX < ox1 &&
      box.maxX > ox0 &&
      box.minY < oy1 &&
      box.maxY > oy0 &&
      !(box.minX > ox0 && box.maxX < ox1 && box.minY > oy0 && box.maxY < oy1);
    const free = (box: ReturnType<typeof boxOf>) =>
      !across(box) &&
      placed.every(
        (other) =>
          box.maxX < other.minX ||
          box.minX > other.maxX ||
          box.maxY < other.minY ||
          box.minY > other.maxY,
      );
    // Longer leaders last: out past the neighbouring holes.
    const candidates = [0, 1, 2, 3, 4].flatMap((longer) =>
      group.centres.flatMap((centre) =>
        // The diagonals first (turned by the group), then steeper and flatter leaders.
        [
          ...[0, 1, 2, 3].map((turn) => 45 + 90 * ((k + turn) % 4)),
          ...[60, 120, 240, 300, 30, 150, 210, 330],
        ].map((angleDeg) => callout(centre, angleDeg, envelope + 3 * longer * sizes.height)),
      ),
    );
    // Its leader and shelf pass no other hole.
    const circles = part.holes.flatMap((other) =>
      other.centres.map((c) => ({ centre: P(c.x, c.y), r: (holeEnvelope(other) / 2) * s })),
    );
    // Nor by a corner of the outline (a drafter does not run a leader across a corner).
    const corners = [P(0, 0), P(part.width, 0), P(part.width, part.height), P(0, part.height)];
    const clear = (dimension: ReturnType<typeof callout>) =>
      dimension.lines.every(
        ([a, b]) =>
          corners.every((corner) => distanceToSegment(corner, a, b) > sizes.height) &&
          circles.every(
            ({ centre, r }) =>
              Math.hypot(centre.x - dimension.p1.x, centre.y - dimension.p1.y) <= r + 1e-6 ||
              Math.hypot(centre.x - dimension.p2.x, centre.y - dimension.p2.y) <= r + 1e-6 ||
              distanceToSegment(centre, a, b) > r + sizes.gap,
          ),
      );
    const outside = (box: ReturnType<typeof boxOf>) =>
      box.maxX < ox0 || box.minX > ox1 || box.maxY < oy0 || box.minY > oy1;
    const chosen =
      candidates.find(
        (dimension) => outside(boxOf(dimension)) && free(boxOf(dimension)) && clear(dimension),
      ) ??
      candidates.find((dimension) => free(boxOf(dimension)) && clear(dimension)) ??
      candidates.find((dimension) => free(boxOf(dimension))) ??
      candidates[0]!;
    placed.push(boxOf(chosen));
    dims.push(chosen);
    const xs = [...new Set(group.centres.map((c) => c.x))].sort((a, b) => a - b);
    const ys = [...new Set(group.centres.map((c) => c.y))].sort((a, b) => a - b);
    const chain = (values: number[], horizontal: boolean, offset: number) => {
      [0, ...values].slice(0, -1).forEach((from, i) => {
        const to = values[i]!;
        const p1 = horizontal ? P(from, from === 0 ? 0 : ys[0]!) : P(from === 0 ? 0 : xs[0]!, from);
        const p2 = horizontal ? P(to, ys[0]!) : P(xs[0]!, to);
        dims.push(
          linearDimension({
            p1,
            p2,
            angleDeg: horizontal ? 0 : 90,
            through: horizontal ? { x: 0, y: -offset } : { x: -offset, y: 0 },
            lines: [[{ text: size(to - from), measured: true }]],
            sizes,
            shows: [{ kind: 'position', mm: (to - from) * unit }],
          }),
        );
      });
    };
    chain(xs, true, (row + 1.5) * sizes.row);
    chain(ys, false, (column + 1.5) * sizes.row);
    row += 1;
    column += 1;
  });
  // Pocket and cut-out: their size inside, a corner radius, the pocket's depth in a note.
  const inside = (r: RoundedRectangle, label: string | undefined) => {
    const [x0, y0] = [r.x * s, r.y * s];
    const inset = Math.min(r.width, r.height) * s * 0.2;
    dims.push(
      linearDimension({
        p1: P(r.x, r.y),
        p2: P(r.x + r.width, r.y),
        angleDeg: 0,
        through: { x: x0, y: y0 + inset },
        lines: [[{ text: size(r.width), measured: true }]],
        sizes,
        shows: [],
      }),
      linearDimension({
        p1: P(r.x, r.y),
        p2: P(r.x, r.y + r.height),
        angleDeg: 90,
        through: { x: x0 + inset, y: y0 },
        lines: [[{ text: size(r.height), measured: true }]],
        sizes,
        shows: [],
      }),
    );
    if (r.cornerRadius > 0) {
      const c = r.cornerRadius;
      dims.push(
        radiusDimension({
          centre: P(r.x + r.width - c, r.y + r.height - c),
          radius: c * s,
          angleDeg: 45,
          lines: [[{ text: 'R' }, { text: size(c), measured: true }]],
          sizes,
        }),
      );
    }
    if (label)
      content.notes.push(
        note({ x: x0 + inset * 2, y: y0 + r.height * s * 0.55 }, label, sizes, []),
      );
  };
  for (const pocket of part.pockets)
    inside(
      pocket,
      style.pocketDepth === 'sideViewOnly' ? undefined : `DEPTH ${size(pocket.depth)}`,
    );
  if (part.cutOut) inside(part.cutOut, 'THRU');
  if (part.cornerRadius > 0) {
    const c = part.cornerRadius;
    dims.push(
      radiusDimension({
        centre: P(part.width - c, part.height - c),
        radius: c * s,
        angleDeg: 45,
        lines: [[{ text: 'R' }, { text: size(c), measured: true }]],
        sizes,
      }),
    );
  }
  const thickness: DrawingValue = { kind: 'thickness', mm: part.thickness * unit };
  // A step needs the side view that shows it.
  if (style.plateThickness === 'sideView' || part.step)
    sideView(part, options, content, thickness, row);
  else {
    const wording = choose(style.variant, 8, ['THICKNESS {}', 't = {}', 'PLATE {} THK', 'THK {}']);
    content.notes.push(
      note(
        { x: 0, y: -(row + 2.5) * sizes.row },
        wording.replace('{}', size(part.thickness)),
        sizes,
        [thickness],
      ),
    );
  }
  return content;
}

/**
 * The side view below the top view: outline (with a step's shoulder), hidden holes, pocket and
 * cut-out, thickness and a step's depth.
 */
function sideView(
  part: PlatePart,
  options: PlateViewOptions,
  content: SheetContent,
  thickness: DrawingValue,
  rows: number,
): void {
  const { scale: s, sizes, style } = options;
  const top = -(rows + 3) * sizes.row;
  const bottom = top - part.thickness * s;
  const right = part.width * s;
  // A step at the right end: the top face ends at its shoulder, its floor runs to the edge.
  const shoulder = part.step ? (part.width - part.step.width) * s : right;
  const floorY = part.step ? top - part.step.depth * s : top;
  content.curves.push({
    kind: 'polyline',
    vertices: [
      { x: 0, y: bottom },
      { x: right, y: bottom },
      { x: right, y: floorY },
      ...(part.step ? [{ x: shoulder, y: floorY }] : []),
      { x: shoulder, y: top },
      { x: 0, y: top },
    ],
    closed: true,
    line: 'visible',
  });
  const hidden = (x: number, y0: number, y1: number) =>
    content.curves.push({
      kind: 'line',
      from: { x, y: y0 },
      to: { x, y: x > shoulder ? Math.min(y1, floorY) : y1 },
      line: 'hidden',
    });
  const xs = new Set<number>();
  // A tapped, counterbored or countersunk hole's own lines (plate-holes.ts).
  for (const group of part.holes.filter((group) => group.kind && group.kind !== 'plain'))
    for (const c of group.centres)
      content.curves.push(...holeSideLines(group, c.x * s, top, bottom, s));
  for (const group of part.holes.filter((group) => !group.kind || group.kind === 'plain'))
    for (const c of group.centres)
      for (const x of [c.x - group.diameter / 2, c.x + group.diameter / 2])
        xs.add(Math.round(x * s * 1e6) / 1e6);
  if (part.cutOut) {
    xs.add(part.cutOut.x * s);
    xs.add((part.cutOut.x + part.cutOut.width) * s);
  }
  for (const x of xs) hidden(x, bottom, top);
  for (const pocket of part.pockets) {
    const floor = top - pocket.depth * s;
    hidden(pocket.x * s, floor, top);
    hidden((pocket.x + pocket.width) * s, floor, top);
    content.curves.push({
      kind: 'line',
      from: { x: pocket.x * s, y: floor },
      to: { x: (pocket.x + pocket.width) * s, y: floor },
      line: 'hidden',
    });
  }
  const bare = part.units === 'inch' && choose(style.variant, 3, [true, false]);
  if (part.step)
    content.dimensions.push(
      linearDimension({
        p1: { x: right, y: floorY },
        p2: { x: shoulder, y: top },
        angleDeg: 90,
        through: { x: right + sizes.row, y: 0 },
        lines: [[{ text: formatSize(part.step.depth, part.units, bare), measured: true }]],
        sizes,
        shows: [],
      }),
    );
  content.dimensions.push(
    linearDimension({
      p1: { x: right, y: bottom },
      p2: { x: right, y: top },
      angleDeg: 90,
      through: { x: right + 2 * sizes.row, y: 0 },
      lines: [[{ text: formatSize(part.thickness, part.units, bare), measured: true }]],
      sizes,
      shows: [thickness],
    }),
  );
}
