/**
 * The stock size as data (contracts/stock-size.ts, decision 039): `parseStockSize` reads every
 * size the server read before issue 32 as it read it, number for number. The oracle is a copy of
 * that server's `stockOf` and `blockStockOf` (server/qbot/programs.ts before issue 32), reading
 * with cam/callouts.ts, kept here; random sizes in the forms operators write, and random texts,
 * must read alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeDxfText, parseDiameterCallout, parseLengthCallout } from '#cam/callouts';
import { parseThreadCallout } from '#cam/callouts';
import {
  STOCK_WITHOUT_THICKNESS,
  blockStock,
  parseStockSize,
  roundBarStock,
  stockSizeOf,
  stockSizeSchema,
  unknownStock,
} from '#contracts/stock-size';
import type { StockSize, StockWords } from '#contracts/stock-size';

// The oracle: the server's reading before issue 32, its refusals as undefined ------------------

function oracleRound(chosen: StockWords): { diameterMm: number; lengthMm?: number } | undefined {
  const diameterText = typeof chosen === 'string' ? chosen : chosen.diameter;
  const diameterMm =
    parseDiameterCallout(diameterText)?.nominalMm ??
    (/(\d+(?:[.,]\d+)?)\s*(?:mm)?/.exec(diameterText)
      ? Number(/(\d+(?:[.,]\d+)?)/.exec(diameterText)![1]!.replace(',', '.'))
      : undefined);
  if (!diameterMm || !(diameterMm > 0)) return undefined;
  const lengthText =
    typeof chosen === 'string'
      ? (/x\s*([\d.,]+\s*(?:mm)?)/i.exec(chosen)?.[1] ?? '')
      : chosen.length;
  const lengthMm = lengthText ? parseLengthCallout(lengthText)?.valueMm : undefined;
  return { diameterMm, ...(lengthMm ? { lengthMm } : {}) };
}

const sizeNumber = '(\\d+(?:[.,]\\d+)?)';
const blockPattern = new RegExp(
  `${sizeNumber}\\s*(?:mm)?\\s*[x×*]\\s*${sizeNumber}\\s*(?:mm)?\\s*[x×*]\\s*${sizeNumber}\\s*(mm|in\\b|inch|")?`,
  'i',
);

function oracleBlock(chosen: StockWords): { xMm: number; yMm: number; zMm: number } | undefined {
  const text =
    typeof chosen === 'string'
      ? chosen
      : `${chosen.shape} ${chosen.diameter} x ${chosen.length}`.trim();
  const match = blockPattern.exec(text);
  if (!match) return undefined;
  const scale = match[4] && !/mm/i.test(match[4]) ? 25.4 : 1;
  const [x, y, z] = [match[1], match[2], match[3]].map(
    (value) => Math.round(Number(value!.replace(',', '.')) * scale * 1000) / 1000,
  ) as [number, number, number];
  if (!(x > 0 && y > 0 && z > 0)) return undefined;
  return { xMm: x, yMm: y, zMm: z };
}

/**
 * The oracle's reading with a size that is not finite left out: `Ø5/0` gave an infinite bar that
 * no snapshot or job queue could keep (JSON has no Infinity); it is refused now (decision 039).
 */
function finiteRound(words: StockWords) {
  const round = oracleRound(words);
  if (!round || !Number.isFinite(round.diameterMm)) return undefined;
  const { diameterMm, lengthMm } = round;
  return {
    diameterMm,
    ...(lengthMm !== undefined && Number.isFinite(lengthMm) ? { lengthMm } : {}),
  };
}

// What the planner gets from a StockSize (server/qbot/program-job.ts) --------------------------

const roundOf = (stock: StockSize) => stock.round;
const blockOf = (stock: StockSize) =>
  stock.block?.zMm === undefined
    ? undefined
    : { xMm: stock.block.xMm, yMm: stock.block.yMm, zMm: stock.block.zMm };

/** Thread callouts are not stock sizes: their texts are left out of the comparison (decision 039). */
const namesNoThread = (text: string) =>
  parseThreadCallout(decodeDxfText(text).replace(/\s+/g, ' ').trim()) === undefined;

function expectSameReading(words: StockWords) {
  const stock = stockSizeOf(words);
  expect(stockSizeSchema.safeParse(stock).success, JSON.stringify(stock)).toBe(true);
  expect(roundOf(stock), `round reading of ${JSON.stringify(words)}`).toEqual(finiteRound(words));
  expect(blockOf(stock), `block reading of ${JSON.stringify(words)}`).toEqual(oracleBlock(words));
}

// Generators of sizes as operators write them ----------------------------------------------

const decimal = fc
  .tuple(
    fc.integer({ min: 0, max: 400 }),
    fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
    fc.constantFrom('.', ','),
  )
  .map(([whole, fraction, point]) =>
    fraction === undefined ? String(whole) : `${whole}${point}${fraction}`,
  );
