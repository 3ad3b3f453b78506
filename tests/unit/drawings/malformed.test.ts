/**
 * Broken and hostile drawings through the offline provider, as the server reads an upload:
 * each is refused with a 422 whose message names the file and says what to do, or (a blank
 * image) read into a description that lists what it could not find. Memory stays bounded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { blueprintDescriptionSchema } from '#contracts/blueprint';
import type { BlueprintDescription } from '#contracts/blueprint';
import { closeOcr } from '#drawings/image/reader';
import { createOfflineProvider } from '#server/assistant/offline/index';
import { inlineJobs } from '#tests/helpers/jobs';
import { AppError } from '#server/errors';
import type { DrawingType } from '#drawings/read';

/** The offline provider, reading on this thread (the pool has tests of its own). */
const offlineProvider = createOfflineProvider(inlineJobs);

const blueprints = path.resolve(process.cwd(), '../shared/blueprints');

/** Largest RSS growth allowed across the malformed set, bytes (a behaviour bound, not timing). */
const maxRssGrowthBytes = 500 * 1024 * 1024;
const rssAtStart = process.memoryUsage().rss;
let rssPeak = rssAtStart;

/** Reads a drawing as the server does; returns the description or the refusal. */
async function read(
  fileName: string,
  type: DrawingType,
  bytes: Buffer,
): Promise<{ description: BlueprintDescription } | { error: AppError }> {
  try {
    const analysis = await offlineProvider.describeBlueprint(
      { fileId: 'x', fileName, type, bytes },
      { organizationId: 'o', threadId: 't' },
    );
    return { description: blueprintDescriptionSchema.parse(analysis.description) };
  } catch (error) {
    if (error instanceof AppError) return { error };
    throw error;
  } finally {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
}

/** Expects a 422 with a short, plain message that names the file. */
async function expectRefused(fileName: string, type: DrawingType, bytes: Buffer) {
  const outcome = await read(fileName, type, bytes);
  if (!('error' in outcome))
    throw new Error(`${fileName} was read instead of refused: ${outcome.description.overview}`);
  const { error } = outcome;
  expect(error.statusCode).toBe(422);
  expect(error.code).toBe('validation_failed');
  expect(error.message).toContain(fileName);
  expect(error.message.length).toBeLessThan(400);
  expect(error.message).not.toMatch(/\bat .+:\d+:\d+|undefined|\[object /);
  return error.message;
}

/** Deterministic bytes (a linear congruential generator), so a failure can be repeated. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** A minimal, well-formed one-page PDF with one text line and the given MediaBox (points). */
function minimalPdf(mediaBox: [number, number, number, number]): Buffer {
  const content = 'BT /F1 12 Tf 72 72 Td (DIA 20) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [${mediaBox.join(' ')}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const stepHeader = [
  'ISO-10303-21;',
  'HEADER;',
  "FILE_DESCRIPTION(('empty model'),'2;1');",
  "FILE_NAME('empty.step','2024-01-01T00:00:00',(''),(''),'','','');",
  "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
  'ENDSEC;',
].join('\n');

describe('malformed drawings', () => {
  afterAll(async () => {
    await closeOcr();
  });

  it('refuses a truncated PDF', async () => {
    const whole = readFileSync(path.join(blueprints, 'lathe/vwheel_b17021_rev_3.pdf'));
    await expectRefused('truncated.pdf', 'pdf', whole.subarray(0, 600));
  });

  it('refuses random bytes behind a PDF header', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), noise(64 * 1024, 7)]);
    await expectRefused('noise.pdf', 'pdf', bytes);
  });

  it('refuses a page far larger than any drawing sheet', async () => {
    const message = await expectRefused(
      'huge-page.pdf',
      'pdf',
      minimalPdf([0, 0, 1_000_000, 1_000_000]),
    );
    expect(message).toMatch(/page|size|large/i);
  });

  it('reads the same minimal PDF with an A4 page (the test PDF itself is sound)', async () => {
    const outcome = await read('a4-page.pdf', 'pdf', minimalPdf([0, 0, 595, 842]));
    expect('description' in outcome).toBe(true);
  });

  it('reads a blank white PNG into a description that says what is missing', async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png()
      .toBuffer();
    const outcome = await read('blank.png', 'png', png);
    if (!('description' in outcome)) throw new Error(`blank.png refused: ${outcome.error.message}`);
    expect(outcome.description.unresolved?.length).toBeGreaterThan(0);
    expect(outcome.description.source ?? '').toContain('blank.png');
    expect(outcome.description.outerDiameters).toEqual([]);
    expect(outcome.description.prismatic?.holes ?? []).toEqual([]);
  }, 120_000);

  it('refuses corrupt JPG bytes', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), noise(8 * 1024, 11)]);
    await expectRefused('corrupt.jpg', 'jpg', bytes);
  });

  it('refuses a STEP file with a header but no solid', async () => {
    const text = `${stepHeader}\nDATA;\n#1=CARTESIAN_POINT('',(0.,0.,0.));\nENDSEC;\nEND-ISO-10303-21;\n`;
    await expectRefused('no-solid.step', 'step', Buffer.from(text));
  }, 60_000);

  it('refuses a STEP file that is random text', async () => {
    const text = 'This is not a STEP model.\n'.repeat(200);
    await expectRefused('random.step', 'step', Buffer.from(text));
  }, 60_000);

  it('keeps memory bounded across the malformed set', () => {
    expect(rssPeak - rssAtStart).toBeLessThan(maxRssGrowthBytes);
  });
});
