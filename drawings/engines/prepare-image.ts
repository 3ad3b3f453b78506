/**
 * Image preparation for OCR: decode, limit, scale, greyscale, normalise, deskew and binarize,
 * and the transforms that take a box found on the prepared image back to the original pixels.
 */
import sharp from 'sharp';
import { DrawingReadError, readerLimits } from '../reading.ts';

/*
 * No libvips operation cache (each read decodes other bytes once: a cache only holds memory, up
 * to 50 MB by default) and one libvips thread per operation (each thread's buffers and malloc
 * arena add to the peak; the pool's workers already read in parallel). Measured on BM_part.jpg
 * (A3, 3308 × 2339 px), peak of the read: median 295 → 275 MB over five reads, time unchanged
 * within the run-to-run spread.
 */
sharp.cache(false);
sharp.concurrency(1);

/**
 * Longer side the OCR image is scaled to, px. Tesseract reads best with capital letters about
 * 30 px high; on A4 and A3 sheets scanned or exported at 150–300 dpi, a longer side of about
 * 3500 px gives that for the usual 2.5–3.5 mm drawing lettering (measured on LIU0010.jpg: scale
 * 1.0 reads 'ISO 2768-mK' at 27 % confidence, scale 1.5 at 89 %).
 */
const OCR_TARGET_SIDE_PX = 3_500;
/**
 * Largest enlargement. Small rasters (screenshots, web images about 1000 px wide) letter their
 * dimensions about 10 px high, under half the x-height Tesseract's LSTM model reads reliably
 * (about 20 px); they need 3–4× to reach it. Measured on flange.png (1024 × 768, blue 10 px
 * dimension text): at 2× OCR reads '42' as '62', at 3× and 4× as '42' (78–86 % confidence).
 */
const MAX_UPSCALE = 4;
/**
 * Enlargements of 2× and more are rounded down to a whole factor: each original pixel then maps
 * to the same number of pixels and the thin anti-aliased strokes of small text stay even
 * (flange.png: '42' at 86 % confidence at 3×, 50 % at 3.42×, 57 % at 3.9×).
 */
const WHOLE_UPSCALE_FROM = 2;
/** Images above this many pixels are refused before decoding (4× the scaled-down limit). */
const HARD_PIXEL_LIMIT = readerLimits.maxPixels * 4;
/** Skew estimates below this are left alone: rotating costs sharpness for nothing, degrees. */
const MIN_DESKEW_DEG = 0.25;
/** Skew searched, ±degrees, and the longer side of the image the search runs on, px. */
const MAX_SKEW_DEG = 5;
const SKEW_SAMPLE_SIDE_PX = 1_200;

/** A single-channel 8-bit image in memory. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The image as prepared for OCR and how to map its pixels back to the original's. */
export interface PreparedImage {
  /** Binarized (black ink on white), scaled and deskewed, single channel. */
  image: GreyImage;
  /** Size of the original image after EXIF orientation, px. */
  originalWidth: number;
  originalHeight: number;
  /** Prepared pixels per original pixel, before deskewing. */
  scale: number;
  /** Skew removed, degrees counter-clockwise (text in the original rose by this much). */
  skewDeg: number;
  /** Size of the scaled image before deskewing (the rotation centre is its centre), px. */
  scaledWidth: number;
  scaledHeight: number;
  /** Otsu threshold used, 0..255, and whether the original was light ink on a dark ground. */
  threshold: number;
  inverted: boolean;
}

/**
 * Otsu's threshold of a grey image (N. Otsu, "A threshold selection method from gray-level
 * histograms", IEEE Trans. SMC 9(1), 1979): the level that maximizes the between-class variance
 * of dark and light pixels.
 * @param data - 8-bit grey values
 * @returns the threshold 0..255: values ≤ it are dark (ink)
 */
export function otsuThreshold(data: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]!]! += 1;
  let total = 0;
  let weightedSum = 0;
  for (let level = 0; level < 256; level++) {
    total += histogram[level]!;
    weightedSum += level * histogram[level]!;
  }
  let darkCount = 0;
  let darkSum = 0;
  let best = -1;
  let threshold = 127;
  for (let level = 0; level < 256; level++) {
    darkCount += histogram[level]!;
    if (darkCount === 0) continue;
    const lightCount = total - darkCount;
    if (lightCount === 0) break;
    darkSum += level * histogram[level]!;
    const darkMean = darkSum / darkCount;
    const lightMean = (weightedSum - darkSum) / lightCount;
    const between = darkCount * lightCount * (darkMean - lightMean) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
}

