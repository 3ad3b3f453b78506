/**
 * The block as a milling program cuts it: a Z height map on a grid of square cells, each cell
 * holding the height of the material at its centre. The mill planner runs its operations
 * through it to plan each one against the stock the previous ones left (rest material, feeds
 * for the engagement each move really has), and the verifier runs the finished program
 * through it to check every cut and the finished part.
 *
 * Units: mm, work coordinates (G54). The grid covers the block's XY area; points outside it hold
 * no material. Heights never go below the block's bottom (a cut through is at the bottom).
 *
 * Tools: flat end mills, face mills, taps, reamers and boring heads are flat cylinders of their
 * radius; drills and spot drills are cones whose height grows by `cone` mm per mm of radius
 * (118° drills 0.6, 90° spot drills 1).
 *
 * How a move is measured (`engagement`, before the move is applied): along a straight move the
 * leading half of the tool's rim, read 3/4 of a cell inside the tool so that the walls beside
 * its path are not taken for material it cuts (17 points across the tool, evenly spaced in the
 * direction across the move), is read at up to 24 places; a point is engaged when the material
 * there stands above the tool's bottom. The radial engagement ae is the width across the move
 * of the engaged points, out to the tool's edge where the outermost point is engaged (to within
 * 1/16 of the diameter and one cell; cuts narrower than 3/4 of a cell are not seen), the axial
 * engagement ap the highest material above the tool's bottom there, and the reach the highest
 * material within the shank's radius plus one cell above the bottom (what the flute length must
 * cover). A move with no XY travel (a plunge) is measured over the whole disc under the tool:
 * ae is the diameter when any material is cut.
 */
import { arcPoints, circularArc } from '../gcode/arcs.ts';
import type { Point3 } from '../gcode/events.ts';
import type { BlockStock } from './program.ts';

/** A tool as the stock model sees it. */
export interface ModelTool {
  /** Cutting radius, mm. */
  radius: number;
  /** Height of the tool's cone per mm of radius (0 for flat tools). */
  cone: number;
  /** Radius of the shank above the flutes, mm (at least the cutting radius). */
  shankRadius: number;
}

/** Depth levels, as eighths of ap, at which the width of the cut is measured. */
export const profileLevels = 8;

/** What a move cuts, measured against the stock as it is before the move. */
export interface Engagement {
  /** Axial depth of cut: the highest material above the tool's bottom that the tool meets, mm. */
  ap: number;
  /** Radial engagement (width of cut across the move), mm; 0 when the move cuts nothing. */
  ae: number;
  /**
   * The width of the cut at depth ap · (k + 1) / 8 and deeper (k = 0…7), mm: a cut that is
   * deep only over part of its width (a finishing pass taking a wall's allowance and a floor's)
   * is judged by each depth with its own width.
   */
  widths: number[];
  /** The largest cross-section of the cut across the move (Σ height × width), mm². */
  areaMm2: number;
  /** The highest material above the tool's bottom within the shank's radius plus a cell, mm. */
  reach: number;
}

/** Nothing cut. */
export const noEngagement = (): Engagement => ({
  ap: 0,
  ae: 0,
  widths: new Array<number>(profileLevels).fill(0),
  areaMm2: 0,
  reach: 0,
});

/**
 * The width of a cut at a depth and deeper, from its profile: at most the width of the profile's
 * level at or above that depth (shallower levels are wider), mm.
 */
export function widthAtDepth(engagement: Engagement, depth: number): number {
  if (engagement.ap <= 0 || depth > engagement.ap + 1e-9) return 0;
  const level = Math.floor((depth / engagement.ap) * profileLevels + 1e-9) - 1;
  return level < 0 ? engagement.ae : engagement.widths[Math.min(level, profileLevels - 1)]!;
}

/**
 * The engagement of a move cut along several pieces (the chords of an arc): the largest of each
 * measure, and at each depth the widest of the pieces' widths there.
 */
export function mergeEngagement(into: Engagement, piece: Engagement): Engagement {
  const ap = Math.max(into.ap, piece.ap);
  return {
    ap,
    ae: Math.max(into.ae, piece.ae),
    widths: into.widths.map((_, k) => {
      const depth = (ap * (k + 1)) / profileLevels;
      return Math.max(widthAtDepth(into, depth), widthAtDepth(piece, depth));
    }),
    areaMm2: Math.max(into.areaMm2, piece.areaMm2),
    reach: Math.max(into.reach, piece.reach),
  };
}

