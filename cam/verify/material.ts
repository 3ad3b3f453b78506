/**
 * The bar as the program cuts it, for checking rapids and finished sizes: the axis is divided
 * into bins (0.01 mm by default), each holding the material between an inner and an outer radius.
 *
 * How each tool removes material (the tool tip is a point at (z, r), r a radius):
 * - external turning tools cut from outside toward the chuck, so a tip at (z, r) clears
 *   everything above r from z to the free end (a prefix minimum over the bins toward the chuck);
 * - grooving and parting blades clear above r only under the blade, from z - width to z;
 * - drills clear below their radius from their tip to the free end;
 * - boring bars clear below r from z to the free end (a prefix maximum).
 * These are the sweeps of tools moving as this product's toolpaths move them; a tool moving in
 * ways they do not describe is judged by its tip.
 */

/** Fenwick tree over prefix minima, for values that only ever decrease. */
class PrefixMin {
  private readonly tree: Float64Array;

  constructor(size: number) {
    this.tree = new Float64Array(size + 1).fill(Infinity);
  }

  lower(index: number, value: number): void {
    for (let i = index + 1; i < this.tree.length; i += i & -i) {
      if (value < this.tree[i]!) this.tree[i] = value;
    }
  }

  /** Minimum over bins 0..index. */
  query(index: number): number {
    let result = Infinity;
    for (let i = index + 1; i > 0; i -= i & -i) if (this.tree[i]! < result) result = this.tree[i]!;
    return result;
  }
}

export interface MaterialOptions {
  stockRadiusMm: number;
  /** Z of the bar's free end before facing. */
  frontFaceZ: number;
  /** Lowest Z the model holds (the bar continues beyond it into the chuck). */
  backZ: number;
  binMm?: number;
}

export class LatheMaterial {
  readonly binMm: number;
  private readonly backZ: number;
  private readonly bins: number;
  private readonly frontFaceZ: number;
  private readonly stockRadius: number;
  /** External sweeps (prefix min of tip radii, chuck side first). */
  private readonly outerSweep: PrefixMin;
  /** Blade sweeps per bin. */
  private readonly blade: Float64Array;
  /** Drill and boring sweeps: prefix max stored as negated prefix min. */
  private readonly innerSweep: PrefixMin;

  constructor(options: MaterialOptions) {
    this.binMm = options.binMm ?? 0.01;
    this.backZ = options.backZ;
    this.frontFaceZ = options.frontFaceZ;
    this.stockRadius = options.stockRadiusMm;
    this.bins = Math.ceil((options.frontFaceZ + 5 - options.backZ) / this.binMm) + 1;
    this.outerSweep = new PrefixMin(this.bins);
    this.blade = new Float64Array(this.bins).fill(Infinity);
    this.innerSweep = new PrefixMin(this.bins);
  }

  /** Bin of a Z, clamped to the model. */
  binOf(z: number): number {
    return Math.min(this.bins - 1, Math.max(0, Math.round((z - this.backZ) / this.binMm)));
  }

  zOf(bin: number): number {
    return this.backZ + bin * this.binMm;
  }

  /** Outer radius of the material at z (0 where there is none). */
  outerRadius(z: number): number {
    if (z > this.frontFaceZ + 1e-9) return 0;
    const bin = this.binOf(z);
    return Math.max(0, Math.min(this.stockRadius, this.outerSweep.query(bin), this.blade[bin]!));
  }

  /** Inner radius of the material at z (0 for solid bar). */
  innerRadius(z: number): number {
    return Math.max(0, -this.innerSweep.query(this.binOf(z)));
  }

  /** Whether the point (z, r) is inside remaining material by more than `marginMm`. */
  contains(z: number, r: number, marginMm = 0.005): boolean {
    const outer = this.outerRadius(z);
    const inner = this.innerRadius(z);
    return outer - inner > marginMm && r < outer - marginMm && r > inner + marginMm;
  }

  /** An external tool tip passing (z, r). */
  turn(z: number, r: number): void {
    this.outerSweep.lower(this.binOf(z), r);
  }

  /** A blade of `widthMm` whose free-end corner passes (z, r). */
  groove(z: number, r: number, widthMm: number): void {
    const last = this.binOf(z);
    for (let bin = this.binOf(z - widthMm); bin <= last; bin += 1)
      if (r < this.blade[bin]!) this.blade[bin] = r;
  }

  /** A drill of radius `radiusMm` whose tip is at z, or a boring bar tip at (z, r). */
  bore(z: number, radiusMm: number): void {
    this.innerSweep.lower(this.binOf(z), -radiusMm);
  }
}
