/**
 * The far end's outside, made in the second setup with the part turned around
 * (docs/decisions/053-far-end-threads-and-chamfers-in-the-second-setup.md): an external thread
 * behind a larger diameter from the free end that the far end reaches (threading.ts
 * `threadReach`: or blocked in front by a diameter above its root), with its DIN 76-1 form A undercut at the shoulder, and the outer chamfer at the
 * parted-off end that the parting blade cannot turn (`TurnedPart.farOuterChamfer`).
 *
 * Both are planned on the part turned around, in the second setup's coordinates (Z0 the finished
 * far-end face, Z negative toward the original free end, X a diameter, mm), by the first setup's
 * own rules: the threads by `planThreads` (tool choice by pitch, ISO 68-1 depth, infeed, DIN 76
 * undercut), so a thread the selected tools cannot cut is named in 'not programmed' the same
 * way. The part is held on its free-end diameter; the jaws stay `jawClearanceMm` clear of the
 * deepest cut of the far end's outside, and the far end's outside is not programmed when that
 * leaves less than `minGripMm` to hold.
 */
import type { PlannedThread } from './context.ts';
import { round } from './context.ts';
import type { EdgeChamfer, OuterSection, TurnedPart } from './part-types.ts';
import { planThreads, threadReach } from './threading.ts';
import type { LatheTool } from './tooling.ts';

/** How far the chuck jaws' face stays from the deepest cut of the far end's outside, mm. */
export const jawClearanceMm = 3;

/** The least length of the free-end diameter the jaws must hold to turn and thread the far end, mm. */
export const minGripMm = 5;

/** The far end's outside as the second setup makes it (its coordinates). */
export interface FarOutside {
  /**
   * The part turned around with the DIN 76 undercuts of the far-end threads as grooves: only
   * those threads keep their `threadSpec`.
   */
  machined: TurnedPart;
  /** The far-end threads the selected tools can cut (cycles in the second setup's coordinates). */
  threads: PlannedThread[];
  /** The outer chamfer at the parted-off end (`atMm` 0, the far-end face), when it is turned. */
  chamfer?: EdgeChamfer;
  /** Where turning the chamfer ends (Z, negative): on its diameter, past the chamfer. */
  turnToZ?: number;
  /** The deepest Z an outside tool reaches (0 when nothing is cut), mm. */
  reachZ: number;
  /** What the selected tools cannot make, and warnings, as the first setup words them. */
  notProgrammed: string[];
  warnings: string[];
}

/** Outer sections turned end for end: measured from the far end, in reverse order. */
export function flippedOuter(outer: OuterSection[], lengthMm: number): OuterSection[] {
  return [...outer].reverse().map((section) => ({
    ...section,
    startMm: round(lengthMm - section.endMm),
    endMm: round(lengthMm - section.startMm),
  }));
}

/** The indices of the sections whose thread the far end reaches (right-hand threads only). */
function farThreadIndices(part: TurnedPart): Set<number> {
  const reach = threadReach(part);
  const indices = new Set<number>();
  part.outer.forEach((section, index) => {
    const spec = section.threadSpec;
    if (spec && reach[index] === 'far' && !/\bLH\b/.test(spec.designation)) indices.add(index);
  });
  return indices;
}

/** The part turned around for the far end's outside: only the far threads keep their spec. */
function turnedForOutside(part: TurnedPart, far: Set<number>): TurnedPart {
  const outer = part.outer.map((section, index) => {
    if (far.has(index) || !section.threadSpec) return section;
    const { threadSpec: _cut, ...rest } = section;
    return rest;
  });
  return {
    lengthMm: part.lengthMm,
    outer: flippedOuter(outer, part.lengthMm),
    inner: [],
    chamfers: part.farOuterChamfer ? [{ ...part.farOuterChamfer, atMm: 0 }] : [],
    ...(part.raUm !== undefined ? { raUm: part.raUm } : {}),
    material: part.material,
    notProgrammed: [],
  };
}

/** Where turning the chamfer ends: 1 mm past it, at most halfway to its section's end, mm (Z). */
function turnEndOf(chamfer: EdgeChamfer, first: OuterSection): number {
  const length = first.endMm - first.startMm;
  return -round(Math.min(chamfer.sizeMm + 1, (chamfer.sizeMm + length) / 2));
}

/** The deepest Z the far end's threads reach: their run-out, and their undercut's shoulder. */
function threadReachZ(machined: TurnedPart, threads: PlannedThread[]): number {
  const undercuts = machined.outer.filter((section) => section.label.startsWith('undercut'));
  return Math.min(
    0,
    ...threads.map((thread) => thread.cycle.endZ),
    ...undercuts.map((section) => -section.endMm),
  );
}

/**
 * How much of the free-end diameter the jaws hold in the second setup: that section, at most
 * 60 % of the part and 25 mm, and, with the far end's outside cut to `reachZ`, the jaws'
 * face `jawClearanceMm` clear of it.
 * @param reachZ - the deepest Z (second setup, negative) an outside tool reaches; 0 for none
 * @returns the grip's diameter and length, mm
 */
export function gripOf(part: TurnedPart, reachZ = 0): { diameterMm: number; lengthMm: number } {
  const section = part.outer[0]!;
  const clear = reachZ < 0 ? part.lengthMm + reachZ - jawClearanceMm : Infinity;
  const lengthMm = round(Math.min(section.endMm - section.startMm, 0.6 * part.lengthMm, 25, clear));
  return { diameterMm: section.targetMm, lengthMm };
}

/**
 * The sentences for far-end outside features left undone because of `why`: the threads of the
 * sections at `far` (indices into the part's outer sections) and `chamfer`.
 */
