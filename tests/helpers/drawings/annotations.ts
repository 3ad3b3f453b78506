/**
 * The annotation of a sheet (sheet-model.ts): sizes and numbers as written, size callouts with
 * their tolerance in each form, and dimensions and notes as a CAD program draws them (definition
 * points, dimension line, extension lines, filled arrowheads, text placed beside the line).
 * Drawing units throughout.
 */
import type { DrawingValue } from '#tests/helpers/blueprint-scoring';
import type { SizeTolerance, Units } from './parts.ts';
import type {
  Arrowhead,
  DrawingStyle,
  Point,
  SheetDimension,
  SheetNote,
  SheetText,
  TextPiece,
} from './sheet-model.ts';

/** A small choice from `variant`: one of `options`, different `salt`s choose independently. */
export function choose<T>(variant: number, salt: number, options: readonly T[]): T {
  return options[Math.floor(variant / (salt + 1) + salt * 7) % options.length]!;
}

/** Annotation sizes in drawing units: 3.5 mm text (1/8 in), arrows, gaps and dimension rows. */
export function annotationSizes(units: Units) {
  const height = units === 'inch' ? 0.125 : 3.5;
  return { height, arrow: height * 0.8, gap: height * 0.3, row: height * 3.2 };
}

/**
 * A size as written: mm to 0.001 and inch to 0.0001 without trailing zeros; inch sizes below 1
 * without the leading zero ('.75') when `bareInch`.
 */
export function formatSize(value: number, units: Units, bareInch = false): string {
  const decimals = units === 'inch' ? 4 : 3;
  const text = String(Math.round(value * 10 ** decimals) / 10 ** decimals);
  return units === 'inch' && bareInch ? text.replace(/^(-?)0\./, '$1.') : text;
}

/** A deviation as written: '+0.1', '-0.05', '0'. */
export function formatDeviation(value: number, units: Units, bareInch = false): string {
  if (Math.abs(value) < 1e-12) return '0';
  const text = formatSize(Math.abs(value), units, bareInch);
  return `${value > 0 ? '+' : '-'}${text}`;
}

/**
 * The pieces of a size callout: prefix ('Ø', '4x Ø', ''), the nominal (measured), and the
 * tolerance in the style's form: a fit after a space, ±, inline or stacked deviations, or the
 * two limits of size on two lines.
 */
export function sizePieces(
  prefix: string,
  size: number,
  tolerance: SizeTolerance | undefined,
  style: Pick<DrawingStyle, 'toleranceForm' | 'units' | 'variant'>,
): TextPiece[][] {
  const bare = style.units === 'inch' && choose(style.variant, 3, [true, false]);
  const nominal = formatSize(size, style.units, bare);
  const head: TextPiece[] = prefix ? [{ text: prefix }] : [];
  if (!tolerance) return [[...head, { text: nominal, measured: true }]];
  if (tolerance.kind === 'fit')
    return [[...head, { text: nominal, measured: true }, { text: ` ${tolerance.fit}` }]];
  const { upper, lower } = tolerance;
  if (style.toleranceForm === 'limits') {
    const secondPrefix = choose(style.variant, 5, [true, false]) ? prefix : '';
    return [
      [{ text: `${prefix}${formatSize(size + upper, style.units, bare)}` }],
      [{ text: `${secondPrefix}${formatSize(size + lower, style.units, bare)}` }],
    ];
  }
  const measured: TextPiece = { text: nominal, measured: true };
  if (Math.abs(upper + lower) < 1e-12)
    return [[...head, measured, { text: `±${formatSize(upper, style.units, bare)}` }]];
  const up = formatDeviation(upper, style.units, bare);
  const down = formatDeviation(lower, style.units, bare);
  if (style.toleranceForm === 'stacked') return [[...head, measured, { upper: up, lower: down }]];
  return [[...head, measured, { text: ` ${up}/${down}` }]];
}

/** The text of pieces with stacks as 'upper/lower' and lines joined by a space (for messages). */
export function plainText(lines: readonly TextPiece[][]): string {
  return lines
    .map((line) => line.map((p) => ('text' in p ? p.text : ` ${p.upper}/${p.lower}`)).join(''))
    .join(' ');
}

/** Characters of a text's longest line, a stacked pair's at 0.7 size counting 0.7 each. */
export function textChars(lines: readonly TextPiece[][]): number {
  const widthOf = (line: TextPiece[]) =>
    line.reduce(
      (sum, p) =>
        sum + ('text' in p ? p.text.length : 0.7 * Math.max(p.upper.length, p.lower.length)),
      0,
    );
  return Math.max(...lines.map(widthOf));
}

/** Rough width of a text line in drawing units (DejaVu Sans: about 0.8 of the cap height a glyph). */
export function textWidth(lines: readonly TextPiece[][], height: number): number {
  return textChars(lines) * 0.8 * height;
}