const number = fc.oneof(
  { weight: 6, arbitrary: decimal },
  { weight: 1, arbitrary: fc.constantFrom('3/4', '1 1/4', '1-1/2', '.75', ',5', '5/8') },
);
const space = fc.constantFrom('', ' ', '  ');
const diameterSign = fc.constantFrom('Ø', '⌀', 'ø', '∅', '%%c', 'DIA ', 'Dia. ', 'diameter ');
const unit = fc.constantFrom('', ' mm', 'mm', ' cm', '"', ' in', ' inch', ' IN');
const separator = fc.constantFrom('x', 'X', '×', '*', ' x ', ' × ', ' * ', ' by ');
const words = fc.constantFrom('', 'round bar', 'Round bar', 'bar', 'rod, 6061-T6', 'approx.');
const before = fc.constantFrom('', 'Round bar ', 'Bar ', 'Plate ', 'Block ', 'Stock: ');

/** Round bars: "Ø20 x 100 round bar", "20 mm", "Ø20", "DIA 20,5 x 100mm", "3/4" bar"… */
const roundText = fc
  .tuple(
    before,
    fc.option(diameterSign, { nil: '' }),
    number,
    unit,
    fc.option(fc.tuple(separator, number, unit), { nil: undefined }),
    space,
    words,
  )
  .map(
    ([head, sign, diameter, diameterUnit, length, gap, tail]) =>
      `${head}${sign}${diameter}${diameterUnit}${length ? `${length[0]}${length[1]}${length[2]}` : ''}${gap}${tail}`,
  );

/** Blocks: "180 x 80 x 12 mm", "Plate 4 x 2 x 0,5 in", "100×50×12", "100 mm * 50 mm * 12"… */
const blockText = fc
  .tuple(
    before,
    fc.array(fc.tuple(decimal, fc.constantFrom('', ' mm', 'mm')), { minLength: 3, maxLength: 3 }),
    fc.array(separator, { minLength: 2, maxLength: 2 }),
    fc.constantFrom('', ' mm', 'mm', ' in', ' inch', '"', ' IN', ' in.', ' inches', ' cm'),
    words,
  )
  .map(
    ([head, sizes, [first, second], blockUnit, tail]) =>
      `${head}${sizes[0]![0]}${sizes[0]![1]}${first}${sizes[1]![0]}${sizes[1]![1]}${second}${sizes[2]![0]}${blockUnit} ${tail}`,
  );

/** Anything made of the pieces sizes are written with. */
const anyText = fc
  .array(
    fc.constantFrom(
      ...'0123456789 .,xX×*Ø⌀ø∅/-()"\':=°#'.split(''),
      'mm',
      'cm',
      'm',
      'in',
      'inch',
      'dia',
      'DIA',
      'diam',
      '%%c',
      '%%d',
      'round bar',
      'Plate ',
      'e',
      'r',
      STOCK_WITHOUT_THICKNESS,
    ),
    { maxLength: 14 },
  )
  .map((pieces) => pieces.join(''));

/** The suggestion's object form, and those an assistant may have written in older rows. */
const objectWords = fc.record({
  shape: fc.constantFrom('Round bar', 'Bar', '', 'Plate 100 x'),
  diameter: fc.oneof(
    fc.tuple(fc.option(diameterSign, { nil: '' }), number, unit).map((parts) => parts.join('')),
    anyText,
  ),
  length: fc.oneof(
    fc.tuple(fc.constantFrom('', 'L=', '2x ', 'approx. '), number, unit).map((p) => p.join('')),
    anyText,
  ),
});

