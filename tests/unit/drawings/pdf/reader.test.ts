import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { blueprintDescriptionSchema } from '#contracts/blueprint';
import { closeOcr, recognizeImage } from '#drawings/image/reader';
import { fitArc } from '#drawings/page/curves';
import { sortPaths } from '#drawings/page/drawing';
import type { PagePath } from '#drawings/page/paths';
import { openPdf, pageGeometry } from '#drawings/engines/pdfjs';
import { TEXT_ONLY_PROFILE_WHY } from '#drawings/page/unplaced-values';
import { pagePaths } from '#drawings/pdf/paths';
import { readPdf } from '#drawings/pdf/reader';
import { textRuns } from '#drawings/pdf/text';
import { DrawingReadError, type TextRun } from '#drawings/reading';
import { blueprintsDir } from '#tests/helpers/paths';

/** A drawing from ../shared/blueprints (test input only, never copied into the repo). */
const blueprint = (path: string) => readFileSync(new URL(path, blueprintsDir));

/** A minimal PDF written by hand, with a correct cross-reference table. */
function handmadePdf(mediaBox: string, content: string, resources = '<< >>'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [${mediaBox}] >>`,
    `<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources ${resources} >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The text runs and sorted paths of page 1. */
async function firstPage(path: string) {
  const doc = await openPdf(blueprint(path), path);
  try {
    const page = await doc.getPage(1);
    const geometry = pageGeometry(page, path);
    const content = await page.getTextContent();
    const runs = textRuns(content.items, geometry.transform, 1, 5000);
    const list = await page.getOperatorList();
    const { paths } = pagePaths(list, geometry.transform, 200_000);
    return { geometry, runs, paths, drawing: sortPaths(paths) };
  } finally {
    await doc.destroy();
  }
}

const runOf = (runs: TextRun[], text: string) => runs.find((run) => run.text === text);

afterAll(async () => {
  await closeOcr();
});

describe('PDF text and vector paths', () => {
  it('reads the text runs of the V wheel with their place on the page (points, y down)', async () => {
    const { geometry, runs } = await firstPage('lathe/vwheel_b17021_rev_3.pdf');
    expect(geometry.widthPt).toBeCloseTo(1224, 0);
    expect(geometry.heightPt).toBeCloseTo(792, 0);
    expect(runs.length).toBeGreaterThan(80);
    expect(runs.every((run) => run.origin === 'pdf-text' && run.confidence === 1)).toBe(true);
    const bore = runOf(runs, '15.95');
    expect(bore).toBeDefined();
    // Left of the section, below its axis: the page rendered at 1.5 x shows it at about
    // 903, 632 px, i.e. 602, 421 pt.
    expect(bore!.x).toBeCloseTo(602.5, 0);
    expect(bore!.y).toBeCloseTo(420.4, 0);
    expect(bore!.width).toBeGreaterThan(40);
    expect(bore!.width).toBeLessThan(50);
    expect(bore!.angleDeg).toBe(0);
    // The title sits below the part: y grows down the page.
    expect(runOf(runs, 'B17021')!.y).toBeGreaterThan(bore!.y);
  });

  it('sorts the V wheel paths into outlines, a centre line, thin lines and arrowheads', async () => {
    const { drawing } = await firstPage('lathe/vwheel_b17021_rev_3.pdf');
    expect(drawing.outlineWidthPt).toBeCloseTo(1, 1);
    expect(drawing.centre.length).toBeGreaterThanOrEqual(1);
    // Dimension and leader arrowheads are filled triangles.
    expect(drawing.arrows.length).toBeGreaterThanOrEqual(20);
    // The end view's circles are drawn as Béziers and come back as full circles.
    const circles = drawing.part.filter((p) => p.kind === 'arc' && p.endRad - p.startRad > 6.28);
    expect(circles.length).toBeGreaterThanOrEqual(3);
    // Hatching and dimension lines are thin: not part geometry.
    expect(drawing.thin.length).toBeGreaterThan(50);
  });

  it('reads the Gripper: rotated text, grey dimension lines apart from the black outline', async () => {
    const { runs, drawing } = await firstPage('lathe/Gripper.PDF');
    expect(runs.length).toBeGreaterThan(40);
    expect(runs.some((run) => run.text.includes('UR10_29.20'))).toBe(true);
    const rotated = runs.find((run) => run.text.includes('35.36'));
    expect(rotated).toBeDefined();
    expect(Math.abs(rotated!.angleDeg)).toBeCloseTo(90, 0);
    expect(drawing.outlineWidthPt).toBeCloseTo(0.7, 1);
    // The flange outline and the hole circles, drawn as polylines, become circles.
    expect(
      drawing.part.filter((p) => p.kind === 'arc' && p.endRad - p.startRad > 6.28).length,
    ).toBeGreaterThanOrEqual(5);
    expect(drawing.centre.length).toBeGreaterThan(10);
    expect(drawing.arrows.length).toBeGreaterThanOrEqual(8);
  });
});

describe('readPdf', () => {
  it('describes the V wheel: diameters, groove, bore with tolerance, width, chamfers, material', async () => {
    const stages: string[] = [];
    const description = await readPdf(
      blueprint('lathe/vwheel_b17021_rev_3.pdf'),
      'vwheel_b17021_rev_3.pdf',
      recognizeImage,
      (fraction, stage) => {
        expect(fraction).toBeGreaterThanOrEqual(0);
        expect(fraction).toBeLessThanOrEqual(1);
        stages.push(stage);
      },
    );
    expect(blueprintDescriptionSchema.safeParse(description).success).toBe(true);
    expect(description.source).toBe('PDF (offline reader): vwheel_b17021_rev_3.pdf');
    expect(stages).toContain('Reading the text of page 1');
    // Drawn at 2:1 (no scale written): found from the dimensions.
    expect(description.overview).toContain('2:1');
    expect(description.outerDiameters.map((d) => d.diameterMm)).toEqual([23.5, 18.75, 23.5]);
    const [first, groove, last] = description.outerDiameters;
    expect(first!.startMm).toBe(0);
    expect(first!.lengthMm).toBeCloseTo(3.475, 2);
    expect(groove!.lengthMm).toBeCloseTo(0.55, 3);
    expect(last!.startMm! + last!.lengthMm!).toBeCloseTo(7.5, 2);
    expect(description.dimensions.overallLengthMm).toBeCloseTo(7.5, 3);
    // A bearing seat Ø15.95 from each end, and the Ø13.89 shoulder between them.
    expect(description.innerDiameters.map((d) => [d.diameterMm, d.through])).toEqual([
      [15.95, false],
      [15.95, false],
      [13.89, true],
    ]);
    for (const seat of description.innerDiameters.slice(0, 2)) {
      expect(seat.lengthMm).toBeCloseTo(3.255, 2);
      expect(seat.tolerance).toMatchObject({ upperMm: 0.026, lowerMm: -0.026 });
    }
    // The seats' tolerance, given by the written value snapped onto them, is listed, and the
    // drawing is not said to have no tolerances.
    expect(description.dimensions.tolerances).toBe('bore Ø15.95 ±0.026');
    expect(description.unresolved!.some((entry) => /^No tolerances/.test(entry))).toBe(false);
    // The V groove's flanks read as 45° chamfers; the '0.3 x 45° Cham Typ.' note is applied.
    expect(description.features.chamfers.some((c) => c.sizeMm === 0.3 && c.angleDeg === 45)).toBe(
      true,
    );
    expect(description.materialSpecs.material).toMatch(/acetal|delrin/i);
    const bore = description.readings!.find((r) => r.field === 'Bore 1');
    expect(bore?.source).toMatch(/page 1, dimension "15\.95/);
    expect(description.readings!.some((r) => r.field === 'Material')).toBe(true);
    expect(description.overview).toContain('read offline from the PDF');
    // The V groove's flanks are named so and sized from its written top width: (4.5 − 0.55) / 2.
    const flanks = description.features.chamfers.filter((c) => /V groove/.test(c.purpose ?? ''));
    expect(flanks.map((c) => [c.sizeMm, c.angleDeg, c.atMm])).toEqual([
      [1.975, 45, 3.475],
      [1.975, 45, 4.025],
    ]);
    expect(flanks[0]!.purpose).toBe(
      'flank of the 90° V groove down to Ø18.75, 4.5 mm wide at the top',
    );
    // The written axial sizes off the shoulders are placed, with their own tolerances.
    expect(
      description.dimensions.lengths!.map((l) => [l.mm, l.measures, l.tolerance ?? null]),
    ).toEqual([
      [3.75, 'position', null],
      [7.5, 'length', null],
      [4.5, 'length', null],
      [1, 'length', { upperMm: 0, lowerMm: -0.08 }],
      [0.55, 'length', null],
    ]);
    expect(description.unresolved!.some((entry) => /does not run between/.test(entry))).toBe(false);
    // Measured sizes are rounded (the drawn break edges measure 0.1005 mm).
    for (const chamfer of description.features.chamfers.filter((c) => !flanks.includes(c))) {
      expect(Math.abs(chamfer.sizeMm! * 100 - Math.round(chamfer.sizeMm! * 100))).toBeLessThan(
        1e-6,
      );
      expect(Number.isInteger(chamfer.angleDeg)).toBe(true);
    }
    const measured = description.readings!.find((r) => r.field === 'Chamfer 1');
    expect(measured).toMatchObject({ confidence: 0.8 });
    expect(measured!.source).toMatch(/^page 1 drawn geometry at \d+, \d+ pt/);
    // Dimension texts are not notes.
    expect(description.unresolved!.some((entry) => /Note kept as text.*"15\.95"/.test(entry))).toBe(
      false,
    );
  });

  it('describes the Gripper flange at its written Ø70.50 ±0.05 and PLA', async () => {
    const description = await readPdf(
      blueprint('lathe/Gripper.PDF'),
      'Gripper.PDF',
      recognizeImage,
    );
    const flange = description.outerDiameters.find((d) => d.diameterMm === 70.5);
    expect(flange).toMatchObject({ tolerance: { upperMm: 0.05, lowerMm: -0.05 } });
    expect(description.materialSpecs.material).toBe('PLA');
    expect(description.surfaceFinish.raUm).toBe(12);
    // The bosses beside the axis (circles off the centre in the end view) are no diameter: the
    // lathe turns their envelope (decision 096), 7 long as written, and they are milled from it.
    expect(description.outerDiameters.map((d) => [d.diameterMm, d.lengthMm])).toEqual([
      [60.59, 7],
      [70.5, 6],
    ]);
    expect(description.innerDiameters).toEqual([]);
    expect(description.unresolved).toContainEqual(
      expect.stringMatching(/Ø45\.93 .* beside the axis.*the lathe turns their envelope Ø60\.59/),
    );
    expect(description.features.chamfers.map((c) => c.angleDeg)).toEqual([45]);
  });

  it('refuses a truncated PDF with a message naming the file', async () => {
    const bytes = blueprint('lathe/vwheel_b17021_rev_3.pdf');
    const truncated = bytes.subarray(0, 300);
    await expect(readPdf(truncated, 'cut.pdf', recognizeImage)).rejects.toThrow(DrawingReadError);
    await expect(readPdf(truncated, 'cut.pdf', recognizeImage)).rejects.toThrow(/^cut\.pdf /);
  });

  it('refuses random bytes behind a PDF header', async () => {
    let seed = 7;
    const noise = Buffer.alloc(4000, 0).map(() => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % 256;
    });
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), noise]);
    await expect(readPdf(bytes, 'noise.pdf', recognizeImage)).rejects.toThrow(
      /noise\.pdf could not be read as a PDF/,
    );
    await expect(readPdf(bytes, 'noise.pdf', recognizeImage)).rejects.not.toThrow(/\.\./);
  });

  it('refuses an empty file', async () => {
    await expect(readPdf(Buffer.alloc(0), 'empty.pdf', recognizeImage)).rejects.toThrow(
      /empty\.pdf is empty/,
    );
  });

  it('refuses a page larger than any drawing sheet', async () => {
    const huge = handmadePdf('0 0 100000 100000', '0 0 m 10 10 l S');
    await expect(readPdf(huge, 'huge.pdf', recognizeImage)).rejects.toThrow(
      /huge\.pdf: page 1 is .* larger than any drawing sheet/,
    );
  });

  it('describes an empty page and says what it could not read', async () => {
    const blank = handmadePdf('0 0 595 842', '');
    const description = await readPdf(blank, 'blank.pdf', recognizeImage);
    expect(description.source).toBe('PDF (offline reader): blank.pdf');
    expect(description.outerDiameters).toEqual([]);
    expect(description.unresolved!.length).toBeGreaterThan(0);
    expect(description.unresolved![0]).toMatch(/no text and no drawn part/);
  });

  it('holds a turned profile read from the text alone until it is checked (decision 088)', async () => {
    // Written sizes and no drawn part: where each diameter runs is not seen.
    const font =
      '<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> >> >>';
    const text = 'BT /F1 14 Tf 100 700 Td (\\330 40) Tj 0 -40 Td (\\330 25) Tj ET';
    const bytes = handmadePdf('0 0 595 842', text, font);
    const description = await readPdf(bytes, 'words.pdf', recognizeImage);
    expect(description.outerDiameters.map((d) => d.diameterMm)).toEqual(
      expect.arrayContaining([40, 25]),
    );
    expect(description.unplaced?.map((entry) => entry.why)).toEqual([TEXT_ONLY_PROFILE_WHY]);
    expect(description.unresolved?.join(' ')).toMatch(/is read from the drawing's text alone/);
  });

  // OCR path: the long reamer facer's text is drawn as strokes, so the page is rendered and read
  // by OCR (image-reader.ts); slow (about 10 s).
  it(
    'reads the long reamer facer through OCR of the rendered page',
    { timeout: 120_000 },
    async () => {
      const description = await readPdf(
        blueprint('lathe/long_reamer_facer.pdf'),
        'long_reamer_facer.pdf',
        recognizeImage,
      );
      expect(description.overview).toMatch(/read by OCR/);
      const diameters = description.outerDiameters.map((d) => d.diameterMm);
      expect(diameters).toHaveLength(3);
      expect(diameters[0]).toBeCloseTo(11.11, 1);
      expect(diameters[1]).toBe(8.85);
      expect(diameters[2]).toBe(15.48);
      expect(description.outerDiameters[0]!.lengthMm).toBe(20);
      expect(description.outerDiameters[1]!.lengthMm).toBeCloseTo(5, 1);
      expect(description.features.chamfers[0]?.purpose).toMatch(/bevel/);
      // '875mm or longer (not to scale)' on the long diameter's dimension line replaces the
      // drawn 120 mm, as the DXF's dimension does.
      expect(description.outerDiameters[2]!.lengthMm).toBe(875);
      expect(description.outerDiameters[2]!.length).toBe('875 mm or longer (not to scale)');
      expect(description.dimensions.overallLengthMm).toBeCloseTo(900, 0);
      expect(
        description.unresolved!.some((entry) => entry.includes('875mm or longer (not to scale)')),
      ).toBe(true);
    },
  );
});

