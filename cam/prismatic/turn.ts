/**
 * A prismatic part turned a quarter turn on the machine's table, and the choice of whether to
 * turn it (decision 045).
 *
 * The turn is +90° about Z (counter-clockwise seen from above): the drawing's +X runs along the
 * machine's +Y and the drawing's +Y along the machine's -X. The lower-left corner of the
 * outline's bounding box stays where it is, so the work zero keeps its place at that corner
 * (cam/prismatic/part.ts) and the stock stays centred on the part as every kind places it.
 * Turning keeps every outline's direction (counter-clockwise boundaries, clockwise islands).
 * Coordinates are written on the part model's 0.0001 mm grid, as the builder writes them, so a
 * part from the builder turned four times is the same part again.
 */
import { boundsOf, type Point2 } from '../geometry/polygon.ts';
import type { Hole, Pocket, PrismaticPart, Slot } from './part.ts';

/** The stock's sides along the machine's X and Y, mm. */
export interface TableStock {
  xMm: number;
  yMm: number;
}

/** The machine's X and Y travels, mm. */
export interface TableTravels {
  x: number;
  y: number;
}

/**
 * How the part lies on the table: the part in machine coordinates, the stock's sides along the
 * machine's axes, and why the part was turned ('stock': it fits the stock only turned;
 * 'travels': the stock fits the machine's travels only turned, so part and stock are turned).
 */
export interface TablePlacement {
  part: PrismaticPart;
  stock: TableStock;
  turned?: 'stock' | 'travels';
}

/** Sizes within this of each other fit, mm (as the planners compare the stock with the part). */
const fitToleranceMm = 1e-6;

const round4 = (value: number) => Math.round(value * 10000) / 10000;
const fmt = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * The map of a point of the part's plane turned +90° about Z, the bounding box's lower-left
 * corner (minX, minY) kept in place, rounded to 0.0001 mm.
 */
function quarterTurnAbout(minX: number, minY: number, maxY: number): (point: Point2) => Point2 {
  return ({ x, y }) => ({ x: round4(minX + (maxY - y)), y: round4(minY + (x - minX)) });
}

/** A hole with its centre turned. */
function turnedHole(hole: Hole, turn: (point: Point2) => Point2): Hole {
  return { ...hole, center: turn(hole.center) };
}

/** A pocket with its outline and islands turned. */
function turnedPocket(pocket: Pocket, turn: (point: Point2) => Point2): Pocket {
  return {
    ...pocket,
    outline: pocket.outline.map(turn),
    islands: pocket.islands.map((island) => island.map(turn)),
  };
}

/** A slot with its centre line turned. */
function turnedSlot(slot: Slot, turn: (point: Point2) => Point2): Slot {
  return { ...slot, from: turn(slot.from), to: turn(slot.to) };
}

/**
 * The part turned a quarter turn (+90° about Z) on the table: outline, holes, pockets with
 * their islands, slots and steps, about the lower-left corner of the outline's bounding box, which
 * stays in place. The bounding box's width and height swap; areas, sizes, depths, labels,
 * tolerances and what the part does not model are kept. A new part; the given one is unchanged.
 *
 * @param part - a part in work coordinates (mm)
 * @returns the turned part (mm, on a 0.0001 mm grid)
 */
export function turnQuarter(part: PrismaticPart): PrismaticPart {
  const box = boundsOf([part.outline]);
  const turn = quarterTurnAbout(box.minX, box.minY, box.maxY);
  return {
    ...part,
    outline: part.outline.map(turn),
    holes: part.holes.map((hole) => turnedHole(hole, turn)),
    pockets: part.pockets.map((pocket) => turnedPocket(pocket, turn)),
    slots: part.slots.map((slot) => turnedSlot(slot, turn)),
    ...(part.steps
      ? {
          steps: part.steps.map((step) => ({
            ...step,
            region: step.region.map(turn),
            edge: step.edge.map(turn),
          })),
        }
      : {}),
    notModelled: [...part.notModelled],
  };
}

/** The width (X) and height (Y) of the part's outline, mm. */
function sizeOf(part: PrismaticPart): { width: number; height: number } {
  const box = boundsOf([part.outline]);
  return { width: box.maxX - box.minX, height: box.maxY - box.minY };
}

/** Whether a footprint of `width` x `height` mm fits within `xMm` x `yMm` mm. */
const within = (width: number, height: number, xMm: number, yMm: number) =>
  width <= xMm + fitToleranceMm && height <= yMm + fitToleranceMm;

/**
 * How a part lies on the table: as drawn when it fits the stock as drawn (and the stock fits
 * the machine's travels, when they are given); else turned a quarter turn when it fits the
 * stock only turned ('stock', the stock clamped as given); else, when it fits the stock as
 * drawn but the stock fits the travels only with its sides the other way, part and stock turned
 * together ('travels'). When none of these holds, the part lies as drawn when it fits the stock
 * so (the verifier judges the travels), turned when it fits only so, and as drawn when it fits
 * neither way (the planner refuses it with its own message).
 *
 * @param part - the part as drawn, in work coordinates (mm)
 * @param stock - the stock's sides as the job gives them, mm
 * @param travels - the machine's X and Y travels, mm, when the kind checks them
 * @returns the part and the stock's sides as they lie on the table; the part is the given
 *   object when it is not turned
 */
export function placeOnTable(
  part: PrismaticPart,
  stock: TableStock,
  travels?: TableTravels,
): TablePlacement {
  const { width, height } = sizeOf(part);
  const drawnFits = within(width, height, stock.xMm, stock.yMm);
  const turnedFits = within(height, width, stock.xMm, stock.yMm);
  const onTable = (xMm: number, yMm: number) =>
    travels === undefined || within(xMm, yMm, travels.x, travels.y);
  const asGiven = onTable(stock.xMm, stock.yMm);
  if (drawnFits && asGiven) return { part, stock };
  if (turnedFits && asGiven) return { part: turnQuarter(part), stock, turned: 'stock' };
  if (drawnFits && onTable(stock.yMm, stock.xMm))
    return {
      part: turnQuarter(part),
      stock: { xMm: stock.yMm, yMm: stock.xMm },
      turned: 'travels',
    };
  if (!drawnFits && turnedFits) return { part: turnQuarter(part), stock, turned: 'stock' };
  return { part, stock };
}

/**
 * The note that tells the operator the part is turned and how to clamp the stock, or undefined
 * when it lies as drawn: "The part is turned 90° on the table to fit the stock: the drawing's X
 * runs along the machine's Y and its Y along the machine's -X. Clamp the 185 x 110 mm stock
 * with its 185 mm side along X."
 */
export function turnedNote(placement: TablePlacement, travels?: TableTravels): string | undefined {
  if (!placement.turned) return undefined;
  const { xMm, yMm } = placement.stock;
  const reason =
    placement.turned === 'travels' && travels
      ? `the machine's travels (X${fmt(travels.x)} Y${fmt(travels.y)} mm)`
      : 'the stock';
  return `The part is turned 90° on the table to fit ${reason}: the drawing's X runs along the machine's Y and its Y along the machine's -X. Clamp the ${fmt(xMm)} x ${fmt(yMm)} mm stock with its ${fmt(xMm)} mm side along X.`;
}
