import { readFileSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { DxfReadError, readDxf } from '#drawings/dxf/reader';
import { renderDxfImage, type DxfImage } from '#drawings/dxf/render';
import { blueprintsDir } from '#tests/helpers/paths';

/** A drawing from ../shared/blueprints (test input only, never copied into the repo). */
const blueprint = (path: string) => readFileSync(new URL(path, blueprintsDir), 'utf8');

/** Group code / value pairs of a small ASCII DXF. */
const pairs = (...values: (string | number)[]) => values.join('\n');
const line = (x1: number, y1: number, x2: number, y2: number, layer = '0') =>
  pairs(0, 'LINE', 8, layer, 10, x1, 20, y1, 11, x2, 21, y2);
const text = (value: string, x: number, y: number) =>
  pairs(0, 'TEXT', 8, 'notes', 10, x, 20, y, 40, 2.5, 1, value);
function dxf(entities: string[], blocks?: string): string {
  return pairs(
    0,
    'SECTION',
    2,
    'HEADER',
    9,
    '$INSUNITS',
    70,
    4,
    0,
    'ENDSEC',
    ...(blocks ? [0, 'SECTION', 2, 'BLOCKS', blocks, 0, 'ENDSEC'] : []),
    0,
    'SECTION',
    2,
    'ENTITIES',
    // Joined first: 200 000 entities are too many arguments for a call.
    ...(entities.length ? [entities.join('\n')] : []),
    0,
    'ENDSEC',
    0,
    'EOF',
  );
}

/** The chunks of a PNG file, each checked against its CRC; throws on a broken file. */
function pngChunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typeAndData));
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('latin1'),
      data: typeAndData.subarray(4),
    });
    at += 12 + length;
  }
  return chunks;
}

/** Width and height from the PNG's IHDR, after checking its structure (8-bit RGB or RGBA). */
function pngSize(png: Buffer): { width: number; height: number } {
  const chunks = pngChunks(png);
  expect(chunks[0]!.type).toBe('IHDR');
  expect(chunks.at(-1)!.type).toBe('IEND');
  expect(chunks.some((chunk) => chunk.type === 'IDAT')).toBe(true);
  const header = chunks[0]!.data;
  expect(header[8]).toBe(8);
  expect([2, 6]).toContain(header[9]);
  return { width: header.readUInt32BE(0), height: header.readUInt32BE(4) };
}

/**
 * The image's grey levels (0 black to 255 white), row by row. The PNG is decoded by resvg's own
 * PNG decoder, as an <image> of an SVG of the same size: no second image library is needed.
 */