describe('PDF geometry of plates', () => {
  it('fits an open arc through its drawn ends, so outline chains stay joined', () => {
    // A quarter circle of radius 3 pt with 0.04 pt of noise on the inner points.
    const points = Array.from({ length: 9 }, (_, i) => {
      const angle = (i / 8) * (Math.PI / 2);
      const noise = i === 0 || i === 8 ? 0 : i % 2 === 0 ? 0.04 : -0.04;
      return { x: 10 + (3 + noise) * Math.cos(angle), y: 20 + (3 + noise) * Math.sin(angle) };
    });
    const arc = fitArc(points)!;
    expect(arc.kind).toBe('arc');
    const end = (angle: number) => ({
      x: arc.center.x + arc.radius * Math.cos(angle),
      y: arc.center.y + arc.radius * Math.sin(angle),
    });
    const ends = [end(arc.startRad), end(arc.endRad)];
    for (const drawn of [points[0]!, points[8]!]) {
      const gap = Math.min(...ends.map((e) => Math.hypot(e.x - drawn.x, e.y - drawn.y)));
      expect(gap).toBeLessThan(1e-6);
    }
  });

  it("keeps a hole's circle that a leader's arrow points at as an outline", () => {
    const circle: PagePath = {
      points: Array.from({ length: 17 }, (_, i) => ({
        x: 100 + 5 * Math.cos((i / 16) * 2 * Math.PI),
        y: 100 + 5 * Math.sin((i / 16) * 2 * Math.PI),
      })),
      closed: true,
      paint: 'stroke',
      lineWidthPt: 1,
      dash: [],
      color: '#000000',
      curves: [],
    };
    // A filled arrowhead whose tip is the circle's first point, and its leader line.
    const arrow: PagePath = {
      points: [
        { x: 105, y: 100 },
        { x: 110, y: 98.8 },
        { x: 110, y: 101.2 },
        { x: 105, y: 100 },
      ],
      closed: true,
      paint: 'fill',
      lineWidthPt: 0,
      dash: [],
      color: '#000000',
      curves: [],
    };
    const leader: PagePath = {
      points: [
        { x: 105, y: 100 },
        { x: 140, y: 100 },
      ],
      closed: false,
      paint: 'stroke',
      lineWidthPt: 0.3,
      dash: [],
      color: '#000000',
      curves: [],
    };
    const outline: PagePath = {
      points: [
        { x: 60, y: 60 },
        { x: 160, y: 60 },
        { x: 160, y: 160 },
        { x: 60, y: 160 },
        { x: 60, y: 60 },
      ],
      closed: true,
      paint: 'stroke',
      lineWidthPt: 1,
      dash: [],
      color: '#000000',
      curves: [],
    };
    const drawing = sortPaths([outline, circle, arrow, leader]);
    expect(drawing.arrows).toHaveLength(1);
    const circles = drawing.part.filter((p) => p.kind === 'arc');
    expect(circles).toHaveLength(1);
    expect(drawing.thin.some((p) => p.a.x === 140 || p.b.x === 140)).toBe(true);
  });

  it('reads the P0011 base plate: its outline joined across the PDF rounding, 6 M3 holes', async () => {
    const description = await readPdf(
      blueprint('mill-edm/P0011_REV_E.pdf'),
      'P0011_REV_E.pdf',
      recognizeImage,
    );
    const plate = description.prismatic!;
    expect(plate).toBeDefined();
    const xs = plate.outline.map((p) => p.x);
    const ys = plate.outline.map((p) => p.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(41.49, 1);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(46.61, 1);
    const tapped = plate.holes.filter((h) => /M3/.test(h.thread ?? ''));
    expect(tapped).toHaveLength(6);
  });
});
