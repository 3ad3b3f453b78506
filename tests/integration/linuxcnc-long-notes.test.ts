/**
 * Notes longer than a program line (a drawing's sentence about a value it could not place, a
 * list of what is left) are folded into several comment lines no longer than MAX_LINE_LENGTH
 * (cam/post/common.ts `commentLines`), in every dialect; LinuxCNC's own interpreter rs274, which
 * refuses a line of 255 characters or more ("Command too long"), reads the programs whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { generateMillProgramForPart } from '#cam/jobs/mill';
import { classifyTool } from '#cam/lathe/tooling';
import { classifyMillTool } from '#cam/mill/tooling';
import { MAX_LINE_LENGTH } from '#cam/post/common';
import { goldenLatheJob, goldenLatheMachines } from '#tests/helpers/golden-jobs';
import type { GoldenLatheDialect } from '#tests/helpers/golden-jobs';
import { latheTooling } from '#tests/helpers/parts';
import { latheToolTable, runRs274 } from '#tests/helpers/rs274';
import { goldenJob, goldenPlate, goldenTooling } from '#tests/unit/cam/mill/plates';

const work = mkdtempSync(join(tmpdir(), 'long-notes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A note of about 700 characters: words, signs that comments spell out, one 300-letter word. */
const longNote = [
  'The drawing writes "outline 60.5 × 40.5 mm", which the outline traced from the scan does not hold:',
  'its edges run up to 1.87 mm off square, a tracing fault: not programmed.',
  'Give it with Change, or remove it from the values once checked; Ø12 H7 ±0.01 at 45° and Ra 0.8 µm.',
  'x'.repeat(300),
  'And the rest of the sentence after that word, so the last line has words of its own.',
].join(' ');

/** Every word of the note, as a comment writes it, is in the program in order. */
function wordsKept(gcode: string): void {
  const flat = gcode.replace(/[();\s]/g, '').toUpperCase();
  for (const word of [
    'OUTLINE60.5',
    'TRACINGFAULT',
    'x'.repeat(300).toUpperCase(),
    'WORDSOFITSOWN.',
  ])
    expect(flat).toContain(word);
}

describe('notes longer than a program line', () => {
  it.each(Object.keys(goldenLatheMachines) as GoldenLatheDialect[])(
    'are folded into comment lines of at most 250 characters: lathe, %s',
    (dialect) => {
      const job = { ...goldenLatheJob(dialect), headerNotes: [longNote] };
      const { gcode } = generateLatheProgram(job);
      const longest = Math.max(...gcode.split('\n').map((line) => line.length));
      expect(longest).toBeLessThanOrEqual(MAX_LINE_LENGTH);
      wordsKept(gcode);
      if (dialect !== 'linuxcnc') return;
      const run = runRs274(gcode, {
        machine: 'lathe',
        toolTable: latheToolTable(latheTooling.map(classifyTool)),
        workDir: work,
      });
      expect(run.output).not.toMatch(/too long|error/i);
      expect(run.status).toBe(0);
    },
  );

  it('are folded on the mill, and rs274 reads the LinuxCNC mill program whole', () => {
    const job = { ...goldenJob('linuxcnc'), headerNotes: [longNote] };
    const { gcode } = generateMillProgramForPart(job, goldenPlate());
    expect(Math.max(...gcode.split('\n').map((line) => line.length))).toBeLessThanOrEqual(
      MAX_LINE_LENGTH,
    );
    wordsKept(gcode);
    const run = runRs274(gcode, {
      machine: 'mill',
      toolTable: goldenTooling
        .map(classifyMillTool)
        .map((tool) => `T${tool.number} P${tool.number} Z0 D${tool.diameterMm ?? 0}`)
        .join('\n'),
      workDir: work,
    });
    expect(run.output).not.toMatch(/too long|error/i);
    expect(run.status).toBe(0);
  });

  it('would be refused by rs274 unfolded: a comment line of 300 characters', () => {
    const gcode = `%\n(${'y'.repeat(300)})\nG21 G90\nM2\n%\n`;
    const run = runRs274(gcode, { machine: 'mill', toolTable: 'T1 P1 Z0 D6', workDir: work });
    expect(run.status).not.toBe(0);
  });
});
