/**
 * Countersink callouts as drawings write them: the countersink symbol ⌵ (U+2335) of ISO 15786
 * (simplified representation of holes, clause 5) and ASME Y14.5-2018 (figure 1-45), followed by
 * the cone's diameter at the surface and its included angle ('⌵Ø12 x 90°', '⌵ Ø12 X 90°'), or
 * the words 'CSK', 'C'SINK', 'countersink' ('CSK Ø12 x 90°', 'countersink Ø12 90°',
 * 'csk 12 x 82°'). The angle is 90° when not written (ISO 7046 / ISO 10642 metric flat heads;
 * UNC/UNF flat heads are 82°, ASME B18.3).
 */
import {
  MM_PER_INCH,
  NUMBER,
  formatMm,
  isInchUnit,
  readNumber,
  roundMm,
} from '#contracts/written-numbers';
import { decodeDxfText } from './dxf-text.ts';

/** A countersink written in a hole callout: diameter in mm, included angle in degrees. */
export interface ParsedCountersink {
  /** The cone's diameter at the top face, mm. */
  diameterMm: number;
  /** Included angle of the cone, degrees (90 when not written). */
  angleDeg: number;
  /** The countersink as written, decoded and trimmed: '⌵Ø12 x 90°', 'CSK Ø12 x 90°'. */
  text: string;
  /** Where the countersink starts in the decoded text (its hole's size is written before it). */
  index: number;
}

/** The symbol or word that starts a countersink. */
const MARK = String.raw`(?:⌵|\b(?:CSK|C'?SINK|C-SINK|countersink|countersunk)\b\.?)`;
const ANGLE = String.raw`(\d+(?:[.,]\d+)?)`;
/**
 * Mark, optional diameter sign, diameter with its unit, then the angle after an 'x' (degree sign
 * optional) or after a space with a degree sign.
 */
const COUNTERSINK = new RegExp(
  String.raw`${MARK}\s*[:=]?\s*[Ø⌀ø∅]?\s*(${NUMBER})(?:\s*(mm|"))?` +
    String.raw`(?:\s*[xX×]\s*${ANGLE}\s*(°|deg\b)?|\s*,?\s+${ANGLE}\s*(°|deg\b))?`,
  'i',
);

/**
 * The countersink a callout writes, if any.
 *
 * Reads the ISO 15786 / ASME Y14.5 symbol ('Ø6.6 ⌵Ø12 x 90°', '⌵ Ø12 X 90°',
 * '4x Ø6.6 ⌵Ø12x90°') and the words ('CSK Ø12 x 90°', 'countersink Ø12 90°', 'csk 12 x 82°',
 * "C'SINK .50 X 82°" on an inch drawing). The angle is 90° when not written.
 *
 * @param text - the callout; DXF codes (%%c) are decoded first
 * @param units - the drawing's units: a diameter without a unit is inches when 'inch'; a
 *   written unit wins
 * @returns diameter in mm, included angle in degrees, the countersink as written and where it
 *   starts; undefined when the text holds no countersink, or its angle is not between 0° and 180°
 */
export function parseCountersinkCallout(
  text: string,
  units?: 'mm' | 'inch',
): ParsedCountersink | undefined {
  const decoded = decodeDxfText(text).replace(/\s+/g, ' ').trim();
  const match = COUNTERSINK.exec(decoded);
  if (!match) return undefined;
  const value = readNumber(match[1]!);
  const inch = isInchUnit(match[2]) || (match[2] === undefined && units === 'inch');
  const diameterMm = roundMm(inch ? value * MM_PER_INCH : value);
  const written = match[3] ?? match[5];
  const angleDeg = written === undefined ? 90 : readNumber(written);
  if (!(diameterMm > 0) || !(angleDeg > 0 && angleDeg < 180)) return undefined;
  return { diameterMm, angleDeg, text: match[0].trim(), index: match.index };
}

/** A countersink as the description writes it: '⌵Ø12 x 90°'. */
export function countersinkText(countersink: { diameterMm: number; angleDeg: number }): string {
  return `⌵Ø${formatMm(countersink.diameterMm)} x ${formatMm(countersink.angleDeg)}°`;
}
