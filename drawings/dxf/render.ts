/**
 * A DXF drawing rendered to a PNG image, for an assistant that reads images but not DXF (Claude).
 *
 * Pipeline: dxf-parser → the offline reader's primitives in mm (collectDrawing, the frame dropped
 * by dropFrames) → an SVG in pixels, simplified to what a pixel can show → PNG by resvg
 * (@resvg/resvg-js, prebuilt native binaries from npm, no system library, no font).
 */
import type { IDxf, IEntity } from 'dxf-parser';
import { renderAsync } from '@resvg/resvg-js';
import { collectDrawing } from './collect.ts';
import { isFullCircle, type Primitive } from '../geometry/primitives.ts';
import { DxfReadError, parseDxf } from './reader.ts';
import { dropFrames } from '../geometry/frames.ts';
import { boxOf, unionBox, type Box } from '../geometry/shapes.ts';

export interface DxfImage {
  /** The PNG file: 8-bit RGBA, white background. */
  png: Buffer;
  widthPx: number;
  heightPx: number;
  /** Millimetres of the drawing per pixel of the image (one scale for x and y). */
  mmPerPx: number;
}

/** Longest side Claude takes without scaling the image down (Anthropic, "Vision" guide), px. */
export const claudeMaxSidePx = 1568;

/**
 * Most lines and arcs a drawing may expand to (blocks placed, ellipses and splines flattened);
 * about 150 MB of primitives. An upload of 25 MB holds about 500 000 plain lines.
 */
const maxPrimitives = 1_000_000;

/**
 * Renders a DXF drawing to a PNG for Claude: the part's visible lines, arcs and circles in black,
 * hidden lines dashed grey, centre lines thin dash-dot grey, on white, Y axis up as in CAD.
 *
 * What is drawn is what the offline reader sees as the part (`collectDrawing`): lines, arcs,
 * circles, polylines with bulges, ellipses and splines (flattened), in model space, with INSERTed
 * blocks placed. Left out, like the reader leaves them out: dimensions (their lines and arrows
 * are not exposed by collectDrawing), title blocks, frames and anything on annotation layers
 * (border, title, dim, text, hatch…); a sheet frame drawn as plain lines is dropped too
 * (`dropFrames`), so the part gets the pixels. Text (TEXT, MTEXT, dimension texts) is not drawn:
 * no font ships with the product and a server may have none installed, so the image carries only
 * geometry; send the reader's extracted text along with it.
 *
 * The drawing's extents fill the image less a margin of 2 % of the longest side; the aspect ratio
 * is kept. Work is bounded: detail finer than half a pixel is dropped (points closer than 0.5 px
 * to the last one drawn, paths shorter than that, exact repeats), and a drawing that expands to
 * more than 1 000 000 lines and arcs is refused. The real drawings take under 0.1 s; 200 000
 * lines (10 MB) about 2 s and 500 000 (25 MB, the upload limit) about 5 s with 1 GB of peak
 * memory, two thirds of it dxf-parser's (`npm run bench`). Parsing and drawing block the thread;
 * rasterizing runs on libuv's pool.
 *
 * @param content - the DXF file as text (ASCII DXF)
 * @param fileName - the uploaded file's name, for messages
 * @param options.maxSidePx - longest side of the image, px, integer 64 to 8192 (default 1568,
 *   {@link claudeMaxSidePx})
 * @returns the PNG with its size and scale, or undefined when there is nothing to draw (no
 *   geometry outside text, dimensions and title blocks, or all of it in one point)
 * @throws DxfReadError for text that is not a readable DXF, with the offline reader's message
 *   (empty, binary, truncated, damaged), and for a drawing too large to draw
 * @throws RangeError for a maxSidePx outside 64 to 8192
 */
export async function renderDxfImage(
  content: string,
  fileName: string,
  options: { maxSidePx?: number } = {},
): Promise<DxfImage | undefined> {
  const maxSidePx = options.maxSidePx ?? claudeMaxSidePx;
  if (!Number.isInteger(maxSidePx) || maxSidePx < 64 || maxSidePx > 8192) {
    throw new RangeError(`maxSidePx must be an integer from 64 to 8192, not ${maxSidePx}`);
  }
  const { dxf, mmPerUnit } = parseDxf(content, fileName);
  const count = primitiveCount(dxf);
  if (count > maxPrimitives) {
    throw new DxfReadError(
      `${fileName} is too large to draw: it expands to more than ${maxPrimitives.toLocaleString('en')} lines and arcs. Send a drawing of the part alone.`,
    );
  }
  const drawing = collectDrawing(dxf, mmPerUnit);
  const scene = sceneOf(
    dropFrames(drawing.primitives, drawing.notes),
    drawing.hidden,
    drawing.centreLines,
    maxSidePx,
  );
  if (!scene) return undefined;
  const image = await renderAsync(scene.svg, {
    background: 'white',
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
    logLevel: 'off',
  });
  return {
    png: image.asPng(),
    widthPx: scene.widthPx,
    heightPx: scene.heightPx,
    mmPerPx: scene.mmPerPx,
  };
}

