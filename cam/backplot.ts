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
 */
import { planeArc } from './cycle-time.ts';
import type { InterpreterEvent, MotionEvent, Point3 } from './gcode/events.ts';
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

/** Drawing resolution as a fraction of the plot's larger side (an 800 px view zoomed 5 times). */
const RESOLUTION_DIVISIONS = 4000;

const RAPID = 0;
const FEED = 1;
/** Fields per segment: kind, h0, v0, h1, v1, arc radius (0: a line), arc sweep flag. */
const FIELDS = 7;

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

/** The smallest power of two (mm) not below `value`. */
const powerOfTwoAtLeast = (value: number): number =>
  2 ** Math.ceil(Math.log2(Math.max(value, 1e-6)));

/** Collects the moves of a plot as segments in the plot plane, merging and decimating. */
class Segments {
  data = new Float64Array(FIELDS * 1024);
  count = 0;
  minH = Infinity;
  maxH = -Infinity;
  minV = Infinity;
  maxV = -Infinity;
  /** Decimation resolution, mm; 0 while the plot is drawn in full. */
  resolution = 0;
  private readonly cap: number;

  constructor(
    readonly maxSegments: number,
    readonly store: boolean,
  ) {
    this.cap = Math.max(4 * maxSegments, 10_000);
  }

  include(h: number, v: number): void {
    if (h < this.minH) this.minH = h;
    if (h > this.maxH) this.maxH = h;
    if (v < this.minV) this.minV = v;
    if (v > this.maxV) this.maxV = v;
  }

  get span(): number {
    if (this.minH > this.maxH) return 1;
    return Math.max(this.maxH - this.minH, this.maxV - this.minV, 1e-3);
  }

  line(kind: number, h0: number, v0: number, h1: number, v1: number): void {
    this.include(h0, v0);
    this.include(h1, v1);
    if (!this.store || (h0 === h1 && v0 === v1)) return;
    // Merge with the previous segment when it is a line of the same kind ending here and the
    // new end lies on its line, going on in the same direction.
    if (this.count > 0) {
      const base = (this.count - 1) * FIELDS;
      const d = this.data;
      if (d[base] === kind && d[base + 5] === 0 && d[base + 3] === h0 && d[base + 4] === v0) {
        const ah = d[base + 1]!;
        const av = d[base + 2]!;
        const dh = h0 - ah;
        const dv = v0 - av;
        const length = Math.hypot(dh, dv);
        const offLine = Math.abs(dh * (v1 - av) - dv * (h1 - ah)) / length;
        if (offLine <= 1e-4 && dh * (h1 - h0) + dv * (v1 - v0) > 0) {
          d[base + 3] = h1;
          d[base + 4] = v1;
          return;
        }
      }
    }
    this.push(kind, h0, v0, h1, v1, 0, 0);
  }

  /** An arc in the plot plane: centre, radius, start angle and signed sweep (radians, CCW +). */
  arc(
    from: [number, number],
    to: [number, number],
    ch: number,
    cv: number,
    radius: number,
    start: number,
    sweep: number,
  ): void {
    this.include(from[0], from[1]);
    this.include(to[0], to[1]);
    // The extreme points of the circle that the arc passes.
    for (let quarter = -8; quarter <= 8; quarter += 1) {
      const angle = (quarter * Math.PI) / 2;
      const along = sweep >= 0 ? angle - start : start - angle;
      if (along > 0 && along < Math.abs(sweep)) {
        this.include(ch + radius * Math.cos(angle), cv + radius * Math.sin(angle));
      }
    }
    if (!this.store) return;
    // SVG arcs are drawn as pieces of at most half a turn (no large-arc flag needed, and a full
    // circle, whose ends coincide, still draws). Seen with Y up, a negative sweep is clockwise;
    // on the screen (y down) that is SVG's positive-angle direction, sweep flag 1.
    const pieces = Math.abs(sweep) > Math.PI + 1e-9 ? 2 : 1;
    const flag = sweep < 0 ? 1 : 0;
    let previous = from;
    for (let piece = 1; piece <= pieces; piece += 1) {
      const angle = start + (sweep * piece) / pieces;
      const end: [number, number] =
        piece === pieces ? to : [ch + radius * Math.cos(angle), cv + radius * Math.sin(angle)];
      if (previous[0] !== end[0] || previous[1] !== end[1] || pieces > 1) {
        this.push(FEED, previous[0], previous[1], end[0], end[1], radius, flag);
      }
      previous = end;
    }
  }

