/**
 * No import circle in the product's code (issue 32): the files of every layer import one way,
 * so each can be read, tested and moved without the ones that import it. dependency-cruiser
 * reads the imports (type-only ones too, and the `#layer/*` aliases through package.json
 * "imports") and its `no-circular` rule names every circle; a fixture with a deliberate circle
 * proves the check fires.
 */
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import type { IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';

/** The folders of the product's code (tests, scripts and generated files are not). */
const layers = ['src', 'machines', 'contracts', 'server', 'cam', 'drawings', 'db'];

/** Each circle found under `paths`, as "a.ts > b.ts > a.ts". */
async function importCircles(paths: string[]): Promise<string[]> {
  const { output } = await cruise(
    paths,
    {
      baseDir: fileURLToPath(repoRoot),
      validate: true,
      ruleSet: {
        forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
      },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)(node_modules|dist)/|routeTree\\.gen\\.ts$' },
    },
    { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  );
  if (typeof output === 'string') throw new Error('dependency-cruiser answered with text');
  return output.summary.violations.map(describeCircle);
}

function describeCircle(violation: IViolation): string {
  const cycle = (violation.cycle ?? []).map((step) => step.name);
  return [violation.from, ...cycle].join(' > ');
}

describe('import circles', () => {
  // Reading ~450 files takes about a second alone and much longer beside other work.
  it('the product has none', { timeout: 60_000 }, async () => {
    expect(await importCircles(layers)).toEqual([]);
  });

  it('a deliberate circle is found', { timeout: 60_000 }, async () => {
    const circles = await importCircles(['tests/fixtures/import-circle']);
    expect(circles.length).toBeGreaterThan(0);
    expect(circles[0]).toMatch(
      /import-circle\/(plan|verify)\.ts > .*import-circle\/(plan|verify)\.ts/,
    );
  });
});
