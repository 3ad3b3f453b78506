/**
 * The setups of a lathe plan that stick out too far to turn without support, named in its 'not
 * programmed', and a warning for one that is slender but within the rule (slenderness.ts,
 * docs/decisions/063-slender-parts-are-not-verified-without-support.md). Units: mm; coordinates
 * as in program.ts.
 */
import type { TurnedPart } from './part.ts';
import type { LathePlan } from './program.ts';
import { chuckingsOf, slenderWarnings, unsupportedStickOuts } from './slenderness.ts';
import type { Chucking, ProfileSpan } from './slenderness.ts';

/**
 * The finished outer diameters and the bores of a part as spans along it (first setup's
 * coordinates: Z0 the free-end face, negative toward the chuck), mm: free-end bores from Z0,
 * far-end bores from the far face.
 */
export function profileSpans(part: TurnedPart): { outer: ProfileSpan[]; inner: ProfileSpan[] } {
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
  return { outer, inner };
}

/**
 * The chuckings of a plan as the verifier measures them (slenderness.ts `chuckingsOf`): the
 * first setup from the bar's unfaced end to the jaws, the second from the far end as the first
 * leaves it to its jaws, each against the part's finished diameters and bores; when the part is
 * turned in two chuckings (`secondSetup.outsideFromMm`, decision 064), the first with the bar's
 * diameter behind what it turns; with the tailstock (tailstock.ts), the first held by its centre.
 */
export function planChuckings(plan: LathePlan): Chucking[] {
  const { stock, secondSetup, part } = plan;
  const { outer, inner } = profileSpans(part);
  const splitMm = secondSetup?.outsideFromMm;
  return chuckingsOf(
    { ...stock, sawn: stock.blankLengthMm !== undefined },
    part.lengthMm,
    outer,
    inner,
    secondSetup
      ? { frontZ: secondSetup.frontFaceZ, chuckFaceZ: secondSetup.chuckFaceZ }
      : undefined,
    splitMm !== undefined ? { fromZ: -splitMm, diameterAt: () => stock.diameterMm } : undefined,
    plan.tailstock !== undefined,
  );
}

/**
 * The plan with each setup that sticks out too far to turn without support named in its 'not
 * programmed', and a warning for one that is slender but within the rule (slenderness.ts,
 * decision 063), measured by {@link planChuckings}.
 */
export function withSupportNamed(plan: LathePlan): LathePlan {
  const chuckings = planChuckings(plan);
  return {
    ...plan,
    warnings: [...plan.warnings, ...slenderWarnings(chuckings)],
    notProgrammed: [...plan.notProgrammed, ...unsupportedStickOuts(chuckings)],
  };
}
