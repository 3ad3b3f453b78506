/**
 * Controller limits (cam/gcode/limits.ts) checked line by line by the interpreter: every golden
 * program of every kind and dialect fits its control, and one fault at a time seeded into each
 * (a line too long for the control, a character it cannot read, a program number it cannot
 * store) is an error on that line; the verifier then refuses the program.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dialect, MachineKind } from '#cam/gcode/events';
import { interpretProgram } from '#cam/gcode/interpreter';
import { controllerLimits, lineOverLimits } from '#cam/gcode/limits';
import { readProgramText } from '#cam/jobs/finish';
import { generateMillProgramForPart, postMillJobForPart } from '#cam/jobs/mill';
import { goldenDir } from '#tests/helpers/paths';
import { goldenJob, goldenPlate } from '#tests/unit/cam/mill/plates';

interface Golden {
  file: string;
  dialect: Dialect;
  machine: MachineKind;
}

const goldens: Golden[] = ['lathe', 'mill', 'wire', 'sinker'].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, goldenDir))
    .filter((name) => /\.(?:nc|h|MIN)$/.test(name))
    .map((name) => ({
      file: `${folder}/${name}`,
      dialect: /(linuxcnc|fanuc|haas|sinumerik|okuma|heidenhain|iso-edm)\.(?:nc|h|MIN)$/.exec(
        name,
      )![1] as Dialect,
      machine: folder as MachineKind,
    })),
);

/** The error events of a program, as "line: message". */
const errors = (lines: string[], golden: Golden) =>
  [...interpretProgram(lines, { dialect: golden.dialect, machine: golden.machine })]
    .filter((event) => event.type === 'error')
    .map((event) => `${event.line}: ${event.message}`);

const read = (golden: Golden) =>
  readFileSync(new URL(golden.file, goldenDir), 'utf8').replace(/\n$/, '').split('\n');

describe('controller limits', () => {
  it('holds every golden program of every kind and dialect within its control', () => {
    expect(goldens.length).toBeGreaterThanOrEqual(10);
    for (const golden of goldens) {
      const lines = read(golden);
      expect(errors(lines, golden), golden.file).toEqual([]);
      const longest = Math.max(...lines.map((line) => line.length));
      expect(longest).toBeLessThanOrEqual(controllerLimits(golden.dialect).maxLineLength);
    }
  });

  it('finds each seeded fault on its line, in every golden', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...goldens),
        fc.nat(),
        fc.constantFrom('long', 'foreign', 'number'),
        (golden, at, fault) => {
          const lines = read(golden);
          // A comment line after the first block (the tape mark and the O line stay first).
          const index = 2 + (at % (lines.length - 3));
          const comment = (text: string) =>
            golden.dialect === 'sinumerik' || golden.dialect === 'heidenhain'
              ? `; ${text}`
              : `(${text})`;
          const { maxLineLength, programNumbers } = controllerLimits(golden.dialect);
          if (fault === 'number') {
            fc.pre(programNumbers !== undefined);
            const numbered = lines.findIndex((line) => /^O\d/.test(line));
            lines[numbered] = lines[numbered]!.replace(/^O\d+/, `O${programNumbers.max + 1}`);
            expect(errors(lines, golden).join('\n')).toMatch(
              new RegExp(`^${numbered + 1}: program number O${programNumbers.max + 1}`, 'm'),
            );
            return;
          }
          const text = fault === 'long' ? 'X'.repeat(maxLineLength) : 'Ra 3.2 µm on the Ø12 bore';
          lines.splice(index, 0, comment(text));
          expect(errors(lines, golden).join('\n')).toMatch(
            new RegExp(
              `^${index + 1}: ${fault === 'long' ? 'a line of \\d+ characters' : 'the character'}`,
              'm',
            ),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('names nothing in a line that fits', () => {
    expect(lineOverLimits('G1 X10 Y5 F200 (FINISH [DIA 12])', 'linuxcnc')).toBeUndefined();
    expect(lineOverLimits('O1001 (PART)', 'fanuc')).toBeUndefined();
    expect(lineOverLimits('O0 (PART)', 'fanuc')).toMatch(/takes O1 to O9999/);
  });

  it('makes the verifier refuse a program with a line the control cannot read', () => {
    const job = goldenJob('linuxcnc');
    const program = generateMillProgramForPart(job, goldenPlate());
    expect(program.report.checks.find((check) => check.id === 'syntax')?.passed).toBe(true);
    const lines = program.gcode.split('\n');
    lines.splice(3, 0, `(${'x'.repeat(300)})`);
    const posted = postMillJobForPart(job, goldenPlate());
    const report = posted.verify(readProgramText(posted, lines.join('\n')));
    const syntax = report.checks.find((check) => check.id === 'syntax')!;
    expect(syntax.passed).toBe(false);
    expect(syntax.details.join(' ')).toMatch(/line 4\b.*a line of 302 characters/);
    expect(report.passed).toBe(false);
  });
});
