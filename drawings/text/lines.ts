/**
 * Positioned text runs → lines of text: runs on one baseline joined in reading order, stacked
 * tolerances ('15.95' with '+0.026' over '-0.026') and limit dimensions ('16.00' over '15.50')
 * joined to their value, grid labels of the drawing frame left out.
 *
 * Coordinates: a run's x, y, width and height are the axis-aligned box around its text in the
 * page's units, y down (as pdf-text.ts and the OCR reader give them), and angleDeg the direction
 * of its baseline. Each run is placed in its own reading frame: `s` runs along the baseline in
 * reading direction, `t` measures the height of the baseline toward the top of the letters.
 */
import { sourceOfRun, type PageFrame, type TextRun } from '../reading.ts';
import { normalizeOcrCallout } from './ocr.ts';

/** A run placed in its own reading frame. */
interface PlacedRun {
  runs: TextRun[];
  text: string;
  page: number;
  angleDeg: number;
  /** Start and end along the baseline, and the baseline's height. */
  s0: number;
  s1: number;
  t: number;
  /** Text height. */
  h: number;
}

/** A line of text: runs on one baseline, in reading order. */
export interface TextLine {
  /** The runs' text joined with single spaces; OCR text normalized (normalizeOcrCallout). */
  text: string;
  runs: TextRun[];
  page: number;
  angleDeg: number;
  s0: number;
  s1: number;
  t: number;
  height: number;
  /** Axis-aligned box around the line, page units, y down. */
  x: number;
  y: number;
  width: number;
  height2d: number;
  /** The lowest confidence of its runs. */
  confidence: number;
  origin: TextRun['origin'];
  /** 'limits 16.00 / 15.50' when the line was a limit dimension. */
  limits?: string;
}

const RAD = Math.PI / 180;

function direction(angleDeg: number) {
  const a = angleDeg * RAD;
  return { u: { x: Math.cos(a), y: -Math.sin(a) }, v: { x: -Math.sin(a), y: -Math.cos(a) } };
}

/** Width of a character as a fraction of the text height, for runs at about 45° (see place). */
const CHARACTER_WIDTH = 0.55;

/**
 * The run in its reading frame. The box of text at angle a with length L and height H is
 * L|cos a| + H|sin a| wide and L|sin a| + H|cos a| high; solved for L and H, except near 45°,
 * where the two are alike and H is estimated from the number of characters.
 */
function place(run: TextRun): PlacedRun {
  const { u, v } = direction(run.angleDeg);
  const c = Math.abs(Math.cos(run.angleDeg * RAD));
  const sn = Math.abs(Math.sin(run.angleDeg * RAD));
  const det = c * c - sn * sn;
  let length: number;
  let height: number;
  if (Math.abs(det) > 0.3) {
    length = (run.width * c - run.height * sn) / det;
    height = (run.height * c - run.width * sn) / det;
  } else {
    const characters = Math.max(1, run.text.trim().length);
    height = run.width / (CHARACTER_WIDTH * characters * c + sn);
    length = CHARACTER_WIDTH * characters * height;
  }
  height = Math.max(height, 1e-6);
  length = Math.max(length, 0);
  const cx = run.x + run.width / 2;
  const cy = run.y + run.height / 2;
  const sc = cx * u.x + cy * u.y;
  const tc = cx * v.x + cy * v.y;
  return {
    runs: [run],
    text:
      run.origin === 'ocr' ? normalizeOcrCallout(run.text) : run.text.replace(/\s+/g, ' ').trim(),
    page: run.page,
    angleDeg: run.angleDeg,
    s0: sc - length / 2,
    s1: sc + length / 2,
    t: tc - height / 2,
    h: height,
  };
}

function sameAngle(a: number, b: number): boolean {
  const d = Math.abs(((((a - b) % 360) + 540) % 360) - 180);
  return d <= 2;
}

