/**
 * The offline readers on the real drawings in ../shared/blueprints, read exactly as the server
 * reads an upload (offlineProvider.describeBlueprint), scored against what a person reads on each
 * drawing (tests/fixtures/blueprints/<folder>/<file>.json): recall and precision per file must
 * reach the floors stored in the fixture. Prints one line per file and a summary.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blueprintDescriptionSchema } from '#contracts/blueprint';
import { closeOcr } from '#drawings/image/reader';
import { createOfflineProvider } from '#server/assistant/offline/index';
import { inlineJobs } from '#tests/helpers/jobs';
import { AppError } from '#server/errors';
import type { DrawingType } from '#drawings/read';
import {
  formatValue,
  scoreDescription,
  type BlueprintFixture,
  type BlueprintScore,
} from '#tests/helpers/blueprint-scoring';

/** The offline provider, reading on this thread (the pool has tests of its own). */
const offlineProvider = createOfflineProvider(inlineJobs);

const blueprints = path.resolve(process.cwd(), '../shared/blueprints');
const fixturesFolder = path.resolve(process.cwd(), 'tests/fixtures/blueprints');
const folders = ['lathe', 'mill-edm'] as const;

/** Upload type of a drawing from its extension, as the server names it. */
function typeOf(file: string): DrawingType {
  const extension = path.extname(file).slice(1).toLowerCase();
  if (extension === 'jpeg') return 'jpg';
  if (extension === 'stp') return 'step';
  if (['jpg', 'png', 'pdf', 'dxf', 'step'].includes(extension)) return extension as DrawingType;
  throw new Error(`No upload type for ${file}`);
}

/** Raster and PDF pages may go through OCR; give them more than the project's 30 s. */
function timeoutOf(type: DrawingType): number {
  if (type === 'jpg' || type === 'png' || type === 'pdf') return 180_000;
  if (type === 'step') return 90_000;
  return 30_000;
}

const fixtures: BlueprintFixture[] = folders.flatMap((folder) =>
  readdirSync(path.join(fixturesFolder, folder))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map(
      (name) =>
        JSON.parse(
          readFileSync(path.join(fixturesFolder, folder, name), 'utf8'),
        ) as BlueprintFixture,
    ),
);

const results: { file: string; score?: BlueprintScore; error?: string; ms: number }[] = [];

const pad = (value: number) => value.toFixed(2);

describe('offline readers on real drawings', () => {
  afterAll(async () => {
    const scored = results.filter((r) => r.score);
    const mean = (pick: (s: BlueprintScore) => number) =>
      scored.length === 0 ? 0 : scored.reduce((sum, r) => sum + pick(r.score!), 0) / scored.length;
    console.info(
      `summary: ${scored.length} of ${results.length} drawings read, mean recall ${pad(mean((s) => s.recall))}, mean precision ${pad(mean((s) => s.precision))}`,
    );
    await closeOcr();
  });

  it('has a fixture for every drawing', () => {
    const drawings = folders.flatMap((folder) =>
      readdirSync(path.join(blueprints, folder)).map((name) => `${folder}/${name}`),
    );
    expect(fixtures.map((f) => f.file).sort()).toEqual(drawings.sort());
    for (const fixture of fixtures) {
      expect(fixture.values.length, fixture.file).toBeGreaterThan(0);
      expect(fixture.floor.recall, fixture.file).toBeGreaterThanOrEqual(0);
      expect(fixture.floor.precision, fixture.file).toBeLessThanOrEqual(1);
    }
  });

  for (const fixture of fixtures) {
    const type = typeOf(fixture.file);
    it(
      `reads ${fixture.file}`,
      async () => {
        const fileName = path.basename(fixture.file);
        const bytes = readFileSync(path.join(blueprints, fixture.file));
        const fractions: number[] = [];
        const start = performance.now();
        let score: BlueprintScore | undefined;
        let error: string | undefined;
        try {
          const analysis = await offlineProvider.describeBlueprint(
            { fileId: 'x', fileName, type, bytes },
            { organizationId: 'o', threadId: 't' },
            (fraction) => fractions.push(fraction),
          );
          const description = blueprintDescriptionSchema.parse(analysis.description);
          expect(description.source ?? '').toContain(fileName);
          score = scoreDescription(fixture, description);
        } catch (caught) {
          // A reader that refuses a drawing must say so as a 422 naming the file.
          if (!(caught instanceof AppError)) throw caught;
          expect(caught.statusCode).toBe(422);
          expect(caught.message).toContain(fileName);
          error = caught.message;
        }
        const ms = performance.now() - start;
        results.push({
          file: fixture.file,
          ms,
          ...(score ? { score } : {}),
          ...(error ? { error } : {}),
        });
        for (const fraction of fractions) {
          expect(fraction).toBeGreaterThanOrEqual(0);
          expect(fraction).toBeLessThanOrEqual(1);
        }
        if (!score) {
          console.info(`recall 0.00 precision 0.00 ${fixture.file} (not read: ${error})`);
          expect(fixture.floor.recall, `${fixture.file} was not read`).toBe(0);
          return;
        }
        console.info(
          `recall ${pad(score.recall)} precision ${pad(score.precision)} ${fixture.file}` +
            (score.missed.length ? `\n  missed: ${score.missed.map(formatValue).join(', ')}` : '') +
            (score.wrong.length
              ? `\n  not on the drawing: ${score.wrong.map(formatValue).join(', ')}`
              : ''),
        );
        expect(score.recall, `recall on ${fixture.file}`).toBeGreaterThanOrEqual(
          fixture.floor.recall,
        );
        expect(score.precision, `precision on ${fixture.file}`).toBeGreaterThanOrEqual(
          fixture.floor.precision,
        );
      },
      timeoutOf(type),
    );
  }
});
