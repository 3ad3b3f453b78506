/**
 * A counterbore written after its hole on one line (ISO 15786 / ASME Y14.5: '4x Ø6.6 ⌴Ø11
 * ↧6.8'; in words: 'Ø6.6 C'BORE Ø11 DEEP 6.8', 'Ø6.6 counterbore Ø11 x 6.8'). The form on two
 * lines ('4x Ø11' over 'Ø18 ↧12') is attached in findings.ts (attachCounterbores).
 *
 * A PDF whose font has no glyph for ⌴, or no Unicode for it (a CAD symbol font such as
 * AutoCAD's GDT), gives a lost glyph in its place (pdf.js: U+0000, here U+FFFD; a symbol font's
 * private-use code) or nothing at all: '4x Ø6.6 � Ø11 ↧6.8', '4x Ø6.6 Ø11 ↧6.8'. A second,
 * larger diameter with a depth after the hole's size is read as its counterbore (the CAM core
 * mills a spotface as a counterbore as well).
 */
import { decodeDxfText, readNumber } from '#cam/callouts';
import type { TextCallout } from './types.ts';

const NUMBER = String.raw`(\d+(?:[.,]\d+)?|[.,]\d+)`;

/** A glyph the text lost: U+FFFD, U+0000 (pdf.js without a Unicode map) or a private-use code. */
const LOST_GLYPH = String.raw`[\u0000\uFFFD\uE000-\uF8FF]`;

/**
 * The counterbore mark (a lost glyph only before a diameter sign), its diameter and, after ↧,
 * 'x', 'DP', 'DEEP' or 'depth', its depth.
 */
const COUNTERBORE = new RegExp(
  String.raw`(?:(?:⌴|\b(?:C'?BORE|counterbored?)\b\.?)\s*[Ø⌀∅ø]?|${LOST_GLYPH}\s*[Ø⌀∅ø])` +
    String.raw`\s*${NUMBER}\s*(?:mm)?` +
    String.raw`(?:\s*(?:↧|[x×]|\bDP\b\.?|\bDEEP\b|\bdepth\b)\s*${NUMBER}(?:\s*mm)?(?:\s*DEEP\b)?)?`,
  'i',
);

/**
 * A diameter with a depth and no mark ('Ø11 ↧6.8', 'Ø11 DP 6.8'): after a hole's size, the
 * counterbore whose symbol was lost. The depth's mark is required ('Ø11 x 6.8' may be a hole and
 * its depth).
 */
const UNMARKED_COUNTERBORE = new RegExp(
  String.raw`[Ø⌀∅ø]\s*${NUMBER}\s*(?:mm)?\s*(?:↧|\bDP\b\.?|\bDEEP\b|\bdepth\b)\s*${NUMBER}(?:\s*mm)?`,
  'gi',
);

/** A mark and a diameter with an angle after it: a countersink ('� Ø12.6 x 90°'). */
const WITH_ANGLE = new RegExp(String.raw`^\D*${NUMBER}\s*(?:mm)?\s*[x×]\s*${NUMBER}\s*°`);

/** A hole's size written with its diameter sign: '4x Ø6.6', 'Ø6.6 H7'. */
const HOLE_DIAMETER = new RegExp(String.raw`[Ø⌀∅ø]\s*${NUMBER}`, 'i');

/**
 * The hole part of a line and the counterbore written after it, or undefined when the line
 * writes none after a hole (a line that starts with the counterbore is left to
 * attachCounterbores).
 *
 * @param written - the line as read (DXF codes are decoded)
 * @param units - the drawing's units, for numbers without a unit
 * @returns the text before the counterbore (the hole's callout), and the counterbore in mm;
 *   with a lost or missing mark, only after a hole written with its diameter sign (the caller
 *   checks that the counterbore is the larger); undefined for a diameter with an angle after it
 *   (a countersink whose symbol was lost)
 */
export function counterboreOnLine(
  written: string,
  units: 'mm' | 'inch' | undefined,
):
  | {
      hole: string;
      text: string;
      counterbore: { diameterMm: number; depthMm?: number; text: string };
    }
  | undefined {
  const text = decodeDxfText(written).replace(/\s+/g, ' ').trim();
  const marked = COUNTERBORE.exec(text);
  const match =
    marked ??
    [...text.matchAll(UNMARKED_COUNTERBORE)].find(
      (m) => m.index > 0 && HOLE_DIAMETER.test(text.slice(0, m.index)),
    );
  if (!match || match.index === 0) return undefined;
  // A diameter with an angle ('� Ø12.6 x 90°') is a countersink whose ⌵ was lost, not this.
  if (WITH_ANGLE.test(text.slice(match.index))) return undefined;
  const hole = text.slice(0, match.index).replace(/[\s,;]+$/, '');
  if (!/\d/.test(hole)) return undefined;
  const lost = new RegExp(`^${LOST_GLYPH}`).test(match[0]);
  if ((lost || !marked) && !HOLE_DIAMETER.test(hole)) return undefined;
  const mm = (value: string) => readNumber(value) * (units === 'inch' ? 25.4 : 1);
  return {
    hole,
    text,
    counterbore: {
      diameterMm: mm(match[1]!),
      ...(match[2] ? { depthMm: mm(match[2]) } : {}),
      text: match[0].trim(),
    },
  };
}

/**
 * A line that starts with a counterbore's mark: ⌴ or the words, or a lost glyph in its place
 * before a diameter sign.
 */
const COUNTERBORE_START = new RegExp(
  String.raw`^\s*(?:(?:⌴|(?:C'?BORE|counterbore)\b\.?)\s*(?=[Ø⌀∅ø]|\d|[.,]\d)|${LOST_GLYPH}\s*(?=[Ø⌀∅ø]))`,
  'i',
);

/**
 * The line under a hole's size that writes its counterbore ('⌴Ø11 ↧6.4', '� Ø11 ↧6.4' with the
 * symbol lost, 'C'BORE Ø11 DEEP 6.4') without its mark, for the callout parser; undefined when
 * the line does not start with a counterbore's mark.
 *
 * @param text - the line as read
 * @returns the text after the mark ('Ø11 ↧6.4')
 */
export function afterCounterboreMark(text: string): string | undefined {
  const mark = COUNTERBORE_START.exec(text);
  return mark ? text.slice(mark[0].length) : undefined;
}

/**
 * Whether a callout writes only a counterbore ('⌴Ø11 ↧6.4' on a line of its own): its value is
 * the counterbore's diameter, not a hole's.
 */
export function isCounterboreOnly(callout: TextCallout): boolean {
  return (
    callout.counterbore !== undefined &&
    Math.abs(callout.value - callout.counterbore.diameterMm) < 1e-9
  );
}
