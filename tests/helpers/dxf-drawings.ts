/**
 * Small ASCII DXF drawings written in a test, and the real drawings of ../shared/blueprints, for
 * the tests of the DXF reader (dxf/) and of the shared pipeline it feeds (describe/).
 */
import { readFileSync } from 'node:fs';
import { blueprintsDir } from '#tests/helpers/paths';

/** A drawing from ../shared/blueprints (test input only, never copied into the repo). */
export const blueprint = (path: string) => readFileSync(new URL(path, blueprintsDir), 'utf8');

/** Group code / value pairs of a small ASCII DXF. */
export const pairs = (...values: (string | number)[]) => values.join('\n');
/** A LINE from (x1, y1) to (x2, y2), drawing units. */
export const line = (x1: number, y1: number, x2: number, y2: number, layer = '0') =>
  pairs(0, 'LINE', 8, layer, 10, x1, 20, y1, 11, x2, 21, y2);
/** A closed LWPOLYLINE through the points, drawing units. */
export const polyline = (points: [number, number][], layer = '0') =>
  pairs(
    0,
    'LWPOLYLINE',
    8,
    layer,
    90,
    points.length,
    70,
    1,
    ...points.flatMap(([x, y]) => [10, x, 20, y]),
  );
/** A TEXT on layer 'notes' at (x, y). */
export const text = (value: string, x: number, y: number) =>
  pairs(0, 'TEXT', 8, 'notes', 10, x, 20, y, 40, 2.5, 1, value);
/** A linear DIMENSION written `value` from `from` to `to`, measured along `angle` degrees. */
export const dimension = (
  value: string,
  from: [number, number],
  to: [number, number],
  angle: number,
) =>
  pairs(
    0,
    'DIMENSION',
    8,
    'dimensions',
    1,
    value,
    10,
    from[0],
    20,
    from[1] + 20,
    13,
    from[0],
    23,
    from[1],
    14,
    to[0],
    24,
    to[1],
    50,
    angle,
    70,
    32,
  );
/**
 * An ASCII DXF of the entities, with $INSUNITS, other header variables (`header`: group pairs
 * written as they are), a TABLES section (`tables`: TABLE … ENDTAB pairs) and a BLOCKS section
 * when given.
 */
export function dxf(
  entities: string[],
  options: { insunits?: number; blocks?: string; header?: string; tables?: string } = {},
): string {
  return pairs(
    0,
    'SECTION',
    2,
    'HEADER',
    ...(options.insunits === undefined ? [] : [9, '$INSUNITS', 70, options.insunits]),
    ...(options.header ? [options.header] : []),
    0,
    'ENDSEC',
    ...(options.tables ? [0, 'SECTION', 2, 'TABLES', options.tables, 0, 'ENDSEC'] : []),
    ...(options.blocks ? [0, 'SECTION', 2, 'BLOCKS', options.blocks, 0, 'ENDSEC'] : []),
    0,
    'SECTION',
    2,
    'ENTITIES',
    ...entities,
    0,
    'ENDSEC',
    0,
    'EOF',
  );
}

/** A CIRCLE on layer 0, drawing units. */
export const circle = (x: number, y: number, r: number) =>
  pairs(0, 'CIRCLE', 8, '0', 10, x, 20, y, 40, r);

/** A DIMSTYLE table with one record per style: name → DIMLFAC (group 144). */
export const dimensionStyles = (styles: Record<string, number>) =>
  pairs(
    0,
    'TABLE',
    2,
    'DIMSTYLE',
    70,
    Object.keys(styles).length,
    ...Object.entries(styles).flatMap(([name, factor]) => [
      0,
      'DIMSTYLE',
      100,
      'AcDbSymbolTableRecord',
      100,
      'AcDbDimStyleTableRecord',
      2,
      name,
      70,
      0,
      144,
      factor,
    ]),
    0,
    'ENDTAB',
  );
