import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr, readImage, recognizeImage } from '#drawings/image/reader';
import { estimateSkewDeg, otsuThreshold, prepareImage } from '#drawings/engines/prepare-image';
import { isCalloutText, mergePasses, splitBaselines } from '#drawings/image/ocr-runs';
import { DrawingReadError, type TextRun } from '#drawings/reading';
import { reviseDescription } from '#drawings/revise/revise';
import type { BlueprintDescription } from '#contracts/blueprint';
import { removeUnplaced } from '#contracts/values-table';
import { generateLatheProgram } from '#cam/jobs/lathe';
import type { ProgramJob } from '#cam/program';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { suggestRoundBar } from '#cam/lathe/stock';
import { latheTooling } from '#tests/helpers/parts';
import { blueprintsDir } from '#tests/helpers/paths';

/** OCR of one sheet takes a few seconds; these are limits for a slow machine, not assertions. */
const OCR_TEST_MS = 60_000;

/** A drawing from ../shared/blueprints (test input only, never copied into the repo). */
const blueprint = (path: string) => readFileSync(new URL(path, blueprintsDir));

/** A 1200 × 800 px sheet: frame, a dimension line and callouts, one reading bottom to top. */
const drawingSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
<rect width="1200" height="800" fill="white"/>
<rect x="20" y="20" width="1160" height="760" fill="none" stroke="black" stroke-width="3"/>
<line x1="200" y1="300" x2="700" y2="300" stroke="black" stroke-width="2"/>
<g font-family="DejaVu Sans, sans-serif" font-size="24">
<text x="300" y="280">Ø42 ±0.1</text>
<text x="820" y="500">M8</text>
<text x="300" y="650">MATERIAL EN AW-6082</text>
<text transform="translate(130 620) rotate(-90)">125.5</text>
</g>
</svg>`;

let drawing: Promise<Buffer> | undefined;
const syntheticDrawing = () => (drawing ??= sharp(Buffer.from(drawingSvg)).png().toBuffer());
/** The same sheet turned 3° counter-clockwise (text rising to the right) on a white canvas. */
const skewedDrawing = async () =>
  sharp(await syntheticDrawing())
    .rotate(-3, { background: '#ffffff' })
    .png()
    .toBuffer();

/** Where a point of the 1200 × 800 sheet lands after sharp turns it 3° counter-clockwise. */
function afterSkew(x: number, y: number, canvas: { width: number; height: number }) {
  const radians = (3 * Math.PI) / 180;
  const dx = x - 600;
  const dy = y - 400;
  return {
    x: canvas.width / 2 + dx * Math.cos(radians) + dy * Math.sin(radians),
    y: canvas.height / 2 - dx * Math.sin(radians) + dy * Math.cos(radians),
  };
}

const centre = (run: TextRun) => ({ x: run.x + run.width / 2, y: run.y + run.height / 2 });
const find = (runs: TextRun[], pattern: RegExp) => runs.find((run) => pattern.test(run.text));

let liu: ReturnType<typeof recognizeImage> | undefined;
const liuRuns = () => (liu ??= recognizeImage(blueprint('lathe/LIU0010.jpg'), 1));

afterAll(async () => {
  await closeOcr();
});

describe('image preparation', { timeout: OCR_TEST_MS }, () => {
  it('puts the Otsu threshold between the ink and the paper', () => {
    const data = new Uint8Array(1000);
    data.fill(30, 0, 200);
    data.fill(220, 200);
    const threshold = otsuThreshold(data);
    expect(threshold).toBeGreaterThanOrEqual(30);
    expect(threshold).toBeLessThan(220);
  });

  it('measures the skew of a drawing turned 3° and of an upright one', async () => {
    const grey = async (png: Buffer) => {
      const { data, info } = await sharp(png)
        .greyscale()
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data: new Uint8Array(data), width: info.width, height: info.height };
    };
    const upright = await grey(await syntheticDrawing());
    expect(Math.abs(estimateSkewDeg(upright, 128))).toBeLessThan(0.3);
    const skewed = await grey(await skewedDrawing());
    expect(estimateSkewDeg(skewed, 128)).toBeCloseTo(3, 0);
    const other = await grey(
      await sharp(await syntheticDrawing())
        .rotate(2, { background: '#ffffff' })
        .png()
        .toBuffer(),
    );
    expect(estimateSkewDeg(other, 128)).toBeCloseTo(-2, 0);
  });

  it('enlarges small images by a whole factor up to 4× and A4 scans toward 3500 px', async () => {
    const blank = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
    const small = await prepareImage(await blank(1024, 768), 'small.png');
    expect(small.scale).toBe(3);
    expect(small.image.width).toBe(3072);
    expect((await prepareImage(await blank(400, 300), 'tiny.png')).scale).toBe(4);
    expect((await prepareImage(await blank(1200, 800), 'sheet.png')).scale).toBe(2);
    const scan = await prepareImage(await blank(1654, 2339), 'scan.png');
    expect(scan.scale).toBeCloseTo(3500 / 2339, 6);
  });
});

describe('OCR runs', () => {
  it('splits a line joined across two baselines by a leader, and leaves one baseline alone', () => {
    const word = (text: string, x0: number, y0: number, y1: number, confidence: number) => ({
      text,
      confidence,
      box: { x0, y0, x1: x0 + 60, y1 },
    });
    // long_reamer_facer.pdf at 300 dpi: two notes joined through the leader between them.
    const joined = {
      text: 'cut 7/16"-20 threads src ALME 5/87-8',
      confidence: 68,
      box: { x0: 1284, y0: 1392, x1: 2586, y1: 1561 },
      words: [
        word('cut', 1284, 1519, 1561, 88),
        word('7/16"-20', 1392, 1519, 1561, 21),
        word('threads', 1644, 1519, 1561, 96),
        word('src', 1956, 1392, 1542, 40),
        word('ALME', 2259, 1488, 1530, 84),
        word('5/87-8', 2421, 1488, 1530, 77),
      ],
    };
    const parts = splitBaselines(joined);
    expect(parts.map((p) => p.text)).toEqual(['cut 7/16"-20 threads', 'src', 'ALME 5/87-8']);
    expect(parts[0]!.box).toEqual({ x0: 1284, y0: 1519, x1: 1704, y1: 1561 });
    expect(parts[0]!.confidence).toBeCloseTo((88 + 21 + 96) / 3, 6);
    const single = {
      text: 'Troy Sankey',
      confidence: 96,
      box: { x0: 0, y0: 100, x1: 300, y1: 168 },
      words: [word('Troy', 0, 100, 168, 96), word('Sankey', 160, 104, 168, 96)],
    };
    expect(splitBaselines(single)).toEqual([single]);
  });

  it('tells complete callouts from other text, OCR confusions included', () => {
    expect(isCalloutText('©21,5£0,1')).toBe(true);
    expect(isCalloutText('2x R0,2')).toBe(true);
    expect(isCalloutText('M8')).toBe(true);
    expect(isCalloutText('SIGNATURE')).toBe(false);
    expect(isCalloutText('Ljushallare')).toBe(false);
  });

  it('keeps the more confident of two passes reading the same place, and both of one pass', () => {
    const run = (text: string, x: number, confidence: number, angleDeg = 0): TextRun => ({
      text,
      x,
      y: 100,
      width: 60,
      height: 30,
      angleDeg,
      page: 1,
      confidence,
      origin: 'ocr',
    });
    const upright = [run('Kolv', 100, 0.91), run('Cykelpump', 300, 0.9), run('Verkstad', 340, 0.9)];
    const turned = [run('OR', 110, 0.77, 90), run('16,5', 600, 0.95, 90)];
    const merged = mergePasses([upright, turned]).map((r) => r.text);
    expect(merged).toEqual(['Kolv', 'Cykelpump', 'Verkstad', '16,5']);
    const better = mergePasses([[run('Las', 100, 0.6)], [run('M8', 105, 0.92, 90)]]);
    expect(better.map((r) => r.text)).toEqual(['M8']);
  });
});

describe('recognizeImage', { timeout: OCR_TEST_MS }, () => {
  it('reads horizontal and vertical labels of a drawing, in the image pixels', async () => {
    const stages: string[] = [];
    const fractions: number[] = [];
    const { runs, frame } = await recognizeImage(await syntheticDrawing(), 3, (fraction, stage) => {
      fractions.push(fraction);
      stages.push(stage);
    });
    expect(frame).toEqual({ page: 3, width: 1200, height: 800, unit: 'px' });
    for (const run of runs) {
      expect(run.origin).toBe('ocr');
      expect(run.page).toBe(3);
      expect(run.confidence).toBeGreaterThanOrEqual(0.2);
      expect(run.confidence).toBeLessThanOrEqual(1);
    }
    const thread = find(runs, /^M8$/);
    expect(thread?.angleDeg).toBe(0);
    expect(centre(thread!).x).toBeCloseTo(838, -1);
    expect(centre(thread!).y).toBeCloseTo(492, -1);
    expect(find(runs, /AW-6082/)).toBeDefined();
    expect(find(runs, /42/)).toBeDefined();
    const vertical = find(runs, /125\.5/);
    expect(vertical?.angleDeg).toBe(90);
    expect(vertical!.height).toBeGreaterThan(vertical!.width);
    expect(centre(vertical!).x).toBeCloseTo(121, -1);
    expect(centre(vertical!).y).toBeCloseTo(586, -1);

    expect(stages[0]).toBe('Preparing the image');
    expect(stages).toContain('Recognizing text (pass 1 of 2)');
    expect(stages).toContain('Recognizing text (pass 2 of 2)');
    expect(fractions.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= fractions[i - 1]!))).toBe(
      true,
    );
    expect(fractions.at(-1)).toBe(1);
    // The model is read from node_modules and nothing is cached into the working directory.
    expect(existsSync('eng.traineddata')).toBe(false);
  });

  it('deskews a scan turned 3° and maps the boxes back onto it', async () => {
    const bytes = await skewedDrawing();
    const canvas = await sharp(bytes).metadata();
    const { runs, frame } = await recognizeImage(bytes, 1);
    expect(frame.width).toBe(canvas.width);
    const thread = find(runs, /^M8$/);
    expect(thread?.angleDeg).toBeCloseTo(3, 0);
    const sheet = { width: canvas.width, height: canvas.height };
    const threadAt = afterSkew(838.5, 492, sheet);
    expect(Math.abs(centre(thread!).x - threadAt.x)).toBeLessThan(4);
    expect(Math.abs(centre(thread!).y - threadAt.y)).toBeLessThan(4);
    expect(find(runs, /AW-6082/)).toBeDefined();
    const vertical = find(runs, /125\.5/);
    expect(vertical?.angleDeg).toBeCloseTo(93, 0);
    const verticalAt = afterSkew(121.5, 586, sheet);
    expect(Math.abs(centre(vertical!).x - verticalAt.x)).toBeLessThan(4);
    expect(Math.abs(centre(vertical!).y - verticalAt.y)).toBeLessThan(4);
  });

  it('finds the material, general tolerance and the vertical thread callout on LIU0010.jpg', async () => {
    const { runs, frame } = await liuRuns();
    expect(frame).toMatchObject({ width: 1654, height: 2339, unit: 'px' });
    const material = find(runs, /EN AW-6082/);
    expect(material).toBeDefined();
    // The material cell of the title block, lower middle of the sheet.
    expect(material!.x).toBeGreaterThan(650);
    expect(material!.y).toBeGreaterThan(2000);
    expect(find(runs, /2768/)).toBeDefined();
    expect(find(runs, /^M8$/)?.angleDeg).toBe(90);
  });

  it('reads the 10 px blue dimension text of flange.png (1024 × 768)', async () => {
    const { runs } = await recognizeImage(blueprint('mill-edm/flange.png'), 1);
    // The 42 and 60 under the front view, in the original pixels.
    const width42 = find(runs, /^42$/);
    expect(width42).toBeDefined();
    expect(centre(width42!).x).toBeGreaterThan(285);
    expect(centre(width42!).x).toBeLessThan(315);
    expect(centre(width42!).y).toBeGreaterThan(325);
    expect(centre(width42!).y).toBeLessThan(345);
    expect(find(runs, /^60$/)).toBeDefined();
  });

  it('finds no runs in an image without text', async () => {
    const blank = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="white"/><circle cx="300" cy="200" r="120" fill="none" stroke="black" stroke-width="3"/><line x1="100" y1="200" x2="500" y2="200" stroke="black"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const { runs, frame } = await recognizeImage(blank, 1);
    expect(runs).toEqual([]);
    expect(frame.width).toBe(600);
  });

  it('refuses bytes that are not an image', async () => {
    const broken = Buffer.from('%PDF-1.4 not an image at all');
    await expect(recognizeImage(broken, 1, undefined, 'broken.png')).rejects.toThrow(
      DrawingReadError,
    );
    await expect(readImage(broken, 'broken.png', 'png')).rejects.toThrow(
      /broken\.png could not be read as an image/,
    );
  });
});

describe('readImage', { timeout: OCR_TEST_MS }, () => {
  it('describes LIU0010.jpg from its text and line work, with the source and readings', async () => {
    const description = await readImage(blueprint('lathe/LIU0010.jpg'), 'LIU0010.jpg', 'jpg');
    expect(description.source).toBe('JPG image (offline reader, OCR and line work): LIU0010.jpg');
    // The overview names the file kind it was read from, not the page model it went through.
    expect(description.overview).toContain('read offline from the JPG image');
    expect(description.overview).not.toMatch(/\bPDF\b/);
    expect(description.materialSpecs.material).toMatch(/EN AW-6082/);
    const material = description.readings?.find((r) => /EN AW-6082/.test(r.value));
    expect(material?.source).toMatch(/^page 1 at .*\(OCR "EN AW-6082"/);
  });

  it('says so and asks for the sizes when an image holds no text', async () => {
    const blank = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const description = await readImage(blank, 'blank.png', 'png');
    expect(description.source).toBe('PNG image (offline reader, OCR): blank.png');
    expect(description.overview).toMatch(/No text was found in blank\.png/);
    expect(description.unresolved?.[0]).toMatch(/Change/);
  });
});

/** A lathe job on a LinuxCNC demo machine with the shop's standard tooling. */
function latheJob(description: BlueprintDescription): ProgramJob {
  const part = turnedPartFromDescription(description);
  const largest = Math.max(...part.outer.map((section) => section.targetMm));
  return {
    description,
    material: description.materialSpecs.material,
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: suggestRoundBar(largest, part.lengthMm)!.diameterMm },
    machine: {
      name: 'Test lathe',
      serialNumber: 'SN-1',
      dialect: 'linuxcnc',
      controllerType: 'Tormach PathPilot',
      controllerModel: 'PathPilot',
      manufacturer: 'Tormach',
      model: '15L Slant-PRO',
    },
    // LIU0010's O-ring groove is 2.5 mm wide: a 2 mm grooving insert beside the 3 mm blade.
    tools: [
      ...latheTooling,
      {
        id: 'tool-T9',
        slotNumber: 'T9',
        toolName: 'DGN 2002J',
        toolDescription: 'Grooving insert, 2 mm wide',
        toolType: 'Cutting',
        toolManufacturer: 'Iscar',
        toolHint: 'NOHINT',
      },
    ],
    programVersion: 1,
  };
}

describe(
  'lathe raster drawings to a verified program after one Change',
  { timeout: OCR_TEST_MS },
  () => {
    const read = (name: string) => readImage(blueprint(`lathe/${name}`), name, 'jpg');
    const diameters = (list: { diameterMm?: number }[]) => list.map((d) => d.diameterMm);

    it('Candle_holder.jpg: Ø42, Ø38, bores Ø38 H12 and Ø21,5 ±0,1, SS 1914', async () => {
      const description = await read('Candle_holder.jpg');
      expect(description.prismatic).toBeUndefined();
      // Read from the section's line work (its hatching shows the bores): the Ø38 step, the 45°
      // step up to Ø42, the Ø42 body and its top chamfer.
      expect(description.source).toContain('OCR and line work');
      expect(diameters(description.outerDiameters)).toEqual([38, 41.95, 42, 42]);
      expect(diameters(description.innerDiameters)).toEqual([38, 25.5, 21.5]);
      expect(description.innerDiameters[0]!.fit).toBe('H12');
      expect(description.innerDiameters[2]!.tolerance).toEqual({ upperMm: 0.1, lowerMm: -0.1 });
      expect(description.materialSpecs.material).toMatch(/SS 1914/);
      expect(description.dimensions.overallLengthMm).toBe(38);
      expect(description.features.chamfers.map((c) => [c.sizeMm, c.angleDeg])).toEqual([[1, 45]]);
      // The countersink's cone is not read: the Ø21.5 bore is said to go through, and the
      // countersink is left to a countersinking tool.
      const revised = reviseDescription(
        description,
        'bore Ø21.5 through, remove the Ø25.5 bore',
      ).description;
      const program = generateLatheProgram(latheJob(revised));
      expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
      expect(program.report.passed).toBe(true);
    });

    it('BM_part.jpg: flange Ø140, hub Ø60, bore Ø40 from the section; the Ø15 flange holes are milled', async () => {
      const description = await read('BM_part.jpg');
      expect(description.source).toContain('OCR and line work');
      // The section's profile: the hub, its 5 × 45° root chamfer (a taper), the flange.
      expect(diameters(description.outerDiameters)).toEqual([60, 69.75, 140]);
      expect(diameters(description.innerDiameters)).toEqual([40]);
      // The end view's four Ø15 holes on the flange, for the mill after turning.
      const holes = description.prismatic!.holes.filter((h) => h.diameterMm === 15);
      expect(holes).toHaveLength(4);
      const unresolved = description.unresolved!.join(' ');
      expect(unresolved).toMatch(/material/);
      expect(unresolved).toMatch(/The end view \(.*\) is not round/);
      expect(unresolved).toMatch(
        /drilled on a mill after turning; the lathe program does not make them/,
      );
      // '100 REF' is a reference dimension, not the overall length.
      expect(description.dimensions.overallLengthMm).not.toBe(100);
      // The flange's 20 is written beside an OCR smudge: given with Change, with the material.
      const revised = reviseDescription(
        description,
        'Ø140 x 20 long, material C45 steel',
      ).description;
      expect(revised.dimensions.overallLengthMm).toBeCloseTo(60, 6);
      const program = generateLatheProgram(latheJob(revised));
      expect(program.report.passed).toBe(true);
    });

    // Read from the section's line work: the lands and the groove between them, and the M8 drawn
    // at its tap drill (ISO 6410-1) as deep as the '16' written to the thread's limit.
    it('LIU0010.jpg: a turned piston, 2x Ø19,9 as lands, Ø16,5 groove, tapped M8 x 16, EN AW-6082', async () => {
      const description = await read('LIU0010.jpg');
      expect(description.prismatic).toBeUndefined();
      expect(description.source).toContain('OCR and line work');
      expect(diameters(description.outerDiameters)).toEqual([19.9, 16.5, 19.9]);
      expect(description.outerDiameters[1]!.tolerance).toEqual({ upperMm: 0.1, lowerMm: 0 });
      const [land, groove] = description.outerDiameters;
      expect(land!.lengthMm).toBeCloseTo(12.5, 6);
      // The groove is 2.5 +0.2/0 wide on the drawing; traced within that.
      expect(groove!.lengthMm).toBeGreaterThanOrEqual(2.5);
      expect(groove!.lengthMm).toBeLessThanOrEqual(2.7);
      expect(description.innerDiameters.map((d) => [d.thread, d.startMm, d.lengthMm])).toEqual([
        ['M8', 0, 16],
      ]);
      expect(description.materialSpecs.material).toMatch(/EN AW-6082/);
      expect(description.dimensions.generalTolerance).toMatch(/2768-m/);
      const unresolved = description.unresolved!.join(' ');
      expect(unresolved).not.toMatch(/hole positions|plate thickness|M8.*matches no diameter/);
    });

    // The values written in other views (the detail's groove corners R0,2 and R0,15 and its Ra
    // 0,8 and 1,6, the side view's running 15) are held as not placed until the operator removes
    // them from the values table; the shop adds its M8 tap drill and tap.
    it('LIU0010.jpg: a program once the values not placed are checked and removed', async () => {
      const description = await read('LIU0010.jpg');
      expect(description.unplaced?.map((entry) => entry.text)).toEqual([
        '2x R0,2',
        '\\ 2x R0,15',
        '0,8',
        '15',
        '1,6',
      ]);
      while (description.unplaced) removeUnplaced(description, 'unplaced', 0);
      const job = latheJob(description);
      job.tools.push(
        {
          ...job.tools[0]!,
          id: 'tool-T10',
          slotNumber: 'T10',
          toolName: 'Drill 6.8',
          toolDescription: 'HSS twist drill Ø6.8 mm, tap drill M8',
          toolType: 'Drilling',
        },
        {
          ...job.tools[0]!,
          id: 'tool-T11',
          slotNumber: 'T11',
          toolName: 'Tap M8x1.25',
          toolDescription: 'HSS-E machine tap, form C',
          toolType: 'Drilling',
        },
      );
      const program = generateLatheProgram(job);
      expect(program.report.unfinished).toEqual([]);
      expect(program.report.passed).toBe(true);
    });
  },
);
