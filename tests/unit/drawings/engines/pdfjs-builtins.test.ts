/**
 * pdf.js's legacy build replaces built-ins with slower polyfills when it loads (and again when its
 * worker loads at the first document): the PDF engine puts the natives back. Checked in a fresh
 * node process, where nothing loaded pdf.js before the built-ins are taken.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = `
const names = [[Array.prototype, 'push'], [JSON, 'parse'], [JSON, 'stringify'], [Function.prototype, 'toString']];
const before = names.map(([target, key]) => target[key]);
const { openPdf } = await import('#drawings/engines/pdfjs');
const { readFileSync } = await import('node:fs');
const document = await openPdf(readFileSync(${JSON.stringify(path.resolve('../shared/blueprints/mill-edm/Aufspannung.PDF'))}), 'a.pdf');
const page = await document.getPage(1);
await page.getOperatorList();
await document.destroy();
const core = '__core-js_shared__' in globalThis;
console.log(JSON.stringify({ core, same: names.map(([target, key], i) => target[key] === before[i]) }));
`;

describe('the PDF engine', () => {
  it('leaves Array.prototype.push, JSON and Function.prototype.toString native', () => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8', cwd: process.cwd() },
    );
    const result = JSON.parse(output.trim().split('\n').at(-1)!) as {
      core: boolean;
      same: boolean[];
    };
    // pdf.js's polyfills did load (so the check means something), and were put back.
    expect(result.core).toBe(true);
    expect(result.same).toEqual([true, true, true, true]);
  }, 30_000);
});
