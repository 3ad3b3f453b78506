/**
 * Text runs as a PDF's text layer gives them, for reader tests: one line of words, each word a run
 * of `h`-high text, 0.6 h a character, 0.3 h apart, its left end at `x`, on page 1.
 */
import type { TextRun } from '#drawings/reading';

/** Runs of one line, each word a run of `h`-high text, 0.6 h a character, left end at `x`. */
export function lineRuns(words: string[], x: number, y: number, h: number): TextRun[] {
  const runs: TextRun[] = [];
  let at = x;
  for (const word of words) {
    const width = 0.6 * h * [...word].length;
    runs.push({
      text: word,
      x: at,
      y,
      width,
      height: h,
      angleDeg: 0,
      page: 1,
      confidence: 1,
      origin: 'pdf-text',
    });
    at += width + 0.3 * h;
  }
  return runs;
}
