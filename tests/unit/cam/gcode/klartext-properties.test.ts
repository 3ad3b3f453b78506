/**
 * Properties of the Klartext interpreter: it never throws and names only lines it read, on any
 * text and on any mutation of the golden Heidenhain program (tests/golden/mill/), which itself
 * reads without an error; a mutation that breaks the block numbers is always reported.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InterpreterEvent } from '#cam/gcode/events';
import { interpretProgram } from '#cam/gcode/interpreter';
import { goldenDir } from '#tests/helpers/paths';

const golden = readFileSync(new URL('mill/post-test-plate.heidenhain.h', goldenDir), 'utf8').split(
  '\n',
);

const read = (lines: string[]) => [
  ...interpretProgram(lines, { dialect: 'heidenhain', machine: 'mill' }),
];

/** Every event names a line of the program (1 to its length), every error says something. */
function wellFormed(events: InterpreterEvent[], lines: string[]): void {
  for (const event of events) {
    expect(event.line).toBeGreaterThanOrEqual(1);
    expect(event.line).toBeLessThanOrEqual(Math.max(1, lines.length));
    if (event.type === 'error') expect(event.message.length).toBeGreaterThan(10);
    if (event.type === 'motion')
      for (const value of [event.to.x, event.to.y, event.to.z])
        expect(Number.isFinite(value)).toBe(true);
  }
}

/** A Klartext-like line: block words, Q lines, numbers, signs, the odd foreign character. */
const klartextish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'L',
        'C',
        'CC',
        'CR',
        'CP',
        'TOOL CALL',
        'CYCL DEF',
        'CYCL CALL',
        'BEGIN PGM',
        'END PGM',
        'M3',
        'M5',
        'M30',
        'M99',
        'M140 MB MAX',
        'FMAX',
        'R0',
        'DR+',
        'DR-',
        'Q200=',
        '~',
        ';',
        'X+',
        'Y-',
        'Z',
        'IPA+',
        'IZ-',
        'F',
        'S',
        'MM',
        '200 DRILLING',
        '247 DATUM SETTING',
        'Ø',
      ),
      fc.integer({ min: -1000, max: 1000 }).map(String),
      fc.string({ maxLength: 6 }),
    ),
    { maxLength: 12 },
  )
  .map((words) => words.join(' '));

describe('Klartext interpreter properties', () => {
  it('reads the golden program without an error', () => {
    const events = read(golden);
    expect(events.filter((event) => event.type === 'error')).toEqual([]);
    expect(events.at(-1)?.type).toBe('end');
  });

  it('never throws on random text, and names only lines it read', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(klartextish, fc.string({ maxLength: 80 })), { maxLength: 30 }),
        (lines) => {
          wellFormed(read(lines), lines);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never throws on a mutated golden program', () => {
    const mutation = fc.oneof(
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('swap' as const), at: fc.nat(), other: fc.nat() }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: klartextish }),
      fc.record({
        kind: fc.constant('character' as const),
        at: fc.nat(),
        column: fc.nat(),
        text: fc.string({ minLength: 1, maxLength: 2 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        const lines = [...golden];
        for (const change of mutations) {
          const at = change.at % lines.length;
          if (change.kind === 'delete') lines.splice(at, 1);
          else if (change.kind === 'duplicate') lines.splice(at, 0, lines[at]!);
          else if (change.kind === 'swap') {
            const other = change.other % lines.length;
            [lines[at], lines[other]] = [lines[other]!, lines[at]!];
          } else if (change.kind === 'insert') lines.splice(at, 0, change.text);
          else {
            const line = lines[at]!;
            const column = line.length ? change.column % line.length : 0;
            lines[at] = line.slice(0, column) + change.text + line.slice(column + 1);
          }
          if (lines.length === 0) lines.push('');
        }
        wellFormed(read(lines), lines);
      }),
      { numRuns: 200 },
    );
  });

  it('reports a numbered block deleted or duplicated', () => {
    const numberedAt = golden
      .map((line, index) =>
        /^\d+ /.test(line) && index > 0 && index < golden.length - 2 ? index : -1,
      )
      .filter((index) => index >= 0);
    fc.assert(
      fc.property(fc.constantFrom(...numberedAt), fc.boolean(), (at, duplicate) => {
        const lines = [...golden];
        if (duplicate) lines.splice(at, 0, lines[at]!);
        else lines.splice(at, 1);
        const numbers = read(lines).filter(
          (event) => event.type === 'error' && /block number/.test(event.message),
        );
        expect(numbers.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });
});
