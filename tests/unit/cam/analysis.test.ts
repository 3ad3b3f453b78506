/**
 * The suggested stock as numbers (cam/analysis.ts suggestedStockSize, decision 039) and the words
 * the size step shows, made from them: the same words as before, and words that read back
 * (contracts/stock-size.ts stockSizeOf) to the same numbers.
 */
import { describe, expect, it } from 'vitest';
import { analysisOf, stockWords, suggestedStock, suggestedStockSize } from '#cam/analysis';
import { emptyDescription } from '#contracts/blueprint';
import type { BlueprintDescription } from '#contracts/blueprint';
import {
  STOCK_WITHOUT_THICKNESS,
  blockStock,
  roundBarStock,
  stockSizeOf,
  unknownStock,
} from '#contracts/stock-size';

/** A 100 x 60 plate, `thicknessMm` thick when given. */
function plate(thicknessMm?: number): BlueprintDescription {
  const description = emptyDescription('A plate');
  description.prismatic = {
    outline: [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 60 },
      { x: 0, y: 60 },
    ],
    holes: [],
    pockets: [],
    slots: [],
    ...(thicknessMm === undefined ? {} : { thicknessMm }),
  };
  return description;
}

/** A shaft of one diameter, `lengthMm` long. */
function shaft(diameterMm: number, lengthMm: number): BlueprintDescription {
  const description = emptyDescription('A shaft');
  description.outerDiameters = [
    { diameter: `Ø${diameterMm}`, diameterMm, length: `${lengthMm}`, lengthMm, type: 'Plain' },
  ] as BlueprintDescription['outerDiameters'];
  description.dimensions = {
    overallLength: `${lengthMm}`,
    overallLengthMm: lengthMm,
    tolerances: '',
  };
  return description;
}

describe('the suggested stock', () => {
  it.each([
    ['a plate', plate(10), blockStock(104, 65, 12), 'Plate 104 x 65 x 12 mm'],
    [
      'a plate without its thickness',
      plate(),
      blockStock(104, 65),
      `Plate 104 x 65 mm, ${STOCK_WITHOUT_THICKNESS} (give it with 'Change')`,
    ],
    [
      'a shaft',
      shaft(38, 100),
      roundBarStock(40, 145),
      { shape: 'Round bar', diameter: 'Ø40 mm', length: '145 mm' },
    ],
    ['a shaft over the largest bar', shaft(320, 400), roundBarStock(320), 'Round bar over Ø320 mm'],
    ['nothing to go by', emptyDescription(), unknownStock(), 'Default Material Stock Size'],
  ])('of %s is numbers, and words made from them', (_name, description, stock, words) => {
    expect(suggestedStockSize(description)).toEqual(stock);
    expect(stockWords(stock)).toEqual(words);
    expect(suggestedStock(description)).toEqual(words);
    // The words read back to the same numbers (an analysis saved before decision 039).
    expect(stockSizeOf(words)).toEqual(stock);
    expect(analysisOf(description)).toMatchObject({ materialSize: words, stockSize: stock });
  });
});

describe('analysisOf: what a lathe program would still need (decision 062)', () => {
  it('names the lengths a turned description lacks, and nothing when it has them', () => {
    expect(analysisOf(shaft(42, 120)).latheGaps).toBeUndefined();
    const description = shaft(42, 120);
    description.outerDiameters.push({
      diameter: 'Ø30',
      diameterMm: 30,
      length: '',
      location: '',
      type: 'Plain',
    });
    description.dimensions = { overallLength: '', tolerances: '' };
    expect(analysisOf(description).latheGaps).toEqual(
      expect.arrayContaining([expect.stringMatching(/length of Ø30/)]),
    );
  });

  it('says a plate gives no outer diameters to turn', () => {
    expect(analysisOf(plate(12)).latheGaps).toEqual([
      'the outer diameters of the part (none are given)',
    ]);
  });
});
