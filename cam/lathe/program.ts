/**
 * A planned lathe program before it is written in a controller's dialect.
 *
 * Coordinates are work coordinates (G54): Z0 is the finished free-end face, negative toward the
 * chuck; X is a diameter. Every length is in mm, feeds in mm/rev, surface speeds in m/min.
 */
import type { LatheTool } from '../tooling.ts';
import type { TurnedPart } from './part.ts';

export interface Move {
  kind: 'rapid' | 'feed';
  /** Diameter, mm. */
  x: number;
  z: number;
  /** Feed moves: mm/rev. */
  feed?: number;
}

export type SpindleSetting =
  { mode: 'css'; surfaceSpeed: number; maxRpm: number } | { mode: 'rpm'; rpm: number };

export interface Operation {
  /** "Face", "Rough OD", "Finish OD", "Groove Ø8.85", "Centre drill", "Drill Ø8.5", "Rough bore", "Finish bore", "Part off". */
  name: string;
  tool: LatheTool;
  spindle: SpindleSetting;
  coolant: boolean;
  /** From the tool change position out and back: the first move is a rapid approach. */
  moves: Move[];
  /** Cutting data as chosen, for the summary and the header. */
  data: { surfaceSpeed?: number; rpm?: number; feedPerRev: number; depthOfCut?: number };
}

export interface StockSetup {
  diameterMm: number;
  /** Length of bar out of the chuck, mm. */
  protrusionMm: number;
  /** Z of the unfaced bar end (the facing allowance beyond Z0). */
  frontFaceZ: number;
  /** Z of the chuck jaws' front face: no tool outside the bar may go beyond it. */
  chuckFaceZ: number;
}

export interface LathePlan {
  part: TurnedPart;
  stock: StockSetup;
  operations: Operation[];
  /** Where tools are changed, in work coordinates. */
  changePosition: { x: number; z: number };
  /** Spindle speed limit for constant surface speed, rpm. */
  maxRpm: number;
  /** Width of the cut-off blade, mm. */
  partingWidthMm: number;
  warnings: string[];
  notProgrammed: string[];
}
