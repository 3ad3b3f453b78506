/**
 * The whole path on plates nobody here drew (issue 33): random plates with known truth
 * (tests/helpers/drawings/plate-part.ts) are drawn as a DXF, a vector PDF and a 150 dpi PNG, and modelled as
 * a STEP AP214 B-rep (tests/helpers/drawings/step.ts), read by the offline reader, planned, written for LinuxCNC and verified as Q-Bot does, from the stock a
 * machinist would saw (10 mm over the outline, 2 mm over the thickness) with a shop's full
 * tooling (tests/helpers/whole-path.ts). The program is then checked independently: its moves
 * are verified again against the part the generator drew (not the one the reader read), with
 * nothing excused. A program called verified must pass that check too: a green check over a
 * misread drawing is the worst defect this product can have. The share of drawings that end
 * verified is held to a floor.
 *
 * WHOLE_PATH_RUNS (12) and WHOLE_PATH_SEED choose the cases.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import { readDrawing } from '#drawings/read';
import { platePartArb } from '#tests/helpers/drawings/parts';
import { buildSheet, plainStyle } from '#tests/helpers/drawings/sheet';
import {
  independentCheck,
  jobFor,
  rasterReaders,
  readers,
  throughThePath,
} from '#tests/helpers/whole-path';

const runs = Number(process.env.WHOLE_PATH_RUNS ?? 12);
/** The least share of the cases that must end verified, per reader (measured figures below). */
const floors: Record<string, number> = { DXF: 0.8, 'vector PDF': 0.6, STEP: 0.9, PNG: 0.3 };
const seed = Number(process.env.WHOLE_PATH_SEED ?? 20261129);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.mocked(console.warn).mockRestore());

describe('the whole path on generated plates', () => {
  for (const [name, file] of Object.entries({ ...readers, ...rasterReaders })) {
    it(`never calls a program verified that the drawn part shows wrong: ${name}`, async () => {
      const outcomes: string[] = [];
      await fc.assert(
        fc.asyncProperty(platePartArb({ units: 'mm' }), async (plate) => {
          const outcome = await throughThePath(plate, file);
          if ('refused' in outcome) return void outcomes.push(outcome.refused);
          const { report } = outcome.generated;
          outcomes.push(
            report.verified
              ? 'verified'
              : `incomplete: ${report.unfinished.join(' | ').slice(0, 300)}`,
          );
        }),
        { numRuns: runs, seed },
      );
      const verified = outcomes.filter((outcome) => outcome === 'verified').length;
      console.info(`${name}: ${verified} of ${outcomes.length} verified\n${outcomes.join('\n')}`);
      // Measured at 30 runs (seed 20261129, 2026-11-29): DXF 28 of 30 verified, vector PDF 26
      // of 30 (the rest incomplete for want of a long enough small end mill, or not read as a
      // plate); at the default 12 runs 12 of 12 each. Held with a margin. STEP (2026-11-29,
      // 12 runs, about 30 s): 12 of 12 verified, checked against the plate as modelled (no
      // general tolerance); before the STEP reader took a pocket floor's inner boundaries as
      // islands, a pocket with an island was called verified with its island milled away.
      // PNG (150 dpi, 12 runs, about 45 s): 2 of 12 verified, 8 incomplete, 2 without a top
      // view outline; before decision 061 three more were called verified on outlines traced
      // with a corner cut off (1.9 mm into the part). 2026-11-29, with the traced loop's walk
      // mended, the count-prefixed diameter sign and the hole-marks fixes (decision 076): 3 of
      // 12, none wrong; the walk's mending was taken back (it lost a circle drawn around one of
      // P0011_REV_E.pdf's holes), 2 of 12 without it. With the traced outline's junctions
      // mended once more (decision 084: the walk takes the nearest end, a leader's end on the
      // outline is pruned, an outline closed across a gap is held, and a circle around a hole
      // is reported where it runs into a cut-out): 4 of 12, none wrong (seed 777, 24 runs: none
      // wrong either). With a traced rectangle drawn at its written sizes, and a gap its trace
      // was closed across no longer held when it lies on that rectangle (decision 092): 4 of 12
      // (seed 777: 8 of 12, was 5; seed 4242: 4 of 12), none wrong. With a traced hole held
      // unless a written size gives it, the hole notes on leaders' shelves read again, and the
      // generator's notes kept off the other values (decision 093): 6 of 12 (seed 777: 6,
      // seed 4242: 4), none wrong; the rest hold holes whose note OCR did not read.
      expect(verified / outcomes.length).toBeGreaterThanOrEqual(floors[name] ?? 0);
    }, 600_000);
  }
});

