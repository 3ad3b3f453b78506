/**
 * What OCR engines (tesseract) commonly misread on drawings, put right before the shared callout
 * parser reads the text. Used only for runs whose origin is 'ocr': PDF text is taken as stored.
 */

/**
 * A diameter sign OCR read as a digit with a bowl at the start of a value ('Ø42' read '242',
 * 'Ø2.0625' read '52.0625', 'Ø26.5 h7' read '226.5 h7'; a '0' changes no value): bars read from
 * extension lines before it (1), the value without it (2), what follows (3). Which readings are
 * the sign is for the line work or a measured size to tell (image/page.ts, page/merge.ts).
 */
export const SIGN_READ_AS_DIGIT = /^([|\s]*)[25689](\d+(?:[.,]\d+)?)(.*)$/;

/** Characters tesseract returns for the diameter sign Ø (ISO 129-1 / ASME Y14.5 ⌀). */
const DIAMETER_LOOKALIKES = '@©®?∅ø⌀¢$';

/**
 * Puts right the usual OCR confusions in one callout or note.
 *
 * - the diameter sign read as `@ © ® ? ∅ ø ⌀ ¢ $`, or as the letter `o`/`O` or a digit `0` glued
 *   to the number (`@42`, `©21,5`, `o42`, `042` → `Ø42`, `Ø21,5`); a leading zero is only taken
 *   for Ø when no decimal separator follows it (`0,5` stays 0.5); a `P` before a size of at most
 *   three whole digits (`P38 H12` → `Ø38 H12`, while `P0011` stays)
 * - the diameter sign read as `B` before a size of two or three whole digits, alone in its word
 *   (`B40` → `Ø40`; one digit stays, `B2` is a grid reference)
 * - the diameter sign read as `9` after a count, before two or three more whole digits
 *   (`4x 911` → `4x Ø11`: a count is followed by a sign, ISO 129-1, and holes of 900 mm are not
 *   patterned; `4x 95` stays)
 * - the plus-minus sign read as `£`, `+-`, `+/-` or `±` split by a space (`21,5£0,1` → `21,5±0,1`),
 *   or as a `1` between a decimal value and a deviation starting with 0 (`21,510,1` → `21,5±0,1`:
 *   a number has one decimal separator)
 * - the letter `O`/`o` for a zero after a radius `R` or inside a number (`RO,15` → `R0,15`,
 *   `1O,5` → `10,5`)
 * - `$` after a letter for an `S`, and a Swedish steel number written without its space
 *   (`S$1914` → `SS 1914`)
 * - `1SO`, `lSO`, `IS0` before 2768 → `ISO` (`1SO 2768-mK` → `ISO 2768-mK`)
 * - the degree sign read as a letter o after a number in an angle or chamfer (`45o` → `45°`)
 * - the inch mark read as a curly quote after a number (`7/16”-20` → `7/16"-20`), or as a `7` after
 *   a fraction before the thread pitch (`5/87-8` → `5/8"-8`: inch fractions have power-of-two
 *   denominators, ASME Y14.5, and 87 is none)
 * - `ALME`, `AGME` for the thread form `ACME`
 * - long dashes and minus signs → `-`; stray `|` `_` at either end dropped; runs of spaces → one
 *
 * @param text - the text as recognized
 * @returns the text with those confusions replaced; other text unchanged
 */
export function normalizeOcrCallout(text: string): string {
  let out = text.replace(/[–—−]/g, '-').replace(/\s+/g, ' ').trim();
  out = out.replace(/^[|_]+\s*|\s*[|_]+$/g, '');
  out = out.replace(/\b(?:1|l|I)S[O0]\s*(?=2768)/g, 'ISO ').replace(/\bIS0\b/g, 'ISO');
  const lookalike = new RegExp(
    `(^|[\\s(xX×])[${DIAMETER_LOOKALIKES.replace(/[$?]/g, '\\$&')}]\\s?(?=[\\d.,]*\\d)`,
    'g',
  );
  out = out.replace(lookalike, '$1Ø');
  // 'P38 H12': a P before a size of at most three whole digits ('P0011' stays a part number).
  out = out.replace(/(^|[\s(xX×])P(?=\d{1,3}(?:[.,]\d+)?(?:$|\s|[±+]))/g, '$1Ø');
  // 'B40': the sign's circle and slash read as a B; one digit is left alone (grid reference B2).
  out = out.replace(/(^|[\s(xX×])B(?=\d{2,3}(?:[.,]\d+)?(?:$|\s|[±+]))/g, '$1Ø');
  // '4x 911': the sign read as a 9 after a count.
  out = out.replace(/(^|\s)(\d{1,3}\s?[xX×]\s?)9(?=\d{2,3}(?:[.,]\d+)?(?:$|\s|[±+]))/g, '$1$2Ø');
  // 'RO,15', '1O,5': a letter O where only a digit can stand.
  out = out.replace(/(^|[\s(xX×])R[oO](?=[.,]?\d)/g, '$1R0');
  out = out.replace(/(?<=\d[.,]?)[oO](?=[.,]?\d)/g, '0');
  // 'S$1914' → 'SS 1914'.
  out = out.replace(/(?<=[A-Za-z])\$/g, 'S').replace(/\bSS(?=[12]\d{3}\b)/g, 'SS ');
  // 'o42', 'O42': the letter glued to a number at the start of a word.
  out = out.replace(/(^|[\s(xX×])[oO](?=\d)/g, '$1Ø');
  // '042', '016,5': a leading zero followed by a digit is not how drawings write numbers.
  out = out.replace(/(^|[\s(xX×])0(?=[1-9]\d*(?:[.,]\d+)?(?![\d.,]))/g, '$1Ø');
  out = out
    .replace(/\+\s?\/?\s?-(?=\s?[\d.,])/g, '±')
    .replace(/£\s?/g, '±')
    .replace(/±\s+(?=[\d.,])/g, '±')
    // '21,510,1': '±' read as '1' between a decimal value and a deviation 0,x.
    .replace(/(?<![\d.,])(\d{1,4}[.,]\d{1,3}?)1(0[.,]\d{1,3})(?![\d.,])/g, '$1±$2');
  out = out.replace(/(\d)\s?[oO](?=$|\s|[xX×)])/g, '$1°');
  // '7/16”-20', '5/87-8': the inch mark as a curly quote, or as a 7 after a power-of-two fraction.
  out = out.replace(/(?<=\d)[”“„]/g, '"');
  out = out.replace(/(?<![\d/])(\d{1,2}\/(?:2|4|8|16|32|64))7(?=-\d)/g, '$1"');
  out = out.replace(/\bA[LG]ME\b/g, 'ACME');
  return out.replace(/\s+/g, ' ').trim();
}
