/**
 * The whole path on plates with tapped, counterbored and countersunk holes (issue 33): random
 * plates whose hole groups are each plain, tapped (ISO metric coarse, through or blind),
 * counterbored or countersunk (tests/helpers/drawings/plate-part.ts `holeKinds`), drawn as a
 * drafter draws them (tests/helpers/drawings/plate-holes.ts: ISO 6410-1 threads, ISO 15786
 * callouts '4x M6', 'M6 ↧9', '4x Ø6.6' over '⌴Ø11 ↧6.4', '⌵Ø12.6 x 90°') as a DXF and a vector
 * PDF, and modelled as a STEP AP214 B-rep (counterbores and countersink cones; a tapped hole as
 * its tap drill, so the program read from it is held to the tap drill only), go through the same
 * path as the plain plates (whole-path-plates.test.ts) with a shop that also keeps the tap
 * drills, taps and a countersink (tests/helpers/whole-path.ts `holeShopTooling`). The
 * independent check holds the program to the threads, counterbores and countersinks the
 * generator drew: a program called verified that leaves one out, or cuts one wrong, fails the
 * test. The share that ends verified is held to a floor per reader. Every program is also read
 * whole by LinuxCNC's interpreter, rs274.
 *
 * WHOLE_PATH_RUNS (12) and WHOLE_PATH_SEED choose the cases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classifyMillTool } from '#cam/mill/tooling';
import { generateProgram } from '#cam/jobs/generate';
import { readDrawing } from '#drawings/read';
import { platePartArb } from '#tests/helpers/drawings/parts';
import { buildSheet, plainStyle } from '#tests/helpers/drawings/sheet';
import {
  holeShopTooling,
  independentCheck,
  jobFor,
  readers,
  throughThePath,
} from '#tests/helpers/whole-path';
import { runRs274 } from '#tests/helpers/rs274';

const runs = Number(process.env.WHOLE_PATH_RUNS ?? 12);
const work = mkdtempSync(join(tmpdir(), 'whole-path-plate-holes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The tool table rs274 reads: the shop's tools by number, lengths 0, diameters as D. */
const toolTable = holeShopTooling
  .map(classifyMillTool)
  .map((tool) => `T${tool.number} P${tool.number} Z0 D${tool.diameterMm ?? 0}`)
  .join('\n');
const seed = Number(process.env.WHOLE_PATH_SEED ?? 20261129);

/**
 * The least share of the cases that must end verified, per reader. Measured (seed 20261129,
 * 2026-11-29): at 12 runs DXF 12, vector PDF 5, STEP 12 of 12 verified; at 24 runs DXF 22,
 * vector PDF 12, STEP 21 of 24, the others incomplete for want of a long enough small end mill
 * for a deep cut-out or pocket. The vector PDF lost ⌴ and ⌵ (not in DejaVu Sans), so its
 * counterbores and countersinks written with the symbols were circles no callout sizes:
 * incomplete, never verified. Sheets with the symbols are now set in DejaVu Sans Mono, which has
 * them, as a CAD export embeds a font with the glyphs it sets: vector PDF 7 of 12, 14 of 24.
 * The PDF reader then learnt what such a page holds (2026-11-29): a countersink or counterbore
 * on the line under the hole's size centred or right-aligned under it (an MTEXT's attachment),
 * '⌴' that DejaVu Sans Mono lacks as a lost glyph or left out ('4x ⌀5.5 � ⌀10 ↧5.4'), '4x⌀6.6'
 * on a leader as a note (it was dropped as a bare number, and '2x M8' took its holes as tap
 * drills), a corner's 'R3' beside '⌀11' as no fit of it, and a material ('16MnCr5'), a count
 * ('4x') or an angle ('90°') as no length of a dimension line: vector PDF 12 of 12, 21 of 24
 * (seed 7: 11 of 12, 19 of 24); the others (3 and 5 of 24) are plates with a deep cut-out or
 * an M5 tapped through 19.5 mm that the shop's end mills or tap do not reach (incomplete from the
 * DXF too), and plates with pockets and cut-outs but no holes whose outline the PDF reader does
 * not find (refused; verified from the DXF). Held at the lower of the two seeds and run counts,
 * rounded down. Before the readers were fixed, the DXF called
 * 2x M5 verified with the holes drilled and untapped (the count read as 'Ø2'), and 4x Ø4.5
 * ⌴Ø8 ↧4.4 on one line verified with the counterbores uncut; the STEP reader called a
 * countersunk hole verified with its cone uncut; the PDF reader, once it took centred lines
 * under a callout, took two upright dimension values under '4x ⌀11' for a counterbore
 * (text/stacked-lines.ts now asks for one direction).
 */
