/**
 * Every program of every dialect selects its work offset (G54–G59, Okuma G15 H) before its first
 * move (issue 34; Heidenhain: preset 1 by CYCL DEF 247): G54 is a control's power-on default only
 * until a program selects another (a lathe
 * program's second setup runs under G55), and a reset keeps the one in force. Checked on every
 * golden program (each post's output for its golden job) and on random turned parts in every
 * lathe dialect.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { turnedPartArb } from '#tests/helpers/drawings/parts';
import { goldenLatheJob, goldenLatheMachines } from '#tests/helpers/golden-jobs';
import type { GoldenLatheDialect } from '#tests/helpers/golden-jobs';
import { goldenDir } from '#tests/helpers/paths';
import { latheJobFor, truthDescription } from '#tests/helpers/whole-path-turned';

/** A block that moves the machine: G0–G3 (or G00–G03, with a block number or not). */
const MOTION = /^(?:N\d+\s*)?(?:[A-Z]\S*\s+)*G0?[0-3](?!\d)/;
/** A block that selects a work offset: G54–G59, or Okuma's work coordinate system G15 H<n>. */
const WORK_OFFSET = /^(?:N\d+\s*)?(?:\S+\s+)*(?:G5[4-9](?!\d)|G15 H\d+)/;

/** Heidenhain Klartext: a path block with coordinates, and preset setting by cycle 247. */
const KLARTEXT_MOTION = /^\d+\s+(?:L|C|CR|CP)\s+I?[XYZP]/;
const KLARTEXT_OFFSET = /^\d+\s+CYCL DEF 247\b/;

/** The blocks of a program, comments left out. */
const blocks = (gcode: string) =>
  gcode
    .split('\n')
    .map((line) => line.replace(/\([^)]*\)|;.*$/g, '').trim())
    .filter(Boolean);

/** Where the first work offset and the first move are, as block indices (-1: none). */
function firstOffsetAndMove(gcode: string, klartext = false): { offset: number; move: number } {
  const list = blocks(gcode);
  return {
    offset: list.findIndex((block) => (klartext ? KLARTEXT_OFFSET : WORK_OFFSET).test(block)),
    move: list.findIndex((block) => (klartext ? KLARTEXT_MOTION : MOTION).test(block)),
  };
}

const goldenFiles = ['lathe', 'mill', 'wire', 'sinker'].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, goldenDir))
    .filter((name) => /\.(?:nc|h|MIN)$/.test(name))
    .map((name) => `${folder}/${name}`),
);

describe('the work offset of every program', () => {
  it('finds the golden programs of every kind', () => {
    expect(goldenFiles.length).toBeGreaterThanOrEqual(10);
  });

  it.each(goldenFiles)('%s selects its work offset before its first move', (file) => {
    const text = readFileSync(new URL(file, goldenDir), 'utf8');
    const { offset, move } = firstOffsetAndMove(text, file.endsWith('.h'));
    expect(move).toBeGreaterThan(-1);
    expect(offset, `no G54–G59 or G15 H before block ${move}`).toBeGreaterThan(-1);
    expect(offset).toBeLessThan(move);
  });

  it('is selected before the first move on random turned parts in every lathe dialect', () => {
    const dialects = Object.keys(goldenLatheMachines) as GoldenLatheDialect[];
    fc.assert(
      fc.property(turnedPartArb({ units: 'mm' }), fc.constantFrom(...dialects), (part, dialect) => {
        const job = latheJobFor(part, truthDescription(part));
        const program = generateLatheProgram({ ...job, machine: goldenLatheJob(dialect).machine });
        const { offset, move } = firstOffsetAndMove(program.gcode);
        expect(offset).toBeGreaterThan(-1);
        expect(offset).toBeLessThan(move);
      }),
      { numRuns: 8 },
    );
  });
});
