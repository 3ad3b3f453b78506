/**
 * The prismatic part model: a plate or block machined from the top, seen in its top view (XY).
 *
 * Work coordinates (G54): X0 Y0 is the lower-left corner of the outline's bounding box, Z0 the
 * finished top face, Z negative into the part down to -thicknessMm. Every length is in mm.
 * Outlines and pockets are closed polygons (arcs as chords within 0.005 mm, cam/geometry).
 *
 * The builder `prismaticPartFromDescription` fills it from `description.prismatic` (written by
 * the DXF reader or an assistant) and the spec's prose fields.
 */
import type { Point2, Polygon } from '../geometry/polygon.ts';

export type HoleKind = 'through' | 'blind' | 'counterbored' | 'tapped';

export interface ThreadSpec {
  /** As written: 'M8x1.25', '1/4"-20 UNC'. */
  callout: string;
  /** Nominal (major) diameter, mm. */
  nominalMm: number;
  pitchMm: number;
  /** Tap drill diameter, mm (ISO 261 / ASME B1.1 coarse series: nominal − pitch for metric). */
  tapDrillMm: number;
}

export interface Hole {
  /** As written or generated: 'Ø13 through', 'M8 x 12 deep'. */
  label: string;
  center: Point2;
  /** Finished diameter (tapped holes: the tap drill). */
  diameterMm: number;
  /** Depth of the full diameter from Z0 (through holes: the thickness). */
  depthMm: number;
  through: boolean;
  kind: HoleKind;
  thread?: ThreadSpec;
  /** Thread depth for tapped holes, mm. */
  threadDepthMm?: number;
  counterbore?: { diameterMm: number; depthMm: number };
  /** Size tolerance on the diameter, mm (ISO 286 H7 and such are turned into this). */
  tolerance?: { upperMm: number; lowerMm: number };
}

export interface Pocket {
  label: string;
  /** Counter-clockwise boundary. */
  outline: Polygon;
  depthMm: number;
  /** A through pocket is a cut-out: it goes through the thickness. */
  through: boolean;
  /** Islands left standing inside the pocket (clockwise). */
  islands: Polygon[];
}

export interface Slot {
  label: string;
  /** Centre line from and to, mm. */
  from: Point2;
  to: Point2;
  widthMm: number;
  depthMm: number;
  through: boolean;
}

export interface PrismaticPart {
  /** Counter-clockwise outer boundary, in work coordinates (lower-left of its box at 0,0). */
  outline: Polygon;
  thicknessMm: number;
  /** Where the thickness came from: 'drawing', 'description' or 'stock'. */
  thicknessSource: 'drawing' | 'description' | 'stock';
  holes: Hole[];
  pockets: Pocket[];
  slots: Slot[];
  /** General tolerance on sizes without their own, mm (from ISO 2768 or the drawing; 0.1 default). */
  generalToleranceMm: number;
  /** Finest roughness asked for, Ra µm. */
  raUm?: number;
  /** What the drawing asks for that this part model does not hold (for 'not programmed'). */
  notModelled: string[];
}

export class PrismaticPartError extends Error {
  override name = 'PrismaticPartError';
}