/**
 * Estimates how far the text and lines of a drawing are rotated, by the projection-profile
 * method: ink pixels are projected onto the axis perpendicular to each candidate baseline, and the
 * angle whose profile has the sharpest peaks (largest sum of squared row counts) wins. Ruled
 * lines and text baselines both make such peaks.
 * @param image - grey image, any size (sampled down to about 1200 px)
 * @param threshold - values ≤ it are ink
 * @returns skew in degrees, counter-clockwise (baselines rising to the right), within ±5°
 */
export function estimateSkewDeg(image: GreyImage, threshold: number): number {
  const step = Math.max(1, Math.ceil(Math.max(image.width, image.height) / SKEW_SAMPLE_SIDE_PX));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < image.height; y += step)
    for (let x = 0; x < image.width; x += step)
      if (image.data[y * image.width + x]! <= threshold) {
        xs.push(x / step);
        ys.push(y / step);
      }
  if (xs.length < 50) return 0;
  const width = image.width / step;
  const height = image.height / step;
  const margin = Math.ceil(width * Math.sin((MAX_SKEW_DEG * Math.PI) / 180)) + 2;
  const bins = new Float64Array(Math.ceil(height) + 2 * margin + 4);
  const score = (deg: number): number => {
    const radians = (deg * Math.PI) / 180;
    const cos = Math.cos(radians);
    const sin = Math.sin(radians);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++)
      bins[Math.round(ys[i]! * cos + xs[i]! * sin) + margin]! += 1;
    let sum = 0;
    for (const count of bins) sum += count * count;
    return sum;
  };
  let best = 0;
  let bestScore = score(0);
  const search = (from: number, to: number, by: number) => {
    for (let deg = from; deg <= to + 1e-9; deg += by) {
      const value = score(deg);
      if (value > bestScore) {
        bestScore = value;
        best = deg;
      }
    }
  };
  search(-MAX_SKEW_DEG, MAX_SKEW_DEG, 0.25);
  const coarse = best;
  search(coarse - 0.25, coarse + 0.25, 0.05);
  return Math.round(best * 100) / 100;
}

/** The 422 for bytes sharp cannot decode. */
function notAnImage(fileName: string, error: unknown): DrawingReadError {
  return new DrawingReadError(
    `${fileName} could not be read as an image: ${error instanceof Error ? error.message : String(error)}. Upload the drawing as a PNG, JPG or PDF file.`,
  );
}

/**
 * Decodes an image to 8-bit grey at the given size: EXIF orientation applied, transparency on
 * white, resized (Lanczos 3), contrast normalised unless `normalise` is false (a crop read again
 * at its own contrast).
 * @throws DrawingReadError when the bytes are not a decodable image or exceed 160 megapixels
 */
export async function decodeGrey(
  bytes: Buffer,
  fileName: string,
  width: number,
  height: number,
  { normalise = true }: { normalise?: boolean } = {},
): Promise<GreyImage> {
  try {
    let pipeline = sharp(bytes, { limitInputPixels: HARD_PIXEL_LIMIT })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
    if (normalise) pipeline = pipeline.normalise();
    const { data, info } = await pipeline
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    throw notAnImage(fileName, error);
  }
}

/**
 * A rectangle of a grey image enlarged `scale` times (Lanczos 3) and, for text reading bottom to
 * top, turned a quarter clockwise so that it reads upright.
 * @param box - left, top, width and height in whole px, inside the image
 */
export async function enlargedCrop(
  image: GreyImage,
  box: { left: number; top: number; width: number; height: number },
  scale: number,
  turnDeg: 0 | 90,
): Promise<GreyImage> {
  const raw = { raw: { width: image.width, height: image.height, channels: 1 as const } };
  const enlarged = await sharp(image.data, raw)
    .extract(box)
    .resize(Math.round(box.width * scale), Math.round(box.height * scale), {
      fit: 'fill',
      kernel: 'lanczos3',
    })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (turnDeg === 0)
    return {
      data: new Uint8Array(enlarged.data),
      width: enlarged.info.width,
      height: enlarged.info.height,
    };
  const turned = await sharp(enlarged.data, {
    raw: { width: enlarged.info.width, height: enlarged.info.height, channels: 1 },
  })
    .rotate(90)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(turned.data),
    width: turned.info.width,
    height: turned.info.height,
  };
}

