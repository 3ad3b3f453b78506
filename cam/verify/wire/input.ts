/**
 * What the wire EDM verifier (cam/verify/wire/) is given: the part's outer boundary, the
 * contours the program must cut (each as a polygon, round holes also as their exact circle,
 * with their start hole), the plate when it is known, and how far the programmed path may stray
 * from a contour. Units: mm; work coordinates, the path before the wire offset.
 */
import type { Bounds, Point2, Polygon } from '../../geometry/polygon.ts';
import type { WirePlan } from '../../wire/program.ts';
import { pathOfMoves } from '../../wire/contour-moves.ts';

/** A contour the program must cut, as the plan made it. */
export interface WireVerificationContour {
  label: string;
  kind: 'outline' | 'inner';
  /** The contour as it must be cut (any direction). */
  polygon: Polygon;
  /** Round holes: the exact circle (the polygon is its chords). */
  circle?: { center: Point2; radiusMm: number };
  startHoleDiameterMm?: number;
  /**
   * The passes the plan cuts it in, in order (rough, then each skim): the offset register each
   * pass must name and its technology's cutting speed, mm/min. Absent: not checked.
   */
  passes?: WireVerificationPass[];
}

/** One planned pass around a contour. */
export interface WireVerificationPass {
  /** 'Rough', 'Skim 1'… */
  name: string;
  /** The offset register it is cut with (D1…). */
  register: number;
  /** Its offset from the contour, mm (wire radius + spark gap + allowance for later skims). */
  offsetMm: number;
  /** The technology's cutting speed for the pass, mm/min. */
  feedMmPerMin: number;
}

/** What a wire EDM program is checked against. */
export interface WireVerificationInput {
  /** The part's outer boundary (material is inside it and outside every inner contour). */
  partOutline: Polygon;
  /** The contours the program must cut. */
  contours: WireVerificationContour[];
  /** The plate, when known: every move stays on it. */
  stock?: Bounds;
  /** How far the programmed path may stray from a contour, mm (0.005). */
  toleranceMm?: number;
}

/**
 * The verification input for a plan: its contours, the part outline and the plate. A contour
 * with arcs fitted to the drawing's chords is checked against those arcs (chorded to 0.0005 mm),
 * not against the chords, which bow up to 0.005 mm inside the drawn arcs.
 */
export function wireVerificationInput(plan: WirePlan): WireVerificationInput {
  return {
    partOutline: plan.part.outline,
    contours: plan.contours.map((contour) => ({
      label: contour.label,
      kind: contour.kind,
      polygon: contour.circle ? contour.path : pathOfMoves(contour.path[0]!, contour.moves),
      ...(contour.circle ? { circle: contour.circle } : {}),
      startHoleDiameterMm: contour.startHoleDiameterMm,
      passes: contour.passes.map(({ name, register, offsetMm, feedMmPerMin }) => ({
        name,
        register,
        offsetMm,
        feedMmPerMin,
      })),
    })),
    ...(plan.stockBounds ? { stock: plan.stockBounds } : {}),
  };
}
