/**
 * The backplot's motion collection: the interpreter's moves projected onto the plot plane and
 * stored as segments (lines and arcs), with the plot's extents (docs/decisions/013-cam-depth.md,
 * "Cycle time and backplot"). cam/backplot.ts draws them as SVG.
 *
 * Lathes are projected onto the XZ plane as (h, v) = (Z, X/2), the interpreter's X being a
 * diameter; mills, wire and sinker EDM onto the XY plane as (X, Y). Arcs in the plot plane stay
 * arcs (in pieces of at most half a turn); arcs in other planes become polylines. Consecutive
 * collinear moves of one kind are merged, and beyond `maxSegments` the segments are decimated to
 * the drawing's resolution (its larger side / 4000, a power of two in mm, coarsened until they
 * fit). Lengths are in mm.
 */
import { arcExtremes, planeArc } from './gcode/arcs.ts';
import type { InterpreterEvent, MotionEvent, Point3 } from './gcode/events.ts';
import type { PlotOutline } from './program.ts';

/** Drawing resolution as a fraction of the plot's larger side (an 800 px view zoomed 5 times). */
const RESOLUTION_DIVISIONS = 4000;

/** Segment kind of a rapid move. */
export const RAPID = 0;
/** Segment kind of a feed move (a line or an arc). */
export const FEED = 1;
/** Fields per segment: kind, h0, v0, h1, v1, arc radius (0: a line), arc sweep flag. */
export const FIELDS = 7;

/** The smallest power of two (mm) not below `value`. */
const powerOfTwoAtLeast = (value: number): number =>
  2 ** Math.ceil(Math.log2(Math.max(value, 1e-6)));

/** Collects the moves of a plot as segments in the plot plane, merging and decimating. */
export class Segments {
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
    for (const point of arcExtremes({ x: ch, y: cv }, radius, start, sweep))
      this.include(point.x, point.y);
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

/** What `collect` gathered: the segments, and the number of rapid and of feed moves read. */
export interface Collected {
  segments: Segments;
  rapids: number;
  feeds: number;
}

/**
 * Collect the motions of `events` (read once) and the outline's vertices into segments in the
 * plot plane; `outline.plane` 'XZ' projects as a lathe. With `store` false only the extents are
 * kept (nothing is stored, nothing decimated); with `store` true the segments are decimated to
 * at most `maxSegments` at the end.
 */
export function collect(
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
