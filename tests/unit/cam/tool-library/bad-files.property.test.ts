/**
 * No file breaks the tool library readers (issue 35): random bytes, random text, truncated and
 * bit-flipped libraries written by the product, and a zip bomb, read in every format, give
 * tools and problems (each problem with a positive line and a sentence) and never throw.
 */
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { libraryDiameterOf } from '#cam/tool-library/diameter';
import {
  libraryFormats,
  readToolLibrary,
  writeToolLibrary,
  type LibraryFormat,
} from '#cam/tool-library/index';
import type { ToolType } from '#contracts/shop';
import { libraryRow } from '#tests/helpers/library-rows';

const formats = Object.keys(libraryFormats) as LibraryFormat[];

function expectReadable(format: LibraryFormat, bytes: Uint8Array) {
  const read = readToolLibrary(format, bytes);
  for (const problem of read.problems) {
    expect(problem.line).toBeGreaterThan(0);
    expect(problem.message.length).toBeGreaterThan(0);
  }
  return read;
}

describe('tool library readers on bad files', () => {
  it('never throw on random bytes or text in any format', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.string({ maxLength: 2000 }).map((text) => new TextEncoder().encode(text)),
        ),
        (format, bytes) => {
          expectReadable(format, bytes);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never throw on cut or damaged libraries the product wrote', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.array(libraryRow(), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
        (format, rows, cut, flips) => {
          const written = writeToolLibrary(format, rows);
          const damaged = written.slice(0, Math.max(1, Math.floor(written.length * cut)));
          for (const [at, value] of flips) damaged[at % damaged.length] = value;
          expectReadable(format, damaged);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a .tools zip bomb without inflating it', () => {
    const bomb = zipSync({ 'tools.json': new Uint8Array(100 * 1024 * 1024) }, { level: 9 });
    const read = expectReadable('tools', bomb);
    expect(read.tools).toEqual([]);
    expect(read.problems[0]?.message).toMatch(/over 16 MB/);
  });
});

describe('libraryDiameterOf', () => {
  const row = (toolName: string, toolDescription: string, toolType: ToolType = 'Milling') => ({
    slotNumber: 'T1',
    toolName,
    toolDescription,
    toolType,
    toolManufacturer: 'Unknown',
    toolHint: 'NOHINT',
  });

  it('reads a diameter as the planner of the machine reads it, and none where a row gives none', () => {
    expect(libraryDiameterOf(row('End mill', 'Ø10 4FL carbide'), 'Milling')).toBe(10);
    expect(libraryDiameterOf(row('Drill 8.5', 'HSS', 'Drilling'), 'Lathe')).toBe(8.5);
    expect(libraryDiameterOf(row('1/4" end mill', '3 flutes'))).toBeCloseTo(6.35, 3);
    expect(libraryDiameterOf(row('OD turning', 'CNMG 120408', 'Turning'), 'Lathe')).toBeUndefined();
  });
});
