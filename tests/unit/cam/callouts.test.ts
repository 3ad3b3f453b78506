import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countersinkText,
  decodeDxfText,
  findMaterial,
  parseCountersinkCallout,
  parseChamferCallout,
  parseDiameterCallout,
  parseGeneralTolerance,
  parseLengthCallout,
  parseRadiusCallout,
  parseRoughness,
  parseThreadCallout,
} from '#cam/callouts';

describe('decodeDxfText', () => {
  it.each([
    ['%%c15.48', 'Ø15.48'],
    ['%%C<>mm', 'Ø<>mm'],
    ['45%%d', '45°'],
    ['%%p0.1', '±0.1'],
    ['%%u20%%u', '20'],
    ['stock ACME 5/8"-8\\Pturned down to 15.48mm', 'stock ACME 5/8"-8\nturned down to 15.48mm'],
    ['{\\fArial|b0|i0;\\H2.5;Ø16.5\\S+0.1^0;}', 'Ø16.5 +0.1/0'],
    ['Ø20 \\S+0.1/-0.2;', 'Ø20 +0.1/-0.2'],
    ['\\S+0.1^-0.2;', ' +0.1/-0.2'],
    ['1\\S1#2;"', '1 1/2"'],
    ['x\\S1;', 'x 1'],
    ['\\C1;\\A1;\\L40\\l \\O2\\o', '40 2'],
    ['a\\\\b \\{c\\}', 'a\\b {c}'],
    ['\\U+2205 20', '∅ 20'],
    ['R<>', 'R<>'],
  ])('%j → %j', (text, plain) => {
    expect(decodeDxfText(text)).toBe(plain);
  });
});