/** Grid letters and numbers of the frame: one letter or a 1–2 digit number near the page border. */
function isGridLabel(run: TextRun, frame: PageFrame | undefined): boolean {
  if (!frame || !/^(?:[A-Z]|\d{1,2})$/.test(run.text.trim())) return false;
  const margin = 0.08 * Math.min(frame.width, frame.height);
  return (
    run.x < margin ||
    run.y < margin ||
    frame.width - (run.x + run.width) < margin ||
    frame.height - (run.y + run.height) < margin
  );
}

const SIGN_ONLY = /^[+\-−±]$/;
const DEVIATION = /^(?:[+\-−]\s?(?:\d+(?:[.,]\d+)?|[.,]\d+)|0(?:[.,]0+)?)$/;
const PLAIN_NUMBER = /^\(?(?:\d+(?:[.,]\d+)?|[.,]\d+)\)?$/;

/** Joins a lone '+' or '-' to the number just right of it on the same baseline. */
function joinSigns(placed: PlacedRun[]): PlacedRun[] {
  const used = new Set<PlacedRun>();
  const out: PlacedRun[] = [];
  for (const sign of placed) {
    if (!SIGN_ONLY.test(sign.text) || used.has(sign)) continue;
    const next = placed
      .filter(
        (p) =>
          p !== sign &&
          !used.has(p) &&
          p.page === sign.page &&
          sameAngle(p.angleDeg, sign.angleDeg) &&
          /^(?:\d|[.,]\d)/.test(p.text) &&
          Math.abs(p.t - sign.t) <= 0.4 * sign.h &&
          p.s0 >= sign.s0 &&
          p.s0 - sign.s1 <= 0.8 * sign.h,
      )
      .sort((a, b) => a.s0 - b.s0)[0];
    if (!next) continue;
    used.add(sign).add(next);
    out.push({
      ...next,
      runs: [...sign.runs, ...next.runs],
      text: `${sign.text}${next.text}`,
      s0: sign.s0,
    });
  }
  return [...placed.filter((p) => !used.has(p)), ...out];
}

/**
 * Stacked deviations (ISO 129-1: upper deviation above the lower, in smaller or equal text,
 * right of the value): two deviation runs one above the other with their starts aligned, just
 * right of a value whose baseline lies between theirs. The value's text becomes
 * '15.95 +0.026/-0.026'.
 */
function joinStackedTolerances(placed: PlacedRun[]): PlacedRun[] {
  const deviations = placed.filter((p) => DEVIATION.test(p.text));
  const used = new Set<PlacedRun>();
  const replaced = new Map<PlacedRun, PlacedRun>();
  for (const upper of deviations) {
    for (const lower of deviations) {
      if (upper === lower || used.has(upper) || used.has(lower)) continue;
      if (upper.page !== lower.page || !sameAngle(upper.angleDeg, lower.angleDeg)) continue;
      if (!/^[+\-−]/.test(upper.text) && !/^[+\-−]/.test(lower.text)) continue;
      const h = Math.max(upper.h, lower.h);
      const rise = upper.t - lower.t;
      // Up to 2 heights between baselines: OCR boxes are cap height plus any comma's tail, and a
      // drafter may stack the two at a full line pitch ('0' over '-0,05' at 1.5 font sizes).
      if (rise < 0.5 * h || rise > 2.0 * h || Math.abs(upper.s0 - lower.s0) > 1.0 * h) continue;
      const start = Math.min(upper.s0, lower.s0);
      const value = placed
        .filter(
          (p) =>
            p !== upper &&
            p !== lower &&
            !used.has(p) &&
            !DEVIATION.test(p.text) &&
            p.page === upper.page &&
            sameAngle(p.angleDeg, upper.angleDeg) &&
            /\d\)?\s*$/.test(p.text) &&
            p.s1 <= start + 0.4 * h &&
            start - p.s1 <= 1.5 * h &&
            p.t >= lower.t - 0.5 * h &&
            p.t <= upper.t + 0.3 * h,
        )
        .sort((a, b) => b.s1 - a.s1)[0];
      if (!value) continue;
      const current = replaced.get(value) ?? value;
      used.add(upper).add(lower);
      replaced.set(value, {
        ...current,
        runs: [...current.runs, ...upper.runs, ...lower.runs],
        text: `${current.text} ${upper.text.replace(/\s+/g, '')}/${lower.text.replace(/\s+/g, '')}`,
        s1: Math.max(current.s1, upper.s1, lower.s1),
      });
    }
  }
  return placed.filter((p) => !used.has(p)).map((p) => replaced.get(p) ?? p);
}

