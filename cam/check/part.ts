/**
 * Check Program against a part (issue 35): the part is planned exactly as Q-Bot's generation
 * plans it (cam/jobs/mill.ts `postMillJob`, cam/jobs/lathe.ts `postLatheJob`), so the stock sits
 * where the product's own program would put it and a program the product wrote for that part is
 * read in the same coordinates. The plan's verification input is then freed of the plan's own
 * gaps and of its operations' names and count: the program is held to the PART, every surface
 * within tolerance, no gouge, nothing left uncut, whatever it does in whatever order.
 *
 * A gap the verifier has no target for (a thread the planner could not cut, a countersink, a
 * chamfer on a bore not made) cannot be checked on the program either: it stays unfinished with
 * `notCheckedSentence`, so a part is never called verified on what was not compared.
 *
 * Units: mm, work coordinates as the planner sets them (mill: Z0 the finished top; lathe: Z0 the
 * finished front face, X the diameter).
 */
import type { MillDialect, LatheDialect } from '../gcode/dialects.ts';
import { postLatheJob } from '../jobs/lathe.ts';
import { postMillJob } from '../jobs/mill.ts';
import type { MachineKind } from '../gcode/events.ts';
import type { PlotOutline, ProgramJob } from '../program.ts';
import type { ToolRow } from '../tool-row.ts';
import type { LatheVerificationInput } from '../verify/lathe/input.ts';
import type { MillVerificationInput } from '../verify/mill/input.ts';
import { latheCheckTools, latheDialect, materialOf, millCheckTools, REACH_MM } from './inputs.ts';
import type { CheckStock } from './inputs.ts';

/** What the part check of a program holds it to, by machine kind. */
export type PartTarget =
  | { machineKind: 'mill'; verification: MillVerificationInput }
  | { machineKind: 'lathe'; verification: LatheVerificationInput };

/** A planned part, ready to check a program against. */
export type PartCheck = PartTarget & {
  /** The stock as the planner placed it, in the program's work coordinates. */
  stock: CheckStock;
  /** The part's outline for the backplot (mill: XY from above; lathe: XZ half-profile). */
  outline: PlotOutline;
  /** What the plan leaves out and the verifier has no target for, each a sentence. */
  notChecked: string[];
};

/** The sentence for a gap of the plan the check cannot compare: it stays unfinished. */
export const notCheckedSentence = (entry: string) =>
  `Not compared with the drawing (Q-Bot's own plan leaves it out, so there is nothing to compare the program's cut with): ${entry}`;

/** Keep the wider of two envelopes: a program from elsewhere may change tools further out. */
const wider = (a: number, b: number, max: boolean) => (max ? Math.max(a, b) : Math.min(a, b));

/** The mill plan's verification input held to the part: no gaps, no planned operations. */
function millTarget(
  planned: MillVerificationInput,
  dialect: MillDialect,
  rows: readonly ToolRow[],
  materialName: string,
): { verification: MillVerificationInput; notChecked: string[] } {
  const {
    outlineGap: _outline,
    faceGap: _face,
    otherGaps = [],
    operations: _operations,
    ...kept
  } = planned;
  const { origin, xMm, yMm, zMm } = planned.stock;
  const planTools = new Set(planned.tools.map((tool) => tool.number));
  const others = millCheckTools(rows, materialOf(materialName), planned.machine?.maxRpm).filter(
    (tool) => !planTools.has(tool.number),
  );
  const envelope = planned.envelope;
  return {
    verification: {
      ...kept,
      dialect,
      holes: planned.holes.map(({ gap: _gap, tapGap: _tapGap, ...hole }) => hole),
      pockets: planned.pockets.map(({ gap: _gap, ...pocket }) => pocket),
      tools: [...planned.tools, ...others],
      envelope: {
        xMin: wider(envelope.xMin, origin.x - REACH_MM, false),
        xMax: wider(envelope.xMax, origin.x + xMm + REACH_MM, true),
        yMin: wider(envelope.yMin, origin.y - REACH_MM, false),
        yMax: wider(envelope.yMax, origin.y + yMm + REACH_MM, true),
        zMin: envelope.zMin,
        zMax: wider(envelope.zMax, origin.z + zMm + REACH_MM * 3, true),
      },
    },
    notChecked: otherGaps.map(notCheckedSentence),
  };
}

