/**
 * The second setup of a turned part: bores that open at the far (chuck-side) end are made after
 * the part off, with the part turned around (docs/decisions/048-far-end-bores-as-a-second-setup.md).
 *
 * The first setup parts the part off `partedFaceAllowanceMm` long (its blank, {@link blankOf}),
 * so the parted face can be faced to the overall length. The operator turns the part around and
 * chucks it on its free-end diameter; the second setup runs under its own work offset (G55):
 * Z0 the finished far-end face, Z negative toward the chuck (toward the original free end), X a
 * diameter, mm. It faces the parted face to length, then drills and bores the far-end bores
 * with the same tool choice, cutting data and limits as the first setup (drilling.ts,
 * boring.ts), or bores them from the first setup's through bore. When the selected tools cannot
 * make them, or the part is not parted off here, the far-end bores are left in 'not programmed'
 * with the tool that would make them (as decision 046 does for the first setup). The far end's
 * outside (a thread behind a larger diameter from the free end, the chamfer the parting blade
 * cannot turn: far-outside.ts, far-turning.ts) is made here too, and is reason enough for a
 * second setup (docs/decisions/053-far-end-threads-and-chamfers-in-the-second-setup.md). A part
 * turned from a sawn blank (sawn-blank.ts, decision 058) is not parted off: it is taken out of
 * the jaws whole, and the second setup faces the stub the jaws held off to length.
 */
import type {
  LathePlanContext,
  LathePlanInput,
  LathePlanOutput,
  LatheSetup,
  PlannedThread,
} from './context.ts';
import { round } from './context.ts';
import { outerContour } from './contour.ts';
import { boringOf, finishBore, roughBore, unboredMouthChamfer } from './boring.ts';
import type { Boring } from './boring.ts';
import { drillBores } from './drilling.ts';
import { faceFrontEnd, faceStubOff } from './facing.ts';
import { flippedOuter, gripOf, makesOutside, notPartedOff } from './far-outside.ts';
import type { FarOutside } from './far-outside.ts';
import { threadFarEnd, turnFarChamfer } from './far-turning.ts';
import type { InnerSection, TurnedPart } from './part.ts';
import { boreKeep } from './profiles.ts';
import { stubMm } from './sawn-blank.ts';
import type { Operation, SecondSetup } from './program.ts';
import { boreGaps, boringBarFor } from './tool-choice.ts';
import type { LatheTool } from './tooling.ts';
import {
  chuckWords,
  grooveAndThreadRemainder,
  remainderEndZ,
  turnRemainder,
} from './two-chuckings.ts';
import type { TwoChuckings } from './two-chuckings.ts';

/** Length the part off leaves on the parted face for the second setup to face off, mm. */
export const partedFaceAllowanceMm = 0.5;

/** The far-end bores of `part` (none when it has none). */
const farBoresOf = (part: TurnedPart): InnerSection[] => part.farInner ?? [];

/**
 * A through bore whose mouth at the far end is chamfered (`farChamfers` without far-end bores),
 * as the turned-around part's bore: through, at its diameter; none otherwise.
 */
function throughMouthBore(part: TurnedPart): InnerSection[] {
  const mouth = part.farChamfers?.[0];
  if (!mouth || farBoresOf(part).length > 0) return [];
  const bore = part.inner.find(
    (entry) => entry.through && Math.abs(entry.targetMm - mouth.diameterMm) < 1e-6,
  );
  return bore ? [{ ...bore, depthMm: part.lengthMm, through: true }] : [];
}

/**
 * The part turned around: outer sections in reverse, measured from the far end; the far-end
 * bores and their mouth chamfer as the bores and mouth chamfer at its new free end.
 */
export function turnedAround(part: TurnedPart): TurnedPart {
  const length = part.lengthMm;
  return {
    lengthMm: length,
    outer: flippedOuter(part.outer, length),
    inner:
      farBoresOf(part).length > 0
        ? farBoresOf(part).map((bore) => ({ ...bore }))
        : throughMouthBore(part),
    chamfers: (part.farChamfers ?? []).map((chamfer) => ({ ...chamfer, atMm: 0 })),
    ...(part.raUm !== undefined ? { raUm: part.raUm } : {}),
    material: part.material,
    notProgrammed: [],
  };
}

