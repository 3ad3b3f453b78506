/**
 * Threading: which external threads are cut (single start, 60°, toward the chuck), each with a
 * DIN 76 undercut where it ends at a shoulder, and the threading operations, after their
 * undercuts are grooved, at constant rpm. The thread's geometry (depths, infeeds, the undercut
 * table) is in threads.ts.
 */
import { FitError } from '../errors.ts';
import { standardToleranceMm } from '../iso286.ts';
import type { LathePlanContext, LathePlanOutput, PlannedThread } from './context.ts';
import type { LathePlan } from './program.ts';
import { round } from './context.ts';
import { threadingData } from './cutting-data.ts';
import { threadingMoves } from './operations.ts';
import type { ParsedThread } from '../callouts.ts';
import type { OuterSection, TurnedPart } from './part.ts';
import {
  din76Undercut,
  externalThreadDepthMm,
  flankInfeedDeg,
  infeedDepths,
  insertPitchRange,
  threadPassCount,
} from './threads.ts';
import { toolKindNames } from './tooling.ts';
import type { LatheTool } from './tooling.ts';

/**
 * The end an external tool reaches each outer section from: 'free' when no diameter between it
 * and the free end is larger (on the envelope, as contour.ts turns it), else 'far' when none
 * between it and the far (parted-off) end is larger (turned in a second setup, the part turned
 * around: far-outside.ts), else 'neither' (a larger diameter on each side).
 */
export function reachedFrom(part: TurnedPart): ('free' | 'far' | 'neither')[] {
  const sections = part.outer;
  return sections.map((section, index) => {
    const notLarger = (other: { targetMm: number }) => other.targetMm <= section.targetMm + 1e-9;
    if (sections.slice(0, index).every(notLarger)) return 'free';
    return sections.slice(index + 1).every(notLarger) ? 'far' : 'neither';
  });
}

/**
 * A thread's depth and root (ISO 68-1 h3 = 0.61343·P) and how far in front of it the tool
 * starts (3 pitches, at least 3 mm: the carriage's run-up to the synchronised feed), mm.
 */
function threadStart(spec: ParsedThread): { depthMm: number; rootMm: number; leadIn: number } {
  const depthMm = round(externalThreadDepthMm(spec.pitchMm));
  return {
    depthMm,
    rootMm: round(spec.majorDiameterMm - 2 * depthMm),
    leadIn: round(Math.max(3 * spec.pitchMm, 3)),
  };
}

/**
 * The end each outer section's thread is cut from: as {@link reachedFrom}, except that a thread
 * the free end reaches but whose tool has no room to start in front of it (a diameter above its
 * root there, within the lead-in) is cut from the far end when nothing behind it is larger (in
 * the second setup, the part turned around, where it is the free end's: far-outside.ts).
 */
export function threadReach(part: TurnedPart): ('free' | 'far' | 'neither')[] {
  return reachedFrom(part).map((reach, index) => {
    const section = part.outer[index]!;
    const spec = section.threadSpec;
    if (reach !== 'free' || !spec) return reach;
    const { rootMm, leadIn } = threadStart(spec);
    if (clearInFront(part.outer, index, leadIn, rootMm - 0.5)) return reach;
    const behind = part.outer.slice(index + 1);
    return behind.every((other) => other.targetMm <= section.targetMm + 1e-9) ? 'far' : reach;
  });
}

/** Why a thread reached from neither end is not cut: the larger diameters on each side. */
function betweenLarger(part: TurnedPart, index: number): string {
  const largest = (list: OuterSection[]) =>
    list.reduce((best, section) => (section.targetMm > best.targetMm ? section : best));
  const before = largest(part.outer.slice(0, index));
  const after = largest(part.outer.slice(index + 1));
  return `it lies between larger diameters (${before.label} toward the free end, ${after.label} toward the far end), so no tool reaches it from either end`;
}

/**
 * Whether the tool can start a thread `leadInMm` in front of it (toward the free end): every
 * section there, or the part of it within the lead-in, is at most `clearMm` in diameter. Past
 * the free end is air (the face is faced first), so a short section in front of the thread is
 * enough when it is the free end's.
 *
 * @param outer - the outer sections from the free end, mm
 * @param index - the thread's section
 * @param leadInMm - how far in front of the thread the tool starts, mm (3 pitches, at least 3)
 * @param clearMm - the largest diameter the tool passes over at the thread's root, mm
 */