/** Material thinner than this above the tool's bottom is not counted as cut, mm. */
export const engagedAboveMm = 0.01;

/** Rim points across the tool and places read along a move. */
const rimIntervals = 16;
const ringPoints = 12;
const maxSamples = 24;

/**
 * The grid cell for a block and the smallest milling cutter of a job: a tenth of the cutter's
 * diameter, between 0.1 and 0.25 mm, and coarse enough to keep the grid within 3 million cells.
 * @param smallestCutterMm - diameter of the smallest end mill or face mill, mm
 */
export function cellSizeFor(stock: Pick<BlockStock, 'xMm' | 'yMm'>, smallestCutterMm: number) {
  const wanted = Math.min(0.25, Math.max(0.1, smallestCutterMm / 10));
  return Math.max(wanted, Math.sqrt((stock.xMm * stock.yMm) / 3_000_000));
}

/**
 * The chords a circular XY move (G2/G3) is followed along, no chord more than 0.002 mm from the
 * arc, Z linear along the arc (a helix). The planner and the verifier cut arcs along the same
 * chords.
 * @returns the chords' end points, the last one `to`
 */
export function arcChords(
  from: Point3,
  to: Point3,
  center: { x: number; y: number },
  clockwise: boolean,
): Point3[] {
  const { radius, start, sweep } = circularArc(from, to, center, clockwise);
  const chords = arcPoints(center, radius, start, sweep, 0.002).slice(1);
  const points = chords.map((point, index) => ({
    x: point.x,
    y: point.y,
    z: from.z + ((to.z - from.z) * (index + 1)) / chords.length,
  }));
  points[points.length - 1] = to;
  return points;
}

export class StockModel {
  /** Cell size, mm. */
  readonly cell: number;
  readonly x0: number;
  readonly y0: number;
  readonly nx: number;
  readonly ny: number;
  /** Z of the block's bottom and of its top as supplied. */
  readonly bottom: number;
  readonly top: number;
  /** Material height at each cell's centre, row by row (index j · nx + i). */
  readonly heights: Float32Array;
  /**
   * When kept ({@link keepCutLines}): the program line whose move last lowered each cell (0:
   * never cut), so that a cut into the part is named by its line.
   */
  cutBy: Int32Array | undefined;
  /** The program line of the move being swept, written into {@link cutBy}. */
  line = 0;
  private readonly stock: BlockStock;

  constructor(stock: BlockStock, cellMm: number, heights?: Float32Array) {
    this.cell = cellMm;
    this.x0 = stock.origin.x;
    this.y0 = stock.origin.y;
    this.nx = Math.max(1, Math.ceil(stock.xMm / cellMm - 1e-9));
    this.ny = Math.max(1, Math.ceil(stock.yMm / cellMm - 1e-9));
    this.bottom = stock.origin.z;
    this.top = stock.origin.z + stock.zMm;
    this.heights = heights ?? new Float32Array(this.nx * this.ny).fill(this.top);
    this.stock = stock;
  }

  /** Keep, from now on, the line of the move that last lowers each cell ({@link cutBy}). */
  keepCutLines(): void {
    this.cutBy ??= new Int32Array(this.nx * this.ny);
  }

  /** A copy to try operations on. */
  clone(): StockModel {
    return new StockModel(this.stock, this.cell, this.heights.slice());
  }

  /** X and Y of a cell's centre. */
  xOf(i: number): number {
    return this.x0 + (i + 0.5) * this.cell;
  }

  yOf(j: number): number {
    return this.y0 + (j + 0.5) * this.cell;
  }

  /** The material height at a point (the cell it lies in); −∞ outside the block or cut through. */
  heightAt(x: number, y: number): number {
    const i = Math.floor((x - this.x0) / this.cell);
    const j = Math.floor((y - this.y0) / this.cell);
    if (i < 0 || j < 0 || i >= this.nx || j >= this.ny) return -Infinity;
    const h = this.heights[j * this.nx + i]!;
    return h > this.bottom + 1e-6 ? h : -Infinity;
  }

