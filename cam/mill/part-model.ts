/**
 * The part model laid on the stock model's grid (stock-model.ts), to compare a simulated
 * finished block with the part cell by cell: for each cell, how low it must be cut (the top
 * faced to Z0, each feature to its floor, the outline's surroundings through the bottom) and how
 * low it may be cut (the part's top and pocket floors within the tolerance). Each cell is
 * judged at its centre; the tolerance band along every boundary is left to the verifier's probes.
 * Units: mm, work coordinates, Z0 the finished top, −thickness the part's bottom.
 */
import { offsetPolygons, union } from '../geometry/polygon.ts';
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { SimulatedPart } from '../program.ts';
import type { StockModel } from './stock-model.ts';

/** A feature of the part as the grid sees it. */
export interface GridFeature {
  /** What must be removed: outer boundaries (CCW) and islands (CW). */
  region: Polygon[];
  /** Where the part may be cut for it (a tapped hole's thread, beyond its tap drill). */
  extent: Polygon[];
  /** Its floor, Z; through features go through the bottom. */
  floorZ: number;
  through: boolean;
  /**
   * Holes may be cut below their floor (a drill's point), but a blind one never through the
   * part's bottom; pockets' floors only within the tolerance.
   */
  kind: 'hole' | 'pocket';
}

/** The owner of cells that belong to the faced top, and to the band around the outline. */
export const faceOwner = -2;
export const outlineOwner = -3;

/** Per cell: the highest and the lowest its material may be, and the feature it belongs to. */
export interface PartTargets {
  mustBelow: Float32Array;
  mustAbove: Float32Array;
  /** A feature's index, `faceOwner`, `outlineOwner`, or −1. */
  owner: Int32Array;
}

/**
 * The part's targets on a stock model's grid.
 * @param faced - whether the top must be faced to Z0 (the stock stands above it)
 */
export function partTargets(
  model: StockModel,
  part: { outline: Polygon; thicknessMm: number; toleranceMm: number; faced: boolean },
  features: GridFeature[],
): PartTargets {
  const count = model.nx * model.ny;
  const tolerance = part.toleranceMm;
  const bottom = -part.thicknessMm;
  const mustBelow = new Float32Array(count).fill(Infinity);
  const mustAbove = new Float32Array(count).fill(-Infinity);
  const owner = new Int32Array(count).fill(-1);
  const relaxed = new Uint8Array(count);
  model.fill(offsetPolygons([part.outline], -tolerance), (index) => {
    mustAbove[index] = -0.005;
    if (part.faced) {
      mustBelow[index] = 0.005;
      owner[index] = faceOwner;
    }
  });
  // A band of one cell just outside the outline's tolerance must be cut through: the part is
  // free. Stock further out is scrap, cut or not.
  const band = new Uint8Array(count);
  model.fill(offsetPolygons([part.outline], tolerance + model.cell), (index) => (band[index] = 1));
  model.fill(offsetPolygons([part.outline], tolerance), (index) => (band[index] = 0));
  band.forEach((inBand, index) => {
    if (!inBand) return;
    mustBelow[index] = bottom + 0.001;
    owner[index] = outlineOwner;
  });
  features.forEach((feature, f) => {
    // A blind hole's drill point may run below its floor, not out of the bottom.
    const lowest = feature.through
      ? -Infinity
      : feature.kind === 'pocket'
        ? feature.floorZ - tolerance
        : bottom + 0.005;
    // Only where the part stands: a feature open to the outline (a step) reaches beyond it,
    // where the outside contour cuts through.
    model.fill(offsetPolygons(feature.extent, tolerance), (index) => {
      if (mustAbove[index] === -Infinity) return;
      mustAbove[index] = relaxed[index] ? Math.min(mustAbove[index]!, lowest) : lowest;
      relaxed[index] = 1;
    });
    const target = feature.through ? bottom + 0.001 : feature.floorZ + tolerance;
    model.fill(offsetPolygons(feature.region, -tolerance), (index) => {
      if (target < mustBelow[index]!) {
        mustBelow[index] = target;
        owner[index] = f;
      }
    });
  });
  return { mustBelow, mustAbove, owner };
}

/** Where the finished block differs from the part: how many cells, the worst, and where. */
export interface Finding {
  cells: number;
  /** The worst height over (material left) or under (cut into the part) the model, mm. */
  worst: number;
  where: Point2;
  /** The height there, Z. */
  z: number;
  /** The owner of the worst cell (a feature's index, `faceOwner`, `outlineOwner` or −1). */
  owner?: number;
  /** The program line that cut the worst cell, when the model keeps them (StockModel.cutBy). */
  line?: number;
}

/**
 * Compare a stock model with the part's targets.
 * @returns the material left per owner (feature index, `faceOwner`, `outlineOwner`), and the
 *   cuts into the part
 */
export function compareWithPart(
  model: StockModel,
  targets: PartTargets,
): { left: Map<number, Finding>; gouge: Finding | undefined } {
  const left = new Map<number, Finding>();
  let gouge: Finding | undefined;
  const { heights } = model;
  const { mustBelow, mustAbove, owner } = targets;
  const lineOf = (index: number) => model.cutBy?.[index] || undefined;
  const note = (
    finding: Finding | undefined,
    by: number,
    where: Point2,
    z: number,
    cellOwner: number,
    line?: number,
  ) => {
    if (!finding) return { cells: 1, worst: by, where, z, owner: cellOwner, line };
    finding.cells += 1;
    if (by > finding.worst) Object.assign(finding, { worst: by, where, z, owner: cellOwner, line });
    return finding;
  };
  for (let index = 0; index < heights.length; index += 1) {
    const h = heights[index]!;
    const over = h - mustBelow[index]!;
    const under = mustAbove[index]! - h;
    if (over <= 1e-4 && under <= 1e-4) continue;
    const j = Math.floor(index / model.nx);
    const where = { x: model.xOf(index - j * model.nx), y: model.yOf(j) };
    const cellOwner = owner[index]!;
    if (over > 1e-4) left.set(cellOwner, note(left.get(cellOwner), over, where, h, cellOwner));
    if (under > 1e-4) gouge = note(gouge, under, where, h, cellOwner, lineOf(index));
  }
  return { left, gouge };
}

/**
 * The height map seen from above for the backplot (SimulatedPart, plane XY): where material is
 * left, where it is above the part (left undone) and where it is below it (a gouge), each as the
 * union of its cells merged row by row.
 */
export function simulatedFromAbove(model: StockModel, targets: PartTargets): SimulatedPart {
  const { heights, nx, ny, cell } = model;
  const rows = (keep: (index: number) => boolean): Polygon[] => {
    const runs: Polygon[] = [];
    for (let j = 0; j < ny; j += 1) {
      let start = -1;
      for (let i = 0; i <= nx; i += 1) {
        const inside = i < nx && keep(j * nx + i);
        if (inside && start < 0) start = i;
        if (!inside && start >= 0) {
          const x0 = model.x0 + start * cell;
          const x1 = model.x0 + i * cell;
          const y0 = model.y0 + j * cell;
          runs.push([
            { x: x0, y: y0 },
            { x: x1, y: y0 },
            { x: x1, y: y0 + cell },
            { x: x0, y: y0 + cell },
          ]);
          start = -1;
        }
      }
    }
    return runs.length > 0 ? union(runs) : [];
  };
  return {
    plane: 'XY',
    part: rows((index) => heights[index]! > model.bottom + 1e-6),
    left: rows((index) => heights[index]! - targets.mustBelow[index]! > 1e-4),
    gouged: rows((index) => targets.mustAbove[index]! - heights[index]! > 1e-4),
  };
}
