/**
 * The signs drawings write for a diameter: Ø (U+00D8, the usual one), ø, ⌀ (U+2300, the
 * diameter sign proper) and ∅ (U+2205, AutoCAD's `\U+2205`); `%%c` is decoded to Ø first
 * (decodeDxfText).
 */

import { DIAMETER_SIGN } from '#contracts/written-numbers';

export { DIAMETER_SIGN };

const ANY_SIGN = new RegExp(DIAMETER_SIGN);
const LEADING_SIGN = new RegExp(`^${DIAMETER_SIGN}`);
const EVERY_SIGN = new RegExp(DIAMETER_SIGN, 'g');

/** Whether the text holds a diameter sign anywhere. */
export const hasDiameterSign = (text: string): boolean => ANY_SIGN.test(text);

/** Whether the text starts with a diameter sign. */
export const startsWithDiameterSign = (text: string): boolean => LEADING_SIGN.test(text);

/** Every diameter sign written as the word 'DIA ' (G-code comments are ASCII). */
export const diameterSignsAsWord = (text: string): string => text.replace(EVERY_SIGN, 'DIA ');
