import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLines } from '#server/storage/read-lines';

const folder = mkdtempSync(join(tmpdir(), 'read-lines-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('readLines', () => {
  it('splits CRLF and LF lines across chunk borders, keeps a last line without a newline', () => {
    const path = join(folder, 'crlf.nc');
    writeFileSync(path, 'G0 X1\r\nG1 X2\r\n(Ø20 é)\n\r\nM30');
    expect([...readLines(path, 3)]).toEqual(['G0 X1', 'G1 X2', '(Ø20 é)', '', 'M30']);
    expect([...readLines(path)]).toEqual(['G0 X1', 'G1 X2', '(Ø20 é)', '', 'M30']);
    writeFileSync(path, 'G0 X1\nM30\n');
    expect([...readLines(path, 4)]).toEqual(['G0 X1', 'M30']);
    writeFileSync(path, '');
    expect([...readLines(path)]).toEqual([]);
    expect(() => [...readLines(join(folder, 'missing.nc'))]).toThrow(/ENOENT/);
  });
});
