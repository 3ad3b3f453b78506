/**
 * The setups of a lathe plan that stick out too far to turn without support, named in its 'not
 * programmed', and a warning for one that is slender but within the rule (slenderness.ts,
 * docs/decisions/063-slender-parts-are-not-verified-without-support.md). Units: mm; coordinates
 * as in program.ts.
 */
import type { LathePlan } from './program.ts';
import { chuckingsOf, slenderWarnings, unsupportedStickOuts } from './slenderness.ts';

/**
 * The plan with each setup that sticks out too far to turn without support named in its 'not
 * programmed', and a warning for one that is slender but within the rule (slenderness.ts,
 * decision 063): the first setup from the bar's unfaced end to the jaws, the second from the
 * far end as the first leaves it to its jaws, each against its stiffness diameter from the
 * part's finished diameters and bores, as the verifier measures them.
 */
export function withSupportNamed(plan: LathePlan): LathePlan {
  const { stock, secondSetup, part } = plan;
  const length = part.lengthMm;
  const outer = part.outer.map((section) => ({
    fromZ: -section.startMm,
    toZ: -section.endMm,
    diameterMm: section.targetMm,
  }));
  const inner = [
    ...part.inner.map((bore) => ({
      fromZ: 0,
      toZ: -Math.min(bore.depthMm, length),
      diameterMm: bore.targetMm,
    })),
    ...(part.farInner ?? []).map((bore) => ({
      fromZ: -length + bore.depthMm,
      toZ: -length,
      diameterMm: bore.targetMm,
    })),
  ];
  const chuckings = chuckingsOf(
    { ...stock, sawn: stock.blankLengthMm !== undefined },
    length,
    outer,
    inner,
    secondSetup
      ? { frontZ: secondSetup.frontFaceZ, chuckFaceZ: secondSetup.chuckFaceZ }
      : undefined,
  );
  return {
    ...plan,
    warnings: [...plan.warnings, ...slenderWarnings(chuckings)],
    notProgrammed: [...plan.notProgrammed, ...unsupportedStickOuts(chuckings)],
  };
}