  /** Visit the cells whose centres lie within `radius` of (x, y), with their distance. */
  private each(x: number, y: number, radius: number, visit: (index: number, d: number) => void) {
    const c = this.cell;
    const i0 = Math.max(0, Math.ceil((x - radius - this.x0) / c - 0.5));
    const i1 = Math.min(this.nx - 1, Math.floor((x + radius - this.x0) / c - 0.5));
    const j0 = Math.max(0, Math.ceil((y - radius - this.y0) / c - 0.5));
    const j1 = Math.min(this.ny - 1, Math.floor((y + radius - this.y0) / c - 0.5));
    const r2 = radius * radius;
    for (let j = j0; j <= j1; j += 1) {
      const dy = this.y0 + (j + 0.5) * c - y;
      for (let i = i0; i <= i1; i += 1) {
        const dx = this.x0 + (i + 0.5) * c - x;
        const d2 = dx * dx + dy * dy;
        if (d2 <= r2) visit(j * this.nx + i, Math.sqrt(d2));
      }
    }
  }

  /**
   * How far a tool standing with its bottom (cone tip) at (x, y, z) would be inside the
   * remaining material (0 when clear); cells cut through are clear.
   */
  collision(x: number, y: number, z: number, radius: number, cone: number): number {
    let worst = 0;
    const { heights, bottom } = this;
    this.each(x, y, radius, (index, d) => {
      const height = heights[index]!;
      if (height <= bottom + 1e-6) return;
      const depth = Math.min(height - bottom, height - (z + cone * d));
      if (depth > worst) worst = depth;
    });
    return worst;
  }

