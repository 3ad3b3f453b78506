/**
 * Round-trip property tests of the offline drawing readers (issue 15): random parts with known
 * truth (tests/helpers/drawings/parts.ts) are drawn in a style (sheet.ts), written as a DXF
 * (dxf.ts), read back by readDrawing, and scored against the truth the sheet shows
 * (blueprint-scoring.ts): every value a dimension or note writes must be read (recall 1).
 *
 * Each style group (sheet.ts STYLE_GROUPS) is one test, so a failure names the way of drawing
 * the reader does not read; fast-check shrinks it to a small part and prints the seed.
 * A failure also says how the same part reads in the plain style: when fully, the failure is
 * the style's. ROUND_TRIP_RUNS (30) and ROUND_TRIP_SEED choose the cases; ROUND_TRIP_DUMP=<dir>
 * writes each group's last failing DXF (the shrunk counterexample) and its summary to
 * <dir>/<group>.dxf and .txt; ROUND_TRIP_ISOLATE=1 keeps only parts that read fully in the plain
 * style, so that each group shows its own failure.
 *
 * The plot round trips draw the same sheets as SVG and read them back as a PNG scan at 150 dpi
 * (the image reader, which reads the line work as well as the text) and as a vector PDF (the PDF
 * reader): the mean recall over 10 drawings is held to RASTER_RECALL_FLOOR (issue 15's target
 * is 0.8) and PDF_RECALL_FLOOR.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { parseDxf } from '#drawings/dxf/reader';
import { readDrawing } from '#drawings/read';
import {
  formatValue,
  scoreDescription,
  type BlueprintFixture,
} from '#tests/helpers/blueprint-scoring';
import { encodeDxfText, sheetToDxf } from '#tests/helpers/drawings/dxf';
import { svgToPdf } from '#tests/helpers/drawings/pdf';
import { svgToPng } from '#tests/helpers/drawings/raster';
import {
  STYLE_GROUPS,
  STYLE_VALUES,
  buildSheet,
  describeCase,
  drawingCaseArb,
  plainStyle,
  type DrawingCase,
  type Sheet,
  type StyleGroup,
} from '#tests/helpers/drawings/sheet';
import { sheetToSvg } from '#tests/helpers/drawings/svg';

const runs = Number(process.env.ROUND_TRIP_RUNS ?? 30);
const seed = Number(process.env.ROUND_TRIP_SEED ?? 20260115);
const dumpDir = process.env.ROUND_TRIP_DUMP;
/** Only cases whose part reads fully in the plain style: a group's own failures (a diagnosis aid). */
const isolate = process.env.ROUND_TRIP_ISOLATE === '1';
/**
 * Least mean recall of the raster round trip, issue 15's target: the image reader reads 0.816 at
 * the CI seed (0.66 and 0.64 at seeds 7 and 3; the turned parts' rotated values and arrowheads
 * that touch the outline are what it misses).
 */
const RASTER_RECALL_FLOOR = 0.8;
/** Least mean recall of the PDF round trip: 0.96 at the CI seed. */
const PDF_RECALL_FLOOR = 0.9;

/** The sheet's truth as a blueprint fixture: every value required, precision not scored. */
function fixtureFromTruth(sheet: Sheet, name: string): BlueprintFixture {
  return {
    file: `generated/${name}.dxf`,
    kind: sheet.part.kind === 'turned' ? 'turned' : 'prismatic',
    values: sheet.truth,
    floor: { recall: 1, precision: 0 },
    notes: describeCase({ part: sheet.part, style: sheet.style }),
  };
}

/** What the reader made of the drawing, in a line: diameters, lengths, plate, material. */
function readSummary(description: BlueprintDescription): string {
  const diameters = [
    ...description.outerDiameters.map(
      (d) => `OD ${d.diameter}${d.thread ? ` ${d.thread}` : ''} x ${d.lengthMm ?? '?'}`,
    ),
    ...description.innerDiameters.map(
      (d) => `ID ${d.diameter} x ${d.through ? 'through' : (d.lengthMm ?? '?')}`,
    ),
  ];
  const plate = description.prismatic
    ? [
        `plate ${description.prismatic.thicknessMm ?? '?'} thick, ${description.prismatic.holes.length} holes`,
      ]
    : [];
  return [
    ...diameters,
    ...plate,
    `overall ${description.dimensions.overallLengthMm ?? '?'}`,
    `material ${description.materialSpecs.material || '?'}`,
    `chamfers ${description.features.chamfers.map((c) => c.dimensions).join(' ') || 'none'}`,
  ].join('; ');
}