const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const mul = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;
const unitOf = (deg: number): Point => ({
  x: Math.cos((deg * Math.PI) / 180),
  y: Math.sin((deg * Math.PI) / 180),
});

/** A filled arrowhead with its tip at `tip`, pointing along `direction` (a unit vector). */
export function arrowhead(tip: Point, direction: Point, size: number): Arrowhead {
  const back = sub(tip, mul(direction, size));
  const side = mul({ x: -direction.y, y: direction.x }, size / 6);
  return [tip, add(back, side), sub(back, side)];
}

/** Sizes of one drawing's annotation, drawing units. */
export interface AnnotationSizes {
  height: number;
  arrow: number;
  gap: number;
  row: number;
}

/**
 * A linear dimension as a CAD program draws it: the dimension line through `through` along
 * `angleDeg`, extension lines from just off the definition points to just past the line,
 * arrowheads inside (outside when the line is short, with the text beside), and the text centred
 * above the line (left of a vertical one), reading along it.
 *
 * @param options.halfFrom - draw only the half from p2 (a diameter dimensioned from the axis of
 *   a half section): one arrowhead, the line running on past p1 by two arrow sizes
 */
export function linearDimension(options: {
  p1: Point;
  p2: Point;
  angleDeg: 0 | 90;
  through: Point;
  lines: TextPiece[][];
  sizes: AnnotationSizes;
  shows: DrawingValue[];
  /** Move the text along the dimension line from its middle, drawing units. */
  textShift?: number;
  halfFrom?: 'p2';
  /** How many text lines up a text that does not fit between the arrows sits (1 by default). */
  textLevel?: number;
}): SheetDimension {
  const { p1, p2, angleDeg, through, lines, sizes } = options;
  const direction = unitOf(angleDeg);
  const normal = { x: -direction.y, y: direction.x };
  const onLine = (p: Point) => add(p, mul(normal, dot(sub(through, p), normal)));
  let a1 = onLine(p1);
  let a2 = onLine(p2);
  if (dot(sub(a2, a1), direction) < 0) [a1, a2] = [a2, a1];
  const length = dot(sub(a2, a1), direction);
  const drawn: [Point, Point][] = [];
  for (const [p, a] of [
    [p1, onLine(p1)],
    [p2, onLine(p2)],
  ] as const) {
    const away = dot(sub(a, p), normal);
    if (Math.abs(away) <= sizes.gap) continue;
    const sign = Math.sign(away);
    drawn.push([add(p, mul(normal, sign * sizes.gap)), add(a, mul(normal, sign * sizes.gap))]);
  }
  const width = textWidth(lines, sizes.height);
  const arrows: Arrowhead[] = [];
  const textAlong = (options.textShift ?? 0) + length / 2;
  let raised = false;
  if (options.halfFrom) {
    const end = onLine(p2);
    const start = onLine(p1);
    const span = sub(start, end);
    const towards = mul(span, 1 / (Math.hypot(span.x, span.y) || 1));
    drawn.push([end, add(start, mul(towards, 2 * sizes.arrow))]);
    arrows.push(arrowhead(end, mul(towards, -1), sizes.arrow));
  } else if (length >= 2.5 * sizes.arrow) {
    drawn.push([a1, a2]);
    arrows.push(arrowhead(a1, mul(direction, -1), sizes.arrow));
    arrows.push(arrowhead(a2, direction, sizes.arrow));
    // A text longer than the line sits above it, clear of the neighbours' texts.
    if (width > length - 2 * sizes.arrow && options.textShift === undefined) raised = true;
    // A text moved off the line: the line runs on to it.
    if (textAlong - width / 2 < 0) drawn.push([a1, add(a1, mul(direction, textAlong - width / 2))]);
    if (textAlong + width / 2 > length)
      drawn.push([a2, add(a1, mul(direction, textAlong + width / 2))]);
  } else {
    // Short: arrows outside pointing in, the text above.
    drawn.push([
      sub(a1, mul(direction, 2 * sizes.arrow)),
      add(a2, mul(direction, 2 * sizes.arrow)),
    ]);
    arrows.push(arrowhead(a1, direction, sizes.arrow));
    arrows.push(arrowhead(a2, mul(direction, -1), sizes.arrow));
    if (options.textShift === undefined) raised = true;
  }
  const lift = raised ? (options.textLevel ?? 1) : 0;
  const above = sizes.gap + sizes.height / 2 + lift * (sizes.height + sizes.gap);
  const at = add(add(a1, mul(direction, textAlong)), mul(normal, above));
  return {
    kind: 'linear',
    angleDeg,
    p1,
    p2,
    dimensionLine: through,
    measured: Math.abs(dot(sub(p2, p1), direction)),
    text: { at, height: sizes.height, rotationDeg: angleDeg, anchor: 'middleCentre', lines },
    lines: drawn,
    arrows,
    shows: options.shows,
  };
}

