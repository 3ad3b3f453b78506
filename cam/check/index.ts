/**
 * Check Program (issue 35): a program written elsewhere (another CAM system, a hand edit at the
 * control, a supplier's file) read by the interpreter of its dialect and checked by the verifier
 * of the machine's kind, against the stock, the machine's tooling pairs and limits. Nothing of
 * the program is changed.
 *
 * Without a part the program cannot be compared with a drawing: the completeness checks and the
 * cut-into-the-part check are left out, and the verdict is never 'verified' (a green check that
 * hides an unfinished part is the worst defect this product can have); a safe program is
 * 'incomplete' with that one sentence (docs/decisions/113-check-program-verdict.md). With a
 * part (a job as Q-Bot's generation plans it, ./part.ts) the program is held to the part: every
 * surface, no gouge, nothing left uncut, and then it can be 'verified'. Either way the operations
 * are named from the program's own comments (./operations.ts).
 */
import { backplotSvg } from '../backplot.ts';
import { estimateCycleTime } from '../cycle-time.ts';
import type { Dialect, InterpreterEvent, MachineKind } from '../gcode/events.ts';
import { interpretProgram } from '../gcode/interpreter.ts';
import { withPlanGaps } from '../jobs/finish.ts';
import type { CycleTime, MachineInfo, PlotOutline, ProgramJob, ProgramReport } from '../program.ts';
import type { ToolRow } from '../tool-row.ts';
import { verifyLatheEvents } from '../verify/lathe/index.ts';
import { verifyMillEvents } from '../verify/mill/index.ts';
import {
  blockCorner,
  latheCheckInput,
  latheDialect,
  millCheckInput,
  millDialect,
} from './inputs.ts';
import type { CheckStock } from './inputs.ts';
import { namedOperations, operationNames } from './operations.ts';
import { partCheckOf } from './part.ts';

export { detectDialect } from './dialect.ts';
export type { CheckStock } from './inputs.ts';
export { notCheckedSentence, partCheckOf } from './part.ts';

/** The sentence a check without a part leaves as the one thing not checked. */
export const NO_PART_SENTENCE =
  'No part was given, so what the program leaves uncut is not checked: give the part to check it against the drawing.';

/** A program to check. */
export interface ProgramCheckInput {
  /** The whole program; lines end in LF or CRLF. */
  text: string;
  dialect: Dialect;
  machineKind: Extract<MachineKind, 'mill' | 'lathe'>;
  machine: MachineInfo;
  /** The machine's tooling pairs, as the shop keeps them. */
  tools: readonly ToolRow[];
  /** The stock and where it sits; without a part it is required, with one it is the plan's. */
  stock?: CheckStock;
  /** The stock's material, free text ("6061-T6", "1.4301"); alloy steel values when unknown. */
  material: string;
  /**
   * The part to hold the program to: the job Q-Bot's generation would plan for it (its job type
   * the machine's kind, its stock the size to plan with). Plain data, as the job queue sends it.
   */
  part?: ProgramJob;
}

/** One thing a check found, on its line when it has one. */
export interface CheckFinding {
  line: number | null;
  /** The check's id ('rapids', 'ratings', 'spindle'…). */
  kind: string;
  message: string;
}

/** The verdict in Q-Bot's words. */
export type CheckStatus = 'verified' | 'incomplete' | 'unsafe';

/** A checked program: the report, its findings by line, cycle time and backplot. */
export interface CheckedProgram {
  dialect: Dialect;
  /** The stock it was checked on: as given, or as the part's plan placed it. */
  stock: CheckStock;
  status: CheckStatus;
  report: ProgramReport;
  findings: CheckFinding[];
  cycleTime: CycleTime;
  backplotSvg: string;
}

/** Checks that compare with a part: left out without one. */
const partChecks = new Set(['gouges']);

/**
 * A report's failed checks as findings, each detail split at its "line N: " prefix; a detail a
 * check repeats for one line (each piece of an arc, each pass of a cycle) is one finding.
 */
