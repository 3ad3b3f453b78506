/**
 * Building blocks of the mill toolpaths: the rounding every coordinate goes through and the
 * path builder that turns rapids, feeds and arcs into the moves of a milling operation.
 */
import type { Point2 } from '../geometry/polygon.ts';
import type { MillMove } from './program.ts';

/** A length rounded to 0.001 mm, the resolution of the programs. */
export const round = (value: number) => Math.round(value * 1000) / 1000;
/** A length as written in messages and operation names: rounded to 0.001 mm, no trailing zeros. */
export const fmt = (value: number) => String(round(value));
/** The distance between two points in XY, mm. */
export const dist = (a: Point2, b: Point2) => Math.hypot(b.x - a.x, b.y - a.y);

/**
 * The moves of one operation, in work coordinates (mm), built one by one: every move is rounded
 * to 0.001 mm, and a rapid or feed to the point where the tool already is is left out.
 * Rapids leave the material only straight up to the clearance height `clearanceZ` (mm).
 */
export class PathBuilder {
  readonly moves: MillMove[] = [];
  position: { x: number; y: number; z: number } | null = null;

  constructor(private readonly clearanceZ: number) {}

  rapid(x: number, y: number, z: number): void {
    this.push({ kind: 'rapid', x, y, z });
  }

  /**
   * A straight cutting move at `feed` mm/min; `plannedAeMm` is the radial engagement the planner
   * knows exactly for a light pass (MillMove.plannedAeMm).
   */
  feed(x: number, y: number, z: number, feed: number, plannedAeMm?: number): void {
    this.push({
      kind: 'feed',
      x,
      y,
      z,
      feed,
      ...(plannedAeMm !== undefined ? { plannedAeMm } : {}),
    });
  }

  arc(x: number, y: number, z: number, center: Point2, clockwise: boolean, feed: number): void {
    this.push({
      kind: 'arc',
      x,
      y,
      z,
      feed,
      arc: { center: { x: round(center.x), y: round(center.y) }, clockwise },
    });
  }

  /** Up to the clearance height, across, and down to `z` by rapids. */
  reposition(point: Point2, z: number): void {
    if (this.position && this.position.z < this.clearanceZ)
      this.rapid(this.position.x, this.position.y, this.clearanceZ);
    if (
      !this.position ||
      Math.abs(this.position.x - point.x) > 1e-9 ||
      Math.abs(this.position.y - point.y) > 1e-9
    )
      this.rapid(point.x, point.y, this.clearanceZ);
    if (z < this.clearanceZ) this.rapid(point.x, point.y, z);
  }

  retract(): void {
    if (this.position && this.position.z < this.clearanceZ)
      this.rapid(this.position.x, this.position.y, this.clearanceZ);
  }

  private push(move: MillMove): void {
    const rounded = { ...move, x: round(move.x), y: round(move.y), z: round(move.z) };
    const last = this.position;
    if (
      last &&
      move.kind !== 'arc' &&
      Math.abs(last.x - rounded.x) < 1e-9 &&
      Math.abs(last.y - rounded.y) < 1e-9 &&
      Math.abs(last.z - rounded.z) < 1e-9
    )
      return;
    this.moves.push(rounded);
    this.position = { x: rounded.x, y: rounded.y, z: rounded.z };
  }
}