/** Whether a linear dimension's text does not fit between its arrowheads (linearDimension lifts it). */
export function textDoesNotFit(
  lines: readonly TextPiece[][],
  length: number,
  sizes: AnnotationSizes,
): boolean {
  return length < 2.5 * sizes.arrow || textWidth(lines, sizes.height) > length - 2 * sizes.arrow;
}

/**
 * The text and lines of a dimension led out to a shoulder: the leader from `from` to `elbow`, the
 * shoulder on to `end`, the text centred over the shoulder.
 */
function onShelf(
  from: Point,
  elbow: Point,
  end: Point,
  sizes: AnnotationSizes,
  lines: TextPiece[][],
): Pick<SheetDimension, 'text' | 'lines'> {
  return {
    text: {
      at: { x: (elbow.x + end.x) / 2, y: elbow.y + sizes.gap + sizes.height / 2 },
      height: sizes.height,
      rotationDeg: 0,
      anchor: 'middleCentre',
      lines,
    },
    lines: [
      [from, elbow],
      [elbow, end],
    ],
  };
}

/**
 * A diameter dimension on a circle of the end view or a plate: the line through the centre at
 * `angleDeg`, arrowheads on the circle pointing out, and a leader on past `p1` to a horizontal
 * shoulder under the text.
 */
export function diameterDimension(options: {
  centre: Point;
  radius: number;
  angleDeg: number;
  lines: TextPiece[][];
  sizes: AnnotationSizes;
  shows: DrawingValue[];
  /** Distance from the centre the leader reaches at least (beyond a view's largest circle). */
  reach?: number;
}): SheetDimension {
  const { centre, radius, sizes, lines } = options;
  const direction = unitOf(options.angleDeg);
  const p1 = add(centre, mul(direction, radius));
  const p2 = sub(centre, mul(direction, radius));
  const elbow = add(centre, mul(direction, Math.max(radius + 2 * sizes.arrow, options.reach ?? 0)));
  const width = textWidth(lines, sizes.height);
  const side = direction.x >= 0 ? 1 : -1;
  const end = add(elbow, { x: side * (width + sizes.gap), y: 0 });
  return {
    kind: 'diameter',
    angleDeg: 0,
    p1,
    p2,
    dimensionLine: p2,
    measured: 2 * radius,
    ...onShelf(p2, elbow, end, sizes, lines),
    arrows: [arrowhead(p1, direction, sizes.arrow), arrowhead(p2, mul(direction, -1), sizes.arrow)],
    shows: options.shows,
  };
}

/**
 * A radius dimension: the point on the arc at `angleDeg` from the centre, an arrowhead on the arc
 * coming from outside, a leader out to a horizontal shoulder under the text ('R5').
 */
export function radiusDimension(options: {
  centre: Point;
  radius: number;
  angleDeg: number;
  lines: TextPiece[][];
  sizes: AnnotationSizes;
}): SheetDimension {
  const { centre, radius, sizes, lines } = options;
  const direction = unitOf(options.angleDeg);
  const p2 = add(centre, mul(direction, radius));
  const elbow = add(p2, mul(direction, 3 * sizes.arrow));
  const width = textWidth(lines, sizes.height);
  const side = direction.x >= 0 ? 1 : -1;
  const end = add(elbow, { x: side * (width + sizes.gap), y: 0 });
  return {
    kind: 'radius',
    angleDeg: 0,
    p1: centre,
    p2,
    dimensionLine: centre,
    measured: radius,
    ...onShelf(p2, elbow, end, sizes, lines),
    arrows: [arrowhead(p2, mul(direction, -1), sizes.arrow)],
    shows: [],
  };
}

/** A note on its baseline at `at`, with a leader from its start to `feature` when given. */
export function note(
  at: Point,
  text: string,
  sizes: AnnotationSizes,
  shows: DrawingValue[],
  feature?: Point,
): SheetNote {
  const result: SheetNote = {
    text: { at, height: sizes.height, rotationDeg: 0, anchor: 'baselineLeft', lines: [[{ text }]] },
    shows,
  };
  if (feature) result.leader = [leaderStart(result.text, feature), feature];
  return result;
}

/** Where a note's leader leaves its text: the end of the text nearer the feature. */
export function leaderStart(text: SheetText, feature: Point): Point {
  const width = textWidth(text.lines, text.height);
  const x = feature.x < text.at.x + width / 2 ? text.at.x - text.height * 0.3 : text.at.x + width;
  return { x, y: text.at.y + text.height / 2 };
}