export function clearInFront(
  outer: readonly OuterSection[],
  index: number,
  leadInMm: number,
  clearMm: number,
): boolean {
  const from = outer[index]!.startMm - leadInMm;
  return outer
    .slice(0, index)
    .every((section) => section.endMm <= from + 1e-9 || section.targetMm <= clearMm);
}

/**
 * Decide which external threads are cut, and add a DIN 76 undercut where a thread ends at a
 * shoulder. Threads that cannot be cut are listed in `notProgrammed` with the reason (their
 * diameter is still turned). A thread behind a larger diameter that the far end reaches
 * ({@link reachedFrom}), or one whose tool has no room to start in front of it but nothing
 * larger behind it, is left to the second setup (far-outside.ts): its section is in
 * `farThreads`, with no entry in `notProgrammed`.
 * @returns the part to machine (with the undercuts as grooves), the thread cycles, and the
 *   sections of the threads left to the far end
 */
export function planThreads(
  part: TurnedPart,
  tools: LatheTool[],
  blades: LatheTool[],
  partingWidthMm: number,
  warnings: string[],
  notProgrammed: string[],
): { part: TurnedPart; threads: PlannedThread[]; farThreads: OuterSection[] } {
  const threading = tools.filter((tool) => tool.kind === 'threading');
  const outer: OuterSection[] = [];
  const threads: PlannedThread[] = [];
  const farThreads: OuterSection[] = [];
  const reach = threadReach(part);
  part.outer.forEach((section, index) => {
    const spec = section.threadSpec;
    if (!spec) {
      outer.push(section);
      return;
    }
    const name = `the thread ${spec.designation} on ${section.label}`;
    const skip = (reason: string) => {
      notProgrammed.push(`${name}: ${reason}; the diameter is turned to Ø${section.targetMm}`);
      outer.push(section);
    };
    if (/\bLH\b/.test(spec.designation)) return skip('left-hand threads are not programmed yet');
    if (reach[index] === 'far') {
      farThreads.push(section);
      outer.push(section);
      return;
    }
    if (reach[index] === 'neither') return skip(betweenLarger(part, index));
    if (threading.length === 0)
      return skip(`it needs ${toolKindNames.threading}, and none of the selected tools is one`);
    const rangeOf = (candidate: LatheTool) =>
      insertPitchRange(`${candidate.row.toolName} ${candidate.row.toolDescription}`);
    const fits = (candidate: LatheTool) => {
      const range = rangeOf(candidate);
      return range && spec.pitchMm >= range.minMm - 0.005 && spec.pitchMm <= range.maxMm + 0.005;
    };
    const tool = threading.find(fits) ?? threading.find((candidate) => !rangeOf(candidate));
    if (!tool)
      return skip(
        `the selected threading inserts are for other pitches than ${round(spec.pitchMm)} mm`,
      );
    const pitch = spec.pitchMm;
    const { depthMm, rootMm, leadIn } = threadStart(spec);
    const previous = part.outer[index - 1];
    if (!clearInFront(part.outer, index, leadIn, rootMm - 0.5)) {
      return skip(
        `there is no room in front of it for the tool to start (${leadIn} mm below Ø${round(rootMm - 0.5)} is needed)`,
      );
    }
    const next = part.outer[index + 1];
    let threadSection = section;
    let undercut: OuterSection | undefined;
    let endZ: number;
    if (!next) {
      endZ = -(section.endMm + partingWidthMm / 2);
    } else if (next.targetMm < section.targetMm) {
      if (next.targetMm > rootMm + 1e-6)
        return skip(
          `the groove after it (Ø${next.targetMm}) is shallower than the thread root Ø${rootMm}`,
        );
      endZ = -(section.endMm + (next.endMm - next.startMm) / 2);
    } else {
      // A shoulder: a DIN 76 form A undercut (metric table by pitch) for the thread to run out.
      const form = din76Undercut(pitch);
      if (!form) return skip('its pitch is over 6 mm, beyond the DIN 76 undercut table');
      // Grooving blades before parting blades, the narrowest that fits the undercut.
      const blade = [...blades]
        .filter((candidate) => candidate.widthMm! <= form.g2MaxMm + 1e-9)
        .sort(
          (a, b) =>
            Number(b.kind === 'grooving') - Number(a.kind === 'grooving') ||
            a.widthMm! - b.widthMm!,
        )[0];
      if (!blade)
        return skip(
          `the DIN 76 undercut before the shoulder needs a grooving blade at most ${form.g2MaxMm} mm wide, and none of the selected blades is`,
        );
      const widthMm = round(Math.max(form.g1MinMm, blade.widthMm!));
      const dg = round(spec.majorDiameterMm - form.depthBelowMm);
      if (section.endMm - section.startMm - widthMm < 2 * pitch)
        return skip(`it is too short for a DIN 76 undercut of ${widthMm} mm`);
      let tolerance: number;
      try {
        tolerance = standardToleranceMm(13, dg);
      } catch (error) {
        if (error instanceof FitError) return skip('its undercut diameter is too small');
        throw error;
      }
      threadSection = { ...section, endMm: round(section.endMm - widthMm) };
      undercut = {
        startMm: threadSection.endMm,
        endMm: section.endMm,
        nominalMm: dg,
        targetMm: round(dg - tolerance / 2),
        limits: { minMm: round(dg - tolerance), maxMm: dg },
        kind: 'groove',
        label: `undercut DIN 76-A ${spec.designation} ${widthMm} x Ø${dg}`,
      };
      endZ = -(section.endMm - widthMm / 2);
    }
    const passes = threadPassCount(pitch);
    const startZ = previous ? -(section.startMm - leadIn) : leadIn;
    threads.push({
      tool,
      cycle: {
        label: spec.designation,
        leadMm: pitch,
        majorMm: spec.majorDiameterMm,
        rootMm,
        depthMm,
        passDepthsMm: infeedDepths(depthMm, passes),
        springPasses: 1,
        infeedAngleDeg: flankInfeedDeg,
        profileAngleDeg: 60,
        driveX: round(Math.max(spec.majorDiameterMm, section.targetMm) + 2),
        startZ: round(startZ),
        endZ: round(endZ),
        threadStartZ: round(-section.startMm),
        threadEndZ: round(-threadSection.endMm),
      },
    });
    if (!rangeOf(tool)) {
      warnings.push(
        `${tool.label}: check that its insert cuts a ${round(pitch)} mm pitch (${spec.designation}).`,
      );
    }
    outer.push(threadSection);
    if (undercut) outer.push(undercut);
  });
  return { part: { ...part, outer }, threads, farThreads };
}

