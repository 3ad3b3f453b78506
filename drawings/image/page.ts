/**
 * A raster drawing read as geometry: its line work vectorized (vectorize.ts) into the painted
 * paths of a PDF page, so the page model's geometry (page/drawing.ts sortPaths, the dimension
 * lines of page/dimensions.ts, the shared description in page/drawn-part.ts) reads it like a
 * vector page, with the OCR'd text as the page's text.
 *
 * A raster says nothing of its size on paper. The image is first taken at its stored resolution
 * (or 150 dpi), then the dimension lines calibrate it: the length on the image that most
 * dimension lines agree on per written millimetre (within 2 %), times the scale written in the
 * title block (1:1 when none is), gives the points per pixel.
 */
import { MM_PER_INCH } from '#cam/callouts';
import { identity, type Point } from '../geometry/primitives.ts';
import { sortPaths, type PageDrawing } from '../page/drawing.ts';
import { hatchingOf } from '../page/content.ts';
import { hatchingAside } from './hatching.ts';
import { drawnDimensions } from '../page/drawn-part.ts';
import type { PageReading } from '../page/reading.ts';
import type { PagePath } from '../page/paths.ts';
import { MM_PER_PT, type DimensionLine, type DrawnDimension } from '../page/dimensions.ts';
import { letteringHeight, type PageFrame, type TextRun } from '../reading.ts';
import { readTextFindings, type TextCallout, type TextFindings } from '../text/describe.ts';
import { SIGN_READ_AS_DIGIT } from '../text/ocr.ts';
import { vectorize } from './vectorize.ts';
import type { VectorizeStats } from './types.ts';
import { readBesideLines } from './dimension-values.ts';
import { unreadShelves } from './leader-shelves.ts';
import { disagreeingCallouts } from './disagreeing-callouts.ts';
import { readingsChosen } from './engine-choice.ts';
import { dimensionLinesAside } from './extension-lines.ts';
import { withoutLineWorkRuns } from './line-work-runs.ts';
import { decodeGrey, imageSize, otsuThreshold, type GreyImage } from '../engines/prepare-image.ts';

/** Resolution assumed for an image that does not store its own, dots per inch. */
const DEFAULT_DPI = 150;
/**
 * The line work is vectorized with its longer side at least this long, px: thin lines of small
 * images (1 px at 1000 px wide) need 2–4 px to keep their width and their arrowheads' shape.
 */
const VECTORIZE_MIN_SIDE_PX = 2_400;
const MAX_UPSCALE = 2;
/**
 * Largest image vectorized, pixels: a 300 dpi A3 scan (17 Mpx) is read at about 200 dpi. The
 * vectorizer keeps about 12 bytes per pixel (ink, opening, skeleton, distances).
 */
const VECTORIZE_MAX_PIXELS = 12_000_000;
/** Wall time for reading the values of dimension lines that have none again, ms. */
const REREAD_MS = 4_000;
/** Dimension lines agree on the image's scale when within this share of each other. */
const SCALE_AGREEMENT = 0.02;

/** A raster page read as geometry, and what the vectorizer found. */
export interface RasterPage {
  reading: PageReading;
  stats: VectorizeStats;
  /** Points per original pixel the page was read at. */
  ptPerPx: number;
  /** How the image's size on paper was found. */
  calibratedBy: 'dimensions' | 'resolution';
  /**
   * The text runs as the page was read, original pixels: the OCR runs given, with values read
   * again beside dimension lines and diameter signs read as '2' mended.
   */
  runs: TextRun[];
}

/** The image decoded for the vectorizer (greyForLines). */
export interface LinesImage {
  image: GreyImage;
  /** Its pixels per original pixel. */
  scale: number;
  /** The resolution the file stores, if real. */
  dpi?: number;
}

/**
 * The image in grey for the vectorizer, dark ink on light paper: enlarged by a whole factor when
 * small (up to 2×), reduced when larger than VECTORIZE_MAX_PIXELS.
 * @returns the image, its pixels per original pixel, and the resolution it stores, if real
 */