function greys(image: DxfImage): { at: (x: number, y: number) => number; all: Uint8Array } {
  const { widthPx: w, heightPx: h } = image;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><image width="${w}" height="${h}" href="data:image/png;base64,${image.png.toString('base64')}"/></svg>`;
  const rgba = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
  const all = new Uint8Array(w * h);
  // A pixel the decoder left transparent (a broken PNG) reads as black, never as paper.
  for (let i = 0; i < all.length; i++) all[i] = (rgba[4 * i]! * rgba[4 * i + 3]!) / 255;
  return { at: (x, y) => all[Math.round(y) * w + Math.round(x)]!, all };
}

/** Share of dark pixels (grey below 128) and the box around every pixel not white (below 200). */
function ink(image: DxfImage) {
  const { all } = greys(image);
  let dark = 0;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < all.length; i++) {
    if (all[i]! < 128) dark++;
    if (all[i]! >= 200) continue;
    const x = i % image.widthPx;
    const y = Math.floor(i / image.widthPx);
    [minX, minY, maxX, maxY] = [
      Math.min(minX, x),
      Math.min(minY, y),
      Math.max(maxX, x),
      Math.max(maxY, y),
    ];
  }
  return { share: dark / all.length, minX, minY, maxX, maxY };
}

/**
 * Extents of what each drawing shows as the part, mm: the reamer Ø15.875 × 145 (20 + 5 + 120);
 * makerslide 3.617 × 1.7618 in drawn at 2:1 ($DIMLFAC 0.5); FLH-001's outer contour; flange.dxf's four views with their
 * centre lines (x −37 to 112.43, y −104 to 24).
 */
const extentsMm: Record<string, [number, number]> = {
  'lathe/long_reamer_facer.dxf': [145, 15.875],
  'mill-edm/makerslide_b17022.dxf': [45.936, 22.375],
  'mill-edm/FLH-001.dxf': [175.5, 74.4],
  'mill-edm/flange.dxf': [149.43, 128],
};
const drawings = ['lathe', 'mill-edm'].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, blueprintsDir))
    .filter((file) => file.toLowerCase().endsWith('.dxf'))
    .map((file) => `${folder}/${file}`),
);

describe('renderDxfImage on the real drawings', () => {
  it('knows the extents of every DXF in the blueprintsDir folder', () => {
    expect(drawings.sort()).toEqual(Object.keys(extentsMm).sort());
  });

  it.each(drawings)('%s: a valid PNG that fits 1568 px and shows the drawing', async (path) => {
    const image = await renderDxfImage(blueprint(path), path);
    if (!image) throw new Error(`${path} gave no image`);
    const { width, height } = pngSize(image.png);
    expect([width, height]).toEqual([image.widthPx, image.heightPx]);
    expect(Math.max(width, height)).toBe(1568);

    // The image is the drawing's extents at one scale plus a margin of 2 % of 1568 px each side.
    const [widthMm, heightMm] = extentsMm[path]!;
    const pxPerMm = 1 / image.mmPerPx;
    const margin = Math.round(0.02 * 1568);
    expect(Math.abs(width - 2 * margin - widthMm * pxPerMm)).toBeLessThanOrEqual(1);
    expect(Math.abs(height - 2 * margin - heightMm * pxPerMm)).toBeLessThanOrEqual(1);

    // Ink fills the extents (a dash-dot centre line may end in a gap) and stays out of the margin.
    const found = ink(image);
    expect(found.share).toBeGreaterThan(0.005);
    expect(found.share).toBeLessThan(0.3);
    expect(found.maxX - found.minX).toBeGreaterThan(0.97 * widthMm * pxPerMm);
    expect(found.maxY - found.minY).toBeGreaterThan(0.97 * heightMm * pxPerMm);
    expect(Math.min(found.minX, found.minY)).toBeGreaterThanOrEqual(margin - 2);
    expect(found.maxX).toBeLessThanOrEqual(width - margin + 1);
    expect(found.maxY).toBeLessThanOrEqual(height - margin + 1);
  });

  it('gives the same bytes every time (the prompt cache needs them)', async () => {
    const path = 'mill-edm/FLH-001.dxf';
    const first = await renderDxfImage(blueprint(path), path);
    const second = await renderDxfImage(blueprint(path), path);
    expect(second!.png.equals(first!.png)).toBe(true);
  });

  it('scales to a smaller longest side when asked', async () => {
    const path = 'mill-edm/flange.dxf';
    const large = await renderDxfImage(blueprint(path), path);
    const small = await renderDxfImage(blueprint(path), path, { maxSidePx: 400 });
    expect(pngSize(small!.png)).toEqual({ width: 400, height: 345 });
    expect(small!.mmPerPx).toBeGreaterThan(3.5 * large!.mmPerPx);
    expect(ink(small!).share).toBeGreaterThan(0.01);
    await expect(renderDxfImage(blueprint(path), path, { maxSidePx: 10 })).rejects.toThrow(
      RangeError,
    );
  });
});

/**
 * Darkness (255 − grey, 0 for white paper) of the darkest pixel within 2 px of the drawing point
 * (x, y) mm: above and below it, or all round with `square`. `extents` is the drawing's box, mm.
 */
function darknessProbe(image: DxfImage, extents: { minX: number; maxY: number }) {
  const pixel = greys(image);
  const pxPerMm = 1 / image.mmPerPx;
  const margin = Math.round(0.02 * Math.max(image.widthPx, image.heightPx));
  return (x: number, y: number, square = false) => {
    const column = margin + (x - extents.minX) * pxPerMm;
    const row = margin + (extents.maxY - y) * pxPerMm;
    let darkest = 255;
    for (let dx = square ? -2 : 0; dx <= (square ? 2 : 0); dx++) {
      for (let dy = -2; dy <= 2; dy++) darkest = Math.min(darkest, pixel.at(column + dx, row + dy));
    }
    return 255 - darkest;
  };
}

describe('renderDxfImage on small drawings', () => {
  it('draws Y up, visible lines solid, hidden and centre lines broken and lighter', async () => {
    // 100 × 50 mm: a visible L (bottom edge and right edge), a hidden line at y 25 and a centre
    // line at y 40, both from x 0 to 90.
    const content = dxf([
      line(0, 0, 100, 0),
      line(100, 0, 100, 50),
      line(0, 25, 90, 25, 'HIDDEN'),
      line(0, 40, 90, 40, 'CENTER'),
    ]);
    const image = (await renderDxfImage(content, 'lines.dxf', { maxSidePx: 600 }))!;
    // Margin 12 px; 576 px for 100 mm, so 288 px for 50 mm.
    expect(pngSize(image.png)).toEqual({ width: 600, height: 312 });
    expect(image.mmPerPx).toBeCloseTo(100 / 576, 9);
    const darkness = darknessProbe(image, { minX: 0, maxY: 50 });
    const along = (y: number) =>
      Array.from({ length: Math.floor(85 / image.mmPerPx) }, (_, i) =>
        darkness(2 + i * image.mmPerPx, y),
      );
    const bottom = along(0);
    const hidden = along(25);
    const centre = along(40);
    // y = 0 is the bottom edge of the drawing, y = 50 its top: the right edge rises from it.
    expect(Math.min(...bottom)).toBeGreaterThan(200);
    expect(darkness(100, 45)).toBeGreaterThan(200);
    expect(darkness(50, 45)).toBe(0);
    // Dashes: ink and gaps along the line; both lighter than the visible edge.
    for (const broken of [hidden, centre]) {
      expect(broken.filter((value) => value > 60).length).toBeGreaterThan(0.4 * broken.length);
      expect(broken.filter((value) => value === 0).length).toBeGreaterThan(0.1 * broken.length);
      expect(Math.max(...broken)).toBeLessThan(Math.min(...bottom));
    }
  });

  it('draws arcs counter-clockwise from their start angle, and full circles', async () => {
    // An arc about (50, 50), R40, from 0° to 270°; a circle about (150, 50), R20.
    // Extents x 10 to 170, y 10 to 90.
    const content = dxf([
      pairs(0, 'ARC', 8, '0', 10, 50, 20, 50, 40, 40, 50, 0, 51, 270),
      pairs(0, 'CIRCLE', 8, '0', 10, 150, 20, 50, 40, 20),
    ]);
    const image = (await renderDxfImage(content, 'arcs.dxf', { maxSidePx: 800 }))!;
    expect(pngSize(image.png)).toEqual({ width: 800, height: 416 });
    const darkness = darknessProbe(image, { minX: 10, maxY: 90 });
    const onArc = (deg: number) => {
      const rad = (deg * Math.PI) / 180;
      return darkness(50 + 40 * Math.cos(rad), 50 + 40 * Math.sin(rad), true);
    };
    for (const deg of [10, 45, 90, 135, 180, 225, 260]) expect(onArc(deg)).toBeGreaterThan(200);
    for (const deg of [290, 315, 340]) expect(onArc(deg)).toBe(0);
    for (const [x, y] of [
      [150, 70],
      [150, 30],
      [130, 50],
      [170, 50],
      [164.14, 64.14],
    ] as const) {
      expect(darkness(x, y, true)).toBeGreaterThan(200);
    }
    expect(darkness(150, 50, true)).toBe(0);
  });

  it('gives undefined when there is nothing to draw', async () => {
    await expect(renderDxfImage(dxf([]), 'empty.dxf')).resolves.toBeUndefined();
    await expect(
      renderDxfImage(dxf([text('NOTES', 0, 0), line(0, 0, 297, 210, 'TITLE')]), 'notes.dxf'),
    ).resolves.toBeUndefined();
    // All of it in one point.
    await expect(renderDxfImage(dxf([line(5, 5, 5, 5)]), 'point.dxf')).resolves.toBeUndefined();
  });

  it('draws a drawing of 200 000 short lines (bounded work; times in npm run bench)', async () => {
    const entities: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      const x = (i % 500) * 3;
      const y = Math.floor(i / 500) * 3;
      entities.push(line(x, y, x + 2, y + 1));
    }
    const image = await renderDxfImage(dxf(entities), 'grid.dxf');
    if (!image) throw new Error('the grid gave no image');
    expect(pngSize(image.png)).toEqual({ width: 1568, height: 1266 });
    expect(ink(image).share).toBeGreaterThan(0.1);
  }, 60_000);
});

describe('renderDxfImage on input that is not a drawable DXF', () => {
  const reamer = blueprint('lathe/long_reamer_facer.dxf');

  /** The offline reader's message for the same input. */
  const readerMessage = (content: string, fileName: string) => {
    try {
      readDxf(content, fileName);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`readDxf read ${fileName}`);
  };

  it.each([
    ['empty', ''],
    ['truncated', reamer.slice(0, Math.floor(reamer.length / 2))],
    // Cut inside a POLYLINE: dxf-parser would loop forever on it.
    ['a cut POLYLINE', blueprint('mill-edm/FLH-001.dxf').slice(0, 158855)],
  ])('%s: throws DxfReadError with the reader’s message', async (_name, content) => {
    const rendering = renderDxfImage(content, 'broken.dxf');
    await expect(rendering).rejects.toThrow(DxfReadError);
    await expect(rendering).rejects.toThrow(readerMessage(content, 'broken.dxf'));
  });

  it('refuses a drawing that expands to more than 1 000 000 lines', async () => {
    const block = pairs(
      0,
      'BLOCK',
      8,
      '0',
      2,
      'CELL',
      70,
      0,
      10,
      0,
      20,
      0,
      3,
      'CELL',
      line(0, 0, 1, 1),
      line(1, 0, 0, 1),
      0,
      'ENDBLK',
      8,
      '0',
    );
    // 1000 × 1000 copies of a block of two lines: two million lines from a few hundred bytes.
    const array = pairs(
      0,
      'INSERT',
      8,
      '0',
      2,
      'CELL',
      10,
      0,
      20,
      0,
      70,
      1000,
      71,
      1000,
      44,
      2,
      45,
      2,
    );
    const content = dxf([array], block);
    await expect(renderDxfImage(content, 'array.dxf')).rejects.toThrow(
      new DxfReadError(
        'array.dxf is too large to draw: it expands to more than 1,000,000 lines and arcs. Send a drawing of the part alone.',
      ),
    );
  });
});