const slug = (name: string) =>
  name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** Writes a failing case for the reader's engineers (ROUND_TRIP_DUMP): the DXF and what went wrong. */
function dump(group: StyleGroup, dxf: string, message: string): void {
  if (!dumpDir) return;
  mkdirSync(dumpDir, { recursive: true });
  writeFileSync(join(dumpDir, `${slug(group.name)}.dxf`), dxf);
  writeFileSync(join(dumpDir, `${slug(group.name)}.txt`), `${message}\n`);
}

/**
 * Recall of the same part drawn in the plain style (in its units): whether a failure belongs to
 * the style or to the part. Undefined when the reader throws.
 */
async function plainRecall({ part, style }: DrawingCase): Promise<number | undefined> {
  const sheet = buildSheet(part, { ...plainStyle, units: style.units });
  try {
    const description = await readDrawing({
      fileName: 'plain.dxf',
      type: 'dxf',
      bytes: Buffer.from(sheetToDxf(sheet)),
    });
    return scoreDescription(fixtureFromTruth(sheet, 'plain'), description).recall;
  } catch {
    return undefined;
  }
}

/** Cases print as their one-line summary in fast-check's counterexample. */
const readable = (arbitrary: fc.Arbitrary<DrawingCase>) =>
  arbitrary.map((drawing) => ({ ...drawing, [fc.toStringMethod]: () => describeCase(drawing) }));

// dxf-parser warns (console.warn) of every section and entity it skips (CLASSES, OBJECTS,
// HATCH): hundreds of lines here. Other warnings pass through.
const warn = console.warn.bind(console);
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (/^(Skipping section|Unhandled entity)/.test(String(args[0]))) return;
    warn(...args);
  });
});
afterEach(() => vi.mocked(console.warn).mockRestore());

describe('round trip: generated drawings through the DXF reader', () => {
  for (const group of STYLE_GROUPS) {
    it(`reads every written value: ${group.name}`, async () => {
      await fc.assert(
        fc.asyncProperty(readable(drawingCaseArb(group)), async (drawing) => {
          const sheet = buildSheet(drawing.part, drawing.style);
          const dxf = sheetToDxf(sheet);
          let description: BlueprintDescription;
          try {
            description = await readDrawing({
              fileName: 'generated.dxf',
              type: 'dxf',
              bytes: Buffer.from(dxf),
            });
          } catch (error) {
            const message = `the reader threw: ${error instanceof Error ? error.message : String(error)}\n${describeCase(drawing)}`;
            dump(group, dxf, message);
            throw new Error(message, { cause: error });
          }
          const score = scoreDescription(fixtureFromTruth(sheet, slug(group.name)), description);
          const plain = isolate || score.recall < 1 ? await plainRecall(drawing) : undefined;
          if (isolate) fc.pre(plain === 1);
          if (score.recall < 1) {
            const message = [
              `recall ${score.recall.toFixed(2)}: missed ${score.missed.map(formatValue).join(', ')}`,
              `drawing: ${describeCase(drawing)}`,
              `read: ${readSummary(description)}`,
              `unresolved: ${(description.unresolved ?? []).join(' | ')}`,
              `the same part in the plain style: recall ${plain?.toFixed(2) ?? '(not read: it threw)'}`,
            ].join('\n');
            dump(group, dxf, message);
            throw new Error(message);
          }
        }),
        { numRuns: runs, seed },
      );
    }, 60_000);
  }
});