/**
 * The first setup's blank of a part with a second setup: the last outer section
 * `partedFaceAllowanceMm` longer, through bores through it, no far-end bores.
 */
export function blankOf(part: TurnedPart): TurnedPart {
  const length = round(part.lengthMm + partedFaceAllowanceMm);
  const { farInner: _far, farChamfers: _chamfers, ...rest } = part;
  return {
    ...rest,
    lengthMm: length,
    finishedLengthMm: part.finishedLengthMm ?? part.lengthMm,
    outer: part.outer.map((section, index) =>
      index === part.outer.length - 1 ? { ...section, endMm: length } : section,
    ),
    inner: part.inner.map((bore) => (bore.through ? { ...bore, depthMm: length } : bore)),
  };
}

/**
 * The part as drawn again from the first setup's machined blank (threads' undercuts kept): the
 * overall length, through bores to it, the far-end bores and chamfers of `drawn`.
 */
export function partFromBlank(machined: TurnedPart, drawn: TurnedPart): TurnedPart {
  const length = drawn.lengthMm;
  return {
    ...machined,
    lengthMm: length,
    outer: machined.outer.map((section, index) =>
      index === machined.outer.length - 1 ? { ...section, endMm: length } : section,
    ),
    inner: machined.inner.map((bore) => (bore.through ? { ...bore, depthMm: length } : bore)),
    ...(drawn.farInner ? { farInner: drawn.farInner } : {}),
    ...(drawn.farChamfers ? { farChamfers: drawn.farChamfers } : {}),
  };
}

/**
 * What the selected tools cannot make of the far-end bores, as 'not programmed' entries (none
 * when they can): bored from the through bore, a boring bar that enters it; else a drill and a
 * bar as for the first setup (boreGaps). Each entry says the bore is at the far end.
 */
export function farBoreGaps(part: TurnedPart, tools: LatheTool[]): string[] {
  const far = farBoresOf(part);
  if (far.length === 0) return [];
  const through = part.inner.find((bore) => bore.through);
  const suffix = ' (from the far end, in a second setup)';
  if (through) {
    if (boringBarFor(tools, through.targetMm)) return [];
    return far.map(
      (bore) =>
        `the bore ${bore.label} x ${bore.depthMm} deep from the far end: it is bored from the through bore ${through.label} in a second setup, and no selected boring bar enters Ø${through.targetMm} mm; a boring bar that enters it would bore it`,
    );
  }
  return boreGaps(turnedAround(part), tools).map((gap) =>
    gap.replace(/^(the bore [^:]*)/, `$1${suffix}`),
  );
}

/**
 * What the operator is told the second setup does after cycle start: "… the parted face is faced
 * to length and the far-end bores are made", and the far end's outside it makes.
 * @param threads - the far-end threads it cuts (their undercuts among `outside`'s sections)
 */
function cycleStartWords(
  part: TurnedPart,
  outside: FarOutside | undefined,
  threads: PlannedThread[],
  sawn: boolean,
  split?: TwoChuckings,
): string {
  const undercut = (label: string) =>
    outside?.machined.outer.some(
      (section) => section.label.startsWith('undercut') && section.label.includes(label),
    );
  const made = [
    ...(split
      ? [
          `the outside is turned from the far end to Z${remainderEndZ(part.lengthMm, split)} (${split.splitMm} mm from the free-end face)`,
        ]
      : []),
    ...((part.farInner ?? []).length > 0 ? ['the far-end bores are made'] : []),
    ...(throughMouthBore(part).length > 0
      ? [`the bore's mouth is chamfered (${part.farChamfers![0]!.label})`]
      : []),
    ...(outside?.chamfer && !split ? [`the chamfer ${outside.chamfer.label} is turned`] : []),
    ...threads.map(
      ({ cycle }) =>
        `the thread ${cycle.label} is cut${undercut(cycle.label) ? ' (after its undercut)' : ''}`,
    ),
  ];
  const faced = sawn
    ? 'Then press cycle start: the stub is faced off to length'
    : 'Then press cycle start: the parted face is faced to length';
  if (made.length === 0) return faced;
  const last = made.pop()!;
  return `${faced} and ${made.length > 0 ? `${made.join(', ')} and ${last}` : last}`;
}

