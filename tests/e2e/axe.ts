/**
 * axe-core in the browser tests (issue 16; docs/decisions/030-keyboard-and-screen-readers.md):
 * `expectAccessible(page, where)` runs axe on the page as it is and fails with one line per
 * serious or critical violation (rule id, impact, the selectors of its elements). Minor and
 * moderate findings are not failures: they are worth fixing, but they are not what stops a
 * keyboard or screen-reader user.
 */
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';

/** The impacts that fail a test. */
const failing: ImpactValue[] = ['serious', 'critical'];

export interface A11yViolation {
  id: string;
  impact: ImpactValue | null;
  help: string;
  /** One CSS selector per element (shadow and frame paths joined with ' >> '). */
  targets: string[];
  /** What axe measured at each element, such as the contrast ratio and its colours. */
  findings: string[];
}

let axeSource: string | undefined;

/** axe-core's browser bundle, read once per test file. */
async function source(): Promise<string> {
  axeSource ??= (await import('axe-core')).default.source;
  return axeSource;
}

/**
 * The serious and critical violations axe finds on the page now. axe is added to the page when
 * missing (a navigation removes it): as an evaluated script, not `addScriptTag`, whose inline
 * script the product's Content-Security-Policy (`script-src 'self'`) rightly blocks; an evaluation
 * through the DevTools protocol is not subject to it. `options` go to `axe.run` as they are.
 */
export async function a11yViolations(
  page: Page,
  options: RunOptions = {},
): Promise<A11yViolation[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(await source());
  // Colours are measured as drawn: a button whose background is still in its CSS transition
  // (a row that just switched to edit mode) would be judged on an in-between colour. Endless
  // animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
        resultTypes: ['violations'],
        ...runOptions,
      }),
    options as Record<string, unknown>,
  );
  return results.violations
    .filter((violation) => violation.impact && failing.includes(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) =>
        node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : part)).join(' >> '),
      ),
      findings: violation.nodes.map(
        (node) =>
          [...node.any, ...node.all, ...node.none].find((check) => check.message)?.message ?? '',
      ),
    }));
}

/**
 * A readable report: per violation its rule id, impact and what it asks, then per element its
 * selector and what axe measured there.
 */
export const describeViolations = (where: string, violations: A11yViolation[]) =>
  [
    `${violations.length} serious or critical accessibility violation(s) on ${where}:`,
    ...violations.flatMap((violation) => [
      `- ${violation.id} (${violation.impact}): ${violation.help}`,
      ...violation.targets.map(
        (target, index) =>
          `    at ${target}${violation.findings[index] ? `: ${violation.findings[index]}` : ''}`,
      ),
    ]),
  ].join('\n');

/**
 * Fail unless axe finds no serious or critical violation on the page now; `where` names the
 * screen or workflow step in the failure message.
 */
export async function expectAccessible(page: Page, where: string, options?: RunOptions) {
  const violations = await a11yViolations(page, options);
  if (violations.length > 0) throw new Error(describeViolations(where, violations));
}
