/**
 * The vector paths of a PDF page: pdf.js's operator list walked with the graphics state (save and
 * restore, `cm` transforms, form XObjects, line width, dash pattern, colour), each painted path
 * flattened into polylines on the page in points, y growing down from the top-left corner.
 */
import { OPS } from '../engines/pdfjs.ts';
import { apply, multiply, type Matrix, type Point } from '../geometry/primitives.ts';
import type { PagePath, Paint } from '../page/paths.ts';

/** pdf.js 5's codes inside a constructPath's path data (DrawOPS, not exported by pdf.js). */
const DRAW = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;

/** Segments one Bézier curve is flattened into. */
const CURVE_STEPS = 8;

interface GraphicsState {
  ctm: Matrix;
  lineWidth: number;
  dash: number[];
  strokeColor: string;
  fillColor: string;
}

/** The operator list as pdf.js returns it (PDFPageProxy.getOperatorList). */
export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

const PAINT: Record<number, Paint | undefined> = {
  [OPS.stroke]: 'stroke',
  [OPS.closeStroke]: 'stroke',
  [OPS.fill]: 'fill',
  [OPS.eoFill]: 'fill',
  [OPS.fillStroke]: 'fillStroke',
  [OPS.eoFillStroke]: 'fillStroke',
  [OPS.closeFillStroke]: 'fillStroke',
  [OPS.closeEOFillStroke]: 'fillStroke',
};

const CLOSING = new Set<number>([
  OPS.closeStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
  OPS.fill,
  OPS.eoFill,
]);

function matrixOf(values: unknown): Matrix | undefined {
  if (!values || typeof values !== 'object' || !('length' in values)) return undefined;
  const v = Array.from(values as ArrayLike<unknown>, Number);
  if (v.length < 6 || !v.slice(0, 6).every(Number.isFinite)) return undefined;
  return { a: v[0]!, b: v[1]!, c: v[2]!, d: v[3]!, e: v[4]!, f: v[5]! };
}

/** Mean scale of a transform: how much a length grows through it. */
function scaleOf(m: Matrix): number {
  return Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
}

function colorOf(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)
    ? value.toLowerCase()
    : fallback;
}

function dashOf(value: unknown): number[] {
  return Array.isArray(value) ? value.map(Number).filter((n) => Number.isFinite(n) && n >= 0) : [];
}

/**
 * The painted paths of a page.
 *
 * @param list - the page's operator list (pdf.js getOperatorList)
 * @param viewport - the page's viewport transform at scale 1 (PDF user space → points, y down)
 * @param maxSegments - stop after this many line segments (readerLimits.maxSegmentsPerPage)
 * @returns paths in page points (y down) with paint, width, dash and colour; `truncated` when
 *   the segment limit was reached. Clipping paths, images, shadings and text are left out.
 */
export function pagePaths(
  list: OperatorList,
  viewport: Matrix,
  maxSegments: number,
): { paths: PagePath[]; truncated: boolean } {
  const paths: PagePath[] = [];
  const stack: GraphicsState[] = [];
  let state: GraphicsState = {
    ctm: viewport,
    lineWidth: 1,
    dash: [],
    strokeColor: '#000000',
    fillColor: '#000000',
  };
  let segments = 0;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i]!;
    const args = list.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push({ ...state });
        break;
      case OPS.restore:
        state = stack.pop() ?? state;
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push({ ...state });
        const m = matrixOf(args?.[0]);
        if (m) state.ctm = multiply(state.ctm, m);
        break;
      }
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case OPS.transform: {
        const m = matrixOf(args);
        if (m) state.ctm = multiply(state.ctm, m);
        break;
      }
      case OPS.setLineWidth:
        if (Number.isFinite(Number(args?.[0]))) state.lineWidth = Number(args![0]);
        break;
      case OPS.setDash:
        state.dash = dashOf(args?.[0]);
        break;
      case OPS.setStrokeRGBColor:
        state.strokeColor = colorOf(args?.[0], state.strokeColor);
        break;
      case OPS.setFillRGBColor:
        state.fillColor = colorOf(args?.[0], state.fillColor);
        break;
      case OPS.setGState:
        for (const entry of (args?.[0] as unknown[] | undefined) ?? []) {
          if (!Array.isArray(entry)) continue;
          const [key, value] = entry as [unknown, unknown];
          if (key === 'LW' && Number.isFinite(Number(value))) state.lineWidth = Number(value);
          if (key === 'D' && Array.isArray(value)) state.dash = dashOf(value[0]);
        }
        break;
      case OPS.constructPath: {
        const paint = PAINT[Number(args?.[0])];
        if (!paint) break;
        const data = (args?.[1] as unknown[] | undefined)?.[0];
        if (!data || typeof data !== 'object' || !('length' in data)) break;
        const found = flatten(data as ArrayLike<number>, state.ctm, CLOSING.has(Number(args![0])));
        const scale = scaleOf(state.ctm);
        for (const path of found) {
          segments += Math.max(0, path.points.length - 1);
          paths.push({
            ...path,
            paint,
            lineWidthPt: state.lineWidth * scale,
            dash: state.dash.map((d) => d * scale),
            color: paint === 'fill' ? state.fillColor : state.strokeColor,
          });
        }
        if (segments > maxSegments) return { paths, truncated: true };
        break;
      }
      default:
        break;
    }
  }
  return { paths, truncated: false };
}

