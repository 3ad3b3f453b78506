/**
 * OCR runs that are line work, not text. Tesseract reads an arrowhead, a line's end or a tick
 * as a short run ('1', '-', '|', '<') now and then, and its box is then cleared from the ink
 * before the line work is traced (vectorize.ts `textBoxes`): the arrowhead goes with it, and its
 * dimension line loses its value (a shaft's overall length '25' was measured as 24.8 instead).
 * A drawing's lettering keeps clear of its lines (ISO 129-1 writes a dimension's value above its
 * line, not on it; ISO 3098 letters stand apart), so a short run whose box a drawn line runs
 * through, ink crossing two opposite sides of the box, is line work. Pixels of the image the
 * lines are traced on.
 */
import type { GreyImage } from '../engines/prepare-image.ts';
import { belowLettering, letteringHeight, type TextRun } from '../reading.ts';

/** What line work is read as: one or two of the strokes a line's end or an arrowhead looks like. */
const LINE_LIKE = /^[1lI|!\-_/\\'"`.,:;~^<>vV=]{1,2}$/;
/**
 * What a small circle crossed by its centre lines or a leader is read as: up to three glyphs
 * and no digit ('AL)', '(+)', 'O'). Its box cleared, the hole goes with it.
 */
const MARK_LIKE = /^[^\d\s]{1,3}$/;

/**
 * The runs without those that are line work: a run of one or two line-like characters ('1',
 * '-', '|', '<', …), or of up to three characters with no digit (a small circle and its centre
 * lines read as 'AL)'), with ink a quarter of its height (at least 2 px) beyond both its left and
 * right sides, along the middle 60 % of its height, or beyond both its top and bottom, along the
 * middle 60 % of its width; and such a run, or any run of one or two glyphs, lower than a third of
 * the page's lettering (reading.ts belowLettering), wherever it stands: a chamfer's corner read as
 * a '7' 7 px high beside 38 px lettering (Candle_holder.jpg) is no value.
 *
 * @param runs - the page's OCR runs, original pixels
 * @param image - the image the lines are traced on, dark ink on light paper
 * @param scale - its pixels per original pixel
 * @param threshold - the grey level at or below which a pixel is ink
 * @returns `runs` itself when none is line work, else the runs that are text
 */
export function withoutLineWorkRuns(
  runs: TextRun[],
  image: GreyImage,
  scale: number,
  threshold: number,
): TextRun[] {
  const lettering = letteringHeight(runs);
  const tiny = (run: TextRun) => lettering !== undefined && belowLettering(run, lettering);
  const kept = runs.filter((run) => {
    const text = run.text.trim();
    return (
      !(tiny(run) && (lineLike(text) || glyphs(text) <= 2)) && !(lineLike(text) && crossed(run))
    );
  });
  return kept.length === runs.length ? runs : kept;

  function crossed(run: TextRun): boolean {
    const margin = Math.max(2, 0.25 * run.height * scale);
    const left = run.x * scale;
    const right = (run.x + run.width) * scale;
    const top = run.y * scale;
    const bottom = (run.y + run.height) * scale;
    // Beside the box, along the middle of its height (a dimension line just under a value, or
    // touching its loose box, stays out), and above and below it, along the middle of its width.
    const insetY = 0.2 * (bottom - top);
    const insetX = 0.2 * (right - left);
    const column = (x: number) =>
      inkAlong(Math.round(x), Math.ceil(top + insetY), Math.round(x), Math.floor(bottom - insetY));
    const row = (y: number) =>
      inkAlong(Math.ceil(left + insetX), Math.round(y), Math.floor(right - insetX), Math.round(y));
    return (
      (column(left - margin) && column(right + margin)) ||
      (row(top - margin) && row(bottom + margin))
    );
  }

  function glyphs(text: string): number {
    return text.replace(/\s/g, '').length;
  }

  function lineLike(text: string): boolean {
    return LINE_LIKE.test(text) || MARK_LIKE.test(text);
  }

  /** Whether any pixel of the straight run of pixels from (xa, ya) to (xb, yb) is ink. */
  function inkAlong(xa: number, ya: number, xb: number, yb: number): boolean {
    const { width, height, data } = image;
    if (xa < 0 || ya < 0 || xb >= width || yb >= height) return false;
    for (let y = ya; y <= yb; y++)
      for (let x = xa; x <= xb; x++) if (data[y * width + x]! <= threshold) return true;
    return false;
  }
}
