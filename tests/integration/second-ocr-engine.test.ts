/**
 * The second OCR engine (PaddleOCR, drawings/image/second-engine.ts) only adds to Tesseract's
 * reading: a page past its pixel budget skips it, and a run past its time or an engine that fails
 * leaves the description Tesseract's runs give, each time saying so in the description's source.
 * Read on flange.png (1024 × 768 px) from ../shared/blueprints.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { closeOcr, readImage } from '#drawings/image/reader';
import { secondEngineSettings } from '#drawings/image/second-engine';

const bytes = readFileSync(path.resolve(process.cwd(), '../shared/blueprints/mill-edm/flange.png'));
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
      return await readImage(bytes, 'flange.png', 'png');
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
      secondEngineSettings.enabled = true;
      secondEngineSettings.maxPixels = 500_000;
      const started = performance.now();
      const description = await readImage(bytes, 'flange.png', 'png');
      expect(description.source).toContain(
        'PaddleOCR skipped: 1024 × 768 px (0.8 MP) is past its 0.5 MP budget',
      );
      expect(description.source).toContain('flange.png');
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
      const description = await readImage(bytes, 'flange.png', 'png');
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
        const description = await reader.readImage(bytes, 'flange.png', 'png');
        expect(description.source).toBe(
          'PNG image (offline reader, OCR and line work; PaddleOCR read nothing: the model is broken): flange.png',
        );
        expect(withoutSource(description)).toEqual(withoutSource(alone));
      } finally {
        await reader.closeOcr();
      }
    },
    READ_MS,
  );
});
