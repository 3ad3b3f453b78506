/**
 * The backplot: the interpreter's moves drawn as a standalone SVG document over the part's
 * outline (docs/decisions/013-cam-depth.md, "Cycle time and backplot").
 *
 * Lathes are drawn in the XZ plane: Z to the right, X up as a radius (the interpreter's X is a
 * diameter, so x/2). Mills, wire and sinker EDM in the XY plane with Y up. The SVG's user units
 * are millimetres with the y axis flipped: a point (h, v) of the plot is written (h, −v).
 *
 * Feed moves and arcs are solid blue, rapids dashed orange; each kind is one `<path>`, with
 * `vector-effect="non-scaling-stroke"` so lines stay thin when the viewer zooms. Consecutive
 * collinear moves are merged. Beyond `maxSegments` the plot is decimated to the drawing's
 * resolution (its larger side / 4000, a power of two in mm, coarsened until the segments fit):
 * feed vertices closer than the resolution to the last drawn vertex are dropped and segments
 * that repeat one already drawn (at that resolution) are drawn once, so a 1,000,000-line
 * program gives a document well under 5 MB (about 0.5 MB at the default). Numbers are rounded
 * to 0.001 mm: the output is deterministic.
 *
 * Renderers without `vector-effect` (resvg, used for the DXF previews) draw the strokes in mm:
 * too thick for small parts. Browsers all support it.
 *
 * The moves are projected, merged and decimated by backplot-segments.ts; this module draws
 * them.
 */
import { FEED, FIELDS, RAPID, collect } from './backplot-segments.ts';
import type { Segments } from './backplot-segments.ts';
import type { InterpreterEvent } from './gcode/events.ts';
import type { PlotOutline, SimulatedPart } from './program.ts';

export interface BackplotOptions {
  /** Shown in the document's title and aria-label. */
  title?: string;
  /** Segments drawn before decimation starts (default 50,000). */
  maxSegments?: number;
  /** The part as the simulation left it: shaded, with material left and gouges marked. */
  simulated?: SimulatedPart;
}

/** The extents of a plot in its plane (lathes: h = Z, v = X as a radius; others: h = X, v = Y). */
export interface PlotExtents {
  minH: number;
  maxH: number;
  minV: number;
  maxV: number;
}

export const DEFAULT_MAX_SEGMENTS = 50_000;

const colours = {
  rapid: '#d9480f',
  feed: '#1f6feb',
  partFill: '#e5e7eb',
  partStroke: '#374151',
  axis: '#9ca3af',
  text: '#1f2328',
  simulated: '#86efac',
  left: '#f59e0b',
  gouge: '#dc2626',
};

/** SVG path data of closed polygons, y flipped (SVG y grows down). */
const polygonPath = (polygons: { x: number; y: number }[][]) =>
  polygons
    .filter((polygon) => polygon.length >= 3)
    .map((polygon) => `M${polygon.map((point) => `${num(point.x)} ${num(-point.y)}`).join('L')}Z`)
    .join('');

/** Text safe in XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => {
    switch (character) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&#39;';
    }
  });
}

/** A number rounded to 0.001 without trailing zeros or "-0". */
function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

/**
 * The extents of the moves and the outline in the plot plane (null when there is nothing to
 * draw). Reads `events` once.
 */
export function plotExtents(
  events: Iterable<InterpreterEvent>,
  outline: PlotOutline,
): PlotExtents | null {
  const { segments } = collect(events, outline, DEFAULT_MAX_SEGMENTS, false);
  if (segments.minH > segments.maxH) return null;
  return {
    minH: segments.minH,
    maxH: segments.maxH,
    minV: segments.minV,
    maxV: segments.maxV,
  };
}

/** Path data of the segments of one kind, in SVG coordinates (y flipped). */
function pathData(segments: Segments, kind: number): string {
  const parts: string[] = [];
  let pen = '';
  const d = segments.data;
  for (let index = 0; index < segments.count; index += 1) {
    const base = index * FIELDS;
    if (d[base] !== kind) continue;
    const start = `${num(d[base + 1]!)} ${num(-d[base + 2]!)}`;
    const end = `${num(d[base + 3]!)} ${num(-d[base + 4]!)}`;
    if (start !== pen) parts.push(`M${start}`);
    const radius = d[base + 5]!;
    parts.push(
      radius > 0 ? `A${num(radius)} ${num(radius)} 0 0 ${d[base + 6]!} ${end}` : `L${end}`,
    );
    pen = end;
  }
  return parts.join('');
}

