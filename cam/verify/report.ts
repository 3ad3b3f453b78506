/**
 * What every verifier reports in the same form: its checks and what failed in each, turned into
 * the stored `ProgramReport` (each check keeps its first ten problems and says when there were
 * more), and the report of each operation (one per tool change) as the program's moves show it.
 * Numbers in the report's sentences are rounded to 0.001 (mm, mm/rev, kW).
 */
import type { OperationReport, ProgramReport, VerificationCheck } from '../program.ts';

/** A number rounded to 0.001, for the report's sentences. */
export const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The end check's title in a dialect: Okuma OSP main programs end with M02 (OSP-P300L/M
 * Programming Manuals, "Program end"; docs/decisions/106-okuma-osp.md), every other with M30.
 * Machines with a spindle (lathes, mills) also stop it and the coolant before the end.
 */
export const programEndTitle = (dialect: string, spindle = false): string =>
  `The program ends with ${dialect === 'okuma' ? 'M02' : 'M30'}${spindle ? ', the spindle and coolant stopped' : ''}`;

export class CheckList<Id extends string> {
  private readonly problems: Map<Id, string[]>;
  private readonly completeness: ReadonlySet<Id>;

  /**
   * @param titles - each check's title, in report order
   * @param completeness - the checks whose failure means "part of the drawing is left undone"
   *   rather than "the program must not run" (VerificationCheck.kind)
   * @param catchAll - the completeness check for whatever the others do not name ("Nothing of
   *   the drawing is left uncut"), and its title when it passes beside one that failed ("Nothing
   *   else …"), so that no ✓ states what a failed check beside it denies (issue 34)
   */
  constructor(
    private readonly titles: Record<Id, string>,
    completeness: readonly Id[] = [],
    private readonly catchAll?: { id: Id; titleBesideGaps: string },
  ) {
    this.problems = new Map((Object.keys(titles) as Id[]).map((id) => [id, []]));
    this.completeness = new Set(completeness);
  }

  /**
   * What the plan itself left out (its 'not programmed' entries): the catch-all's ✓ then claims
   * only the rest of the drawing too.
   */
  planGaps = false;

  /** The title of `id`: the catch-all's own when something else is left undone. */
  private titleOf(id: Id): string {
    if (this.catchAll?.id !== id) return this.titles[id];
    const othersFailed = [...this.completeness].some(
      (other) => other !== id && this.problems.get(other)!.length > 0,
    );
    return othersFailed || this.planGaps ? this.catchAll.titleBesideGaps : this.titles[id];
  }

  /** Record a problem of check `id`. */
  fail = (id: Id, message: string): void => {
    const list = this.problems.get(id)!;
    if (list.length < 10) list.push(message);
    else if (list.length === 10) list.push('… and more');
  };

  /**
   * The report: one entry per check, in the titles' order.
   * @param applies - leaves out checks that do not apply to this program (no holes to check…)
   */
  report(stats: ProgramReport['stats'], applies: (id: Id) => boolean = () => true): ProgramReport {
    const checks: VerificationCheck[] = (Object.keys(this.titles) as Id[])
      .filter(applies)
      .map((id) => ({
        id,
        title: this.titleOf(id),
        passed: this.problems.get(id)!.length === 0,
        details: this.problems.get(id)!,
        kind: this.completeness.has(id) ? ('completeness' as const) : ('process' as const),
      }));
    const passed = checks.every((check) => check.kind === 'completeness' || check.passed);
    const gaps = checks.filter((check) => check.kind === 'completeness' && !check.passed);
    const complete = gaps.length === 0;
    return {
      passed,
      complete,
      verified: passed && complete,
      unfinished: gaps.flatMap((check) =>
        check.details.filter((detail) => detail !== '… and more'),
      ),
      checks,
      stats,
    };
  }
}

/** What one operation did, as the program's moves show it (mm, mm³, min, kW). */
export interface OperationTally {
  name: string;
  tool: string;
  /** Largest depth of cut: lathes across the move, mills axial (ap). */
  maxDepthMm: number;
  /** Mills: largest radial engagement (ae); 0 when none was measured. */
  maxRadialMm: number;
  maxChipMm: number;
  removedMm3: number;
  cuttingMinutes: number;
  maxPowerKw: number;
}

/**
 * The report of one operation: its largest depth of cut (and radial engagement, when measured),
 * chip thickness and power, what it removed and at what rate while cutting, and its time cutting.
 * @param machinePowerKw - the machine's spindle power, kW, when known
 */
export function operationReport(entry: OperationTally, machinePowerKw?: number): OperationReport {
  return {
    name: entry.name,
    tool: entry.tool,
    maxDepthOfCutMm: round(entry.maxDepthMm),
    ...(entry.maxRadialMm > 0 ? { maxRadialMm: round(entry.maxRadialMm) } : {}),
    maxChipThicknessMm: round(entry.maxChipMm),
    removedCm3: round(entry.removedMm3 / 1000),
    removalRateCm3PerMin:
      entry.cuttingMinutes > 0 ? round(entry.removedMm3 / 1000 / entry.cuttingMinutes) : 0,
    maxPowerKw: round(entry.maxPowerKw),
    ...(machinePowerKw !== undefined ? { machinePowerKw } : {}),
    cuttingSeconds: Math.round(entry.cuttingMinutes * 60),
  };
}