/**
 * The second setup's geometry and the operator's instructions for `part` (its far-end bores
 * those the second setup makes), the jaws clear of the far end's outside it makes; the
 * instructions up to what cycle start does ({@link cycleStartWords}, added once it is planned).
 * @param stubMm - a sawn blank's stub beyond the far-end face (sawn-blank.ts), mm; without it
 *   the part is parted off `partedFaceAllowanceMm` long
 * @param split - the part is turned in two chuckings (two-chuckings.ts): held where it says
 */
function secondSetupOf(
  part: TurnedPart,
  outside: FarOutside | undefined,
  stubMm?: number,
  split?: TwoChuckings,
): SecondSetup {
  const grip = split?.grip ?? gripOf(part, outside?.reachZ ?? 0);
  const jawsAtMm = split?.grip.jawsAtMm ?? grip.lengthMm;
  const through = part.inner.find((bore) => bore.through);
  const length = part.lengthMm;
  const front = stubMm ?? partedFaceAllowanceMm;
  const geometry = {
    part: turnedAround(part),
    partedLengthMm: round(length + front),
    frontFaceZ: front,
    gripDiameterMm: grip.diameterMm,
    gripLengthMm: grip.lengthMm,
    chuckFaceZ: -round(length - jawsAtMm),
    ...(through ? { preboredMm: through.targetMm } : {}),
    ...(split ? { outsideFromMm: split.splitMm } : {}),
  };
  if (stubMm !== undefined)
    return {
      ...geometry,
      instructions: [
        `SETUP 2: the far end, work offset G55`,
        split
          ? chuckWords(split, 'the sawn end', true)
          : `Take the part out of the jaws, turn it around and chuck it on its free-end diameter Ø${grip.diameterMm} in soft jaws, ${grip.lengthMm} mm in the jaws, the sawn end out`,
        `Set G55: Z0 is the finished far-end face, ${length} mm from the free-end face (the sawn end stands about ${front} mm beyond it, at Z${front}); X as in G54`,
      ],
    };
  return {
    ...geometry,
    instructions: [
      `SETUP 2: the far end, work offset G55`,
      split
        ? chuckWords(split, 'the parted face', false)
        : `Turn the part around and chuck it on its free-end diameter Ø${grip.diameterMm} in soft jaws, ${grip.lengthMm} mm in the jaws, the parted face out`,
      `Set G55: Z0 is the finished far-end face, ${length} mm from the free-end face (the parted face is at Z${partedFaceAllowanceMm}); X as in G54`,
    ],
  };
}

/** The setup of the second chucking: the first setup's paths and allowances, its own Z. */
function latheSetupOf(context: LathePlanContext, setup: SecondSetup): LatheSetup {
  const length = setup.part.lengthMm;
  const { blank: _sawn, ...first } = context.setup;
  return {
    ...first,
    frontFaceZ: setup.frontFaceZ,
    protrusionMm: round(setup.frontFaceZ - setup.chuckFaceZ),
    chuckFaceZ: setup.chuckFaceZ,
    cutOffZoneEnd: -length,
    finishEndZ: -length,
    throughZ: -(length + 1),
  };
}

/** Bore the far-end bores from the first setup's through bore of Ø`preboredMm`. */
function boreFromThrough(
  context: LathePlanContext,
  preboredMm: number,
  output: LathePlanOutput,
): void {
  const bar = boringBarFor(context.input.tools, preboredMm)!;
  const boring: Boring = {
    bar,
    drilledMm: preboredMm,
    material: boreKeep(context.part, context.setup.throughZ, context.input.stockDiameterMm / 2),
  };
  roughBore(context, boring, output);
  finishBore(context, boring, output);
}

/**
 * Whether a through bore's mouth at the far end is chamfered in a second setup (a selected
 * boring bar enters the bore): the first setup then parts off a longer blank.
 */
