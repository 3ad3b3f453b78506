/**
 * The second OCR engine (PaddleOCR, drawings/image/second-engine.ts) only adds to Tesseract's
 * reading: a page past its pixel budget skips it, and a run past its time or an engine that fails
 * leaves the description Tesseract's runs give, each time saying so in the description's source.
 * Read on a small drawing (100 × 60 mm at 150 dpi: an outline, a dimension, a diameter written
 * bottom to top and a material note), so that the four reads stay short.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { closeOcr, readImage } from '#drawings/image/reader';
import { secondEngineSettings } from '#drawings/image/second-engine';
import { svgToPng } from '#tests/helpers/drawings/raster';

const text = (x: number, y: number, content: string, turned = false) =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="3.5"${turned ? ` transform="rotate(-90 ${x} ${y})"` : ''}>${content}</text>`;
const bytes = svgToPng(
  `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="60mm" viewBox="0 0 100 60">` +
    `<g fill="none" stroke="black" stroke-width="0.5"><rect x="20" y="15" width="60" height="25"/></g>` +
    `<g stroke="black" stroke-width="0.25"><line x1="20" y1="10" x2="80" y2="10"/>` +
    `<line x1="15" y1="15" x2="15" y2="40"/></g>` +
    text(46, 9, '60') +
    text(14, 31, 'Ø25', true) +
    text(20, 52, 'MATERIAL: S235JR') +
    `</svg>`,
  150,
);
const READ_MS = 180_000;
const defaults = { ...secondEngineSettings };

/** The description without its source, which is where the engines' notes go. */
function withoutSource(description: BlueprintDescription) {
  const { source: _source, ...rest } = description;
  return rest;
}

/** Tesseract's reading alone, read once. */
let tesseractAlone: Promise<BlueprintDescription> | undefined;
function readByTesseract(): Promise<BlueprintDescription> {
  tesseractAlone ??= (async () => {
    secondEngineSettings.enabled = false;
    try {
      return await readImage(bytes, 'small.png', 'png');
    } finally {
      Object.assign(secondEngineSettings, defaults);
    }
  })();
  return tesseractAlone;
}

describe('the second OCR engine beside Tesseract', () => {
  afterEach(() => {
    Object.assign(secondEngineSettings, defaults);
    vi.doUnmock('#drawings/engines/paddle');
    vi.resetModules();
  });
  afterAll(async () => {
    await closeOcr();
  });

  it(
    'skips a page past its pixel budget and says so, the reading Tesseract’s',
    async () => {
      const alone = await readByTesseract();
      // Tesseract reads the drawing: the comparisons below compare readings.
      expect(alone.readings?.length).toBeGreaterThan(0);
      secondEngineSettings.enabled = true;
      secondEngineSettings.maxPixels = 100_000;
      const started = performance.now();
      const description = await readImage(bytes, 'small.png', 'png');
      expect(description.source).toContain(
        'PaddleOCR skipped: 591 × 354 px (0.2 MP) is past its 0.1 MP budget',
      );
      expect(description.source).toContain('small.png');
      expect(withoutSource(description)).toEqual(withoutSource(alone));
      expect(performance.now() - started).toBeLessThan(READ_MS);
    },
    READ_MS,
  );

  it(
    'stops a run past its time and reads on with Tesseract’s runs',
    async () => {
      const alone = await readByTesseract();
      secondEngineSettings.enabled = true;
      // 300 ms: the engine's process is killed while it starts or loads its models.
      secondEngineSettings.timeShare = 300 / 90_000;
      const description = await readImage(bytes, 'small.png', 'png');
      expect(description.source).toMatch(/PaddleOCR read nothing: PaddleOCR (was )?stopped/);
      expect(withoutSource(description)).toEqual(withoutSource(alone));
    },
    READ_MS,
  );

  it(
    'reads on with Tesseract’s runs when the engine fails',
    async () => {
      const alone = await readByTesseract();
      vi.resetModules();
      vi.doMock('#drawings/engines/paddle', () => ({
        recognizePaddleLines: () => Promise.reject(new Error('the model is broken')),
        closePaddleEngine: () => Promise.resolve(),
      }));
      const reader = await import('#drawings/image/reader');
      const settings = (await import('#drawings/image/second-engine')).secondEngineSettings;
      settings.enabled = true;
      try {
        const description = await reader.readImage(bytes, 'small.png', 'png');
        expect(description.source).toMatch(
          /^PNG image \(offline reader, OCR(?: and line work)?; PaddleOCR read nothing: the model is broken\): small\.png$/,
        );
        expect(withoutSource(description)).toEqual(withoutSource(alone));
      } finally {
        await reader.closeOcr();
      }
    },
    READ_MS,
  );
});
