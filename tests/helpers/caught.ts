/**
 * How the seeded-fault tests (issue 35, decision 111) judge a report: what failed, and whether
 * a fault is caught on one of the lines it is on.
 */
import { expect } from 'vitest';
import type { ProgramReport } from '#cam/program';

/** The details of a report's failed checks, each a sentence ("line 12: …" when it has a line). */
export const failedDetails = (report: ProgramReport): string[] =>
  report.checks.filter((check) => !check.passed).flatMap((check) => check.details);

/**
 * Expect a fault caught: some check failed, and when `lines` are given, a detail names one of
 * them ("line N: …").
 * @param what - the fault, for the failure's message
 */
export function expectCaughtOnLine(
  report: ProgramReport,
  lines: readonly number[],
  what: string,
): void {
  const found = failedDetails(report);
  expect(found, `${what}: no check failed`).not.toEqual([]);
  if (lines.length === 0) return;
  expect(
    found.filter((detail) => lines.some((line) => detail.startsWith(`line ${line}:`))),
    `${what}: expected one of lines ${lines.join(', ')} in\n${found.join('\n')}`,
  ).not.toEqual([]);
}