/** The threading operations of the plan's threads, after their undercuts, at constant rpm (G97). */
export function cutThreads(context: LathePlanContext, output: LathePlanOutput): void {
  const { subgroup, overrides } = context;
  const { maxRpm } = context.input;
  const { path } = context.setup;
  // Threads, after their undercuts, at constant rpm.
  for (const { cycle, tool } of context.threads) {
    const data = threadingData(subgroup, cycle.majorMm, cycle.leadMm, maxRpm, overrides);
    output.operations.push({
      name: `Thread ${cycle.label}`,
      role: 'thread',
      tool,
      spindle: { mode: 'rpm', rpm: data.rpm },
      coolant: true,
      moves: threadingMoves(path, cycle),
      data: {
        rpm: data.rpm,
        feedPerRev: cycle.leadMm,
        depthOfCut: cycle.depthMm,
        passes: cycle.passDepthsMm.length + cycle.springPasses,
      },
    });
  }
}

/**
 * The plan with every external thread of the drawn part accounted for: cut in either setup, or
 * named in 'not programmed'. A thread the planner neither cuts nor names (a gap between its
 * rules) is named here, so that a program without it is never verified: the verifier checks
 * only the threads the plan cuts.
 * @param drawn - the part as the drawing gives it (the plan's input)
 */
export function withThreadsAccounted(drawn: TurnedPart, plan: LathePlan): LathePlan {
  const cut = new Set(
    [...plan.threads, ...(plan.secondSetup?.threads ?? [])].map((thread) => thread.label),
  );
  const missing = drawn.outer.filter(
    (section) =>
      section.threadSpec &&
      !cut.has(section.threadSpec.designation) &&
      !plan.notProgrammed.some((entry) => entry.includes(section.threadSpec!.designation)),
  );
  if (missing.length === 0) return plan;
  return {
    ...plan,
    notProgrammed: [
      ...plan.notProgrammed,
      ...missing.map(
        (section) =>
          `the thread ${section.threadSpec!.designation} on ${section.label}: it is not programmed; the diameter is turned to Ø${section.targetMm}`,
      ),
    ],
  };
}
