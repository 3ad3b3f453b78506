/**
 * Lettering the OCR boxes left out, told from line work by its size and place: ISO 3098
 * lettering's loops (the diameter sign Ø, the bowls of 0, 6, 8, 9) are no larger than the
 * lettering's height, and they stand on the text's line, touching its box. A box from OCR often
 * stops short of a diameter sign or of a letter the engine misread, and where that letter touches
 * a line (a Ø written on the centre line) it is traced with the line work as a small circle
 * inside the part's view, where it reads as a hole off the axis.
 */
import type { Arc, PixelBox } from './types.ts';

/**
 * A loop is lettering when its diameter is at most this share of the lettering's height (a
 * capital's bowl is about 0.7 of it, a Ø sign about 0.8).
 */
const LOOP_SHARE = 1;
/** …and its centre lies within this share of the lettering's height of a text box. */
const BESIDE_SHARE = 0.5;

/**
 * The arcs and circles that are not loops of lettering beside a text box.
 *
 * @param arcs - fitted arcs and circles, px
 * @param boxes - the boxes of the text OCR read, px
 * @param textHeight - the dimension lettering's height, px (0 when unknown: nothing is dropped)
 * @returns the arcs kept, in order
 */
export function withoutLetterLoops(arcs: Arc[], boxes: PixelBox[], textHeight: number): Arc[] {
  if (!(textHeight > 0) || boxes.length === 0) return arcs;
  const reach = BESIDE_SHARE * textHeight;
  const beside = (arc: Arc) =>
    boxes.some(
      (box) =>
        arc.center.x >= box.x - reach &&
        arc.center.x <= box.x + box.width + reach &&
        arc.center.y >= box.y - reach &&
        arc.center.y <= box.y + box.height + reach,
    );
  return arcs.filter((arc) => !(2 * arc.radius <= LOOP_SHARE * textHeight && beside(arc)));
}
