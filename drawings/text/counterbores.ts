/**
 * A counterbore written after its hole on one line (ISO 15786 / ASME Y14.5: '4x Ø6.6 ⌴Ø11
 * ↧6.8'; in words: 'Ø6.6 C'BORE Ø11 DEEP 6.8', 'Ø6.6 counterbore Ø11 x 6.8'). The form on two
 * lines ('4x Ø11' over 'Ø18 ↧12') is attached in findings.ts (attachCounterbores).
 */
import { decodeDxfText, readNumber } from '#cam/callouts';

const NUMBER = String.raw`(\d+(?:[.,]\d+)?|[.,]\d+)`;

/** The counterbore mark, its diameter and, after ↧, 'x', 'DP', 'DEEP' or 'depth', its depth. */
const COUNTERBORE = new RegExp(
  String.raw`(?:⌴|\b(?:C'?BORE|counterbored?)\b\.?)\s*[Ø⌀∅ø]?\s*${NUMBER}\s*(?:mm)?` +
    String.raw`(?:\s*(?:↧|[x×]|\bDP\b\.?|\bDEEP\b|\bdepth\b)\s*${NUMBER}(?:\s*mm)?(?:\s*DEEP\b)?)?`,
  'i',
);

/**
 * The hole part of a line and the counterbore written after it, or undefined when the line
 * writes none after a hole (a line that starts with the counterbore is left to
 * attachCounterbores).
 *
 * @param written - the line as read (DXF codes are decoded)
 * @param units - the drawing's units, for numbers without a unit
 * @returns the text before the counterbore (the hole's callout), and the counterbore in mm
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
  const match = COUNTERBORE.exec(text);
  if (!match || match.index === 0) return undefined;
  const hole = text.slice(0, match.index).replace(/[\s,;]+$/, '');
  if (!/\d/.test(hole)) return undefined;
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