export async function greyForLines(bytes: Buffer, fileName: string): Promise<LinesImage> {
  const { width, height, dpi } = await imageSize(bytes, fileName);
  const up = Math.max(
    1,
    Math.min(MAX_UPSCALE, Math.floor(VECTORIZE_MIN_SIDE_PX / Math.max(width, height))),
  );
  const scale = Math.min(up, Math.sqrt(VECTORIZE_MAX_PIXELS / (width * height)));
  const image = await decodeGrey(
    bytes,
    fileName,
    Math.max(1, Math.round(width * scale)),
    Math.max(1, Math.round(height * scale)),
  );
  // Light lines on a dark ground (a blueprint, a screenshot of a dark CAD theme): turned over.
  const threshold = otsuThreshold(image.data);
  let dark = 0;
  for (let i = 0; i < image.data.length; i++) if (image.data[i]! <= threshold) dark++;
  if (dark > image.data.length / 2)
    for (let i = 0; i < image.data.length; i++) image.data[i] = 255 - image.data[i]!;
  return { image, scale: image.width / width, ...(dpi ? { dpi } : {}) };
}

const scaleRun = <T extends { x: number; y: number; width: number; height: number }>(
  box: T,
  k: number,
): T => ({ ...box, x: box.x * k, y: box.y * k, width: box.width * k, height: box.height * k });

function scalePaths(paths: PagePath[], k: number): PagePath[] {
  return paths.map((path) => ({
    ...path,
    points: path.points.map((p) => ({ x: p.x * k, y: p.y * k })),
    lineWidthPt: path.lineWidthPt * k,
    dash: path.dash.map((d) => d * k),
  }));
}

/** Lines within this angle of horizontal or vertical are drawn square (radians, about 1°). */
const SQUARE_RAD = (1 * Math.PI) / 180;
/** Square lines whose positions differ by less than this are one position, px. */
const SNAP_PX = 1.6;

/**
 * Straight line work squared and its positions merged: lines within 1° of horizontal or vertical
 * made exactly so, and the heights (widths) of lines within 1.6 px of each other made one, so
 * that the steps and shoulders a scan blurs by a pixel meet again as they were drawn.
 */
function squareLines(paths: PagePath[], pxPt: number): PagePath[] {
  const tol = SNAP_PX * pxPt;
  type Square = { path: PagePath; axis: 'h' | 'v'; at: number };
  const squares: Square[] = [];
  for (const path of paths) {
    if (path.paint !== 'stroke' || path.points.length !== 2 || path.curves.length > 0) continue;
    const [a, b] = path.points as [Point, Point];
    const angle = Math.atan2(Math.abs(b.y - a.y), Math.abs(b.x - a.x));
    if (angle <= SQUARE_RAD) squares.push({ path, axis: 'h', at: (a.y + b.y) / 2 });
    else if (angle >= Math.PI / 2 - SQUARE_RAD)
      squares.push({ path, axis: 'v', at: (a.x + b.x) / 2 });
  }
  const positions = new Map<Square, number>();
  for (const axis of ['h', 'v'] as const) {
    const sorted = squares.filter((s) => s.axis === axis).sort((p, q) => p.at - q.at);
    let group: Square[] = [];
    const close = () => {
      if (group.length === 0) return;
      // The position of the group: its lines' positions weighted by their lengths.
      let weight = 0;
      let sum = 0;
      for (const s of group) {
        const [a, b] = s.path.points as [Point, Point];
        const length = Math.hypot(b.x - a.x, b.y - a.y);
        weight += length;
        sum += length * s.at;
      }
      for (const s of group) positions.set(s, sum / weight);
      group = [];
    };
    for (const square of sorted) {
      if (group.length > 0 && square.at - group[group.length - 1]!.at > tol) close();
      group.push(square);
    }
    close();
  }
  const squared = new Map<PagePath, PagePath>();
  for (const [square, at] of positions) {
    const [a, b] = square.path.points as [Point, Point];
    squared.set(square.path, {
      ...square.path,
      points:
        square.axis === 'h'
          ? [
              { x: a.x, y: at },
              { x: b.x, y: at },
            ]
          : [
              { x: at, y: a.y },
              { x: at, y: b.y },
            ],
    });
  }
  return paths.map((path) => squared.get(path) ?? path);
}

/**
 * A bridge's ends are corners of outline lines at least this many outline widths long (a 2 mm
 * groove at 150 dpi is about 8 widths of a 0.5 mm outline).
 */