describe('the drawing generator', () => {
  const anyCase = readable(fc.oneof(...STYLE_GROUPS.map((group) => drawingCaseArb(group))));

  it('writes DXF that dxf-parser reads as the style says', () => {
    fc.assert(
      fc.property(anyCase, ({ part, style }) => {
        const sheet = buildSheet(part, style);
        const text = sheetToDxf(sheet);
        const { dxf } = parseDxf(text, 'generated.dxf');
        expect(dxf.header.$INSUNITS).toBe(style.units === 'inch' ? 1 : 4);
        expect(dxf.header.$DIMLFAC).toBe(sheet.headerLengthFactor);
        const entities = dxf.entities as ((typeof dxf.entities)[number] & {
          text?: string;
          block?: string;
          lineType?: string;
        })[];
        const dimensions = entities.filter((e) => e.type === 'DIMENSION');
        expect(dimensions).toHaveLength(sheet.dimensions.length);
        if (part.kind === 'turned' || part.holes.length > 0)
          expect(entities.some((e) => e.type === 'LINE' && e.lineType === 'CENTER')).toBe(true);
        if (part.kind === 'turned' && style.view !== 'halfSection' && part.bores.length > 0)
          expect(entities.some((e) => e.lineType === 'HIDDEN')).toBe(true);
        if (part.kind === 'turned' && style.view === 'halfSection')
          expect(text).toMatch(/\n0\nHATCH\n/);
        dimensions.forEach((entity, i) => {
          const drawn = sheet.dimensions[i]!;
          const shown = encodeDxfText(drawn.text.lines, style.diameterSymbol);
          if (style.dimensionText === 'explicit')
            expect(entity.text?.replace(/\{\\H0\.7x;(.*?)\}/g, '$1')).toBe(shown);
          if (style.dimensionText === 'blockOnly') expect(entity.text ?? '').toBe('');
          if (style.dimensionText === 'measuredOnly') expect(entity.block).toBeUndefined();
          else {
            // The block holds the text as shown, the arrowheads as SOLIDs and the lines.
            const block = dxf.blocks[entity.block!]!;
            expect(entity.block).toMatch(/^\*D\d+$/);
            const blockEntities = block.entities as { type: string; text?: string }[];
            const mtext = blockEntities.find((e) => e.type === 'MTEXT')!;
            expect(mtext.text?.replace(/^\\A1;/, '').replace(/\{\\H0\.7x;(.*?)\}/g, '$1')).toBe(
              shown,
            );
            expect(blockEntities.filter((e) => e.type === 'SOLID')).toHaveLength(
              drawn.arrows.length,
            );
            expect(blockEntities.filter((e) => e.type === 'LINE')).toHaveLength(drawn.lines.length);
          }
        });
        if (style.dimensionScale === 'xdataOverride')
          expect(text).toContain('1001\nACAD\n1000\nDSTYLE\n1002\n{\n1070\n144\n1040\n1\n1002\n}');
        // Diameters shown in the style's symbol; drawn sizes at the drawing's scale.
        const symbolCode = {
          '%%c': '%%c',
          'U+2300': '\u2300',
          'U+00D8': '\u00d8',
          '\\U+2205': '\\U+2205',
        }[style.diameterSymbol];
        for (const drawn of sheet.dimensions) {
          if (drawn.text.lines.flat().some((p) => 'text' in p && p.text.includes('Ø')))
            expect(encodeDxfText(drawn.text.lines, style.diameterSymbol)).toContain(symbolCode);
          const length = drawn.shows.find((v) => v.kind === 'length' || v.kind === 'thickness');
          if (drawn.kind === 'linear' && length?.mm !== undefined) {
            const unitMm = style.units === 'inch' ? 25.4 : 1;
            expect(drawn.measured * unitMm).toBeCloseTo(length.mm * sheet.drawnScale, 6);
          }
        }
        // General notes as TEXT, MTEXT each or one MTEXT; the material in the title block.
        const texts = entities.filter((e) => e.type === 'TEXT' || e.type === 'MTEXT');
        const tolerance = texts.find((e) => e.text?.includes(part.generalTolerance));
        expect(tolerance?.type).toBe(style.notesAs === 'text' ? 'TEXT' : 'MTEXT');
        if (style.notesAs === 'oneMtext' && sheet.notes.filter((n) => n.general).length > 1)
          expect(tolerance?.text).toContain('\\P');
        if (style.frame === 'block') {
          const insert = entities.find((e) => e.type === 'INSERT') as { name?: string };
          const titleTexts = dxf.blocks[insert.name!]!.entities as { text?: string }[];
          expect(titleTexts.map((e) => e.text)).toContain(part.material);
        }
        if (style.frame === 'lines') expect(texts.map((e) => e.text)).toContain(part.material);
        // Every value is in mm and positive.
        for (const value of sheet.truth) {
          if (value.mm !== undefined) expect(value.mm).toBeGreaterThan(0);
          if (value.kind === 'material' || value.kind === 'thread') expect(value.text).toBeTruthy();
        }
      }),
      { numRuns: 120, seed },
    );
  });

  it('plots the sheet as SVG and PNG with its texts drawn', () => {
    const [drawing] = fc.sample(
      drawingCaseArb({
        name: 'plot',
        part: 'turned',
        vary: { view: ['halfSection'] },
        require: { bore: true, tolerance: true },
      }),
      { numRuns: 1, seed },
    );
    const sheet = buildSheet(drawing!.part, drawing!.style);
    const svg = sheetToSvg(sheet);
    expect(svg).toContain('font-family="DejaVu Sans"');
    expect(svg).toContain('stroke-dasharray');
    expect(svg).toContain('url(#hatch)');
    const png = svgToPng(svg, 150);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Width in px at 150 dpi from the SVG's width in mm.
    const widthMm = Number(/width="([\d.]+)mm"/.exec(svg)![1]);
    expect(Math.abs(png.readUInt32BE(16) - (widthMm / 25.4) * 150)).toBeLessThanOrEqual(1);
  });
});