describe('parseDiameterCallout', () => {
  it.each([
    ['Ø40', { nominalMm: 40, text: 'Ø40' }],
    ['⌀40', { nominalMm: 40, text: '⌀40' }],
    ['Ø 40,5', { nominalMm: 40.5, text: 'Ø 40,5' }],
    ['Ø40 h7', { nominalMm: 40, fit: 'h7', text: 'Ø40 h7' }],
    ['Ø38 H12', { nominalMm: 38, fit: 'H12', text: 'Ø38 H12' }],
    ['Ø20 H7/g6', { nominalMm: 20, fit: 'H7/g6', text: 'Ø20 H7/g6' }],
    [
      'Ø16.5 +0.1/0',
      { nominalMm: 16.5, tolerance: { upperMm: 0.1, lowerMm: 0 }, text: 'Ø16.5 +0.1/0' },
    ],
    [
      'Ø19.9 0/-0.1',
      { nominalMm: 19.9, tolerance: { upperMm: 0, lowerMm: -0.1 }, text: 'Ø19.9 0/-0.1' },
    ],
    [
      'Ø21.5 ±0.1',
      { nominalMm: 21.5, tolerance: { upperMm: 0.1, lowerMm: -0.1 }, text: 'Ø21.5 ±0.1' },
    ],
    [
      'Ø15.95 ±0.026',
      { nominalMm: 15.95, tolerance: { upperMm: 0.026, lowerMm: -0.026 }, text: 'Ø15.95 ±0.026' },
    ],
    [
      'Ø70.50 ±0.05',
      { nominalMm: 70.5, tolerance: { upperMm: 0.05, lowerMm: -0.05 }, text: 'Ø70.50 ±0.05' },
    ],
    ['DIA 40', { nominalMm: 40, text: 'DIA 40' }],
    ['40 dia', { nominalMm: 40, text: '40 dia' }],
    ['%%C15.48', { nominalMm: 15.48, text: 'Ø15.48' }],
    ['Ø11.11mm', { nominalMm: 11.11, text: 'Ø11.11mm' }],
    ['15.48', { nominalMm: 15.48, text: '15.48' }],
    ['Ø40 h7 x 85 long', { nominalMm: 40, fit: 'h7', text: 'Ø40 h7' }],
    ['Ø40 - 85', { nominalMm: 40, text: 'Ø40' }],
    ['2x Ø6.6', { nominalMm: 6.6, text: 'Ø6.6' }],
    [
      '15.95 +0.026/-0.026',
      {
        nominalMm: 15.95,
        tolerance: { upperMm: 0.026, lowerMm: -0.026 },
        text: '15.95 +0.026/-0.026',
      },
    ],
    [
      'Ø21,5±0,1',
      { nominalMm: 21.5, tolerance: { upperMm: 0.1, lowerMm: -0.1 }, text: 'Ø21,5±0,1' },
    ],
  ])('%j', (text, expected) => {
    expect(parseDiameterCallout(text)).toEqual(expected);
  });

  it('converts inch values when the drawing or the text says inch', () => {
    expect(parseDiameterCallout('Ø.625', 'inch')).toEqual({ nominalMm: 15.875, text: 'Ø.625' });
    expect(parseDiameterCallout('Ø.625')).toEqual({ nominalMm: 0.625, text: 'Ø.625' });
    expect(parseDiameterCallout('5/8"')).toEqual({ nominalMm: 15.875, text: '5/8"' });
    expect(parseDiameterCallout('0.625 in')).toEqual({ nominalMm: 15.875, text: '0.625 in' });
    expect(parseDiameterCallout('Ø40 mm', 'inch')).toEqual({ nominalMm: 40, text: 'Ø40 mm' });
    expect(parseDiameterCallout('Ø1.5 +.002/-.001', 'inch')).toEqual({
      nominalMm: 38.1,
      tolerance: { upperMm: 0.0508, lowerMm: -0.0254 },
      text: 'Ø1.5 +.002/-.001',
    });
  });

  it('reads a thread callout with the major diameter as nominal', () => {
    expect(parseDiameterCallout('M8')).toEqual({
      nominalMm: 8,
      thread: { designation: 'M8', majorDiameterMm: 8, pitchMm: 1.25, standard: 'ISO metric' },
      text: 'M8',
    });
    expect(parseDiameterCallout('M8 x 1,25')?.thread?.designation).toBe('M8x1.25');
    expect(parseDiameterCallout('7/16"-20 UNF')).toEqual({
      nominalMm: 11.1125,
      thread: {
        designation: '7/16"-20 UNF',
        majorDiameterMm: 11.1125,
        pitchMm: 1.27,
        standard: 'UNF',
      },
      text: '7/16"-20 UNF',
    });
    expect(parseDiameterCallout('cut 7/16"-20 threads')?.text).toBe('7/16"-20');
    expect(parseDiameterCallout('1/4-20 UNC')?.nominalMm).toBe(6.35);
    // M8 beside Ø8 is the thread, not an ISO 286 M8 fit.
    expect(parseDiameterCallout('Ø8 M8')).toEqual({
      nominalMm: 8,
      thread: { designation: 'M8', majorDiameterMm: 8, pitchMm: 1.25, standard: 'ISO metric' },
      text: 'Ø8 M8',
    });
    // A tap drill is not the thread it is drilled for.
    expect(parseDiameterCallout('Ø6.8 drill for M8')).toEqual({ nominalMm: 6.8, text: 'Ø6.8' });
  });

  it('finds nothing in words', () => {
    expect(parseDiameterCallout('hello')).toBeUndefined();
    expect(parseDiameterCallout('')).toBeUndefined();
  });
});

describe("a letter among a number's digits", () => {
  it('reads no size from the word, neither its leading digits nor the rest', () => {
    // OCR's misreadings of 33.5 or 38.5 ('3B.5'), 15.5 ('1S,5'): read, the Ø33.5 became Ø3.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom('B', 'S', 'O', 'G', 'l', 'Z'),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('.', ','),
        fc.constantFrom('Ø', '', 'Ø '),
        (whole, letter, decimals, separator, sign) => {
          const text = `${sign}${whole}${letter}${separator}${decimals}`;
          expect(parseDiameterCallout(text)).toBeUndefined();
          if (sign === '') expect(parseLengthCallout(text)).toBeUndefined();
        },
      ),
    );
    // A fit, a unit or a count after the number is no misreading.
    expect(parseDiameterCallout('Ø12H7')?.nominalMm).toBe(12);
    expect(parseLengthCallout('20mm')?.valueMm).toBe(20);
    expect(parseDiameterCallout('Ø8x1.25')?.nominalMm).toBe(8);
  });
});