function decimals(text: string): number {
  return /[.,](\d+)/.exec(text)?.[1]?.length ?? 0;
}

/**
 * Whether a run begins another callout than the line's: a radius ('R2') after a complete size
 * ('⌀5.5'), or a diameter after a lone radius. A hole's diameter written beside a corner's
 * radius is two callouts: as one text, 'Ø5.5 R2' reads R2 as the hole's fit.
 *
 * @param line - the text of the line so far
 * @param run - the text of the run that would continue it
 */
export function startsAnotherCallout(line: string, run: string): boolean {
  const text = line.trim();
  if (/^R(?:\s?\d|$)/.test(run) && /\d$/.test(text)) return true;
  return /^[Ø⌀∅]/.test(run) && /^R\s?\d+(?:[.,]\d+)?$/.test(text);
}

/** A value complete in itself: '0.375', '⌀12.5', '.1875' (a decimal separator and digits after). */
const COMPLETE_VALUE = /^[Ø⌀∅]?\s?\d*[.,]\d+$/;

/**
 * Whether a run overlaps the line's last one and both are complete values: two dimensions' values
 * written over one another ('0.375' across '0.1875'), not one value in two runs. They stay two
 * texts, each its own value (decision 065). Values side by side with a gap are left joined: a
 * counterbore's '11,00 20,00' whose Ø and depth signs were lost is one callout.
 */
function writtenOver(last: PlacedRun, run: PlacedRun, gap: number): boolean {
  return gap < 0 && COMPLETE_VALUE.test(last.text) && COMPLETE_VALUE.test(run.text);
}

/** A run of glyphs the text lost (U+FFFD: pdf/text.ts writes it for a glyph without Unicode). */
const LOST_GLYPHS = /^\uFFFD+$/;

/**
 * Groups placed runs on one baseline into lines. Gaps up to two text heights: a symbol drawn as
 * lines rather than text (Ø, the depth sign ↧) leaves a gap of about one and a half. Runs may
 * overlap by half a height, and a lost glyph (U+FFFD) by any amount.
 */
function joinLines(placed: PlacedRun[]): PlacedRun[][] {
  const sorted = [...placed].sort(
    (a, b) => a.page - b.page || a.angleDeg - b.angleDeg || a.s0 - b.s0,
  );
  const lines: PlacedRun[][] = [];
  for (const run of sorted) {
    let best: PlacedRun[] | undefined;
    let bestGap = Infinity;
    for (const line of lines) {
      const last = line[line.length - 1]!;
      if (last.page !== run.page || !sameAngle(last.angleDeg, run.angleDeg)) continue;
      const h = Math.max(last.h, run.h);
      if (Math.min(last.h, run.h) / h < 0.6) continue;
      if (Math.abs(last.t - run.t) > 0.35 * h) continue;
      const gap = run.s0 - last.s1;
      // A lost glyph's box is its font's missing-glyph box, not the glyph's: it may overlap.
      const lost = LOST_GLYPHS.test(last.text) || LOST_GLYPHS.test(run.text);
      if ((gap < -0.5 * h && !lost) || gap > 2 * h) continue;
      const text = line.map((p) => p.text).join(' ');
      if (startsAnotherCallout(text, run.text) || writtenOver(last, run, gap)) continue;
      if (gap < bestGap) {
        bestGap = gap;
        best = line;
      }
    }
    if (best) best.push(run);
    else lines.push([run]);
  }
  return lines;
}