const floors: Record<string, number> = { DXF: 0.9, 'vector PDF': 0.75, STEP: 0.85 };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.mocked(console.warn).mockRestore());

describe('the whole path on generated plates with tapped, counterbored and countersunk holes', () => {
  for (const [name, file] of Object.entries(readers)) {
    it(`never calls a program verified that the drawn holes show wrong: ${name}`, async () => {
      const outcomes: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          platePartArb({ units: 'mm', holeKinds: true }),
          // The drawing's small choices: a count written '4x M6' or '4xM6', a counterbore or
          // countersink under the hole's size, after it or in words, the thickness note's words.
          fc.integer({ min: 0, max: 99 }),
          async (plate, variant) => {
            const outcome = await throughThePath(plate, file, {
              style: { variant },
              tools: holeShopTooling,
            });
            const kinds = `${
              plate.holes
                .map((group) => `${group.kind ?? 'plain'}${group.thread?.depth ? ' blind' : ''}`)
                .join('+') || 'none'
            } (variant ${variant})`;
            if ('refused' in outcome) return void outcomes.push(`${kinds}: ${outcome.refused}`);
            const { report, gcode } = outcome.generated;
            // Each program is for LinuxCNC: its own interpreter reads it whole (tapping cycles,
            // counterbores and countersinks included).
            const rs274 = runRs274(gcode, { machine: 'mill', toolTable, workDir: work });
            expect(rs274.output).not.toMatch(/error|unknown|illegal|bad /i);
            expect(rs274.status).toBe(0);
            outcomes.push(
              report.verified
                ? `${kinds}: verified`
                : `${kinds}: incomplete: ${report.unfinished.join(' | ').slice(0, 300)}`,
            );
          },
        ),
        { numRuns: runs, seed },
      );
      const verified = outcomes.filter((outcome) => outcome.endsWith(': verified')).length;
      console.info(`${name}: ${verified} of ${outcomes.length} verified\n${outcomes.join('\n')}`);
      expect(verified / outcomes.length).toBeGreaterThanOrEqual(floors[name] ?? 0);
    }, 900_000);
  }
});

describe('the independent check on hole kinds', () => {
  it('finds a program wrong whose reading left out a thread, a counterbore or a countersink', async () => {
    await fc.assert(
      fc.asyncProperty(
        platePartArb({ units: 'mm', holeKinds: true }).filter((plate) =>
          plate.holes.some((group) => group.kind && group.kind !== 'plain'),
        ),
        async (plate) => {
          const sheet = buildSheet(plate, { ...plainStyle, units: plate.units });
          const description = await readDrawing(await readers.DXF!(sheet));
          // Every hole read as a plain through hole of the size drilled (a thread's tap drill).
          for (const hole of description.prismatic!.holes) {
            const group = plate.holes.find((g) =>
              g.centres.some((c) => Math.hypot(c.x - hole.x, c.y - hole.y) < 0.01),
            );
            for (const key of [
              'thread',
              'counterboreDiameterMm',
              'counterboreDepthMm',
              'countersinkDiameterMm',
              'countersinkAngleDeg',
              'depthMm',
            ] as const)
              delete hole[key];
            hole.diameterMm = group?.diameter ?? hole.diameterMm;
            hole.diameter = `Ø${hole.diameterMm}`;
            hole.kind = 'through';
            hole.through = true;
          }
          const job = jobFor(plate, description, holeShopTooling);
          const generated = generateProgram(job);
          expect(independentCheck(generated, plate, job).verified).toBe(false);
        },
      ),
      { numRuns: 4, seed },
    );
  }, 300_000);
});
