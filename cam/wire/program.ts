/**
 * A planned wire EDM program before it is written in the ISO dialect of Fanuc-style wire
 * controls. Work coordinates: X0 Y0 the lower-left corner of the part's bounding box, Z0 the
 * top of the plate (the upper guide's programmed height is not part of the path). mm, mm/min.
 *
 * Each contour (the outline and every inner contour) is one closed path: from its start hole a
 * lead-in to the contour, once around it (possibly stopping short at a tab), and a lead-out.
 * The wire offset is applied by the control (G41/G42 with an offset register), so the path is
 * the part's contour itself.
 */
import type { Point2, Polygon } from '../geometry/polygon.ts';
import type { ToolRow } from '../tool-row.ts';
import type { PrismaticPart } from '../prismatic/part.ts';

export interface WireSpec {
  row: ToolRow;
  /** Wire diameter, mm (0.25 brass is the common default). */
  diameterMm: number;
  /** 'brass', 'coated brass', 'molybdenum'… */
  material: string;
  label: string;
}

/** One pass around a contour with its own offset register and machine condition. */
export interface WirePass {
  /** 'Rough', 'Skim 1', 'Skim 2'… */
  name: string;
  /** Offset register number written with G41/G42 (D1, D2…). */
  register: number;
  /** Wire centre offset from the contour: wire radius + spark gap + allowance for later skims, mm. */
  offsetMm: number;
  /** Cutting speed for the plan's estimate, mm/min. */
  feedMmPerMin: number;
  /** Expected roughness after this pass, Ra µm. */
  raUm: number;
  /** Spark gap per side of this pass's condition, mm (offsetMm = wire radius + gapMm + allowanceMm). */
  gapMm?: number;
  /** Material left on the wall for the later skims, mm. */
  allowanceMm?: number;
  /** Size accuracy the pass reaches, ± mm (typical value). */
  accuracyMm?: number;
}

/** A move along a contour from where the one before ends: straight, or an arc about `center`. */
export interface WirePathMove {
  to: Point2;
  arc?: { center: Point2; clockwise: boolean };
}

export interface WireContour {
  label: string;
  /** 'outline' keeps the part (cut around it, offset outward); 'inner' removes a slug. */
  kind: 'outline' | 'inner';
  /** The contour as cut, closed, starting at the lead-in point. */
  path: Polygon;
  /** Start hole (threading point) centre. */
  startHole: Point2;
  startHoleDiameterMm: number;
  /** Left (G41) or right (G42) of the direction of travel. */
  side: 'left' | 'right';
  passes: WirePass[];
  /** A tab length left uncut at the end of the rough pass so the slug or part does not drop, mm (0: none). */
  tabMm: number;
  /** Round holes: the circle the path follows (written as G2/G3 arcs instead of the polygon's chords). */
  circle?: { center: Point2; radiusMm: number };
  /** Where the rough pass stops, tabMm before the lead-in point along the path (tabMm > 0). */
  tabStart?: Point2;
  /**
   * The moves once around from the lead-in point back to it, the drawing's arcs as arcs
   * (cam/wire/contour-moves.ts); the tab, when there is one, is on the last move.
   */
  moves: WirePathMove[];
}

export interface WirePlan {
  part: PrismaticPart;
  wire: WireSpec;
  /** Plate thickness, mm. */
  thicknessMm: number;
  contours: WireContour[];
  /** The plate (stock) around the part in work coordinates, when known. */
  stockBounds?: { minX: number; minY: number; maxX: number; maxY: number };
  warnings: string[];
  notProgrammed: string[];
}