function toLine(parts: PlacedRun[]): TextLine {
  const runs = parts.flatMap((p) => p.runs);
  const first = parts[0]!;
  const s0 = Math.min(...parts.map((p) => p.s0));
  const s1 = Math.max(...parts.map((p) => p.s1));
  const h = Math.max(...parts.map((p) => p.h));
  const t = parts.reduce((sum, p) => sum + p.t, 0) / parts.length;
  const xs = runs.flatMap((r) => [r.x, r.x + r.width]);
  const ys = runs.flatMap((r) => [r.y, r.y + r.height]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    text: parts
      .map((p) => p.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
    runs,
    page: first.page,
    angleDeg: first.angleDeg,
    s0,
    s1,
    t,
    height: h,
    x,
    y,
    width: Math.max(...xs) - x,
    height2d: Math.max(...ys) - y,
    confidence: Math.min(...runs.map((r) => r.confidence)),
    origin: runs.some((r) => r.origin === 'ocr') ? 'ocr' : 'pdf-text',
  };
}

/**
 * Limit dimensions (ISO 129-1: the upper limit above the lower): two single-number lines one
 * above the other, starts aligned, a text height apart, same number of decimals, upper larger by
 * less than a fifth. Becomes one line '15.50 +0.5/0' (lower limit with its deviation).
 */
function joinLimits(lines: TextLine[]): TextLine[] {
  const used = new Set<TextLine>();
  const out: TextLine[] = [];
  for (const upper of lines) {
    if (used.has(upper) || !PLAIN_NUMBER.test(upper.text)) continue;
    const lower = lines.find(
      (l) =>
        l !== upper &&
        !used.has(l) &&
        PLAIN_NUMBER.test(l.text) &&
        l.page === upper.page &&
        sameAngle(l.angleDeg, upper.angleDeg) &&
        Math.abs(l.s0 - upper.s0) <= 0.5 * upper.height &&
        upper.t - l.t >= 0.7 * upper.height &&
        upper.t - l.t <= 1.3 * upper.height &&
        decimals(l.text) === decimals(upper.text),
    );
    if (!lower) continue;
    const high = Number(upper.text.replace(',', '.'));
    const low = Number(lower.text.replace(',', '.'));
    if (!(high > low && low > 0 && high - low <= high / 5)) continue;
    used.add(upper).add(lower);
    const deviation = Math.round((high - low) * 10_000) / 10_000;
    const merged = toLine([{ ...asPlaced(lower), runs: [...lower.runs, ...upper.runs] }]);
    out.push({
      ...merged,
      text: `${lower.text} +${deviation}/0`,
      limits: `limits ${upper.text} / ${lower.text}`,
      t: lower.t,
    });
  }
  return [...lines.filter((l) => !used.has(l)), ...out];
}

function asPlaced(line: TextLine): PlacedRun {
  return {
    runs: line.runs,
    text: line.text,
    page: line.page,
    angleDeg: line.angleDeg,
    s0: line.s0,
    s1: line.s1,
    t: line.t,
    h: line.height,
  };
}

/**
 * Groups runs into lines of text.
 *
 * @param runs - text runs of any number of pages (see reading.ts TextRun)
 * @param frames - page sizes, to leave out the grid letters and numbers along the frame
 * @returns lines in page order, top to bottom; whitespace-only runs are dropped
 */
export function groupTextLines(runs: TextRun[], frames: PageFrame[]): TextLine[] {
  const frameOf = new Map(frames.map((f) => [f.page, f]));
  const kept = runs.filter(
    (r) =>
      r.text.trim() !== '' &&
      Number.isFinite(r.x + r.y + r.width + r.height + r.angleDeg) &&
      !isGridLabel(r, frameOf.get(r.page)),
  );
  const placed = joinStackedTolerances(joinSigns(kept.map(place)).filter((p) => p.text !== ''));
  const lines = joinLimits(joinLines(placed).map(toLine));
  return lines.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
}

/** The source words of a line, as sourceOfRun() words a run. */
export function sourceOfLine(line: TextLine): string {
  const first = line.runs[0]!;
  return sourceOfRun({ ...first, text: line.text, confidence: line.confidence });
}
