/**
 * The checks of a verifier and what failed in each, turned into the stored `ProgramReport`.
 * Each check keeps its first ten problems and says when there were more.
 */
import type { ProgramReport, VerificationCheck } from '../program.ts';

export class CheckList<Id extends string> {
  private readonly problems: Map<Id, string[]>;
  private readonly completeness: ReadonlySet<Id>;

  /**
   * @param titles - each check's title, in report order
   * @param completeness - the checks whose failure means "part of the drawing is left undone"
   *   rather than "the program must not run" (VerificationCheck.kind)
   */
  constructor(
    private readonly titles: Record<Id, string>,
    completeness: readonly Id[] = [],
  ) {
    this.problems = new Map((Object.keys(titles) as Id[]).map((id) => [id, []]));
    this.completeness = new Set(completeness);
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
        title: this.titles[id],
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

/** Statistics before the first line is read. */
export const emptyStats = (): ProgramReport['stats'] => ({
  lines: 0,
  motions: 0,
  rapids: 0,
  feeds: 0,
  toolChanges: 0,
  extents: null,
});
