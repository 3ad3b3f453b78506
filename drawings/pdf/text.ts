/**
 * The text of a PDF page as positioned runs (pdf.js getTextContent), on the page seen upright:
 * points, y growing down from the top-left corner.
 */
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { apply, type Matrix } from '../geometry/primitives.ts';
import type { TextRun } from '../reading.ts';

/**
 * Text runs from pdf.js text items.
 *
 * @param items - getTextContent().items (marked-content entries are skipped)
 * @param transform - the page's viewport transform (PDF user space → points, y down)
 * @param page - 1-based page number
 * @param maxRuns - runs kept (readerLimits.maxRunsPerPage)
 * @returns one run per non-blank item: the axis-aligned box around the (possibly rotated) text
 *   in points, the baseline angle counter-clockwise in degrees as seen on the page, confidence 1;
 *   a glyph without Unicode (U+0000) is written U+FFFD
 */
export function textRuns(
  items: readonly unknown[],
  transform: Matrix,
  page: number,
  maxRuns: number,
): TextRun[] {
  const runs: TextRun[] = [];
  for (const raw of items) {
    if (runs.length >= maxRuns) break;
    const item = raw as Partial<TextItem>;
    if (typeof item.str !== 'string' || !Array.isArray(item.transform)) continue;
    // pdf.js gives U+0000 for a glyph its font maps to no Unicode (a CAD symbol font's ⌴): the
    // replacement character keeps the glyph's place without a character no text store takes.
    const text = item.str.replaceAll('\u0000', '\uFFFD').replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const [a, b, c, d, e, f] = item.transform.map((v: unknown) => Number(v));
    if (![a, b, c, d, e, f].every((n) => Number.isFinite(n))) continue;
    // Baseline and up directions in user space, then on the page.
    const along = Math.hypot(a!, b!) || 1;
    const width = Number.isFinite(Number(item.width)) ? Math.abs(Number(item.width)) : 0;
    const origin = { x: e!, y: f! };
    const end = { x: e! + (a! / along) * width, y: f! + (b! / along) * width };
    // Text space's up vector, its length the font size (the item height when it has none).
    const up =
      Math.hypot(c!, d!) > 0 ? { x: c!, y: d! } : { x: 0, y: Math.abs(Number(item.height)) || 1 };
    const corners = [
      origin,
      end,
      { x: origin.x + up.x, y: origin.y + up.y },
      { x: end.x + up.x, y: end.y + up.y },
    ].map((p) => apply(transform, p));
    const xs = corners.map((p) => p.x);
    const ys = corners.map((p) => p.y);
    const o = corners[0]!;
    const toward = apply(transform, { x: e! + a! / along, y: f! + b! / along });
    const angle = (Math.atan2(-(toward.y - o.y), toward.x - o.x) * 180) / Math.PI;
    const left = Math.min(...xs);
    const top = Math.min(...ys);
    runs.push({
      text,
      x: left,
      y: top,
      width: Math.max(...xs) - left,
      height: Math.max(...ys) - top,
      angleDeg: Math.round(angle * 100) / 100 + 0,
      page,
      confidence: 1,
      origin: 'pdf-text',
    });
  }
  return runs;
}