function undoneSentences(
  part: TurnedPart,
  far: Set<number>,
  chamfer: EdgeChamfer | undefined,
  why: string,
): string[] {
  const threads = part.outer
    .filter((_, index) => far.has(index))
    .map(
      (section) =>
        `the thread ${section.threadSpec!.designation} on ${section.label}: it lies behind a larger diameter from the free end, and ${why}; the diameter is turned to Ø${section.targetMm}`,
    );
  return chamfer
    ? [
        ...threads,
        `the chamfer ${chamfer.label} (the parted-off end's outer edge): ${why}; deburr it or turn the part around`,
      ]
    : threads;
}

/**
 * Plan the far end's outside of the part as drawn: its threads (with the selected tools, by the
 * first setup's rules) and its chamfer, or why they are not made.
 * @param tools - the selected tools
 * @returns undefined when the part has no far-end thread or chamfer
 */
export function farOutsideOf(part: TurnedPart, tools: LatheTool[]): FarOutside | undefined {
  const far = farThreadIndices(part);
  if (far.size === 0 && !part.farOuterChamfer) return undefined;
  const turned = turnedForOutside(part, far);
  const blades = tools.filter((tool) => tool.kind === 'parting' || tool.kind === 'grooving');
  const warnings: string[] = [];
  const notProgrammed: string[] = [];
  // Threads in the second setup are never the last section there: the part-off width is unused.
  const planned = planThreads(turned, tools, blades, 0, warnings, notProgrammed);
  const chamfer = turned.chamfers[0];
  const turnToZ = chamfer ? turnEndOf(chamfer, turned.outer[0]!) : undefined;
  const reachZ = Math.min(threadReachZ(planned.part, planned.threads), turnToZ ?? 0);
  const grip = gripOf(part, reachZ);
  if (reachZ < 0 && grip.lengthMm < minGripMm)
    return {
      machined: turned,
      threads: [],
      reachZ: 0,
      notProgrammed: undoneSentences(
        part,
        far,
        part.farOuterChamfer,
        `the second setup that makes it from the far end could hold the part on only ${Math.max(0, grip.lengthMm)} mm of its free-end diameter Ø${grip.diameterMm} (${minGripMm} mm are needed, the jaws ${jawClearanceMm} mm clear of the cut)`,
      ),
      warnings: [],
    };
  return {
    machined: planned.part,
    threads: planned.threads,
    ...(chamfer ? { chamfer, turnToZ: turnToZ! } : {}),
    reachZ,
    notProgrammed,
    warnings,
  };
}

/** The far end's outside left undone because the part is not parted off in the program. */
export function notPartedOff(part: TurnedPart, outside: FarOutside): string[] {
  const cut = new Set(outside.threads.map((thread) => thread.cycle.label));
  const far = new Set(
    [...farThreadIndices(part)].filter((index) =>
      cut.has(part.outer[index]!.threadSpec!.designation),
    ),
  );
  return undoneSentences(
    part,
    far,
    outside.chamfer ? part.farOuterChamfer : undefined,
    'the part is not parted off here, so the second setup that makes it from the far end is not programmed',
  );
}

/**
 * The far end's outside again, without what stands on a diameter the first setup leaves uncut
 * (its groove named in `notProgrammed`: grooving.ts): a thread when its diameter or one between
 * it and the far end is uncut (the threading tool would meet the material), the chamfer when the
 * last diameter is. What is left out is named in `notProgrammed`.
 * @returns `outside` itself when nothing is left out; undefined when nothing is left to make
 */
export function afterFirstSetup(
  part: TurnedPart,
  outside: FarOutside,
  tools: LatheTool[],
  notProgrammed: string[],
): FarOutside | undefined {
  const uncut = part.outer.map((section) =>
    notProgrammed.some((entry) => entry.startsWith(`the groove ${section.label} (`)),
  );
  const cut = new Set(outside.threads.map((thread) => thread.cycle.label));
  const dropped = new Set(
    [...farThreadIndices(part)].filter(
      (index) =>
        cut.has(part.outer[index]!.threadSpec!.designation) && uncut.slice(index).some(Boolean),
    ),
  );
  const chamfer = outside.chamfer && uncut.at(-1) ? part.farOuterChamfer : undefined;
  if (dropped.size === 0 && !chamfer) return outside;
  notProgrammed.push(
    ...undoneSentences(
      part,
      dropped,
      chamfer,
      'the first setup leaves its diameter, or one between it and the far end, uncut (above), so the second setup does not make it',
    ),
  );
  const { farOuterChamfer: _chamfer, ...rest } = part;
  const reduced: TurnedPart = {
    ...(chamfer ? rest : part),
    outer: part.outer.map((section, index) => {
      if (!dropped.has(index)) return section;
      const { threadSpec: _dropped, ...plain } = section;
      return plain;
    }),
  };
  return farOutsideOf(reduced, tools);
}

/** Whether the second setup has anything to make of the far end's outside. */
export const makesOutside = (outside: FarOutside | undefined): outside is FarOutside =>
  !!outside && (outside.threads.length > 0 || !!outside.chamfer);

/**
 * The outer sections of the part as machined (first setup's coordinates, the drawn length):
 * each section the second setup splits (a far-end thread and its undercut) replaced by its
 * pieces, turned back from `second` (the second setup's part as machined).
 */
export function withFarUndercuts(outer: OuterSection[], second: TurnedPart): OuterSection[] {
  const back = flippedOuter(second.outer, second.lengthMm);
  return outer.flatMap((section) => {
    const pieces = back.filter(
      (piece) => piece.startMm >= section.startMm - 1e-6 && piece.endMm <= section.endMm + 1e-6,
    );
    return pieces.length > 1 ? pieces : [section];
  });
}