export function cutsThroughMouth(drawn: TurnedPart, tools: LatheTool[]): boolean {
  const bore = throughMouthBore(drawn)[0];
  return bore !== undefined && boringBarFor(tools, bore.targetMm) !== undefined;
}

/**
 * Whether the second setup chamfers a through bore's mouth at the far end (the part has no
 * far-end bore): the bore's diameter, mm, when a selected boring bar enters it and the part is
 * parted off; else undefined, and the chamfer named in 'not programmed' with why.
 */
function throughMouthMade(
  drawn: TurnedPart,
  tools: LatheTool[],
  partedOff: boolean,
  output: LathePlanOutput,
): number | undefined {
  const bore = throughMouthBore(drawn)[0];
  const mouth = drawn.farChamfers?.[0];
  if (!bore || !mouth) return undefined;
  if (partedOff && boringBarFor(tools, bore.targetMm)) return bore.targetMm;
  output.notProgrammed.push(
    `the chamfer ${mouth.label}: ${
      partedOff
        ? `no selected boring bar enters the Ø${bore.targetMm} mm bore to cut it from the far end; a boring bar that does would`
        : 'the part is not parted off here, so the second setup that cuts it is not programmed'
    }`,
  );
  return undefined;
}

/**
 * Whether the second setup makes the far-end bores; when it cannot (the selected tools cannot
 * make them, or the part is not parted off), they and their mouth chamfers go to 'not
 * programmed', saying why.
 */
function farBoresMade(
  drawn: TurnedPart,
  tools: LatheTool[],
  partedOff: boolean,
  output: LathePlanOutput,
): boolean {
  const far = farBoresOf(drawn);
  if (far.length === 0) return false;
  const gaps = farBoreGaps(drawn, tools);
  if (gaps.length === 0 && partedOff) return true;
  if (gaps.length > 0) output.notProgrammed.push(...gaps);
  else
    for (const bore of far)
      output.notProgrammed.push(
        `the bore ${bore.label} x ${bore.depthMm} deep from the far end: the part is not parted off here, so the second setup that makes it is not programmed`,
      );
  for (const chamfer of drawn.farChamfers ?? [])
    output.notProgrammed.push(`the chamfer ${chamfer.label} (its bore is not made)`);
  return false;
}

/** The part turned around as the second setup machines it: its far end's outside, if made. */
function machinedOf(flipped: TurnedPart, outside: FarOutside | undefined): TurnedPart {
  if (!outside) return flipped;
  return {
    ...flipped,
    outer: outside.machined.outer,
    chamfers: [...flipped.chamfers, ...outside.machined.chamfers],
  };
}

/** Make the far-end bores in the second setup: from the through bore, or drilled and bored. */
function makeFarBores(second: LathePlanContext, setup: SecondSetup, own: LathePlanOutput): void {
  if (setup.preboredMm !== undefined) {
    boreFromThrough(second, setup.preboredMm, own);
    return;
  }
  const bores = drillBores(second, own);
  const boring = boringOf(second, bores);
  if (boring) {
    roughBore(second, boring, own);
    finishBore(second, boring, own);
  } else if (!bores.skipped) unboredMouthChamfer(second, bores, own);
}

/**
 * Plan the second setup after the first setup's operations in `output`: appends its operations
 * (each with `setup: 2`, named "… (setup 2)"), its warnings and 'not programmed' entries.
 * @param input - the job as given (its part as drawn, with the far-end bores)
 * @param context - the first setup's planning context
 * @param outside - the far end's outside (far-outside.ts), when the part has one
 * @param split - the part is turned in two chuckings (two-chuckings.ts): the second setup turns
 *   the outside behind the split too, and cuts its grooves
 * @returns the second setup, or undefined when none is planned (no far-end bores or outside, or
 *   they are left in 'not programmed': the selected tools cannot make them, or the part is not
 *   parted off)
 */