const CORNER_WIDTHS = 3;
/** Ends of outline lines within this many outline widths meet (a scan blurs corners). */
const JOIN_WIDTHS = 2;
/**
 * The points per written millimetre most dimension lines agree on (drawn length ÷ written
 * value, within 2 % of each other), when at least two agree, or one line is all there is. The
 * agreeing lines give it by least squares (Σ length × value ÷ Σ value²): a line's ends are traced
 * to within a pixel or two whatever its length, so a short line (a 5 mm step's 39 px) says
 * little of the scale and a long one much.
 */
function agreedPtPerMm(pairs: { lengthPt: number; valueMm: number }[]): number | undefined {
  const lines = pairs
    .filter((p) => p.valueMm > 0 && p.lengthPt > 0)
    .map((p) => ({ ...p, ratio: p.lengthPt / p.valueMm }))
    .sort((a, b) => a.ratio - b.ratio);
  let best: { count: number; ratio: number } | undefined;
  for (const { ratio } of lines) {
    const agreeing = lines.filter((line) => Math.abs(line.ratio / ratio - 1) <= SCALE_AGREEMENT);
    if (best && agreeing.length <= best.count) continue;
    const lengthTimesValue = agreeing.reduce((sum, line) => sum + line.lengthPt * line.valueMm, 0);
    const valueSquared = agreeing.reduce((sum, line) => sum + line.valueMm ** 2, 0);
    best = { count: agreeing.length, ratio: lengthTimesValue / valueSquared };
  }
  if (!best || (best.count < 2 && lines.length > 1)) return undefined;
  return best.ratio;
}

/** Points per pixel a sheet can have: scanned or drawn at 36 to 1200 dots per inch. */
function plausible(ptPerPx: number): boolean {
  return ptPerPx >= 72 / 1200 && ptPerPx <= 2;
}

/**
 * The points per pixel at which the dimension lines' agreed length per written unit is the
 * drawing's scale, when plausible: the unit is the title block's, else a millimetre, else an
 * inch (an inch drawing scanned at 36 to 1200 dpi is implausible read as millimetres, and the
 * other way round, but for scans below 47 or above 900 dpi).
 *
 * @param ptPerUnit - page points (at basePtPerPx) per written unit the dimension lines agree on
 * @param basePtPerPx - points per original pixel the page was read at
 * @param ratio - the drawing scale written in the title block (2 for 2:1), 1 when none is
 * @param written - the units the title block names, when it does
 */
export function pxCalibrated(
  ptPerUnit: number,
  basePtPerPx: number,
  ratio: number,
  written: 'mm' | 'inch' | undefined,
): number | undefined {
  const at = (mmPerUnit: number) => (basePtPerPx * (ratio / MM_PER_PT)) / (ptPerUnit / mmPerUnit);
  const units = written ? [written] : (['mm', 'inch'] as const);
  for (const unit of units) {
    const ptPerPx = at(unit === 'inch' ? MM_PER_INCH : 1);
    if (plausible(ptPerPx / ratio)) return ptPerPx;
  }
  return undefined;
}

/**
 * Thin lines that run from one outline corner to another are outline: a scan's short outline
 * lines (a groove's walls, a step's face) measure thinner than they are, and without them a view
 * falls apart at the step. Dimension, extension and leader lines end at arrowheads or short of
 * the outline; hatch lines (page/content.ts hatchingOf) are left, wherever they end.
 *
 * @param drawing - a traced page's sorted line work (changed in place and returned)
 */
export function bridgesAsOutline(drawing: PageDrawing): PageDrawing {
  const tol = JOIN_WIDTHS * drawing.outlineWidthPt;
  if (!(tol > 0)) return drawing;
  // Pieces shorter than that are what the tracing left of letters and arrowheads it did not
  // clear (a value written across an extension line), not corners of the part.
  const corners: Point[] = drawing.part.flatMap((p) =>
    p.kind === 'line' &&
    Math.hypot(p.b.x - p.a.x, p.b.y - p.a.y) >= CORNER_WIDTHS * drawing.outlineWidthPt
      ? [p.a, p.b]
      : [],
  );
  const atCorner = (q: Point) => corners.some((c) => Math.hypot(c.x - q.x, c.y - q.y) <= tol);
  const tip = (q: Point) =>
    drawing.arrows.some((a) => Math.hypot(a.tip.x - q.x, a.tip.y - q.y) <= tol);
  const hatch = new Set(hatchingOf(drawing.thin));
  const bridges = drawing.thin.filter(
    (line) =>
      !hatch.has(line) && atCorner(line.a) && atCorner(line.b) && !tip(line.a) && !tip(line.b),
  );
  if (bridges.length === 0) return drawing;
  const moved = new Set(bridges);
  drawing.thin = drawing.thin.filter((line) => !moved.has(line));
  drawing.part.push(...bridges);
  return drawing;
}

