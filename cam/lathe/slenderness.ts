/**
 * How far a part may stick out of the chuck without support: the plan names a setup past it in
 * 'not programmed' (plan.ts) and the verifier's 'support' check finds it on its own
 * (cam/verify/lathe/support.ts), from the same profile and the same rule
 * (docs/decisions/063-slender-parts-are-not-verified-without-support.md).
 *
 * The rule: the stick-out L (from the jaws' face to the end the tool cuts, mm) at most
 * {@link maxUnsupportedSlenderness} times the part's stiffness diameter D. For work held only in a
 * chuck, shops and trade literature put the limit at L/D 3–4 for a plain cylinder, beyond which
 * its deflection shows in the sizes and it chatters, and call for a tailstock or steady rest (a
 * rule of thumb, not a handbook figure). The rule is stated for the part's length over its
 * diameter; L here adds the facing allowance and the cut-off zone (about 10 mm) and D is at most
 * the largest diameter, so 5 here is about 4 there (the long reamer's end: 60 / 15.48 = 3.9 by the
 * rule, 69 / 14.5 = 4.8 here); past 4 the plan warns. A stepped or bored part is not a plain
 * cylinder, so D is the diameter of the plain cylinder of the same length that bends as much under
 * a radial force at its end: by Euler–Bernoulli beam theory a cantilever deflects at its end δ =
 * F/E · ∫₀ᴸ s² / I(s) ds (s from the end, I = π(D⁴ − d⁴)/64 for a section of diameter D bored d),
 * so D⁴ = L³ / (3 ∫₀ᴸ s² / (D(s)⁴ − d(s)⁴) ds). A short thin pin at the end barely counts; a thin
 * neck near the jaws counts most.
 */

/** The largest stick-out turned without support, as a multiple of the stiffness diameter. */
export const maxUnsupportedSlenderness = 5;

/**
 * The largest length between the chuck and the tailstock's centre, as a multiple of the
 * stiffness diameter: past it a steady rest is needed. Shops and trade literature put the limit
 * of chuck-and-centre work at L/D 10–12 for a plain cylinder (a rule of thumb like the one above;
 * a beam held at both ends bends a small fraction of a cantilever's under the same force);
 * docs/decisions/078-tailstock.md.
 */
export const maxCentreSlenderness = 12;

/**
 * The stick-out, as a multiple of the stiffness diameter, past which the plan holds the part
 * with the tailstock or in two chuckings where it can, and else says it is turned in the chuck
 * alone: the trade rule's L/D 3 for work held in a chuck alone (issue 34, "over 3 × D"), by this
 * measure (5 here is about 4 there, so 3 there is about 3.75 here);
 * docs/decisions/108-support-past-three-diameters.md.
 */
export const slenderWarningRatio = 3.75;

/** A span of a diameter along the part (first setup's Z: `fromZ` free-end side, > `toZ`), mm. */
export interface ProfileSpan {
  fromZ: number;
  toZ: number;
  diameterMm: number;
}

/**
 * The diameter of the span that holds `z`, else of the nearest span (the gaps chamfers and
 * corners leave), mm; 0 without spans.
 */
export function diameterAt(spans: ProfileSpan[], z: number): number {
  let best = 0;
  let distance = Infinity;
  for (const span of spans) {
    const away = z > span.fromZ ? z - span.fromZ : z < span.toZ ? span.toZ - z : 0;
    if (away < distance - 1e-9) {
      distance = away;
      best = span.diameterMm;
    }
  }
  return best;
}

/** The bored diameter at `z`: the largest bore that holds it (0 where none does), mm. */
const boreAt = (spans: ProfileSpan[], z: number): number =>
  Math.max(
    0,
    ...spans
      .filter((span) => z <= span.fromZ + 1e-9 && z >= span.toZ - 1e-9)
      .map((s) => s.diameterMm),
  );