/** A round length for the scale bar: 1, 2 or 5 × 10^n mm, at most `target`. */
function scaleLength(target: number): number {
  const power = 10 ** Math.floor(Math.log10(target));
  for (const step of [5, 2, 1]) if (step * power <= target) return step * power;
  return power;
}

/**
 * Draw a program's moves over the part outline as a standalone SVG document.
 * @param events - the interpreter's events, read once (a 1,000,000-line program streams)
 * @param outline - the part in the plot's plane; its `plane` chooses XZ (lathe) or XY
 */
export function backplotSvg(
  events: Iterable<InterpreterEvent>,
  outline: PlotOutline,
  options: BackplotOptions = {},
): string {
  const maxSegments = Math.max(1, Math.floor(options.maxSegments ?? DEFAULT_MAX_SEGMENTS));
  const { segments, rapids, feeds } = collect(events, outline, maxSegments, true);
  const lathe = outline.plane === 'XZ';

  let { minH, maxH, minV, maxV } = segments;
  if (minH > maxH) {
    minH = 0;
    maxH = 10;
    minV = 0;
    maxV = 10;
  }
  const width = Math.max(maxH - minH, 1);
  const height = Math.max(maxV - minV, 1);
  const margin = 0.05 * Math.max(width, height);
  const drawingHeight = height + 2 * margin;
  let boxWidth = width + 2 * margin;
  const font = 0.025 * Math.max(boxWidth, drawingHeight);
  // Room for the legend and the scale bar under narrow drawings.
  const shown = options.simulated;
  const legendWidth =
    (34 +
      (shown && shown.part.length > 0 ? 11 : 0) +
      (shown && shown.left.length > 0 ? 6 : 0) +
      (shown && shown.gouged.length > 0 ? 7 : 0)) *
    font;
  let boxX = (minH + maxH) / 2 - width / 2 - margin;
  if (boxWidth < legendWidth) {
    boxX -= (legendWidth - boxWidth) / 2;
    boxWidth = legendWidth;
  }
  // SVG y is −v: the top of the drawing is the largest v.
  const boxY = -((minV + maxV) / 2 + height / 2) - margin;
  const legendHeight = 2.6 * font;
  const boxHeight = drawingHeight + legendHeight;
  const pixels = Math.min(800 / boxWidth, 600 / boxHeight);
  const pixelWidth = Math.max(1, Math.round(boxWidth * pixels));
  const pixelHeight = Math.max(1, Math.round(boxHeight * pixels));

  const title = options.title?.trim() || 'Backplot';
  const plane = lathe ? 'XZ plane, X as a radius' : 'XY plane';
  const label = `${title}: ${rapids + feeds} moves (${rapids} rapid, ${feeds} feed), ${plane}${
    segments.resolution > 0 ? `, simplified to ${num(segments.resolution)} mm` : ''
  }`;
  const stroke = 'vector-effect="non-scaling-stroke"';

  const part = outline.polygons
    .filter((polygon) => polygon.length >= 2)
    .map((polygon) => `M${polygon.map((point) => `${num(point.x)} ${num(-point.y)}`).join('L')}Z`)
    .join('');

  const lines: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="${num(boxX)} ${num(boxY)} ${num(boxWidth)} ${num(boxHeight)}" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<rect x="${num(boxX)}" y="${num(boxY)}" width="${num(boxWidth)}" height="${num(boxHeight)}" fill="#ffffff"/>`,
  ];
  if (part) {
    lines.push(
      `<path data-kind="part" d="${part}" fill="${colours.partFill}" fill-rule="evenodd" stroke="${colours.partStroke}" stroke-width="1" ${stroke}/>`,
    );
  }
  // The simulated part over the drawn one; what is left in amber, what is cut away in red.
  const simulated = options.simulated;
  const simulatedPath = simulated ? polygonPath(simulated.part) : '';
  const leftPath = simulated ? polygonPath(simulated.left) : '';
  const gougePath = simulated ? polygonPath(simulated.gouged) : '';
  if (simulatedPath)
    lines.push(
      `<path data-kind="simulated" d="${simulatedPath}" fill="${colours.simulated}" fill-opacity="0.55" fill-rule="evenodd" stroke="none"/>`,
    );
  if (leftPath)
    lines.push(
      `<path data-kind="left" d="${leftPath}" fill="${colours.left}" fill-rule="evenodd" stroke="${colours.left}" stroke-width="2" ${stroke}/>`,
    );
  if (gougePath)
    lines.push(
      `<path data-kind="gouge" d="${gougePath}" fill="${colours.gouge}" fill-rule="evenodd" stroke="${colours.gouge}" stroke-width="2" ${stroke}/>`,
    );
  if (lathe) {
    lines.push(
      `<path data-kind="axis" d="M${num(boxX)} 0H${num(boxX + boxWidth)}" fill="none" stroke="${colours.axis}" stroke-width="0.75" stroke-dasharray="12 3 2 3" ${stroke}/>`,
    );
  }
  const rapidPath = pathData(segments, RAPID);
  if (rapidPath) {
    lines.push(
      `<path data-kind="rapid" d="${rapidPath}" fill="none" stroke="${colours.rapid}" stroke-width="1" stroke-dasharray="4 3" ${stroke}/>`,
    );
  }
  const feedPath = pathData(segments, FEED);
  if (feedPath) {
    lines.push(
      `<path data-kind="feed" d="${feedPath}" fill="none" stroke="${colours.feed}" stroke-width="1.25" stroke-linejoin="round" stroke-linecap="round" ${stroke}/>`,
    );
  }

  // Legend and scale bar, under the drawing.
  const baseline = boxY + drawingHeight + 1.7 * font;
  const middle = baseline - 0.35 * font;
  let x = boxX + margin;
  const swatch = 2.5 * font;
  const legend: string[] = [];
  legend.push(
    `<path d="M${num(x)} ${num(middle)}h${num(swatch)}" stroke="${colours.rapid}" stroke-width="1.5" stroke-dasharray="4 3" ${stroke}/>`,
    `<text x="${num(x + swatch + 0.5 * font)}" y="${num(baseline)}">Rapid</text>`,
  );
  x += swatch + 4.5 * font;
  legend.push(
    `<path d="M${num(x)} ${num(middle)}h${num(swatch)}" stroke="${colours.feed}" stroke-width="2" ${stroke}/>`,
    `<text x="${num(x + swatch + 0.5 * font)}" y="${num(baseline)}">Feed</text>`,
  );
  x += swatch + 4 * font;
  legend.push(
    `<rect x="${num(x)}" y="${num(middle - 0.45 * font)}" width="${num(swatch)}" height="${num(0.9 * font)}" fill="${colours.partFill}" stroke="${colours.partStroke}" stroke-width="1" ${stroke}/>`,
    `<text x="${num(x + swatch + 0.5 * font)}" y="${num(baseline)}">Part</text>`,
  );
  let lastLabel = 'Part';
  const swatchOf = (fill: string, label: string) => {
    x += swatch + (0.6 * lastLabel.length + 1.6) * font;
    lastLabel = label;
    legend.push(
      `<rect x="${num(x)}" y="${num(middle - 0.45 * font)}" width="${num(swatch)}" height="${num(0.9 * font)}" fill="${fill}" ${stroke}/>`,
      `<text x="${num(x + swatch + 0.5 * font)}" y="${num(baseline)}">${label}</text>`,
    );
  };
  if (simulatedPath) swatchOf(colours.simulated, 'Simulated');
  if (leftPath) swatchOf(colours.left, 'Left');
  if (gougePath) swatchOf(colours.gouge, 'Gouge');
  const bar = scaleLength(Math.max(boxWidth / 5, 1e-3));
  const barEnd = boxX + boxWidth - margin;
  const barStart = barEnd - bar;
  legend.push(
    `<path data-kind="scale" d="M${num(barStart)} ${num(middle - 0.3 * font)}v${num(0.6 * font)}M${num(barStart)} ${num(middle)}H${num(barEnd)}M${num(barEnd)} ${num(middle - 0.3 * font)}v${num(0.6 * font)}" stroke="${colours.text}" stroke-width="1.5" ${stroke}/>`,
    `<text x="${num(barStart - 0.5 * font)}" y="${num(baseline)}" text-anchor="end">${escapeXml(`${num(bar)} mm`)}</text>`,
  );
  lines.push(
    `<g data-kind="legend" font-family="system-ui, sans-serif" font-size="${num(font)}" fill="${colours.text}">${legend.join('')}</g>`,
    '</svg>',
  );
  return `${lines.join('\n')}\n`;
}