describe('parseStockSize reads like the server before issue 32', () => {
  it('reads round bars alike', () => {
    fc.assert(
      fc.property(roundText.filter(namesNoThread), (text) => expectSameReading(text)),
      { numRuns: 3000 },
    );
  });

  it('reads blocks and plates alike', () => {
    fc.assert(
      fc.property(blockText.filter(namesNoThread), (text) => expectSameReading(text)),
      { numRuns: 3000 },
    );
  });

  it('reads any text made of the pieces of sizes alike', () => {
    fc.assert(
      fc.property(anyText.filter(namesNoThread), (text) => expectSameReading(text)),
      { numRuns: 5000 },
    );
  });

  it('reads shape, diameter and length alike', () => {
    fc.assert(
      fc.property(
        objectWords.filter((size) => namesNoThread(size.diameter)),
        (size) => expectSameReading(size),
      ),
      // A letter among a length's digits is a misreading, no length (found by the property).
      // A count before no length is no length either ('4x1/0' read 4).
      {
        numRuns: 3000,
        examples: [
          [{ shape: 'Round bar', diameter: '0.1', length: '4m.0' }],
          [{ shape: 'Round bar', diameter: '0.1', length: '4x1/0' }],
        ],
      },
    );
  });

  it.each([
    'Ø20 x 100 round bar',
    '20 mm',
    'Ø20',
    'Ø 20,5 mm x 100,5',
    '⌀20x100mm',
    '%%c25 x 80',
    'DIA 20 x 100',
    '20 dia x 100',
    '3/4" round bar x 12',
    'Round bar .75 in',
    'Round bar over Ø320 mm',
    '180 x 80 x 12 mm',
    'Plate 180 x 80 x 12 mm',
    '4 x 2 x 0.5 in',
    '4 x 2 x 0,5 inch',
    '100×50×12',
    '100 * 50 * 12',
    '100 mm x 50 mm x 12 mm',
    'Plate 0 x 80 x 12 mm',
    `Plate 180 x 80 mm, ${STOCK_WITHOUT_THICKNESS} (give it with 'Change')`,
    'Default Material Stock Size',
    '',
    'Ø0 x 100',
    'M20 x 100',
    '2x 19,9',
  ])('reads "%s" alike', (text) => expectSameReading(text));
});

describe('parseStockSize', () => {
  it('names the shape, the sizes in mm and what is missing', () => {
    expect(parseStockSize('Ø20 x 100 round bar')).toEqual({
      shape: 'round',
      round: { diameterMm: 20, lengthMm: 100 },
      missing: [],
    });
    expect(parseStockSize('Ø20,5')).toEqual({
      shape: 'round',
      round: { diameterMm: 20.5 },
      missing: ['length'],
    });
    expect(parseStockSize('4 x 2 x 0.5 in')).toEqual({
      shape: 'block',
      round: { diameterMm: 4, lengthMm: 2 },
      block: { xMm: 101.6, yMm: 50.8, zMm: 12.7 },
      missing: [],
    });
    expect(parseStockSize('Plate 180 × 80 × 12,5 mm').block).toEqual({
      xMm: 180,
      yMm: 80,
      zMm: 12.5,
    });
    expect(parseStockSize('Default Material Stock Size')).toEqual(unknownStock());
  });

  it("reads the suggestion's plate without thickness as a block that lacks it", () => {
    expect(
      parseStockSize(`Plate 180 x 80 mm, ${STOCK_WITHOUT_THICKNESS} (give it with 'Change')`),
    ).toEqual(blockStock(180, 80));
    expect(parseStockSize(STOCK_WITHOUT_THICKNESS)).toEqual({
      shape: 'block',
      missing: ['length', 'width', 'thickness'],
    });
    // Typed by the operator, two sizes are a bar's diameter and length, as before.
    expect(parseStockSize('Plate 180 x 80 mm')).toMatchObject({
      shape: 'round',
      round: { diameterMm: 180, lengthMm: 80 },
    });
  });

  it('reads a thread callout by its first number (decision 039)', () => {
    expect(parseStockSize('M20 x 100').round).toEqual({ diameterMm: 20, lengthMm: 100 });
    // The callout parser read the thread here (Ø8, ½" = 12.7 mm): not a stock size.
    expect(parseStockSize('20 bar for M8').round).toEqual({ diameterMm: 20 });
    expect(oracleRound('20 bar for M8')).toEqual({ diameterMm: 8 });
    expect(parseStockSize('1/2-13 UNC').round).toEqual({ diameterMm: 0.5 });
  });

  it('refuses nothing: what it cannot read is missing', () => {
    for (const text of ['', 'round bar', 'Ø0', '0 x 0 x 0'])
      expect(parseStockSize(text)).toMatchObject({
        shape: 'round',
        missing: ['diameter', 'length'],
      });
  });
});

describe('the StockSize constructors', () => {
  it('read back from the words the suggestion writes', () => {
    expect(parseStockSize('Plate 180 x 80 x 12 mm')).toEqual(blockStock(180, 80, 12));
    expect(parseStockSize('Round bar over Ø320 mm')).toEqual(roundBarStock(320));
    expect(stockSizeOf({ shape: 'Round bar', diameter: 'Ø42 mm', length: '120 mm' })).toEqual(
      roundBarStock(42, 120),
    );
  });

  it('make valid StockSizes', () => {
    for (const stock of [blockStock(1, 2, 3), blockStock(1, 2), roundBarStock(4), unknownStock()])
      expect(stockSizeSchema.parse(stock)).toEqual(stock);
    expect(stockSizeSchema.safeParse({ shape: 'round', missing: ['weight'] }).success).toBe(false);
    expect(
      stockSizeSchema.safeParse({ shape: 'round', round: { diameterMm: 0 }, missing: [] }).success,
    ).toBe(false);
  });
});