/**
 * Reads a raster drawing's geometry as a page.
 *
 * @param bytes - PNG or JPEG bytes
 * @param runs - its OCR'd text runs in original pixels (recognizeImage)
 * @param frame - its size in original pixels
 * @param fileName - for error messages
 * @param decoded - the image decoded for the lines (greyForLines), when already started
 * @param rereadMs - wall time for reading again, by OCR, the values of dimension lines that have
 *   none (dimension-values.ts); 0 reads none
 * @returns the page in points (y down) with its text, callouts and sorted line work, calibrated
 *   so that 1 pt on the page is 1/72 in on the sheet at the drawing's scale; and the vectorizer's
 *   statistics
 * @throws DrawingReadError when the bytes are not a decodable image
 */
export async function readRasterPage(
  bytes: Buffer,
  runs: TextRun[],
  frame: PageFrame,
  fileName: string,
  decoded: Promise<LinesImage> = greyForLines(bytes, fileName),
  rereadMs = REREAD_MS,
): Promise<RasterPage> {
  const { image, scale, dpi } = await decoded;
  const basePtPerPx = 72 / (dpi ?? DEFAULT_DPI);
  // Arrowheads and line ends OCR read as text are line work: their boxes are not cleared.
  runs = withoutLineWorkRuns(runs, image, scale, otsuThreshold(image.data));
  const textBoxes = runs.map((run) => scaleRun(run, scale));
  const vectorized = vectorize(image, { ptPerPx: basePtPerPx / scale, textBoxes });
  vectorized.paths = squareLines(vectorized.paths, basePtPerPx / scale);
  let pxFindings = readTextFindings(runs, [frame]);

  const pageAt = (ptPerPx: number): PageReading => {
    const k = ptPerPx / basePtPerPx;
    const findings: TextFindings = {
      ...pxFindings,
      callouts: pxFindings.callouts.map((c) => scaleRun<TextCallout>(c, ptPerPx)),
    };
    const drawing = bridgesAsOutline(
      dimensionLinesAside(
        hatchingAside(
          sortPaths(k === 1 ? vectorized.paths : scalePaths(vectorized.paths, k), true),
        ),
      ),
    );
    return {
      page: frame.page,
      geometry: {
        widthPt: frame.width * ptPerPx,
        heightPt: frame.height * ptPerPx,
        transform: identity,
      },
      runs: runs.map((run) => scaleRun(run, ptPerPx)),
      findings,
      drawing,
      ocr: true,
      truncated: false,
      joinPt: JOIN_WIDTHS * drawing.outlineWidthPt,
    };
  };

  let first = pageAt(basePtPerPx);
  const firstFound = drawnDimensions(first);
  const { lines } = firstFound;
  let { dimensions } = firstFound;
  // Dimension lines left without a value, or given one from beyond their ends: their values
  // read again where they are written.
  const free = lines.filter((line) => {
    const dimension = dimensions.find((d) => d.line === line);
    return !dimension || !withinSpan(line, dimension.callout);
  });
  const letterPx = letteringHeight(runs);
  // Leaders' shelves with no note on them: their notes read again where they stand.
  const shelves =
    letterPx === undefined
      ? []
      : unreadShelves(first.drawing.thin, first.runs, letterPx * basePtPerPx);
  if (free.length + shelves.length > 0 && letterPx !== undefined && rereadMs > 0) {
    const toImage = (p: Point) => ({
      x: (p.x / basePtPerPx) * scale,
      y: (p.y / basePtPerPx) * scale,
    });
    const found = await readBesideLines(
      image,
      [
        ...free.map((line) => ({ from: toImage(line.from), to: toImage(line.to) })),
        ...shelves.map((line) => ({
          from: toImage(line.from),
          to: toImage(line.to),
          standsOn: true,
        })),
      ],
      letterPx * scale,
      frame.page,
      rereadMs,
    );
    if (found.length > 0) {
      const read = found.map((run) => scaleRun(run, 1 / scale));
      // A run the page's reading left inside a value read again was a misreading of it.
      const covered = (run: TextRun) =>
        read.some((r) => {
          const x = run.x + run.width / 2;
          const y = run.y + run.height / 2;
          return x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
        });
      runs = [...runs.filter((run) => !covered(run)), ...read];
      // The values' letters were traced as line work: what lies inside their boxes goes.
      const boxes = read.map((run) => scaleRun(run, basePtPerPx));
      const pad = 0.15 * letterPx * basePtPerPx;
      const inBox = (p: Point) =>
        boxes.some(
          (b) =>
            p.x >= b.x - pad &&
            p.x <= b.x + b.width + pad &&
            p.y >= b.y - pad &&
            p.y <= b.y + b.height + pad,
        );
      vectorized.paths = vectorized.paths.filter((path) => !path.points.every(inBox));
      pxFindings = readTextFindings(runs, [frame]);
      first = pageAt(basePtPerPx);
      ({ dimensions } = drawnDimensions(first));
    }
  }
  // Points per written unit: a millimetre, or an inch on a drawing in inches.
  const ptPerUnit = agreedPtPerMm(
    dimensions.map((d) => ({ lengthPt: d.line.lengthPt, valueMm: d.callout.value })),
  );
  const ratio = first.findings.scale?.ratio ?? 1;
  const ptPerPx =
    ptPerUnit && pxCalibrated(ptPerUnit, basePtPerPx, ratio, first.findings.units?.units);
  if (ptPerPx !== undefined) {
    // Where the two OCR engines read a value differently, the one its line's length agrees with.
    const chosen = readingsChosen(runs, dimensions, ptPerUnit!, basePtPerPx);
    const signed = diameterSignsRead(chosen, dimensions, ptPerUnit!, basePtPerPx);
    if (signed !== runs) {
      runs = signed;
      pxFindings = readTextFindings(runs, [frame]);
    }
  }
  if (ptPerPx === undefined) {
    return {
      reading: first,
      stats: vectorized.stats,
      ptPerPx: basePtPerPx,
      calibratedBy: 'resolution',
      runs,
    };
  }
  return {
    reading: pageAt(ptPerPx),
    stats: vectorized.stats,
    ptPerPx,
    calibratedBy: 'dimensions',
    runs,
  };
}

