/**
 * The 'tailstock' check, for a program whose plan holds the free end with the tailstock
 * (cam/lathe/tailstock.ts, docs/decisions/078-tailstock.md): the first program stop (M0) of the
 * first setup brings the tailstock up, the second retracts it. Checked on the moves as the
 * interpreter reads them, with each tool's real shape:
 *
 * - when it is brought up, the centre hole is there to seat in (the countersink cut at least to
 *   the plan's depth, less 0.05 mm on the radius), on a faced end;
 * - while it is up, no tool's cutting part or holder comes within the clearance of the live
 *   centre, and the part is not cut off (the blade would be pinched between chuck and centre);
 * - it is brought up and retracted at all.
 *
 * Whether it supported the part, for the 'support' check (support.ts): it was up, seated, before
 * the outside was turned behind the face, and nothing turned the outside after it was retracted
 * (the part off's zone aside). Units: mm; coordinates as in the verifier (index.ts).
 */
import type { InterpreterEvent, MotionEvent } from '../../gcode/events.ts';
import { centreClearanceMm, liveCentre, meetsCentre, seatMiddle } from '../../lathe/tailstock.ts';
import type { CentreSupport } from '../../lathe/tailstock.ts';
import type { LatheStock } from '../../lathe/stock-model.ts';
import type { PassCheck } from '../pass.ts';
import { round } from '../report.ts';
import type { Fail } from './checks.ts';
import type { LatheVerificationInput, VerificationTool } from './input.ts';
import { planar } from './process.ts';

/** Follows the tailstock through the first setup's stops. */
export class TailstockCheck implements PassCheck {
  private stops = 0;
  private seated = false;
  private turnedUnsupported = false;
  private turnedAfter = false;
  private met = false;
  private secondSetup = false;
  private readonly centre;
  /** The outer radii behind the face when the tailstock was retracted. */
  private atRetract: number[] | undefined;

  /**
   * @param stock - the bar of the first setup, as the moves cut it
   * @param toolOf - a move's selected tool, if it is in the tooling
   */
  constructor(
    private readonly input: LatheVerificationInput,
    private readonly support: CentreSupport,
    private readonly stock: LatheStock,
    private readonly toolOf: (event: MotionEvent) => VerificationTool | undefined,
    private readonly fail: Fail,
  ) {
    this.centre = liveCentre(support);
  }

  /** Z samples behind the face, clear of the part off's zone (its chamfer). */
  private samples(): number[] {
    const length = this.input.lengthMm;
    const zs: number[] = [];
    for (let z = -0.5; z > -length + 5; z -= Math.max(0.25, length / 200)) zs.push(z);
    return zs;
  }

  private turnedBehindFace(): boolean {
    const radius = this.input.stock.diameterMm / 2;
    return this.samples().some((z) => this.stock.outerRadius(z) < radius - 0.01);
  }

  /** A program stop of the first setup: the first brings the tailstock up, the second retracts it. */
  stop(event: Extract<InterpreterEvent, { type: 'stop' }>): void {
    if (event.optional || this.secondSetup) return;
    this.stops += 1;
    if (this.stops === 1) this.bringUp(event.line);
    else if (this.stops === 2) this.retract(event.line);
  }

  private bringUp(line: number): void {
    const { label } = this.support;
    const middle = seatMiddle(this.support);
    const z = -middle.depthMm;
    const expected = middle.radiusMm;
    const faced = !this.stock.solidAt(0.02);
    this.seated = faced && this.stock.innerRadius(z) >= expected - 0.05;
    this.turnedUnsupported = this.turnedBehindFace();
    if (!this.seated)
      this.fail(
        'tailstock',
        `line ${line}: the tailstock is brought up with no centre hole ${label} at the faced free end to seat in (Ø${round(2 * this.stock.innerRadius(z))} at Z${round(z)}, Ø${round(2 * expected)} needed)`,
      );
  }

  private retract(line: number): void {
    this.atRetract = this.samples().map((z) => this.stock.outerRadius(z));
    if (this.partedOff())
      this.fail(
        'tailstock',
        `line ${line}: the part is cut off before the tailstock is retracted: the blade is pinched between chuck and centre`,
      );
  }

  /** Whether no material joins the part to the bar through the cut-off zone (a sawn blank: never). */
  private partedOff(): boolean {
    if (this.input.stock.lengthMm !== undefined) return false;
    const length = this.input.secondSetup?.partedLengthMm ?? this.input.lengthMm;
    const width = this.input.partingWidthMm;
    for (let index = 1; index < 20; index += 1)
      if (!this.stock.solidAt(-length - (width * index) / 20)) return true;
    return false;
  }

  /** A move: while the tailstock is up, clear of the live centre. */
  move(event: MotionEvent): void {
    if ((event.workOffset ?? 54) === 55) this.secondSetup = true;
    if (this.secondSetup || this.stops !== 1 || !event.from || this.met) return;
    const cutter = this.toolOf(event)?.cutter;
    if (!cutter) return;
    const shapes = [cutter.shape, ...(cutter.holder ? [cutter.holder] : [])];
    if (
      shapes.some((shape) => meetsCentre(this.centre, shape, planar(event.from!), planar(event.to)))
    ) {
      this.met = true;
      this.fail(
        'tailstock',
        `line ${event.line}: T${event.tool} comes within ${centreClearanceMm} mm of the live centre on its way to X${round(event.to.x)} Z${round(event.to.z)}`,
      );
    }
  }

  /**
   * After the last move: the tailstock brought up and retracted; whether it supported the part
   * (seated before the outside was turned, nothing turned after it let go).
   * @param firstBar - the bar as the first setup left it
   */
  finish(firstBar: LatheStock): boolean {
    if (this.stops < 2)
      this.fail(
        'tailstock',
        this.stops === 0
          ? 'the program never stops to bring the tailstock up'
          : 'the program never stops to retract the tailstock before the part is cut off',
      );
    if (this.atRetract) {
      const after = this.samples().map((z) => firstBar.outerRadius(z));
      this.turnedAfter = after.some((radius, index) => radius < this.atRetract![index]! - 0.01);
    }
    return (
      this.seated && !this.turnedUnsupported && !this.turnedAfter && this.stops >= 2 && !this.met
    );
  }
}