type Counted = IEntity & {
  name?: string;
  rowCount?: number;
  columnCount?: number;
  xScale?: number;
  yScale?: number;
  vertices?: { bulge?: number }[];
  fitPoints?: unknown[];
  controlPoints?: unknown[];
};

/**
 * How many lines and arcs collectDrawing will make of the drawing at most: blocks counted once
 * per (name, depth, stretch) and multiplied by their INSERT arrays, ellipses as 49 lines, arcs
 * and bulges under a non-uniform block scale as 73, anything else as 1. Stops past the limit.
 */
function primitiveCount(dxf: IDxf): number {
  const blocks = dxf.blocks ?? {};
  const counted = new Map<string, number>();
  const countOf = (entities: IEntity[], depth: number, stretched: boolean): number => {
    let total = 0;
    for (const raw of entities) {
      const entity = raw as Counted;
      switch (entity.type) {
        case 'INSERT': {
          const block = entity.name ? blocks[entity.name] : undefined;
          if (!block || depth > 16) break;
          const stretch =
            stretched || Math.abs(entity.xScale ?? 1) !== Math.abs(entity.yScale ?? 1);
          const key = `${entity.name}\u0000${depth}\u0000${stretch}`;
          let inside = counted.get(key);
          if (inside === undefined) {
            inside = countOf(block.entities ?? [], depth + 1, stretch);
            counted.set(key, inside);
          }
          total +=
            Math.max(1, entity.rowCount ?? 1) * Math.max(1, entity.columnCount ?? 1) * inside;
          break;
        }
        case 'LINE':
          total += 1;
          break;
        case 'ELLIPSE':
          total += 49;
          break;
        case 'ARC':
        case 'CIRCLE':
          total += stretched ? 73 : 1;
          break;
        case 'LWPOLYLINE':
        case 'POLYLINE':
          for (const vertex of entity.vertices ?? []) total += stretched && vertex.bulge ? 73 : 1;
          break;
        case 'SPLINE':
          total += (entity.fitPoints?.length || entity.controlPoints?.length) ?? 0;
          break;
        default:
          total += 1;
      }
      if (total > maxPrimitives) return total;
    }
    return total;
  };
  return countOf(dxf.entities ?? [], 0, false);
}

interface Scene {
  svg: string;
  widthPx: number;
  heightPx: number;
  mmPerPx: number;
}

/** The three kinds of line; widths and dashes in px, whatever the image size. */
const styles = {
  centre: { stroke: '#6b6b6b', width: 1, dashes: [20, 5, 3, 5] },
  hidden: { stroke: '#4d4d4d', width: 1.5, dashes: [8, 5] },
  visible: { stroke: '#000000', width: 2, dashes: [] },
} as const;