/**
 * Diameter signs OCR read as a digit: 'Ø42' read '242', 'Ø8' read '28', 'Ø2.0625' read
 * '52.0625' (the slashed circle and the digits with a bowl, 2 5 6 8 9, have the same height; a '0'
 * changes no value).
 * Where a dimension's value disagrees with its line's length at the scale the other dimensions
 * agree on, and the value without its leading digit agrees with it, the digit was the sign: the
 * run is read as 'Ø' and the rest. A bar OCR read from an extension line beside it ('| 22.3') is
 * kept before the sign.
 *
 * @param runs - the page's OCR runs, original pixels
 * @param dimensions - its dimension lines with their values, page points at basePtPerPx
 * @param ptPerMm - the points per written millimetre the dimension lines agree on
 * @returns the runs with each such run's text mended, or `runs` itself when none is
 */
export function diameterSignsRead(
  runs: TextRun[],
  dimensions: DrawnDimension[],
  ptPerMm: number,
  basePtPerPx: number,
): TextRun[] {
  const mended = new Map<TextRun, string>();
  for (const { run, agrees } of disagreeingCallouts(runs, dimensions, ptPerMm, basePtPerPx)) {
    const written = SIGN_READ_AS_DIGIT.exec(run.text.trim());
    if (!written || mended.has(run)) continue;
    const rest = Number(written[2]!.replace(',', '.'));
    if (rest > 0 && agrees(rest)) mended.set(run, `${written[1]}Ø${written[2]}${written[3]}`);
  }
  if (mended.size === 0) return runs;
  return runs.map((run) => (mended.has(run) ? { ...run, text: mended.get(run)! } : run));
}

/** Whether a text box's centre lies beside a dimension line, between its ends. */
function withinSpan(
  line: DimensionLine,
  box: { x: number; y: number; width: number; height: number },
): boolean {
  const along =
    (box.x + box.width / 2 - line.from.x) * line.direction.x +
    (box.y + box.height / 2 - line.from.y) * line.direction.y;
  return along >= 0 && along <= line.lengthPt;
}