/**
 * The stiffness diameter of a stick-out (see the module's note), mm.
 * @param stickOutMm - L, from the jaws' face to the end the tool cuts, mm
 * @param sectionAt - the outer and bored diameters at `s` mm from that end, mm
 * @returns Infinity for a stick-out of 0 or less (nothing to bend)
 */
export function stiffnessDiameterMm(
  stickOutMm: number,
  sectionAt: (s: number) => { outerMm: number; boreMm: number },
): number {
  if (stickOutMm <= 0) return Infinity;
  const steps = Math.max(20, Math.ceil(stickOutMm / 0.25));
  const ds = stickOutMm / steps;
  let integral = 0;
  for (let index = 0; index < steps; index += 1) {
    const s = (index + 0.5) * ds;
    const { outerMm, boreMm } = sectionAt(s);
    integral += (s * s * ds) / Math.max(outerMm ** 4 - boreMm ** 4, 1e-3);
  }
  return (stickOutMm ** 3 / (3 * integral)) ** 0.25;
}

/** One chucking of the part: how far it sticks out and its profile from the cut end, mm. */
export interface Chucking {
  stickOutMm: number;
  /** Its free end is held by the tailstock's centre (tailstock.ts). */
  centre?: true;
  sectionAt: (s: number) => { outerMm: number; boreMm: number };
}

/**
 * What the first setup leaves unturned when the part is turned in two chuckings
 * (docs/decisions/064-slender-parts-in-two-chuckings.md): behind `fromZ` (first setup's
 * coordinates, negative) the outer diameter is `diameterAt(z)` (mm) instead of the finished one:
 * the bar's diameter in the plan, the bar as the simulation leaves it in the verifier.
 */
export interface UnturnedRemainder {
  fromZ: number;
  diameterAt: (z: number) => number;
}

/**
 * The two chuckings of a part as the verifier and the plan see them: the first from the stock's
 * unfaced end at `frontFaceZ` to the jaws at `chuckFaceZ` (the part's profile, then its last
 * diameter through the cut-off zone; behind `remainder.fromZ` the diameter the first setup leaves
 * there, when it turns only the front of the part); the second, when there is one, from the far
 * end as the first leaves it (`secondFrontZ` beyond the far face: a sawn blank's stub at the
 * stock's diameter, or the parted face's allowance) to its jaws at `secondChuckZ` (its
 * coordinates), with the part's finished profile.
 * @param outer - the finished outer diameters, first setup's coordinates
 * @param inner - the bores, first setup's coordinates
 */