describe('parseThreadCallout', () => {
  it.each([
    ['M8', 'M8', 8, 1.25, 'ISO metric'],
    ['M1.6', 'M1.6', 1.6, 0.35, 'ISO metric'],
    ['M64', 'M64', 64, 6, 'ISO metric'],
    ['M8x1.25', 'M8x1.25', 8, 1.25, 'ISO metric'],
    ['M8 x 1,25', 'M8x1.25', 8, 1.25, 'ISO metric'],
    ['M10x1-6g', 'M10x1-6g', 10, 1, 'ISO metric'],
    ['M8x20', 'M8', 8, 1.25, 'ISO metric'],
    ['7/16"-20 UNF', '7/16"-20 UNF', 11.1125, 1.27, 'UNF'],
    ['7/16-20', '7/16"-20 UNF', 11.1125, 1.27, 'UNF'],
    ['1/4-20 UNC', '1/4"-20 UNC', 6.35, 1.27, 'UNC'],
    ['3/4-10', '3/4"-10 UNC', 19.05, 2.54, 'UNC'],
    ['#10-32', '#10-32 UNF', 4.826, 0.7938, 'UNF'],
    ['1-1/4-7 UNC-2A', '1 1/4"-7 UNC-2A', 31.75, 3.6286, 'UNC'],
    ['1/2-28', '1/2"-28 UN', 12.7, 0.9071, 'UN'],
    ['6 X M3 X.5', 'M3x0.5', 3, 0.5, 'ISO metric'],
  ])('%j → %s', (text, designation, majorDiameterMm, pitchMm, standard) => {
    expect(parseThreadCallout(text)).toEqual({ designation, majorDiameterMm, pitchMm, standard });
  });

  it.each([
    ['M65 (no coarse pitch in ISO 261)', 'M65'],
    ['ACME stock', 'stock ACME 5/8"-8'],
    ['pipe thread', '1/4-18 NPT'],
    ['a date', '2017-05-17'],
    ['a diameter', 'Ø40 h7'],
  ])('reads no thread in %s', (_name, text) => {
    expect(parseThreadCallout(text)).toBeUndefined();
  });
});

describe('parseLengthCallout', () => {
  it.each([
    ['20', { valueMm: 20 }],
    ['20 mm', { valueMm: 20 }],
    ['20mm', { valueMm: 20 }],
    ['38 ±0.1', { valueMm: 38, tolerance: { upperMm: 0.1, lowerMm: -0.1 } }],
    ['875mm or longer (not to scale)', { valueMm: 875, qualifier: 'or longer (not to scale)' }],
    ['1.5"', { valueMm: 38.1 }],
    ['L=20', { valueMm: 20 }],
    ['approx. 12 mm', { valueMm: 12, qualifier: 'approx.' }],
  ])('%j', (text, expected) => {
    expect(parseLengthCallout(text)).toEqual(expected);
  });

  it('reads inches when the drawing is in inches, unless the text says mm', () => {
    expect(parseLengthCallout('2', 'inch')).toEqual({ valueMm: 50.8 });
    expect(parseLengthCallout('20 mm', 'inch')).toEqual({ valueMm: 20 });
  });

  it('reads the size after a count of features, not the count (ISO 129-1: 2x 19,9)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 99 }),
        fc.constantFrom('x', 'X', '×'),
        fc.constantFrom('', ' '),
        fc.integer({ min: 1, max: 99_999 }),
        fc.constantFrom('.', ','),
        (count, times, space, hundredths, comma) => {
          const value = hundredths / 100;
          const written = value.toFixed(2).replace('.', comma);
          const read = parseLengthCallout(`${count}${times}${space}${written}`);
          expect(read?.valueMm).toBeCloseTo(value, 9);
          expect(read?.qualifier).toBe(`${count}${times}`);
        },
      ),
    );
    // A chamfer's angle after the 'x' is no size.
    expect(parseLengthCallout('2x 45°')?.valueMm).toBe(2);
  });

  it('is not a diameter and needs a number', () => {
    expect(parseLengthCallout('Ø20')).toBeUndefined();
    expect(parseLengthCallout('<>mm')).toBeUndefined();
    expect(parseLengthCallout('not to scale')).toBeUndefined();
  });
});

describe('parseRadiusCallout', () => {
  it.each([
    ['R10', { radiusMm: 10 }],
    ['R10,00', { radiusMm: 10 }],
    ['R1.00 ±0.10', { radiusMm: 1, tolerance: { upperMm: 0.1, lowerMm: -0.1 } }],
    ['2x R0,15', { radiusMm: 0.15 }],
    ['R8.05', { radiusMm: 8.05 }],
  ])('%j', (text, expected) => {
    expect(parseRadiusCallout(text)).toEqual(expected);
  });

  it('reads inches when the drawing is in inches', () => {
    expect(parseRadiusCallout('R.125', 'inch')).toEqual({ radiusMm: 3.175 });
  });

  it.each([['Ra 3.2'], ['Ø20'], ['ROUND'], ['20']])('finds no radius in %j', (text) => {
    expect(parseRadiusCallout(text)).toBeUndefined();
  });
});

