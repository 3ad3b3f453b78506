/**
 * Files stay short enough to read in one sitting (issue 32): a file of the product's code over
 * 500 lines says why at its top, in its first comment, with the words "Over 500 lines because".
 * Generated files are not counted.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';

const maxLines = 500;
/** The folders of the product's code. */
const layers = ['src', 'machines', 'contracts', 'server', 'cam', 'drawings', 'db'];
const reason = /Over 500 lines because/;

/** The first block comment of a file's text, or '' when it opens with none. */
function leadingComment(text: string): string {
  return /^\s*\/\*[\s\S]*?\*\//.exec(text)?.[0] ?? '';
}

/** Files over the limit whose first comment gives no reason, with their lengths. */
function unexplainedLongFiles(files: { path: string; text: string }[]): string[] {
  return files
    .map(({ path, text }) => ({ path, lines: text.replace(/\n$/, '').split('\n').length, text }))
    .filter(({ lines, text }) => lines > maxLines && !reason.test(leadingComment(text)))
    .map(({ path, lines }) => `${path}: ${lines} lines`);
}

describe('file length', () => {
  it('every file of the product over 500 lines says why at its top', () => {
    const root = fileURLToPath(repoRoot);
    const paths = layers.flatMap((layer) =>
      readdirSync(`${root}/${layer}`, { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('routeTree.gen.ts'))
        .map((name) => `${layer}/${name}`),
    );
    const files = paths.map((path) => ({ path, text: readFileSync(`${root}/${path}`, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(unexplainedLongFiles(files)).toEqual([]);
  });

  it('a long file without a reason is named, and one with a reason passes', () => {
    const body = 'export const x = 1;\n'.repeat(maxLines + 1);
    const files = [
      { path: 'cam/long.ts', text: `/** A long file. */\n${body}` },
      { path: 'cam/explained.ts', text: `/**\n * Over 500 lines because it must.\n */\n${body}` },
      { path: 'cam/short.ts', text: '/** Short. */\nexport const y = 2;\n' },
    ];
    expect(unexplainedLongFiles(files)).toEqual([`cam/long.ts: ${maxLines + 2} lines`]);
  });
});
