/**
 * Stock blocks for prismatic parts (milling, wire and sinker EDM).
 *
 * Sizes: hot-rolled flat bar of EN 10058:2018 (widths 10–150 mm, thicknesses 5–60 mm; the
 * common sizes below, which bright-drawn steel flats of EN 10278 and aluminium flats of
 * EN 755-5 / EN 754-5 share), cut to length on the saw in whole millimetres; wider or thicker
 * blocks are saw-cut from plate, whose thicknesses are the common ones of EN 10029 steel plate
 * and EN 485 aluminium plate, in whole millimetres in X and Y.
 */
import type { PrismaticPart } from './part.ts';
import { facingAllowanceMm } from './part.ts';

/** Common flat bar widths, mm (EN 10058 / EN 10278 / EN 755-5), ascending. */
export const flatBarWidthsMm = [
  10, 12, 15, 16, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 90, 100, 110, 120, 130, 140,
  150,
] as const;

/** Common flat bar and plate thicknesses, mm (EN 10058 up to 60, EN 10029 / EN 485 plate above). */
export const blockThicknessesMm = [
  3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 90, 100, 110,
  120, 130, 140, 150, 160, 180, 200, 220, 250, 280, 300,
] as const;

/** Material left on each side in X and Y for the contour cut, mm, at least. */
export const minimumSideAllowanceMm = 2;

/** The largest flat bar width and thickness; beyond them the block is cut from plate. */
const flatBarMaxWidthMm = 150;
const flatBarMaxThicknessMm = 60;

export interface BlockStock {
  xMm: number;
  yMm: number;
  zMm: number;
  /** 'flat bar' when the smaller side is a flat bar width, else 'plate' (saw-cut). */
  form: 'flat bar' | 'plate';
}

/**
 * The block to machine a prismatic part from: at least 2 mm per side in X and Y and 1 mm facing
 * allowance on top. Z: the next standard thickness. The smaller of X and Y: the next flat bar
 * width when it and the thickness are within EN 10058's range, else whole mm (plate); the other
 * side is sawn to whole mm.
 *
 * @returns the block's sizes along the part's X, Y and Z, mm
 */
export function suggestBlockStock(part: PrismaticPart): BlockStock {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const { x, y } of part.outline) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const needX = maxX - minX + 2 * minimumSideAllowanceMm;
  const needY = maxY - minY + 2 * minimumSideAllowanceMm;
  const needZ = part.thicknessMm + facingAllowanceMm;
  const whole = (mm: number) => Math.ceil(mm - 1e-6);
  const zMm = blockThicknessesMm.find((t) => t >= needZ - 1e-6) ?? whole(needZ);
  const narrow = Math.min(needX, needY);
  const width =
    zMm <= flatBarMaxThicknessMm && narrow <= flatBarMaxWidthMm
      ? flatBarWidthsMm.find((w) => w >= narrow - 1e-6)
      : undefined;
  const form = width === undefined ? 'plate' : 'flat bar';
  const narrowMm = width ?? whole(narrow);
  return needX <= needY
    ? { xMm: narrowMm, yMm: whole(needY), zMm, form }
    : { xMm: whole(needX), yMm: narrowMm, zMm, form };
}

/** 'Plate 180 x 80 x 12 mm': the block in words (X x Y x Z), as the size step keeps it. */
export { blockStockText } from '#contracts/stock-size';
