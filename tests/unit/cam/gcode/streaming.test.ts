import { mkdtempSync, rmSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { interpretProgram } from '#cam/gcode/interpreter';
import { readLines } from '#server/storage/read-lines';

const folder = mkdtempSync(join(tmpdir(), 'gcode-interpreter-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('streaming', () => {
  it('interprets a generated 1,000,000-line program from a file', () => {
    const path = join(folder, 'million.nc');
    const fd = openSync(path, 'w');
    writeSync(fd, '%\nG17 G21 G90 G94\nT1 M6\nM3 S1000\nG0 X0 Y0 Z5\nG1 Z-1 F500\n');
    let lines = 6;
    let expected = 2;
    const block: string[] = [];
    for (let index = 0; lines < 999_999; index += 1) {
      const step = index % 10;
      if (step === 0) block.push('(PASS)');
      else if (step === 1) block.push('G1 X0 Y0 F800');
      else if (step === 2) block.push('G2 X2 Y0 I1 J0');
      else if (step === 3) block.push('G3 X0 Y0 R1');
      else block.push(`G1 X${step} Y${(index % 7) / 10}`);
      if (!block.at(-1)!.startsWith('(')) expected += 1;
      lines += 1;
      if (block.length === 10_000) {
        writeSync(fd, `${block.join('\n')}\n`);
        block.length = 0;
      }
    }
    block.push('M30');
    writeSync(fd, block.join('\n'));
    closeSync(fd);
    let count = 0;
    let arcs = 0;
    let last = 0;
    let problems = 0;
    for (const event of interpretProgram(readLines(path), {
      dialect: 'linuxcnc',
      machine: 'mill',
    })) {
      if (event.type === 'motion') {
        count += 1;
        if (event.kind === 'arc') arcs += 1;
      } else if (event.type === 'error') problems += 1;
      last = event.line;
    }
    expect(lines).toBe(999_999);
    expect(last).toBe(1_000_000);
    expect(problems).toBe(0);
    expect(count).toBe(expected);
    expect(arcs).toBeGreaterThan(100_000);
  }, 120_000);
});
