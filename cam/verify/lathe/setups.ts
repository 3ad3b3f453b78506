/**
 * The setups of a lathe program as the verifier follows them: the first under G54 on the bar;
 * when the plan has a second setup (cam/lathe/second-setup.ts), after the part off and a program
 * stop (M0/M00) the part is turned around and its far end machined under G55. At the first move
 * under G55 the part as the first setup parted it off (the bar's model from the part's free end
 * to the middle of the parting cut) is turned end for end about Z = −length into the second
 * setup's coordinates (Z0 the finished far-end face), and the process checks go on with it
 * (process.ts); a sawn blank (input.stock.lengthMm) is not parted off but taken out whole, its
 * stub with it. After the last move the part as the second setup leaves it is turned back, so
 * the completeness checks compare it with the drawing in the first setup's coordinates.
 *
 * Checks ('setup'): a move under G55 when the plan has no second setup; the second setup
 * started without a program stop to turn the part around; a move under another work offset
 * once it has started. Units: mm; half-sections are (x = Z, y = radius).
 */
import type { InterpreterEvent, MotionEvent } from '../../gcode/events.ts';
import { intersection } from '../../geometry/polygon.ts';
import type { Polygon } from '../../geometry/polygon.ts';
import { LatheStock, turnedCuts, turnedEndForEnd } from '../../lathe/stock-model.ts';
import type { PassCheck } from '../pass.ts';
import type { Fail } from './checks.ts';
import type { LatheVerificationInput } from './input.ts';

/** The work offset of the second setup. */
const secondOffset = 55;

/** Follows the setups and hands the process checks the second setup's part when it starts. */
export class LatheSetups implements PassCheck {
  /** A non-optional program stop came since the last move. */
  private stopped = false;
  /** The second setup's part model, once its first move came. */
  private second: LatheStock | undefined;
  /** The bar as the first setup left it, taken when the second setup began. */
  private firstLeft: LatheStock | undefined;
  private reported = false;

  /**
   * @param first - the bar of the first setup
   * @param begin - starts the second setup on the process checks: its part model and chuck face
   */
  constructor(
    private readonly input: LatheVerificationInput,
    private readonly first: LatheStock,
    private readonly begin: (stock: LatheStock, chuckFaceZ: number) => void,
    private readonly fail: Fail,
  ) {}

  /** A program stop: an M0 (not an optional M1) lets the operator turn the part around. */
  stop(event: Extract<InterpreterEvent, { type: 'stop' }>): void {
    if (!event.optional) this.stopped = true;
  }

  /** A move: under G55 it starts (or continues) the second setup. */
  move(event: MotionEvent): void {
    const offset = event.workOffset ?? 54;
    const target = this.input.secondSetup;
    if (this.second) {
      if (offset !== secondOffset)
        this.once(
          `line ${event.line}: a move under G${offset} in the second setup, which runs under G55`,
        );
    } else if (offset === secondOffset) {
      if (!target)
        this.once(
          `line ${event.line}: a move under G55, a work offset this program's plan does not set up`,
        );
      else {
        if (!this.stopped)
          this.fail(
            'setup',
            `line ${event.line}: the second setup starts without a program stop (M0) to turn the part around`,
          );
        this.firstLeft = LatheStock.holding(this.first.polygons, this.first.cuts);
        this.second = LatheStock.holding(
          turnedEndForEnd(this.partedOff(), -this.input.lengthMm),
          turnedCuts(this.first.cuts, -this.input.lengthMm),
        );
        this.begin(this.second, target.chuckFaceZ);
      }
    }
    this.stopped = false;
  }

  private once(message: string): void {
    if (this.reported) return;
    this.reported = true;
    this.fail('setup', message);
  }

  /**
   * The part as the first setup parts it off: the bar from its front to the parting cut's
   * middle; a sawn blank whole (it is taken out of the jaws, not parted off).
   */
  private partedOff(): Polygon[] {
    const { input } = this;
    if (input.stock.lengthMm !== undefined) return this.first.polygons;
    const parted = input.secondSetup?.partedLengthMm ?? input.lengthMm;
    const window: Polygon = [
      { x: -(parted + input.partingWidthMm / 2), y: 0 },
      { x: input.stock.frontFaceZ + 1, y: 0 },
      { x: input.stock.frontFaceZ + 1, y: input.stock.diameterMm },
      { x: -(parted + input.partingWidthMm / 2), y: input.stock.diameterMm },
    ];
    return intersection(this.first.polygons, [window]);
  }

  /**
   * The bar as the first setup leaves it (first setup's coordinates): when the second setup
   * began, or at the end when it never did.
   */
  firstSetupBar(): LatheStock {
    return this.firstLeft ?? this.first;
  }

  /** Whether the second setup ran. */
  get ran(): boolean {
    return this.second !== undefined;
  }

  /**
   * The part as the program leaves it, in the first setup's coordinates: the second setup's
   * turned back when it ran, else the bar.
   */
  finished(): LatheStock {
    return this.second
      ? LatheStock.holding(
          turnedEndForEnd(this.second.polygons, -this.input.lengthMm),
          turnedCuts(this.second.cuts, -this.input.lengthMm),
        )
      : this.first;
  }
}