export function chuckingsOf(
  stock: { diameterMm: number; frontFaceZ: number; chuckFaceZ: number; sawn: boolean },
  lengthMm: number,
  outer: ProfileSpan[],
  inner: ProfileSpan[],
  second?: { frontZ: number; chuckFaceZ: number },
  remainder?: UnturnedRemainder,
  centre = false,
): Chucking[] {
  const at = (z: number) => ({
    outerMm: diameterAt(outer, Math.min(0, Math.max(-lengthMm, z))),
    boreMm: z > 0 || z < -lengthMm ? 0 : boreAt(inner, z),
  });
  const firstAt = (z: number) =>
    remainder && z < remainder.fromZ
      ? { outerMm: remainder.diameterAt(Math.max(-lengthMm, z)), boreMm: at(z).boreMm }
      : at(z);
  const first: Chucking = {
    stickOutMm: stock.frontFaceZ - stock.chuckFaceZ,
    sectionAt: (s) => firstAt(stock.frontFaceZ - s),
    ...(centre ? { centre: true as const } : {}),
  };
  if (!second) return [first];
  return [
    first,
    {
      stickOutMm: second.frontZ - second.chuckFaceZ,
      sectionAt: (s) => {
        const z2 = second.frontZ - s;
        if (z2 > 0 && stock.sawn) return { outerMm: stock.diameterMm, boreMm: 0 };
        return at(-lengthMm - z2);
      },
    },
  ];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The stick-out of a chucking over its stiffness diameter, and that diameter, mm. */
export function slendernessOf(chucking: Chucking): { ratio: number; diameterMm: number } {
  const diameterMm = stiffnessDiameterMm(chucking.stickOutMm, chucking.sectionAt);
  return { ratio: chucking.stickOutMm / diameterMm, diameterMm };
}

/** The largest slenderness of a chucking: held by the centre or in the chuck alone. */
const limitOf = (chucking: Chucking): number =>
  chucking.centre ? maxCentreSlenderness : maxUnsupportedSlenderness;

/**
 * Whether a chucking sticks out at most {@link maxUnsupportedSlenderness} times its stiffness
 * diameter ({@link maxCentreSlenderness} when the tailstock's centre holds its end).
 */
export const withinRule = (chucking: Chucking): boolean =>
  slendernessOf(chucking).ratio <= limitOf(chucking) + 1e-9;

/**
 * Whether a chucking sticks out at most `unsupportedLimit` times its stiffness diameter when
 * the chuck holds it alone ({@link maxCentreSlenderness} when the tailstock's centre holds its
 * end): the plan's {@link slenderWarningRatio}, where it looks for support first, or the rule's
 * {@link maxUnsupportedSlenderness}.
 */
export const withinLimit = (chucking: Chucking, unsupportedLimit: number): boolean =>
  slendernessOf(chucking).ratio <=
  (chucking.centre ? maxCentreSlenderness : Math.min(unsupportedLimit, limitOf(chucking))) + 1e-9;

/**
 * The sentences for each chucking that sticks out more than {@link maxUnsupportedSlenderness}
 * times its stiffness diameter, as the plan's 'not programmed' entries and the verifier's
 * unfinished ones word them alike ("unsupported stick-out: the part sticks out 69 mm, 6.9 times
 * its stiffness diameter Ø10 …"), short enough for a program comment line (LinuxCNC reads at
 * most 255 characters a line).
 */
export function unsupportedStickOuts(chuckings: Chucking[]): string[] {
  return chuckings.flatMap((chucking, index) => {
    if (withinRule(chucking)) return [];
    const { ratio, diameterMm } = slendernessOf(chucking);
    if (chucking.centre)
      return [
        `too long between chuck and centre: the part sticks out ${round1(chucking.stickOutMm)} mm, ${round1(ratio)} times its stiffness diameter Ø${round1(diameterMm)} (${maxCentreSlenderness} at most with the tailstock); support it with a steady rest as well`,
      ];
    return [
      `unsupported stick-out: the part sticks out ${round1(chucking.stickOutMm)} mm${index > 0 ? ' in setup 2' : ''}, ${round1(ratio)} times its stiffness diameter Ø${round1(diameterMm)} (${maxUnsupportedSlenderness} at most unsupported); hold its end with the tailstock or a steady rest, or turn it in two chuckings`,
    ];
  });
}

/**
 * The plan's warnings for each chucking past {@link slenderWarningRatio} but within
 * {@link maxUnsupportedSlenderness} times its stiffness diameter: turned as it is, with light
 * cuts, or supported.
 */
export function slenderWarnings(chuckings: Chucking[]): string[] {
  return chuckings.flatMap((chucking, index) => {
    const { ratio, diameterMm } = slendernessOf(chucking);
    if (chucking.centre) return [];
    if (ratio <= slenderWarningRatio + 1e-9 || ratio > maxUnsupportedSlenderness + 1e-9) return [];
    return [
      `Workholding: the part sticks out ${round1(chucking.stickOutMm)} mm${index > 0 ? ' in setup 2' : ''}, ${round1(ratio)} times its stiffness diameter Ø${round1(diameterMm)}, past the 3 x D a part is turned in the chuck alone; neither two chuckings nor the tailstock can hold it here, so it is turned in the chuck alone: watch for chatter, and if it comes, support it with a steady rest.`,
    ];
  });
}