describe('parseChamferCallout', () => {
  it.each([
    ['1x45°', 1, 45],
    ['1 x 45', 1, 45],
    ['0.3x45°', 0.3, 45],
    ['0,5 X 45°', 0.5, 45],
    ['C1', 1, 45],
    ['CH 5', 5, 45],
    ['45° x 1', 1, 45],
    ['2 x 30°', 2, 30],
    ['chamfer 0.5', 0.5, 45],
    ['free end chamfer 0.5x45', 0.5, 45],
  ])('%j → %d x %d°', (text, sizeMm, angleDeg) => {
    expect(parseChamferCallout(text)).toEqual({ sizeMm, angleDeg });
  });

  it.each([
    ['.03 X 45°', 'inch', 0.762, 45],
    ['0.03x45°', 'inch', 0.762, 45],
    ['45° x .03', 'inch', 0.762, 45],
    ['chamfer .02', 'inch', 0.508, 45],
    ['1 mm x 45°', 'inch', 1, 45],
    ['.03" x 45°', 'mm', 0.762, 45],
    ['.5 x 30°', 'mm', 0.5, 30],
    ['C1', 'inch', 1, 45],
  ] as const)('%j on a drawing in %s → %d mm x %d°', (text, units, sizeMm, angleDeg) => {
    expect(parseChamferCallout(text, units)).toEqual({ sizeMm, angleDeg });
  });

  it('reads a chamfer without a unit as mm when no units are given', () => {
    expect(parseChamferCallout('.03 X 45°')).toEqual({ sizeMm: 0.03, angleDeg: 45 });
  });

  it.each([['Ø40 h7 x 85 long'], ['C45 steel'], ['4 x 90°'], ['M8']])(
    '%j is not a chamfer',
    (text) => {
      expect(parseChamferCallout(text)).toBeUndefined();
    },
  );
});