export function planSecondSetup(
  input: LathePlanInput,
  context: LathePlanContext,
  output: LathePlanOutput,
  outside?: FarOutside,
  split?: TwoChuckings,
): SecondSetup | undefined {
  const drawn = input.part;
  // A sawn blank (sawn-blank.ts) is not parted off: it comes out of the jaws whole.
  const sawn = context.setup.blank !== undefined;
  const partedOff = sawn || output.operations.some((operation) => operation.role === 'part-off');
  const boresMade = farBoresMade(drawn, input.tools, partedOff, output);
  const makes = makesOutside(outside) ? outside : undefined;
  if (makes && !partedOff) output.notProgrammed.push(...notPartedOff(drawn, makes));
  const outsideMade = makes && partedOff ? makes : undefined;
  // A blank parted off long (plan.ts) is faced to length even when nothing else is left to make.
  const partedLong = partedOff && context.part.lengthMm > drawn.lengthMm + 1e-9;
  const mouthMade = throughMouthMade(drawn, input.tools, partedOff, output);
  if (!boresMade && !outsideMade && !partedLong && !mouthMade) return undefined;
  const { farInner: _bores, farChamfers: _mouths, ...solid } = drawn;
  const subject = boresMade || mouthMade ? drawn : solid;
  const setup = secondSetupOf(
    subject,
    outsideMade,
    sawn ? stubMm(context.setup, drawn.lengthMm) : undefined,
    split,
  );
  const machined = machinedOf(setup.part, outsideMade);
  const second: LathePlanContext = {
    ...context,
    part: machined,
    machined,
    contour: outerContour(machined),
    threads: [...(outsideMade?.threads ?? [])],
    setup: latheSetupOf(context, setup),
  };
  const own: LathePlanOutput = { operations: [], warnings: [], limited: [], notProgrammed: [] };
  if (sawn) faceStubOff(second, own);
  else faceFrontEnd(second, own);
  if (split) turnRemainder(second, split, own);
  else if (outsideMade) turnFarChamfer(second, outsideMade, own);
  if (boresMade) makeFarBores(second, setup, own);
  else if (mouthMade) unboredMouthChamfer(second, { drilledMm: mouthMade, skipped: false }, own);
  if (split) grooveAndThreadRemainder(second, split, own);
  else if (outsideMade) threadFarEnd(second, own);
  output.operations.push(...own.operations.map(inSecondSetup));
  output.warnings.push(...own.warnings);
  output.limited.push(...own.limited);
  output.notProgrammed.push(
    ...own.notProgrammed.map((entry) => entry.replace(/^(the bore [^:]*)/, '$1 from the far end')),
  );
  gripWarnings(drawn, setup, output.warnings, split !== undefined);
  const threads = second.threads.map((thread) => thread.cycle);
  return {
    ...setup,
    part: machined,
    instructions: [
      ...setup.instructions,
      cycleStartWords(subject, outsideMade, second.threads, sawn, split),
    ],
    ...(threads.length > 0 ? { threads } : {}),
  };
}

/**
 * What the operator must know of the second setup's grip: a short grip (under 5 mm), and a grip
 * on a thread (the free-end section threaded in the first setup), whose crests the jaws crush.
 */
function gripWarnings(
  drawn: TurnedPart,
  setup: SecondSetup,
  warnings: string[],
  split: boolean,
): void {
  if (setup.gripLengthMm < 5)
    warnings.push(
      `Setup 2 holds the part on only ${setup.gripLengthMm} mm of Ø${setup.gripDiameterMm}: bore soft jaws to the part, or use a collet, and take light cuts.`,
    );
  // Two chuckings never hold the part on a thread (two-chuckings.ts).
  const thread = split ? undefined : drawn.outer[0]!.threadSpec;
  if (thread)
    warnings.push(
      `Setup 2 holds the part on its thread ${thread.designation}: grip it in a split threaded bush, or in soft jaws bored to its major diameter, so that its crests are not crushed.`,
    );
}

/** An operation of the second setup: marked and named so. */
function inSecondSetup(operation: Operation): Operation {
  const name = operation.role === 'face' ? 'Face to length' : operation.name;
  return { ...operation, name: `${name} (setup 2)`, setup: 2 };
}