/** Styles a plot can show (views, lengths, symbols, tolerances, units): any part. */
const plotGroup: StyleGroup = {
  name: 'plot',
  part: 'any',
  vary: {
    view: STYLE_VALUES.view,
    axis: STYLE_VALUES.axis,
    lengths: STYLE_VALUES.lengths,
    diameterSymbol: STYLE_VALUES.diameterSymbol,
    toleranceForm: STYLE_VALUES.toleranceForm,
    units: STYLE_VALUES.units,
    plateThickness: STYLE_VALUES.plateThickness,
  },
};

/**
 * Reads 10 generated drawings plotted as `type` (the plot made by `plot` from the sheet's SVG)
 * and returns the mean recall, printing each drawing's.
 */
async function meanRecallOfPlots(
  type: 'png' | 'pdf',
  plot: (svg: string) => Buffer | Promise<Buffer>,
): Promise<number> {
  const drawings = fc.sample(drawingCaseArb(plotGroup), { numRuns: 10, seed });
  const recalls: number[] = [];
  for (const drawing of drawings) {
    const sheet = buildSheet(drawing.part, drawing.style);
    const bytes = await plot(sheetToSvg(sheet));
    const description = await readDrawing({ fileName: `generated.${type}`, type, bytes });
    const score = scoreDescription(fixtureFromTruth(sheet, type), description);
    recalls.push(score.recall);
    console.info(
      `${type} recall ${score.recall.toFixed(2)} ${describeCase(drawing)}; missed ${score.missed.map(formatValue).join(', ')}`,
    );
  }
  const mean = recalls.reduce((sum, r) => sum + r, 0) / recalls.length;
  console.info(`${type} round trip: mean recall ${mean.toFixed(2)}`);
  return mean;
}

/** Raster round trip: a drawing plotted and scanned at 150 dpi, read by the image reader. */
describe('round trip: generated drawings through the image reader', () => {
  it(`reads at least ${RASTER_RECALL_FLOOR * 100} % of the written values from PNG scans at 150 dpi`, async () => {
    const mean = await meanRecallOfPlots('png', (svg) => svgToPng(svg, 150));
    expect(mean).toBeGreaterThanOrEqual(RASTER_RECALL_FLOOR);
  }, 600_000);
});

/**
 * PDF round trip: the same plots written as vector PDFs (paths and text, as a CAD program's PDF
 * export), read by the PDF reader. Every drawing is read (a refusal throws and fails the test).
 */
describe('round trip: generated drawings through the PDF reader', () => {
  it(`reads at least ${PDF_RECALL_FLOOR * 100} % of the written values from vector PDFs`, async () => {
    const mean = await meanRecallOfPlots('pdf', svgToPdf);
    expect(mean).toBeGreaterThanOrEqual(PDF_RECALL_FLOOR);
  }, 300_000);
});