/**
 * A rectangle of a grey image lying at an angle, enlarged `scale` times (Lanczos 3) and turned so
 * that its baseline runs left to right: the value written along a slanted dimension line.
 * @param centre - the rectangle's centre, original px (y down)
 * @param size - its length along the baseline and its height across it, original px
 * @param turnDeg - the clockwise turn that makes the baseline run across (a baseline rising 13°
 *   to the right on the sheet: 13)
 * @param clean - changes the enlarged square around the rectangle in place before it is turned
 * @returns the upright rectangle, about size × scale px; what lies outside the image is white
 */
export async function enlargedTurnedCrop(
  image: GreyImage,
  centre: { x: number; y: number },
  size: { length: number; height: number },
  scale: number,
  turnDeg: number,
  clean?: (square: GreyImage) => void,
): Promise<GreyImage> {
  // A square around the centre that holds the rectangle at any angle, white where off the image.
  const reach = Math.ceil(Math.hypot(size.length, size.height) / 2) + 2;
  const side = 2 * reach + 1;
  const square = new Uint8Array(side * side).fill(255);
  const cx = Math.round(centre.x);
  const cy = Math.round(centre.y);
  for (let y = 0; y < side; y++) {
    const sy = cy - reach + y;
    if (sy < 0 || sy >= image.height) continue;
    for (let x = 0; x < side; x++) {
      const sx = cx - reach + x;
      if (sx >= 0 && sx < image.width) square[y * side + x] = image.data[sy * image.width + sx]!;
    }
  }
  const enlarged = Math.round(side * scale);
  const resized = await resizedGrey(
    { data: square, width: side, height: side },
    enlarged,
    enlarged,
  );
  clean?.(resized);
  const turned = await rotateGrey(resized, turnDeg);
  // The square's centre stays the turned image's centre: the rectangle is cut out around it.
  const width = Math.min(turned.width, Math.round(size.length * scale));
  const height = Math.min(turned.height, Math.round(size.height * scale));
  const left = Math.floor((turned.width - width) / 2);
  const top = Math.floor((turned.height - height) / 2);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(
      turned.data.subarray(
        (top + y) * turned.width + left,
        (top + y) * turned.width + left + width,
      ),
      y * width,
    );
  return { data, width, height };
}

/** A grey image resized to width × height px (Lanczos 3); the image itself when it is that size. */
export async function resizedGrey(
  image: GreyImage,
  width: number,
  height: number,
): Promise<GreyImage> {
  if (width === image.width && height === image.height) return image;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/**
 * The image's size after EXIF orientation, px, and its resolution when it stores a real one
 * (72 and 96 dpi are what programs write when they know no better, and count as none).
 * @throws DrawingReadError when the bytes are not a decodable image
 */
export async function imageSize(
  bytes: Buffer,
  fileName: string,
): Promise<{ width: number; height: number; dpi?: number }> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error('no image size');
    const turned = (meta.orientation ?? 1) >= 5;
    const dpi =
      meta.density && meta.density > 96 && meta.density <= 2400 ? meta.density : undefined;
    return {
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      ...(dpi ? { dpi } : {}),
    };
  } catch (error) {
    throw notAnImage(fileName, error);
  }
}

/**
 * Prepares an image for OCR: EXIF orientation applied, transparency on white, greyscale, scaled
 * so the longer side is about 3500 px (never above readerLimits.ocrMaxSidePx, at most 4× up, by a
 * whole factor from 2× up),
 * contrast normalised, light-on-dark drawings inverted, deskewed (±5°), binarized at Otsu's
 * threshold.
 * @param bytes - PNG, JPEG (or any format sharp decodes; the first page of multi-page files)
 * @param fileName - for error messages
 * @throws DrawingReadError when the bytes are not a decodable image or it exceeds 160 megapixels
 */
