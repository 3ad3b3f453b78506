/**
 * Where a dimension line's value is written and how its strip is cut from the image and turned
 * upright (ISO 129-1: above a line across the sheet, left of a line up it reading from the
 * bottom, along a slanted line readable from the bottom or the right). Pure geometry and image
 * cutting: no web code.
 */
import { enlargedCrop, enlargedTurnedCrop, type GreyImage } from '../engines/prepare-image.ts';
import type { Point } from '../geometry/primitives.ts';
import { eraseSquareLines } from './strip-cleaning.ts';

/** The strip: from this many letter heights off the line to this many (its value's side). */
export const STRIP_NEAR = 0.1;
const STRIP_FAR = 1.9;

/**
 * A strip is at least this many letter heights long, about its line's middle: a short line's
 * value (arrowheads outside, ISO 129-1) is written over its middle and wider than the line.
 */
const MIN_STRIP_LETTERS = 3;

/**
 * A slanted line steeper than this (60°, as tan) that falls to the right has its value read up
 * the sheet, from the right (ISO 129-1 aligned system: readable from the bottom or the right).
 */
const STEEP = Math.tan((60 * Math.PI) / 180);

/** Lines within this angle of horizontal or vertical are read square to the sheet (radians, 3°). */
const SQUARE_RAD = (3 * Math.PI) / 180;

/** A dimension line in the original image's pixels (y down), from arrow tip to arrow tip. */
export interface LineToRead {
  from: Point;
  to: Point;
  /**
   * The text stands on the line, not a gap above it: a leader's shelf, whose note's letters
   * touch it (leader-shelves.ts).
   */
  standsOn?: boolean;
}

/** Whether a line runs across (0) or up the sheet (90), within 3°; undefined when slanted. */
function quarterOf(line: LineToRead): 0 | 90 | undefined {
  const angle = Math.atan2(Math.abs(line.to.y - line.from.y), Math.abs(line.to.x - line.from.x));
  if (angle <= SQUARE_RAD) return 0;
  if (angle >= Math.PI / 2 - SQUARE_RAD) return 90;
  return undefined;
}

/**
 * The strip beside a dimension line where its value is written, original pixels: above a line
 * across the sheet, left of a line up the sheet, over the line's length between its tips.
 */
export function stripOf(
  line: LineToRead,
  quarter: 0 | 90,
  letterPx: number,
  nearLetters = STRIP_NEAR,
): { left: number; top: number; width: number; height: number } {
  const near = nearLetters * letterPx;
  const far = STRIP_FAR * letterPx;
  if (quarter === 0) {
    const y = (line.from.y + line.to.y) / 2;
    const [left, width] = spanOf(line.from.x, line.to.x, letterPx);
    return { left, top: y - far, width, height: far - near };
  }
  const x = (line.from.x + line.to.x) / 2;
  const [top, height] = spanOf(line.from.y, line.to.y, letterPx);
  return { left: x - far, top, width: far - near, height };
}

/** A line's span from `a` to `b`, widened about its middle to MIN_STRIP_LETTERS: start, length. */
function spanOf(a: number, b: number, letterPx: number): [number, number] {
  const length = Math.max(Math.abs(b - a), MIN_STRIP_LETTERS * letterPx);
  return [(a + b) / 2 - length / 2, length];
}

/**
 * The strip beside a slanted dimension line where its value is written (ISO 129-1 aligned
 * system: along the line, above it, readable from the bottom or the right of the sheet), in the
 * original image's pixels: its centre, the unit vector its text reads along and the one from
 * the line towards the text, and its length and height.
 */
export function slantedStripOf(
  line: LineToRead,
  letterPx: number,
  nearLetters = STRIP_NEAR,
): SlantedStrip {
  let dx = line.to.x - line.from.x;
  let dy = line.to.y - line.from.y;
  const length = Math.hypot(dx, dy);
  // Left to right; a steep line falling to the right is read up the sheet (from the right).
  if (dx < 0) [dx, dy] = [-dx, -dy];
  if (dy > STEEP * dx) [dx, dy] = [-dx, -dy];
  const along = { x: dx / length, y: dy / length };
  // Above the baseline: the reading direction turned a quarter counter-clockwise on the sheet.
  const above = { x: along.y, y: -along.x };
  const offset = ((nearLetters + STRIP_FAR) / 2) * letterPx;
  return {
    centre: {
      x: (line.from.x + line.to.x) / 2 + above.x * offset,
      y: (line.from.y + line.to.y) / 2 + above.y * offset,
    },
    along,
    above,
    length: Math.max(length, MIN_STRIP_LETTERS * letterPx),
    height: (STRIP_FAR - nearLetters) * letterPx,
  };
}