  /**
   * Where a rapid move of a tool from `a` to `b` first enters the material more than 0.01 mm
   * deep, read every half cell along it with the tool's radius less a cell (a rapid grazing a
   * wall it just cut is not a collision), or undefined when it stays clear.
   */
  rapidCollision(
    a: Point3,
    b: Point3,
    radius: number,
    cone: number,
  ): { depth: number; at: Point3 } | undefined {
    const check = Math.max(0, radius - this.cell);
    const length = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
    const steps = Math.max(1, Math.ceil(length / (this.cell / 2)));
    for (let step = 0; step <= steps; step += 1) {
      const t = step / steps;
      const at = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, z: a.z + (b.z - a.z) * t };
      const depth = this.collision(at.x, at.y, at.z, check, cone);
      if (depth > 0.01) return { depth, at };
    }
    return undefined;
  }

  /**
   * What a straight move of a tool from `a` to `b` (Z linear along it) cuts, measured against
   * the stock before the move; see the module's description.
   */
  engagement(a: Point3, b: Point3, tool: ModelTool): Engagement {
    const { radius, cone } = tool;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy);
    let ap = 0;
    let reach = 0;
    const ringRadius = Math.max(tool.shankRadius, radius) + this.cell;
    const readRing = (x: number, y: number, z: number) => {
      for (let k = 0; k < ringPoints; k += 1) {
        const angle = (2 * Math.PI * k) / ringPoints;
        const h = this.heightAt(x + ringRadius * Math.cos(angle), y + ringRadius * Math.sin(angle));
        if (h - z > reach) reach = h - z;
      }
    };
    if (length < 1e-6) {
      const z = Math.min(a.z, b.z);
      let cut = false;
      this.each(b.x, b.y, radius, (index, d) => {
        const height = this.heights[index]!;
        if (height <= this.bottom + 1e-6) return;
        const above = height - (z + cone * d);
        if (above > engagedAboveMm) cut = true;
        if (above > ap) ap = above;
        if (above + cone * d > reach) reach = above + cone * d;
      });
      // A disc narrower than a cell holds no cell centre: read the cell under the tool.
      const under = this.heightAt(b.x, b.y) - z;
      if (under > engagedAboveMm) cut = true;
      if (under > ap) ap = under;
      if (under > reach) reach = under;
      readRing(b.x, b.y, z);
      const ae = cut ? 2 * radius : 0;
      return {
        ap: Math.max(0, ap),
        ae,
        widths: new Array<number>(profileLevels).fill(ae),
        areaMm2: Math.max(0, ap) * ae,
        reach: Math.max(0, reach),
      };
    }
    const ux = dx / length;
    const uy = dy / length;
    // Left of the move.
    const vx = -uy;
    const vy = ux;
    const samples = Math.min(
      maxSamples,
      Math.max(1, Math.ceil(length / Math.max(this.cell, radius / 2))),
    );
    // The rim is read just inside the tool, so that the walls beside its path (cut by earlier
    // passes to the tool's radius, or never cut) are not taken for material it cuts.
    const rim = Math.max(radius / 2, radius - 0.75 * this.cell);
    const edge = radius - rim;
    const rimBottom = cone * rim;
    const points = rimIntervals + 1;
    const above = new Float64Array(samples * points);
    let areaMm2 = 0;
    for (let s = 0; s < samples; s += 1) {
      const t = s / samples;
      const px = a.x + dx * t;
      const py = a.y + dy * t;
      const z = a.z + (b.z - a.z) * t;
      let area = 0;
      for (let k = 0; k < points; k += 1) {
        const across = rim * (-1 + (2 * k) / rimIntervals);
        const ahead = Math.sqrt(Math.max(0, rim * rim - across * across));
        const h = this.heightAt(px + ahead * ux + across * vx, py + ahead * uy + across * vy);
        const value = h - (z + rimBottom);
        if (value > engagedAboveMm) {
          above[s * points + k] = value;
          if (value > ap) ap = value;
          area += value;
        }
      }
      areaMm2 = Math.max(areaMm2, (area * 2 * rim) / rimIntervals);
      readRing(px, py, z);
    }
    // The width across the move of the rim points at least `depth` deep, out to the tool's
    // edge where the rim's outermost point is among them.
    const widthAt = (depth: number) => {
      let width = 0;
      for (let s = 0; s < samples; s += 1) {
        let low = -1;
        let high = -1;
        for (let k = 0; k < points; k += 1)
          if (above[s * points + k]! >= depth && above[s * points + k]! > engagedAboveMm) {
            if (low < 0) low = k;
            high = k;
          }
        if (low < 0) continue;
        const w =
          ((high - low + 0.5) * 2 * rim) / rimIntervals +
          (low === 0 ? edge : 0) +
          (high === rimIntervals ? edge : 0);
        width = Math.max(width, Math.min(2 * radius, w));
      }
      return width;
    };
    const ae = widthAt(0);
    const widths = Array.from({ length: profileLevels }, (_, k) =>
      widthAt((ap * (k + 1)) / profileLevels - 1e-9),
    );
    const zEnd = Math.min(a.z, b.z);
    readRing(b.x, b.y, zEnd);
    return { ap, ae, widths, areaMm2, reach: Math.max(reach, ap) };
  }

  /**
   * Remove what a tool moving straight from `a` to `b` sweeps (Z linear along the move): every
   * cell whose centre comes within the tool's radius is lowered to the tool's lowest bottom over
   * it, never below the block's bottom.
   * @returns the volume removed, mm³
   */
  sweep(a: Point3, b: Point3, radius: number, cone: number): number {
    const c = this.cell;
    const { heights, bottom, cutBy } = this;
    const i0 = Math.max(0, Math.ceil((Math.min(a.x, b.x) - radius - this.x0) / c - 0.5));
    const i1 = Math.min(this.nx - 1, Math.floor((Math.max(a.x, b.x) + radius - this.x0) / c - 0.5));
    const j0 = Math.max(0, Math.ceil((Math.min(a.y, b.y) - radius - this.y0) / c - 0.5));
    const j1 = Math.min(this.ny - 1, Math.floor((Math.max(a.y, b.y) + radius - this.y0) / c - 0.5));
    if (i0 > i1 || j0 > j1) {
      // A tool thinner than a cell: it cuts the cell its centre passes.
      return radius < c ? this.sweepThin(a, b) : 0;
    }
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const dz = b.z - a.z;
    const A = dx * dx + dy * dy;
    const r2 = radius * radius;
    let removed = 0;
    for (let j = j0; j <= j1; j += 1) {
      const fy = a.y - (this.y0 + (j + 0.5) * c);
      for (let i = i0; i <= i1; i += 1) {
        const fx = a.x - (this.x0 + (i + 0.5) * c);
        const C = fx * fx + fy * fy - r2;
        let z: number;
        if (A < 1e-12) {
          if (C > 1e-9) continue;
          z = Math.min(a.z, b.z) + cone * Math.sqrt(fx * fx + fy * fy);
        } else {
          const B = 2 * (fx * dx + fy * dy);
          const disc = B * B - 4 * A * C;
          if (disc < 0) continue;
          const root = Math.sqrt(disc);
          const t1 = Math.max(0, (-B - root) / (2 * A));
          const t2 = Math.min(1, (-B + root) / (2 * A));
          if (t1 > t2) continue;
          z = Math.min(a.z + dz * t1, a.z + dz * t2) + (cone > 0 ? cone * radius : 0);
          if (cone > 0) {
            const tc = Math.min(t2, Math.max(t1, -B / (2 * A)));
            const d = Math.hypot(fx + dx * tc, fy + dy * tc);
            z = Math.min(z, a.z + dz * tc + cone * d);
          }
        }
        const index = j * this.nx + i;
        const old = heights[index]!;
        const next = Math.max(bottom, z);
        if (next < old) {
          removed += old - next;
          heights[index] = next;
          if (cutBy) cutBy[index] = this.line;
        }
      }
    }
    return removed * c * c;
  }

  /**
   * Visit every cell whose centre lies inside a region (outer boundaries and holes, non-zero
   * winding), row by row.
   */
  fill(region: readonly (readonly { x: number; y: number }[])[], visit: (index: number) => void) {
    const c = this.cell;
    const rows: number[][] = Array.from({ length: this.ny }, () => []);
    for (const polygon of region)
      for (let k = 0; k < polygon.length; k += 1) {
        const p = polygon[k]!;
        const q = polygon[(k + 1) % polygon.length]!;
        if (p.y === q.y) continue;
        const up = q.y > p.y;
        const low = up ? p : q;
        const high = up ? q : p;
        // Rows whose centre y is in [low.y, high.y).
        const j0 = Math.max(0, Math.ceil((low.y - this.y0) / c - 0.5));
        const j1 = Math.min(this.ny - 1, Math.ceil((high.y - this.y0) / c - 0.5) - 1);
        for (let j = j0; j <= j1; j += 1) {
          const y = this.y0 + (j + 0.5) * c;
          const x = low.x + ((y - low.y) * (high.x - low.x)) / (high.y - low.y);
          rows[j]!.push(x, up ? 1 : -1);
        }
      }
    for (let j = 0; j < this.ny; j += 1) {
      const crossings = rows[j]!;
      if (crossings.length === 0) continue;
      const order = Array.from({ length: crossings.length / 2 }, (_, k) => k).sort(
        (a, b) => crossings[2 * a]! - crossings[2 * b]!,
      );
      let winding = 0;
      let xStart = 0;
      for (const at of order) {
        const x = crossings[2 * at]!;
        const before = winding;
        winding += crossings[2 * at + 1]!;
        if (before === 0 && winding !== 0) xStart = x;
        else if (before !== 0 && winding === 0) {
          const i0 = Math.max(0, Math.ceil((xStart - this.x0) / c - 0.5));
          const i1 = Math.min(this.nx - 1, Math.ceil((x - this.x0) / c - 0.5) - 1);
          for (let i = i0; i <= i1; i += 1) visit(j * this.nx + i);
        }
      }
    }
  }

  /** A tool thinner than a cell: lower the cells its centre passes through. */
  private sweepThin(a: Point3, b: Point3): number {
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / (this.cell / 2)));
    let removed = 0;
    for (let step = 0; step <= steps; step += 1) {
      const t = step / steps;
      const i = Math.floor((a.x + (b.x - a.x) * t - this.x0) / this.cell);
      const j = Math.floor((a.y + (b.y - a.y) * t - this.y0) / this.cell);
      if (i < 0 || j < 0 || i >= this.nx || j >= this.ny) continue;
      const index = j * this.nx + i;
      const next = Math.max(this.bottom, Math.min(a.z, b.z));
      if (next < this.heights[index]!) {
        removed += this.heights[index]! - next;
        this.heights[index] = next;
        if (this.cutBy) this.cutBy[index] = this.line;
      }
    }
    return removed * this.cell * this.cell * 0.25;
  }
}