  private push(
    kind: number,
    h0: number,
    v0: number,
    h1: number,
    v1: number,
    radius: number,
    flag: number,
  ): void {
    if ((this.count + 1) * FIELDS > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const base = this.count * FIELDS;
    this.data[base] = kind;
    this.data[base + 1] = h0;
    this.data[base + 2] = v0;
    this.data[base + 3] = h1;
    this.data[base + 4] = v1;
    this.data[base + 5] = radius;
    this.data[base + 6] = flag;
    this.count += 1;
    if (this.count > this.cap) this.decimate();
  }

  /** Decimate until at most `maxSegments` remain (no-op while they fit). */
  decimate(): void {
    if (this.count <= this.maxSegments) return;
    this.resolution = Math.max(
      this.resolution,
      powerOfTwoAtLeast(this.span / RESOLUTION_DIVISIONS),
    );
    this.compact();
    while (this.count > this.maxSegments) {
      this.resolution *= 2;
      this.compact();
    }
  }

  /**
   * One decimation pass at `resolution`: along each connected run of feed moves, a vertex
   * closer than the resolution to the last one kept is dropped (the run's last vertex is always
   * kept); segments whose ends fall in the same cells as a segment already drawn are left out.
   */
  private compact(): void {
    const r = this.resolution;
    const d = this.data;
    const out = new Float64Array(Math.max(this.count, 1024) * FIELDS);
    let outCount = 0;
    const seen = new Set<string>();
    const cell = (h: number, v: number) => `${Math.round(h / r)},${Math.round(v / r)}`;
    const emit = (
      kind: number,
      h0: number,
      v0: number,
      h1: number,
      v1: number,
      radius: number,
      flag: number,
    ) => {
      const a = cell(h0, v0);
      const b = cell(h1, v1);
      if (a === b) return;
      const key =
        radius > 0
          ? `${kind}a${a};${b};${Math.round(radius / r)};${flag}`
          : `${kind}l${a < b ? a : b};${a < b ? b : a}`;
      if (seen.has(key)) return;
      seen.add(key);
      const base = outCount * FIELDS;
      out[base] = kind;
      out[base + 1] = h0;
      out[base + 2] = v0;
      out[base + 3] = h1;
      out[base + 4] = v1;
      out[base + 5] = radius;
      out[base + 6] = flag;
      outCount += 1;
    };
    // The run of feed moves being thinned: its last kept vertex (anchor) and its last vertex.
    let open = false;
    let anchorH = 0;
    let anchorV = 0;
    let tailH = 0;
    let tailV = 0;
    const close = () => {
      if (open && (tailH !== anchorH || tailV !== anchorV)) {
        emit(FEED, anchorH, anchorV, tailH, tailV, 0, 0);
      }
      open = false;
    };
    for (let index = 0; index < this.count; index += 1) {
      const base = index * FIELDS;
      const kind = d[base]!;
      const h0 = d[base + 1]!;
      const v0 = d[base + 2]!;
      const h1 = d[base + 3]!;
      const v1 = d[base + 4]!;
      const radius = d[base + 5]!;
      const flag = d[base + 6]!;
      if (kind !== FEED) {
        close();
        emit(kind, h0, v0, h1, v1, radius, flag);
        continue;
      }
      if (!open || h0 !== tailH || v0 !== tailV) {
        close();
        open = true;
        anchorH = h0;
        anchorV = v0;
      }
      tailH = h1;
      tailV = v1;
      if (Math.hypot(h1 - anchorH, v1 - anchorV) < r) continue;
      // An arc is kept as an arc when it starts at the anchor; otherwise the dropped vertices
      // (all within the resolution) become part of a straight segment.
      if (radius > 0 && anchorH === h0 && anchorV === v0) emit(FEED, h0, v0, h1, v1, radius, flag);
      else emit(FEED, anchorH, anchorV, h1, v1, 0, 0);
      anchorH = h1;
      anchorV = v1;
    }
    close();
    this.data = out;
    this.count = outCount;
  }
}

/** A point in the plot plane: lathes (Z, X/2), others (X, Y). */
const project = (point: Point3, lathe: boolean): [number, number] =>
  lathe ? [point.z, point.x / 2] : [point.x, point.y];

/** Adds one motion to the plot. */
function addMotion(segments: Segments, event: MotionEvent, lathe: boolean): void {
  const { from, to } = event;
  if (!from) {
    segments.include(...project(to, lathe));
    return;
  }
  const kind = event.kind === 'rapid' ? RAPID : FEED;
  const a = project(from, lathe);
  const b = project(to, lathe);
  if (event.kind === 'arc' && event.arc) {
    const geometry = planeArc(from, to, event.arc, lathe);
    if (!(geometry.radius > 1e-9)) {
      segments.line(kind, a[0], a[1], b[0], b[1]);
      return;
    }
    const inPlane = lathe ? event.arc.plane === 'XZ' : event.arc.plane === 'XY';
    if (inPlane) {
      // The arc plane's (u, v) are the plot's (h, v) for these planes.
      segments.arc(a, b, geometry.cu, geometry.cv, geometry.radius, geometry.start, geometry.sweep);
      return;
    }
    // An arc seen edge-on or at an angle (G18/G19 on a mill): a fine polyline of its projection.
    const steps = Math.max(4, Math.min(128, Math.ceil(Math.abs(geometry.sweep) / (Math.PI / 32))));
    let previous = a;
    for (let step = 1; step <= steps; step += 1) {
      const fraction = step / steps;
      const angle = geometry.start + geometry.sweep * fraction;
      const u = geometry.cu + geometry.radius * Math.cos(angle);
      const v = geometry.cv + geometry.radius * Math.sin(angle);
      const w =
        (event.arc.plane === 'XY' ? from.z : event.arc.plane === 'XZ' ? from.y : from.x) +
        geometry.axial * fraction;
      const xScale = lathe ? 2 : 1;
      const point: Point3 =
        event.arc.plane === 'XY'
          ? { x: u * xScale, y: v, z: w }
          : event.arc.plane === 'XZ'
            ? { x: v * xScale, y: w, z: u }
            : { x: w * xScale, y: u, z: v };
      const next = step === steps ? b : project(point, lathe);
      segments.line(kind, previous[0], previous[1], next[0], next[1]);
      previous = next;
    }
    return;
  }
  segments.line(kind, a[0], a[1], b[0], b[1]);
}

interface Collected {
  segments: Segments;
  rapids: number;
  feeds: number;
}

function collect(
  events: Iterable<InterpreterEvent>,
  outline: PlotOutline,
  maxSegments: number,
  store: boolean,
): Collected {
  const lathe = outline.plane === 'XZ';
  const segments = new Segments(maxSegments, store);
  for (const polygon of outline.polygons) {
    for (const point of polygon) segments.include(point.x, point.y);
  }
  let rapids = 0;
  let feeds = 0;
  for (const event of events) {
    if (event.type !== 'motion') continue;
    if (event.kind === 'rapid') rapids += 1;
    else feeds += 1;
    addMotion(segments, event, lathe);
  }
  // Lathes: the spindle axis is part of the picture.
  if (lathe && segments.minH <= segments.maxH) segments.include(segments.minH, 0);
  if (store) segments.decimate();
  return { segments, rapids, feeds };
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