/** The strip beside a slanted line (slantedStripOf), original pixels, y down. */
export interface SlantedStrip {
  centre: Point;
  /** Unit vector the value reads along. */
  along: Point;
  /** Unit vector from the line towards the value. */
  above: Point;
  length: number;
  height: number;
}

/** A strip cut out upright, and how a box on it maps back to the original image. */
export interface UprightStrip {
  image: GreyImage;
  /** The text's baseline, degrees counter-clockwise on the sheet. */
  angleDeg: number;
  /** A box on the upright strip (its px, no margin) as a box on the original, px. */
  toOriginal(box: { x0: number; y0: number; x1: number; y1: number }): {
    x: number;
    y: number;
    width: number;
    height: number;
  };
}

/**
 * The strip where a dimension line's value is written, cut from the original, enlarged `scale`
 * times and turned upright; undefined when it lies off the image.
 */
export async function uprightStrip(
  original: GreyImage,
  line: LineToRead,
  letterPx: number,
  scale: number,
  nearLetters: number,
): Promise<UprightStrip | undefined> {
  const quarter = quarterOf(line);
  if (quarter === undefined) return turnedStrip(original, line, letterPx, scale, nearLetters);
  const strip = stripOf(line, quarter, letterPx, nearLetters);
  const left = Math.max(0, Math.floor(strip.left));
  const top = Math.max(0, Math.floor(strip.top));
  const right = Math.min(original.width, Math.ceil(strip.left + strip.width));
  const bottom = Math.min(original.height, Math.ceil(strip.top + strip.height));
  if (right - left < 4 || bottom - top < 4) return undefined;
  const box = { left, top, width: right - left, height: bottom - top };
  return {
    image: await enlargedCrop(original, box, scale, quarter),
    angleDeg: quarter,
    toOriginal: ({ x0, y0, x1, y1 }) => {
      const [u0, u1, v0, v1] = [x0 / scale, x1 / scale, y0 / scale, y1 / scale];
      return quarter === 0
        ? { x: left + u0, y: top + v0, width: u1 - u0, height: v1 - v0 }
        : // Turned a quarter clockwise: the upright strip's x runs down the original from its
          // bottom, its y across from the original's left.
          { x: left + v0, y: top + box.height - u1, width: v1 - v0, height: u1 - u0 };
    },
  };
}

/** The strip beside a slanted line, turned upright (enlargedTurnedCrop). */
async function turnedStrip(
  original: GreyImage,
  line: LineToRead,
  letterPx: number,
  scale: number,
  nearLetters: number,
): Promise<UprightStrip | undefined> {
  const strip = slantedStripOf(line, letterPx, nearLetters);
  const { centre, along, above } = strip;
  if (centre.x < 0 || centre.y < 0 || centre.x >= original.width || centre.y >= original.height)
    return undefined;
  const angleDeg = (Math.atan2(-along.y, along.x) * 180) / Math.PI;
  const image = await enlargedTurnedCrop(
    original,
    centre,
    strip,
    scale,
    angleDeg,
    eraseSquareLines,
  );
  return {
    image,
    angleDeg,
    toOriginal: ({ x0, y0, x1, y1 }) => {
      // Corners about the strip's centre, back along the reading direction and down to the line.
      const corners = [
        [x0, y0],
        [x1, y0],
        [x0, y1],
        [x1, y1],
      ].map(([x, y]) => {
        const u = (x! - image.width / 2) / scale;
        const v = (y! - image.height / 2) / scale;
        return {
          x: centre.x + u * along.x - v * above.x,
          y: centre.y + u * along.y - v * above.y,
        };
      });
      const xs = corners.map((p) => p.x);
      const ys = corners.map((p) => p.y);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
    },
  };
}