export function findingsOf(report: ProgramReport): CheckFinding[] {
  const seen = new Set<string>();
  return report.checks
    .filter((check) => !check.passed)
    .flatMap((check) =>
      (check.details.length > 0 ? check.details : [check.title]).map((detail) => {
        const match = /^line (\d+): /.exec(detail);
        return match
          ? { line: Number(match[1]), kind: check.id, message: detail.slice(match[0].length) }
          : { line: null, kind: check.id, message: detail };
      }),
    )
    .filter((finding) => {
      const key = `${finding.line}:${finding.kind}:${finding.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The report without a part: the process checks only, never verified. */
function withoutPart(report: ProgramReport): ProgramReport {
  const checks = report.checks.filter(
    (check) => check.kind !== 'completeness' && !partChecks.has(check.id),
  );
  return {
    ...report,
    checks,
    passed: checks.every((check) => check.passed),
    complete: false,
    verified: false,
    unfinished: [NO_PART_SENTENCE],
    ...(report.simulated ? { simulated: { ...report.simulated, left: [], gouged: [] } } : {}),
  };
}

/** A check against the stock alone: the process checks, never verified. */
function verifyOnStock(
  input: ProgramCheckInput,
  stock: CheckStock,
  events: InterpreterEvent[],
  lines: number,
) {
  const { dialect, machine, tools, material } = input;
  if (input.machineKind === 'mill' && stock.shape === 'block' && millDialect(dialect))
    return verifyMillEvents(
      events,
      millCheckInput(dialect, machine, tools, stock, material),
      () => lines,
    );
  if (input.machineKind === 'lathe' && stock.shape === 'round' && latheDialect(dialect))
    return verifyLatheEvents(
      events,
      latheCheckInput(dialect, machine, tools, stock, material),
      () => lines,
    );
  throw new RangeError(
    `a ${input.machineKind} program in ${dialect} on ${stock.shape} stock is not checked`,
  );
}

/** The report, stock and outline of a program checked against a part or the stock alone. */
function verify(input: ProgramCheckInput, events: InterpreterEvent[], lines: number) {
  const { dialect, part } = input;
  if (part) {
    if (!millDialect(dialect))
      throw new RangeError(`a ${input.machineKind} program in ${dialect} is not checked`);
    const planned = partCheckOf(part, dialect, input.machineKind, input.tools);
    const report =
      planned.machineKind === 'mill'
        ? verifyMillEvents(events, planned.verification, () => lines)
        : verifyLatheEvents(events, planned.verification, () => lines);
    return {
      report: withPlanGaps(report, planned.notChecked),
      stock: planned.stock,
      outline: planned.outline,
    };
  }
  if (!input.stock) throw new RangeError('a program is checked against a part or a stock');
  return {
    report: withoutPart(verifyOnStock(input, input.stock, events, lines)),
    stock: input.stock,
    outline: stockOutline(input.stock),
  };
}

/** The stock's outline for the backplot: a block from above, a bar's half-section. */
function stockOutline(stock: CheckStock): PlotOutline {
  if (stock.shape === 'block') {
    const { x0, y0 } = blockCorner(stock);
    const [x1, y1] = [x0 + stock.xMm, y0 + stock.yMm];
    return {
      plane: 'XY',
      polygons: [
        [
          { x: x0, y: y0 },
          { x: x1, y: y0 },
          { x: x1, y: y1 },
          { x: x0, y: y1 },
        ],
      ],
    };
  }
  const length = Math.min(stock.stickOutMm ?? stock.lengthMm, stock.lengthMm);
  const radius = stock.diameterMm / 2;
  const face = stock.faceZMm ?? 0;
  return {
    plane: 'XZ',
    polygons: [
      [
        { x: face, y: 0 },
        { x: face, y: radius },
        { x: face - length, y: radius },
        { x: face - length, y: 0 },
      ],
    ],
  };
}

/**
 * Check a program on a machine: interpret every line in its dialect, verify the moves against
 * the stock, the tools and the machine's limits, estimate its cycle time and draw its backplot.
 * @returns the verdict ('unsafe' when a process check fails; without a part never 'verified'),
 *   the stock checked on (the plan's with a part), the report, the findings by line, the cycle
 *   time and the backplot (SVG, over the part's outline with a part, else the stock's)
 * @throws RangeError for a machine kind, dialect and stock the verifiers do not pair (an EDM
 *   program, a Klartext lathe program, a bar on a mill, a part of another kind, neither part nor
 *   stock): the caller refuses them first; PlanningError, PartModelError or PrismaticPartError
 *   (cam/errors.ts, with the user's sentence) when the part cannot be planned
 */
export function checkProgram(input: ProgramCheckInput): CheckedProgram {
  const lines = input.text.split(/\r?\n/);
  const events = [
    ...interpretProgram(lines, { dialect: input.dialect, machine: input.machineKind }),
  ];
  const verified = verify(input, events, lines.length);
  const { stock, outline } = verified;
  // Named as the programmer named them: the verifiers only number a program's operations.
  const report: ProgramReport = verified.report.operations
    ? {
        ...verified.report,
        operations: namedOperations(
          verified.report.operations,
          operationNames(lines, events, input.tools),
        ),
      }
    : verified.report;
  const cycleTime = estimateCycleTime(events, { machine: input.machineKind });
  const status: CheckStatus = !report.passed
    ? 'unsafe'
    : report.verified
      ? 'verified'
      : 'incomplete';
  return {
    dialect: input.dialect,
    stock,
    status,
    report,
    findings: findingsOf(report),
    cycleTime,
    backplotSvg: backplotSvg(events, outline, {
      title: 'Checked program: toolpath',
      ...(report.simulated ? { simulated: report.simulated } : {}),
    }),
  };
}