/**
 * Whether a lathe plan's gap names a surface of the part model the verifier compares (an outer
 * section or a bore, by its label); threads, tapped holes and chamfers are not compared closely
 * enough by the part's region, so their gaps stay.
 */
function comparedGap(entry: string, verification: LatheVerificationInput): boolean {
  if (/thread|tap|chamfer|countersink/i.test(entry)) return false;
  const labels = (verification.part?.features ?? []).map((feature) =>
    feature.label.replace(/^the bore /, ''),
  );
  return labels.some((label) => label.length > 0 && entry.includes(label));
}

/** The lathe plan's verification input held to the part: no gaps, no planned operations. */
function latheTarget(
  planned: LatheVerificationInput,
  dialect: LatheDialect,
  rows: readonly ToolRow[],
): { verification: LatheVerificationInput; notChecked: string[] } {
  const {
    notProgrammed = [],
    operations: _operations,
    finishAllowanceMm: _allowance,
    ...kept
  } = planned;
  const planTools = new Set(planned.tools.map((tool) => tool.number));
  const others = latheCheckTools(rows).filter((tool) => !planTools.has(tool.number));
  return {
    verification: {
      ...kept,
      dialect,
      tools: [...planned.tools, ...others],
      envelope: {
        xMax: Math.max(planned.envelope.xMax, planned.stock.diameterMm + 2 * REACH_MM),
        zMax: Math.max(planned.envelope.zMax, REACH_MM * 2),
      },
    },
    notChecked: notProgrammed
      .filter((entry) => !comparedGap(entry, planned))
      .map(notCheckedSentence),
  };
}

/**
 * Plan a part as Q-Bot's generation plans it and make what a program from elsewhere is checked
 * against: the part's verification input without the plan's gaps and operations, the machine's
 * other tooling pairs added to the plan's tools, the working envelope widened to Check
 * Program's (200 mm beyond the stock), and the stock as the planner placed it.
 * @param job - the job as generation makes it (description, material, stock size in mm, machine,
 *   the tools to plan with); its job type must be 'Milling' or 'Lathe'
 * @param dialect - the program's dialect, which the verifier reads it in
 * @param machineKind - the machine's kind; it must match the job type
 * @param rows - every tooling pair of the machine: a T word names one of these
 * @throws PlanningError, PartModelError or PrismaticPartError (cam/errors.ts, each with a message
 *   for the user) when the part cannot be planned; RangeError for a job type or dialect the
 *   machine kind does not read (the caller refuses those first)
 */
export function partCheckOf(
  job: ProgramJob,
  dialect: MillDialect,
  machineKind: Extract<MachineKind, 'mill' | 'lathe'>,
  rows: readonly ToolRow[],
): PartCheck {
  if (machineKind === 'mill' && job.jobType === 'Milling') {
    const posted = postMillJob(job);
    const { verification, notChecked } = millTarget(
      posted.verification,
      dialect,
      rows,
      job.material,
    );
    const { origin, xMm, yMm, zMm } = verification.stock;
    return {
      machineKind,
      verification,
      notChecked,
      outline: posted.outline,
      stock: {
        shape: 'block',
        xMm,
        yMm,
        zMm,
        x0Mm: origin.x,
        y0Mm: origin.y,
        topZMm: origin.z + zMm,
      },
    };
  }
  if (machineKind === 'lathe' && job.jobType === 'Lathe' && latheDialect(dialect)) {
    const posted = postLatheJob(job);
    const { verification, notChecked } = latheTarget(posted.verification, dialect, rows);
    const { diameterMm, frontFaceZ, chuckFaceZ, lengthMm } = verification.stock;
    const roundStock = job.stock.shape === 'round' ? job.stock : undefined;
    return {
      machineKind,
      verification,
      notChecked,
      outline: posted.outline,
      stock: {
        shape: 'round',
        diameterMm,
        lengthMm: lengthMm ?? roundStock?.lengthMm ?? frontFaceZ - chuckFaceZ,
        stickOutMm: frontFaceZ - chuckFaceZ,
        faceZMm: frontFaceZ,
      },
    };
  }
  throw new RangeError(`a ${job.jobType} part is not checked on a ${machineKind} in ${dialect}`);
}