/** The subpaths of one path (DrawOPS data in user space) as polylines on the page. */
function flatten(
  data: ArrayLike<number>,
  ctm: Matrix,
  closeAll: boolean,
): Pick<PagePath, 'points' | 'closed' | 'curves'>[] {
  const out: Pick<PagePath, 'points' | 'closed' | 'curves'>[] = [];
  let current: Pick<PagePath, 'points' | 'closed' | 'curves'> | undefined;
  let last: Point = { x: 0, y: 0 };
  let subpathStart: Point = last;
  const finish = () => {
    if (current && current.points.length > 1) {
      if (closeAll && !current.closed) current.closed = true;
      if (current.closed) {
        const first = current.points[0]!;
        const end = current.points[current.points.length - 1]!;
        if (first.x !== end.x || first.y !== end.y) current.points.push(first);
      }
      out.push(current);
    }
    current = undefined;
  };
  const start = (p: Point) => {
    finish();
    current = { points: [apply(ctm, p)], closed: false, curves: [] };
  };
  const lineTo = (p: Point) => {
    if (!current) start(last);
    current!.points.push(apply(ctm, p));
  };
  let i = 0;
  const n = data.length;
  const read = () => ({ x: data[i++]!, y: data[i++]! });
  while (i < n) {
    const op = data[i++];
    if (op === DRAW.moveTo && i + 2 <= n) {
      last = read();
      subpathStart = last;
      start(last);
    } else if (op === DRAW.lineTo && i + 2 <= n) {
      last = read();
      lineTo(last);
    } else if (
      (op === DRAW.curveTo && i + 6 <= n) ||
      (op === DRAW.quadraticCurveTo && i + 4 <= n)
    ) {
      const p0 = last;
      const controls = op === DRAW.curveTo ? [read(), read()] : [read()];
      const p3 = read();
      if (!current) start(p0);
      const from = current!.points.length - 1;
      for (let step = 1; step <= CURVE_STEPS; step++) {
        lineTo(bezier(p0, controls, p3, step / CURVE_STEPS));
      }
      current!.curves.push({ from, to: current!.points.length - 1 });
      last = p3;
    } else if (op === DRAW.closePath) {
      if (current) current.closed = true;
      finish();
      last = subpathStart;
    } else {
      break;
    }
  }
  finish();
  return out;
}

function bezier(p0: Point, controls: Point[], p3: Point, t: number): Point {
  const s = 1 - t;
  if (controls.length === 1) {
    const [c] = controls as [Point];
    return {
      x: s * s * p0.x + 2 * s * t * c.x + t * t * p3.x,
      y: s * s * p0.y + 2 * s * t * c.y + t * t * p3.y,
    };
  }
  const [c1, c2] = controls as [Point, Point];
  return {
    x: s ** 3 * p0.x + 3 * s * s * t * c1.x + 3 * s * t * t * c2.x + t ** 3 * p3.x,
    y: s ** 3 * p0.y + 3 * s * s * t * c1.y + 3 * s * t * t * c2.y + t ** 3 * p3.y,
  };
}
