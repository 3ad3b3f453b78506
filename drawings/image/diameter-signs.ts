/**
 * Diameter signs OCR read as a '2' (Ø, ⌀ and ∅ are a ring about a digit high, crossed by a
 * stroke; the engine's Latin models have no such letter), told from a real '2' by their shape:
 * the ring encloses paper, a '2' encloses none. Pixels, y down.
 */
import type { GreyImage } from '../engines/prepare-image.ts';
import type { TextRun } from '../reading.ts';
import { components } from './raster-ops.ts';

/**
 * The first glyph's box is this share of the run's height wide: a diameter sign is about 0.75 of
 * a digit's height wide in DejaVu Sans (⌀ is drawn at the lower-case height, beside taller
 * digits), a digit about 0.6; a loop of the next glyph the box cuts is open to its border.
 */
const GLYPH_SHARE = 0.8;
/** Paper enclosed by a glyph counts from this share of the glyph's height squared. */
const HOLE_SHARE = 0.01;

/**
 * How many areas of paper the first glyph of a run encloses (0 for a '2', 1 or 2 for a
 * diameter sign: the stroke across the ring cuts its paper in two).
 *
 * @param image - the grey image, dark ink on light paper
 * @param run - an OCR run in original pixels; upright (0°) or reading bottom to top (90°)
 * @param scale - the image's pixels per original pixel
 * @param startPx - where the glyph starts along the run, image pixels from the run's start
 * @returns the number of enclosed paper regions, or undefined when the run is at another angle
 *   or its glyph lies outside the image
 */
export function leadingSignHoles(
  image: GreyImage,
  run: TextRun,
  scale: number,
  startPx = 0,
): number | undefined {
  const upright = Math.abs(run.angleDeg) <= 3;
  const upwards = Math.abs(run.angleDeg - 90) <= 3;
  if (!upright && !upwards) return undefined;
  const glyphHeight = (upright ? run.height : run.width) * scale;
  const glyphWidth = GLYPH_SHARE * glyphHeight;
  // The glyph's box in the image: the run's start (its left end, or its bottom end), or
  // `startPx` image pixels along the run from it.
  const x0 = Math.floor(run.x * scale + (upright ? startPx : 0));
  const y0 = Math.floor(
    upright ? run.y * scale : (run.y + run.height) * scale - startPx - glyphWidth,
  );
  const w = Math.ceil(upright ? glyphWidth : glyphHeight);
  const h = Math.ceil(upright ? glyphHeight : glyphWidth);
  if (w < 4 || h < 4 || x0 < 0 || y0 < 0 || x0 + w > image.width || y0 + h > image.height)
    return undefined;
  // Paper at the middle grey; the box bordered by a pixel of paper, so that a loop the box cuts
  // is open to the border and not counted.
  const W = w + 2;
  const H = h + 2;
  const paper = new Uint8Array(W * H).fill(1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (image.data[(y0 + y) * image.width + x0 + x]! < 128) paper[(y + 1) * W + x + 1] = 0;
  const least = Math.max(2, HOLE_SHARE * glyphHeight * glyphHeight);
  let holes = 0;
  components(
    paper,
    W,
    H,
    (pixels) => {
      // The paper around the glyph holds the box's first pixel.
      if (pixels.length >= least && !pixels.includes(0)) holes++;
    },
    4,
  );
  return holes;
}

/** A run starting with a '2' and a number: 'Ø8' read '28', 'Ø1.3125' read '21.3125'. */
const LEADING_TWO = /^2(?=\d|[.,]\d)/;
/** A count, then a '2' and a number: '4xØ5.5' read '4x25.5', '2 × Ø9' read '2 × 29'. */
const COUNTED_TWO = /^(\d{1,3}\s*[xX×]\s*)2(?=\d|[.,]\d)/;

/** A line of pixels along a run that is ink over more than this share of it is a rule. */
const RULE_SHARE = 0.6;

/**
 * Where the glyphs of a run start along it, image pixels from the run's start: the starts of
 * the stretches of columns (rows, for a run reading bottom to top) that hold ink, within the
 * run's box, rules along the run (a leader's landing) left out. Glyphs that touch make one
 * stretch.
 */
export function glyphStarts(image: GreyImage, run: TextRun, scale: number): number[] {
  const upright = Math.abs(run.angleDeg) <= 3;
  const x0 = Math.max(0, Math.floor(run.x * scale));
  const y0 = Math.max(0, Math.floor(run.y * scale));
  const x1 = Math.min(image.width, Math.ceil((run.x + run.width) * scale));
  const y1 = Math.min(image.height, Math.ceil((run.y + run.height) * scale));
  const length = upright ? x1 - x0 : y1 - y0;
  const across = upright ? y1 - y0 : x1 - x0;
  // Pixel t along the run, s across it (s from the run's top, or its left when turned).
  const inkAt = (t: number, s: number) =>
    upright
      ? image.data[(y0 + s) * image.width + x0 + t]! < 128
      : image.data[(y1 - 1 - t) * image.width + x0 + s]! < 128;
  // A line through the box (a leader's landing under its callout) is no glyph: the lines of
  // pixels along the run that are ink over most of its length are left out.
  const rule = Array.from({ length: Math.max(0, across) }, (_, s) => {
    let ink = 0;
    for (let t = 0; t < length; t++) if (inkAt(t, s)) ink++;
    return ink > RULE_SHARE * length;
  });
  const starts: number[] = [];
  let inked = false;
  for (let t = 0; t < length; t++) {
    let ink = false;
    for (let s = 0; s < across && !ink; s++) ink = !rule[s] && inkAt(t, s);
    if (ink && !inked) starts.push(t);
    inked = ink;
  }
  return starts;
}

/**
 * The runs with each leading '2' (or '2' after a count: '4x2…') that is a diameter sign by its shape (it encloses paper: the
 * ring and its stroke two areas, one at small sizes where the stroke fills the narrow one) read
 * as 'Ø'.
 *
 * @param runs - OCR runs, original pixels
 * @param image - the grey image (greyForLines), `scale` pixels per original pixel
 * @returns the runs, mended ones replaced; `runs` itself when none is
 */
export function diameterSignsSeen(runs: TextRun[], image: GreyImage, scale: number): TextRun[] {
  let mended = false;
  const out = runs.map((run) => {
    const text = run.text.trim();
    if (LEADING_TWO.test(text)) {
      if ((leadingSignHoles(image, run, scale) ?? 0) < 1) return run;
      mended = true;
      return { ...run, text: `Ø${text.slice(1)}` };
    }
    // After a count, the sign is the glyph after the count's: '4x' is two glyphs.
    const counted = COUNTED_TWO.exec(text);
    if (!counted) return run;
    const prefix = counted[1]!;
    const start = glyphStarts(image, run, scale)[prefix.replace(/\s+/g, '').length];
    if (start === undefined || (leadingSignHoles(image, run, scale, start) ?? 0) < 1) return run;
    mended = true;
    return { ...run, text: `${prefix}Ø${text.slice(prefix.length + 1)}` };
  });
  return mended ? out : runs;
}
