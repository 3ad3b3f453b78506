/**
 * The 'support' check: a part sticking out of the chuck further than the planner's rule allows
 * without a tailstock or steady rest (cam/lathe/slenderness.ts,
 * docs/decisions/063-slender-parts-are-not-verified-without-support.md) bends away from the
 * cut, so its sizes are not held: the program is not verified. The programs here are never
 * written with a steady rest, so the check is a completeness one
 * (the program runs, but what it makes cannot be called the drawing) and names what is needed.
 *
 * Both setups are measured: the first from the stock's unfaced end to the jaws' face, the
 * second from the far end as the first setup leaves it (parted off long, or a sawn blank's stub)
 * to its jaws' face, each against its stiffness diameter (the plain cylinder that bends as much).
 * A part turned in two chuckings (cam/lathe/two-chuckings.ts,
 * docs/decisions/064-slender-parts-in-two-chuckings.md) is measured in the first setup on the
 * bar as the simulation shows the first setup leaving it behind the split, not as the plan says:
 * a first setup that turns more than it should is found too thin. Units: mm.
 */
import { chuckingsOf, unsupportedStickOuts } from '../../lathe/slenderness.ts';
import type { LatheStock } from '../../lathe/stock-model.ts';
import type { Fail } from './checks.ts';
import type { LatheVerificationInput } from './input.ts';

/**
 * Fail 'support' for each setup whose stick-out is more than 5 times its stiffness diameter
 * (slenderness.ts `maxUnsupportedSlenderness`), from the finished diameters and bores the part is checked
 * against, with the sentence the plan gives it too (cam/lathe/slenderness.ts), which the report
 * lists as unfinished.
 * @param firstBar - the bar as the first setup leaves it (setups.ts), for two chuckings: behind
 *   `secondSetup.outsideFromMm` its outer diameter (at most the stock's) is the first chucking's
 * @param centreHeld - the tailstock held the first chucking's free end while its outside was
 *   turned (tailstock.ts): its limit is 12 times the stiffness diameter
 */
export function checkSupport(
  input: LatheVerificationInput,
  fail: Fail,
  firstBar?: LatheStock,
  centreHeld = false,
): void {
  if (input.outer.length === 0) return;
  const { stock, secondSetup, lengthMm } = input;
  const splitMm = secondSetup?.outsideFromMm;
  const remainder =
    splitMm !== undefined && firstBar
      ? {
          fromZ: -splitMm,
          diameterAt: (z: number) => Math.min(stock.diameterMm, 2 * firstBar.outerRadius(z)),
        }
      : undefined;
  const chuckings = chuckingsOf(
    { ...stock, sawn: stock.lengthMm !== undefined },
    lengthMm,
    input.outer,
    input.inner,
    secondSetup
      ? { frontZ: secondSetup.partedLengthMm - lengthMm, chuckFaceZ: secondSetup.chuckFaceZ }
      : undefined,
    remainder,
    centreHeld,
  );
  for (const sentence of unsupportedStickOuts(chuckings)) fail('support', sentence);
}