export async function prepareImage(bytes: Buffer, fileName: string): Promise<PreparedImage> {
  const { width, height } = await imageSize(bytes, fileName);
  if (width * height > HARD_PIXEL_LIMIT)
    throw new DrawingReadError(
      `${fileName} is ${width} × ${height} pixels, more than the offline reader takes (${HARD_PIXEL_LIMIT / 1e6} megapixels). Scale it down (300 dpi is plenty) and upload it again.`,
    );
  const longer = Math.max(width, height);
  const downForPixels = Math.sqrt(readerLimits.maxPixels / (width * height));
  const fitting = Math.min(
    MAX_UPSCALE,
    downForPixels,
    Math.min(OCR_TARGET_SIDE_PX, readerLimits.ocrMaxSidePx) / longer,
  );
  const scale = fitting >= WHOLE_UPSCALE_FROM ? Math.floor(fitting) : fitting;
  const scaledWidth = Math.max(1, Math.round(width * scale));
  const scaledHeight = Math.max(1, Math.round(height * scale));
  let grey = await decodeGrey(bytes, fileName, scaledWidth, scaledHeight);
  let threshold = otsuThreshold(grey.data);
  let dark = 0;
  for (let i = 0; i < grey.data.length; i++) if (grey.data[i]! <= threshold) dark++;
  const inverted = dark > grey.data.length / 2;
  if (inverted) {
    for (let i = 0; i < grey.data.length; i++) grey.data[i] = 255 - grey.data[i]!;
    threshold = 254 - threshold;
  }
  const skewDeg = estimateSkewDeg(grey, threshold);
  if (Math.abs(skewDeg) >= MIN_DESKEW_DEG) grey = await rotateGrey(grey, skewDeg);
  for (let i = 0; i < grey.data.length; i++) grey.data[i] = grey.data[i]! <= threshold ? 0 : 255;
  return {
    image: grey,
    originalWidth: width,
    originalHeight: height,
    scale,
    skewDeg: Math.abs(skewDeg) >= MIN_DESKEW_DEG ? skewDeg : 0,
    scaledWidth,
    scaledHeight,
    threshold,
    inverted,
  };
}

/**
 * Rotates a grey image clockwise by `deg` about its centre onto a white canvas large enough to
 * hold it (sharp's rotate: positive angles turn clockwise).
 */
export async function rotateGrey(image: GreyImage, deg: number): Promise<GreyImage> {
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .rotate(deg, { background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/**
 * PNG bytes of a grey image, optionally turned clockwise by a multiple of 90°: one grey channel.
 * Without the explicit colour space sharp writes single-channel raw input as RGB, and the OCR
 * engine then holds the page at 32 bits a pixel: on BM_part.jpg (3500 × 2475 px) the engine
 * grew by 112 MB reading the RGB page and by 55 MB reading the grey one, with the same text read.
 */
export async function pngOf(image: GreyImage, turnDeg: 0 | 90 | 180 | 270 = 0): Promise<Buffer> {
  let pipeline = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 1 },
  });
  if (turnDeg !== 0) pipeline = pipeline.rotate(turnDeg);
  return pipeline.toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Maps a point of the prepared image, turned clockwise by `turnDeg` for an OCR pass, back to the
 * original image's pixels (y down).
 */
export function toOriginal(
  prepared: PreparedImage,
  turnDeg: 0 | 90 | 180 | 270,
  u: number,
  v: number,
): { x: number; y: number } {
  const { width: w, height: h } = prepared.image;
  // Undo the quarter turn (clockwise by turnDeg): point in the deskewed image.
  let x = u;
  let y = v;
  if (turnDeg === 90) [x, y] = [v, h - u];
  else if (turnDeg === 180) [x, y] = [w - u, h - v];
  else if (turnDeg === 270) [x, y] = [w - v, u];
  // Undo the deskew: the scaled image was turned clockwise by skewDeg about its centre.
  if (prepared.skewDeg !== 0) {
    const radians = (prepared.skewDeg * Math.PI) / 180;
    const cos = Math.cos(radians);
    const sin = Math.sin(radians);
    const dx = x - w / 2;
    const dy = y - h / 2;
    x = prepared.scaledWidth / 2 + dx * cos + dy * sin;
    y = prepared.scaledHeight / 2 - dx * sin + dy * cos;
  }
  return { x: x / prepared.scale, y: y / prepared.scale };
}