function sceneOf(
  visible: Primitive[],
  hidden: Primitive[],
  centre: Primitive[],
  maxSidePx: number,
): Scene | undefined {
  // Box by box rather than one array of boxes: a large drawing has a million primitives.
  let box: Box = unionBox([]);
  for (const primitives of [visible, hidden, centre]) {
    for (const primitive of primitives) box = unionBox([box, boxOf(primitive)]);
  }
  const widthMm = box.maxX - box.minX;
  const heightMm = box.maxY - box.minY;
  const longestMm = Math.max(widthMm, heightMm);
  if (!(longestMm > 0) || !Number.isFinite(longestMm)) return undefined;
  const marginPx = Math.max(4, Math.round(0.02 * maxSidePx));
  const pxPerMm = (maxSidePx - 2 * marginPx) / longestMm;
  const widthPx = Math.max(1, Math.round(widthMm * pxPerMm + 2 * marginPx));
  const heightPx = Math.max(1, Math.round(heightMm * pxPerMm + 2 * marginPx));
  const x0 = (widthPx - widthMm * pxPerMm) / 2;
  const y0 = (heightPx - heightMm * pxPerMm) / 2;
  const toPx = (x: number, y: number): [number, number] => [
    x0 + (x - box.minX) * pxPerMm,
    y0 + (box.maxY - y) * pxPerMm,
  ];
  const groups: string[] = [];
  let drawn = 0;
  for (const [kind, primitives] of [
    ['centre', centre],
    ['hidden', hidden],
    ['visible', visible],
  ] as const) {
    const path = new PixelPath();
    for (const primitive of primitives) path.add(primitive, toPx, pxPerMm);
    const paths = path.finish();
    if (paths.length === 0) continue;
    drawn += paths.length;
    const style = styles[kind];
    groups.push(
      `<g fill="none" stroke="${style.stroke}" stroke-width="${style.width}" stroke-linejoin="round"${
        style.dashes.length ? ` stroke-dasharray="${style.dashes.join(' ')}"` : ''
      }>${paths.map((d) => `<path d="${d}"/>`).join('')}</g>`,
    );
  }
  if (drawn === 0) return undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" viewBox="0 0 ${widthPx} ${heightPx}">${groups.join('')}</svg>`;
  return { svg, widthPx, heightPx, mmPerPx: 1 / pxPerMm };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Points closer than this to the last point drawn are skipped, px. */
const minStepPx = 0.5;
/** Sub-paths per SVG path element: resvg strokes many small paths faster than one huge one. */
const subpathsPerElement = 100;

/**
 * SVG path data in pixels, simplified: consecutive primitives that meet continue one sub-path,
 * points within half a pixel of the last one drawn are skipped (the end of a sub-path is kept),
 * sub-paths spanning less than half a pixel and exact repeats are dropped.
 */
class PixelPath {
  private readonly elements: string[] = [];
  private subpaths: string[] = [];
  private readonly seen = new Set<string>();
  private current = '';
  private segments = 0;
  /** Last point written to `current`. */
  private last: [number, number] = [NaN, NaN];
  /** Where the sub-path really ends when its last point was skipped. */
  private pending: [number, number] | undefined;

  add(
    primitive: Primitive,
    toPx: (x: number, y: number) => [number, number],
    pxPerMm: number,
  ): void {
    if (primitive.kind === 'line') {
      this.moveTo(toPx(primitive.a.x, primitive.a.y));
      this.lineTo(toPx(primitive.b.x, primitive.b.y));
      return;
    }
    const { center, radius, startRad, endRad } = primitive;
    const radiusPx = radius * pxPerMm;
    const at = (rad: number) =>
      toPx(center.x + radius * Math.cos(rad), center.y + radius * Math.sin(rad));
    if (isFullCircle(primitive)) {
      if (radiusPx < minStepPx) return;
      const [cx, cy] = toPx(center.x, center.y);
      const r = round(radiusPx);
      this.finishSubpath();
      this.current = `M${round(cx + radiusPx)} ${round(cy)}A${r} ${r} 0 1 0 ${round(cx - radiusPx)} ${round(cy)}A${r} ${r} 0 1 0 ${round(cx + radiusPx)} ${round(cy)}`;
      this.segments = 2;
      this.finishSubpath();
      return;
    }
    const sweep = endRad - startRad;
    this.moveTo(at(startRad));
    const end = at(endRad);
    if (radiusPx * sweep < 2 * minStepPx) {
      this.lineTo(end);
      return;
    }
    if (this.pending) this.lineTo(this.pending, true);
    // Y is flipped: counter-clockwise in the drawing is SVG's sweep-flag 0.
    const r = round(radiusPx);
    this.current += `A${r} ${r} 0 ${sweep > Math.PI ? 1 : 0} 0 ${round(end[0])} ${round(end[1])}`;
    this.segments++;
    this.last = end;
    this.pending = undefined;
  }

  /** The path data, one string per SVG path element. */
  finish(): string[] {
    this.finishSubpath();
    if (this.subpaths.length) this.elements.push(this.subpaths.join(''));
    this.subpaths = [];
    return this.elements;
  }

  private moveTo(point: [number, number]): void {
    const end = this.pending ?? this.last;
    if (this.current && distance(point, end) < minStepPx / 2) return;
    this.finishSubpath();
    this.current = `M${round(point[0])} ${round(point[1])}`;
    this.last = point;
  }

  private lineTo(point: [number, number], always = false): void {
    if (!always && distance(point, this.last) < minStepPx) {
      this.pending = point;
      return;
    }
    this.current += `L${round(point[0])} ${round(point[1])}`;
    this.segments++;
    this.last = point;
    this.pending = undefined;
  }

  private finishSubpath(): void {
    if (this.pending && this.segments > 0) {
      this.current += `L${round(this.pending[0])} ${round(this.pending[1])}`;
    }
    if (this.segments > 0 && !this.seen.has(this.current)) {
      this.seen.add(this.current);
      this.subpaths.push(this.current);
      if (this.subpaths.length === subpathsPerElement) {
        this.elements.push(this.subpaths.join(''));
        this.subpaths = [];
      }
    }
    this.current = '';
    this.segments = 0;
    this.pending = undefined;
    this.last = [NaN, NaN];
  }
}

function distance(a: [number, number], b: [number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}
