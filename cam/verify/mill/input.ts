/**
 * What the milling verifier (cam/verify/mill/) is given: the part model it checks the program against
 * (outline, thickness, every hole, counterbore, countersink, pocket, slot and cut-out as targets), the stock,
 * the tools, the working envelope, the machine's limits and the plan's own sentences for what it
 * left out. Units: mm, rpm, kW; work coordinates (G54), Z0 the finished top.
 */
import type { Dialect } from '../../gcode/events.ts';
import type { Point2, Polygon } from '../../geometry/polygon.ts';
import type { MaterialSubgroup } from '../../materials.ts';
import type { BlockStock, MillToolKind } from '../../mill/program.ts';
import type { Extents } from '../../program.ts';

export interface MillVerificationTool {
  number: number;
  kind: MillToolKind;
  /** Cutting diameter, mm (boring heads: the diameter they are set to). */
  diameterMm: number;
  /** Spot drills, countersinks, chamfer mills: the cone's included angle, degrees (90 when absent). */
  pointAngleDeg?: number;
  /** Flute length (length of cut), mm; a standard tool's when absent (cam/mill/cutting-data.ts). */
  fluteLengthMm?: number;
  /** Teeth (face mills: inserts); 4 when absent. */
  flutes?: number;
  /**
   * End mills and face mills: the cutting data table's feed per tooth for this tool and material,
   * the largest chip thickness it is meant to cut at ae ≥ D/2, mm. Without it, slotting feed
   * and chip thickness are not checked for the tool.
   */
  tableChipMm?: number;
}

export interface HoleTarget {
  label: string;
  center: Point2;
  diameterMm: number;
  /** Depth of the full diameter from Z0 (through holes: the thickness). */
  depthMm: number;
  /** Tapped holes: the depth the tap must reach (its walls are not checked for oversize). */
  tapDepthMm?: number;
  /** Tapped holes: the thread's major diameter, mm (the tap cuts to it). */
  threadMm?: number;
  /**
   * A countersink: the cone's included angle, degrees. The target is then the cone, its
   * diameter at Z0 `diameterMm`, its depth `depthMm` for a pointed tool; its size is checked on
   * the probes just inside and just outside that diameter at Z0 (the height map's cells hold
   * one floor per feature, so the cone is not laid on them).
   */
  countersinkAngleDeg?: number;
  /**
   * Lowest Z the wall may be cut to just outside the hole (a counterbore's depth, a
   * countersink's cone at the hole's diameter, else 0).
   */
  outsideFloorZ?: number;
  /** The plan's sentence when it left this hole out (its 'not programmed' entry). */
  gap?: string;
  /** Tapped holes: the plan's sentence when it drilled the hole but left the thread out. */
  tapGap?: string;
}

export interface PocketTarget {
  label: string;
  /** Outer boundaries (CCW) and islands (CW). */
  region: Polygon[];
  depthMm: number;
  through: boolean;
  /** The plan's sentence when it left this feature out. */
  gap?: string;
}

export interface MillVerificationInput {
  dialect: Exclude<Dialect, 'iso-edm'>;
  stock: BlockStock;
  /** The part's outline (CCW), Z0 its finished top, −thicknessMm its bottom. */
  outline: Polygon;
  thicknessMm: number;
  /** General tolerance, mm: sizes within it pass. */
  toleranceMm: number;
  /** The plan's sentence when it left the outside contour out. */
  outlineGap?: string;
  /** The plan's sentence when it left the facing out. */
  faceGap?: string;
  /** Every hole, counterbore and countersink of the part. */
  holes: HoleTarget[];
  /** Every pocket, slot and cut-out of the part. */
  pockets: PocketTarget[];
  /** What else the plan left out (features the part model does not hold): each is unfinished. */
  otherGaps?: string[];
  tools: MillVerificationTool[];
  /** Work coordinates every move must stay within. */
  envelope: Extents;
  /** The workpiece material, for the specific cutting force (alloy steel when absent). */
  material?: MaterialSubgroup;
  /** The machine's limits, when known; checks without them say they are not applied. */
  machine?: {
    name?: string;
    maxRpm?: number;
    spindlePowerKw?: number;
    travelsMm?: { x: number; y: number; z: number };
  };
  /** The operations in program order, one per tool change: the report per operation. */
  operations?: { name: string; tool: string }[];
  /** Grid cell of the height map, mm (by default from the smallest milling cutter). */
  cellMm?: number;
}