describe('the whole path on generated plates with a step (decision 066)', () => {
  const stepRuns = Number(process.env.WHOLE_PATH_STEP_RUNS ?? 8);
  /**
   * The least share that must end verified with the step milled. Measured (seed 20261129, 8
   * runs): DXF 7, vector PDF 7, STEP 7 of 8, the other a 22 mm deep pocket no end mill of the
   * shop reaches. The vector PDF had 4 of 8 until a thin plate's side view drawn as one closed
   * polyline was no longer read as an arc of a huge circle (drawings/page/curves.ts), which made
   * two plates turned parts with no top-view outline.
   */
  const stepFloors: Record<string, number> = { DXF: 0.8, 'vector PDF': 0.75, STEP: 0.8 };
  for (const [name, file] of Object.entries(readers).filter(([name]) => name in stepFloors)) {
    it(`reads, mills and verifies the step, and never a wrong program: ${name}`, async () => {
      const outcomes: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          platePartArb({ units: 'mm', steps: true }).filter((plate) => plate.step !== undefined),
          async (plate) => {
            const outcome = await throughThePath(plate, file);
            if ('refused' in outcome) return void outcomes.push(outcome.refused);
            const { report, summary } = outcome.generated;
            const milled = summary.operations.some((op) => op.name === 'Step 1');
            outcomes.push(
              report.verified
                ? `verified${milled ? ', step milled' : ''}`
                : `not verified: ${[
                    ...report.unfinished,
                    ...report.checks
                      .filter((check) => !check.passed && check.kind !== 'completeness')
                      .map((check) => `${check.title}: ${check.details.join('; ')}`),
                  ]
                    .join(' | ')
                    .slice(0, 400)}`,
            );
          },
        ),
        { numRuns: stepRuns, seed },
      );
      const milled = outcomes.filter((outcome) => outcome === 'verified, step milled').length;
      console.info(`${name} with a step: ${milled} of ${outcomes.length}\n${outcomes.join('\n')}`);
      expect(milled / outcomes.length).toBeGreaterThanOrEqual(stepFloors[name] ?? 0);
    }, 600_000);
  }
});

describe('the independent check', () => {
  it('finds a program wrong whose reading left out a hole, a pocket or the cut-out', async () => {
    await fc.assert(
      fc.asyncProperty(
        platePartArb({ units: 'mm' }).filter(
          (plate) => plate.holes.length + plate.pockets.length + (plate.cutOut ? 1 : 0) > 0,
        ),
        fc.nat(),
        async (plate, pick) => {
          const sheet = buildSheet(plate, { ...plainStyle, units: plate.units });
          const description = await readDrawing(await readers.DXF!(sheet));
          const prismatic = description.prismatic!;
          const features = [
            ...prismatic.holes.map((_, index) => () => prismatic.holes.splice(index, 1)),
            ...prismatic.pockets.map((_, index) => () => prismatic.pockets.splice(index, 1)),
          ];
          fc.pre(features.length > 0);
          features[pick % features.length]!();
          const job = jobFor(plate, description);
          const generated = generateProgram(job);
          expect(independentCheck(generated, plate, job).verified).toBe(false);
        },
      ),
      { numRuns: 4, seed },
    );
  }, 300_000);
});