describe('parseCountersinkCallout', () => {
  it.each([
    ['Ø6.6 ⌵Ø12 x 90°', 12, 90, '⌵Ø12 x 90°'],
    ['⌵ Ø12 X 90°', 12, 90, '⌵ Ø12 X 90°'],
    ['4x Ø6.6 ⌵Ø12x90°', 12, 90, '⌵Ø12x90°'],
    ['CSK Ø12 x 90°', 12, 90, 'CSK Ø12 x 90°'],
    ['countersink Ø12 90°', 12, 90, 'countersink Ø12 90°'],
    ['csk 12 x 82°', 12, 82, 'csk 12 x 82°'],
    ['Ø5,5 ⌵ %%c10,4 x 90°', 10.4, 90, '⌵ Ø10,4 x 90°'],
    ['M6 CSK Ø13', 13, 90, 'CSK Ø13'],
    ["Ø4.5 THRU, C'SINK Ø9 X 90", 9, 90, "C'SINK Ø9 X 90"],
  ])('%j → Ø%d x %d°', (text, diameterMm, angleDeg, written) => {
    expect(parseCountersinkCallout(text)).toMatchObject({ diameterMm, angleDeg, text: written });
  });

  it('says where the countersink starts, after the hole size', () => {
    const text = '4x Ø6.6 ⌵Ø12x90°';
    expect(parseCountersinkCallout(text)?.index).toBe(text.indexOf('⌵'));
  });

  it('reads inches on an inch drawing unless the text says mm', () => {
    expect(parseCountersinkCallout('CSK .50 X 82°', 'inch')).toMatchObject({
      diameterMm: 12.7,
      angleDeg: 82,
    });
    expect(parseCountersinkCallout('⌵Ø12mm x 90°', 'inch')?.diameterMm).toBe(12);
  });

  it.each([['12 x 90°'], ['1 x 45°'], ['Ø6.6 THRU'], ['⌴Ø11 ↧6.8'], ['CSK'], ['⌵Ø12 x 200°']])(
    '%j is no countersink',
    (text) => {
      expect(parseCountersinkCallout(text)).toBeUndefined();
    },
  );

  it('writes a countersink as the description does', () => {
    expect(countersinkText({ diameterMm: 12, angleDeg: 90 })).toBe('⌵Ø12 x 90°');
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 4000 }),
        fc.constantFrom(60, 82, 90, 100, 120),
        (hundredths, angleDeg) => {
          const diameterMm = hundredths / 100;
          const parsed = parseCountersinkCallout(countersinkText({ diameterMm, angleDeg }));
          expect(parsed).toMatchObject({ diameterMm, angleDeg });
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('parseRoughness', () => {
  it.each([
    ['Ra 1.6', 1.6],
    ['Ra1,6', 1.6],
    ['Ra 3.2 µm', 3.2],
    ['N7', 1.6],
    ['N10', 12.5],
    ['Ra 0.8 on Ø20, Ra 3.2 elsewhere', 0.8],
    ['Ra 63 µin', 1.6002],
  ])('%j → Ra %d µm', (text, ra) => {
    expect(parseRoughness(text)).toBe(ra);
  });

  it('finds none in other text', () => {
    expect(parseRoughness('M8 thread')).toBeUndefined();
    expect(parseRoughness('extra 5')).toBeUndefined();
  });
});

describe('parseGeneralTolerance', () => {
  it.each([
    ['ISO 2768-mK', 'ISO 2768-mK'],
    ['ISO 2768-m', 'ISO 2768-m'],
    ['DIN ISO 2768 mK', 'ISO 2768-mK'],
    ['ISO 2768-1 m', 'ISO 2768-m'],
    ['ISO2768fH', 'ISO 2768-fH'],
    ['General tolerances: ISO 2768-c', 'ISO 2768-c'],
    ['DIN 7168 m', 'DIN 7168-m'],
  ])('%j → %s', (text, normalised) => {
    expect(parseGeneralTolerance(text)).toBe(normalised);
  });

  it('finds none without the standard', () => {
    expect(parseGeneralTolerance('tolerance ±0.1')).toBeUndefined();
  });
});

describe('findMaterial', () => {
  it.each([
    ['Material: 4140 steel', '4140 steel'],
    ['MATERIAL 42CrMo4', '42CrMo4'],
    ['4140 steel', '4140 steel'],
    ['AISI 1018', 'AISI 1018'],
    ['SAE 1045', 'SAE 1045'],
    ['material 4340', '4340'],
    ['303 stainless', '303 stainless'],
    ['stainless steel 304', 'stainless steel 304'],
    ['316L', '316L'],
    ['17-4PH', '17-4PH'],
    ['C45', 'C45'],
    ['16MnCr5 case hardened', '16MnCr5'],
    ['S235JR', 'S235JR'],
    ['11SMnPb30', '11SMnPb30'],
    ['SS 1914', 'SS 1914'],
    ['SS2541', 'SS2541'],
    ['6061-T6', '6061-T6'],
    ['6082 aluminium', '6082 aluminium'],
    ['EN AW-6082', 'EN AW-6082'],
    ['7075-T651', '7075-T651'],
    ['Al 2024', 'Al 2024'],
    ['CuZn39Pb3', 'CuZn39Pb3'],
    ['C360 brass', 'C360 brass'],
    ['brass', 'brass'],
    ['POM', 'POM'],
    ['Delrin', 'Delrin'],
    ['acetal', 'acetal'],
    ['PEEK', 'PEEK'],
    ['nylon', 'nylon'],
    ['PTFE', 'PTFE'],
    ['Ti-6Al-4V', 'Ti-6Al-4V'],
    ['titanium grade 5', 'titanium grade 5'],
    ['GG25', 'GG25'],
    ['EN-GJL-250', 'EN-GJL-250'],
    ['5/8"-8 ACME steel rod stock', 'steel'],
    ['PLA', 'PLA'],
    ['Stahl', 'Stahl'],
    ['Werkstoff: Edelstahl', 'Edelstahl'],
  ])('%j → %s', (text, material) => {
    expect(findMaterial(text)).toBe(material);
  });

  it.each([['Ø40 h7 x 85 long'], ['4340'], ['M8x1.25'], ['20H7'], ['Material:'], ['chamfer C1']])(
    'finds none in %j',
    (text) => {
      expect(findMaterial(text)).toBeUndefined();
    },
  );
});
