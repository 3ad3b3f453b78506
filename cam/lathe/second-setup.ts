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
 * with the tool that would make them (as decision 046 does for the first setup).
 */
import type { LathePlanContext, LathePlanInput, LathePlanOutput, LatheSetup } from './context.ts';
import { round } from './context.ts';
import { outerContour } from './contour.ts';
import { boringOf, finishBore, roughBore, unboredMouthChamfer } from './boring.ts';
import type { Boring } from './boring.ts';
import { drillBores } from './drilling.ts';
import { faceFrontEnd } from './facing.ts';
import type { InnerSection, TurnedPart } from './part.ts';
import { boreKeep } from './profiles.ts';
import type { Operation, SecondSetup } from './program.ts';
import { boreGaps } from './tool-choice.ts';
import type { LatheTool } from './tooling.ts';

/** Length the part off leaves on the parted face for the second setup to face off, mm. */
export const partedFaceAllowanceMm = 0.5;

/** The far-end bores of `part` (none when it has none). */
const farBoresOf = (part: TurnedPart): InnerSection[] => part.farInner ?? [];

/**
 * The part turned around: outer sections in reverse, measured from the far end; the far-end
 * bores and their mouth chamfer as the bores and mouth chamfer at its new free end.
 */
export function turnedAround(part: TurnedPart): TurnedPart {
  const length = part.lengthMm;
  return {
    lengthMm: length,
    outer: [...part.outer].reverse().map((section) => ({
      ...section,
      startMm: round(length - section.endMm),
      endMm: round(length - section.startMm),
    })),
    inner: farBoresOf(part).map((bore) => ({ ...bore })),
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

/** The boring bar that enters a hole of Ø`holeMm`, if one is selected. */
const barFor = (tools: LatheTool[], holeMm: number): LatheTool | undefined =>
  tools.find(
    (tool) => tool.kind === 'boring' && (tool.minBoreMm === undefined || tool.minBoreMm <= holeMm),
  );

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
    if (barFor(tools, through.targetMm)) return [];
    return far.map(
      (bore) =>
        `the bore ${bore.label} x ${bore.depthMm} deep from the far end: it is bored from the through bore ${through.label} in a second setup, and no selected boring bar enters Ø${through.targetMm} mm; a boring bar that enters it would bore it`,
    );
  }
  return boreGaps(turnedAround(part), tools).map((gap) =>
    gap.replace(/^(the bore [^:]*)/, `$1${suffix}`),
  );
}

/** Where the part is held in the second setup: its free-end section, at most 25 mm of it. */
function gripOf(part: TurnedPart): { diameterMm: number; lengthMm: number } {
  const section = part.outer[0]!;
  const lengthMm = round(Math.min(section.endMm - section.startMm, 0.6 * part.lengthMm, 25));
  return { diameterMm: section.targetMm, lengthMm };
}

/** The second setup's geometry and the operator's instructions for `part`. */
function secondSetupOf(part: TurnedPart): SecondSetup {
  const grip = gripOf(part);
  const through = part.inner.find((bore) => bore.through);
  const length = part.lengthMm;
  return {
    part: turnedAround(part),
    partedLengthMm: round(length + partedFaceAllowanceMm),
    frontFaceZ: partedFaceAllowanceMm,
    gripDiameterMm: grip.diameterMm,
    gripLengthMm: grip.lengthMm,
    chuckFaceZ: -round(length - grip.lengthMm),
    ...(through ? { preboredMm: through.targetMm } : {}),
    instructions: [
      `SETUP 2: the far end, work offset G55`,
      `Turn the part around and chuck it on its free-end diameter Ø${grip.diameterMm} in soft jaws, ${grip.lengthMm} mm in the jaws, the parted face out`,
      `Set G55: Z0 is the finished far-end face, ${length} mm from the free-end face (the parted face is at Z${partedFaceAllowanceMm}); X as in G54`,
      'Then press cycle start: the parted face is faced to length and the far-end bores are made',
    ],
  };
}

/** The setup of the second chucking: the first setup's paths and allowances, its own Z. */
function latheSetupOf(context: LathePlanContext, setup: SecondSetup): LatheSetup {
  const length = setup.part.lengthMm;
  return {
    ...context.setup,
    frontFaceZ: setup.frontFaceZ,
    protrusionMm: round(length - setup.gripLengthMm + setup.frontFaceZ),
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
  const bar = barFor(context.input.tools, preboredMm)!;
  const boring: Boring = {
    bar,
    drilledMm: preboredMm,
    material: boreKeep(context.part, context.setup.throughZ, context.input.stockDiameterMm / 2),
  };
  roughBore(context, boring, output);
  finishBore(context, boring, output);
}

/**
 * Plan the second setup after the first setup's operations in `output`: appends its operations
 * (each with `setup: 2`, named "… (setup 2)"), its warnings and 'not programmed' entries.
 * @param input - the job as given (its part as drawn, with the far-end bores)
 * @param context - the first setup's planning context
 * @returns the second setup, or undefined when none is planned (no far-end bores, or they are
 *   left in 'not programmed': the selected tools cannot make them, or the part is not parted off)
 */
export function planSecondSetup(
  input: LathePlanInput,
  context: LathePlanContext,
  output: LathePlanOutput,
): SecondSetup | undefined {
  const drawn = input.part;
  const far = farBoresOf(drawn);
  if (far.length === 0) return undefined;
  const gaps = farBoreGaps(drawn, input.tools);
  const partedOff = output.operations.some((operation) => operation.role === 'part-off');
  if (gaps.length > 0 || !partedOff) {
    if (gaps.length > 0) output.notProgrammed.push(...gaps);
    else
      for (const bore of far)
        output.notProgrammed.push(
          `the bore ${bore.label} x ${bore.depthMm} deep from the far end: the part is not parted off here, so the second setup that makes it is not programmed`,
        );
    for (const chamfer of drawn.farChamfers ?? [])
      output.notProgrammed.push(`the chamfer ${chamfer.label} (its bore is not made)`);
    return undefined;
  }
  const setup = secondSetupOf(drawn);
  const flipped = setup.part;
  const second: LathePlanContext = {
    ...context,
    part: flipped,
    machined: flipped,
    contour: outerContour(flipped),
    threads: [],
    setup: latheSetupOf(context, setup),
  };
  const own: LathePlanOutput = { operations: [], warnings: [], limited: [], notProgrammed: [] };
  faceFrontEnd(second, own);
  if (setup.preboredMm !== undefined) boreFromThrough(second, setup.preboredMm, own);
  else {
    const bores = drillBores(second, own);
    const boring = boringOf(second, bores);
    if (boring) {
      roughBore(second, boring, own);
      finishBore(second, boring, own);
    } else if (!bores.skipped) unboredMouthChamfer(second, own);
  }
  output.operations.push(...own.operations.map(inSecondSetup));
  output.warnings.push(...own.warnings);
  output.limited.push(...own.limited);
  output.notProgrammed.push(
    ...own.notProgrammed.map((entry) => entry.replace(/^(the bore [^:]*)/, '$1 from the far end')),
  );
  if (setup.gripLengthMm < 5)
    output.warnings.push(
      `Setup 2 holds the part on only ${setup.gripLengthMm} mm of Ø${setup.gripDiameterMm}: bore soft jaws to the part, or use a collet, and take light cuts.`,
    );
  return setup;
}

/** An operation of the second setup: marked and named so. */
function inSecondSetup(operation: Operation): Operation {
  const name = operation.role === 'face' ? 'Face to length' : operation.name;
  return { ...operation, name: `${name} (setup 2)`, setup: 2 };
}
