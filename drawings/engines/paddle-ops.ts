/**
 * Pre- and post-processing of the PaddleOCR PP-OCRv4 models (the second OCR engine, paddle.ts;
 * docs/decisions/055-second-ocr-engine.md), written after PaddleOCR's own Python
 * (ppocr/data/imaug/operators.py DetResizeForTest and NormalizeImage, ppocr/postprocess/
 * db_postprocess.py DBPostProcess, rec_postprocess.py CTCLabelDecode, tools/infer/
 * predict_rec.py resize_norm_img; Apache-2.0): the detector's input (resized to multiples of 32,
 * ImageNet-normalized), text boxes from its probability map (threshold, connected components,
 * box score, unclip), a box's crop as the recognizer's input (48 px high) and the CTC decode of
 * its output. Pure functions on 8-bit grey images (y down, pixel (i, j) covers [i, i+1) ×
 * [j, j+1)); no model is run here.
 */
import type { GreyImage } from './prepare-image.ts';
import type { OcrBox } from './tesseract.ts';
import { components } from '../image/raster-ops.ts';

/**
 * The detector's input is at most this long on its longer side, px: its activations take the
 * engine's memory. Measured on BM_part.jpg (3308 × 2339 px, both passes, one thread): 2000 px
 * peaks at 746 MB in the engine's process and takes 12.5 s, 1600 px 503 MB and 8.2 s with as
 * many lines read (75 to 72), 1280 px 426 MB and 5.5 s but 61 lines.
 */
export const DETECTOR_MAX_SIDE_PX = 1_600;
/** Probability over which a pixel of the detector's map is text (DBPostProcess thresh). */
export const TEXT_THRESHOLD = 0.3;
/** Least mean probability of a box's pixels (DBPostProcess box_thresh). */
export const BOX_THRESHOLD = 0.6;
/** How far a box is grown: its area × this / its perimeter, px (PP-OCRv4's unclip_ratio). */
export const UNCLIP_RATIO = 1.5;
/** Boxes whose shorter side is under this, px of the map, are dropped (DBPostProcess min_size). */
const MIN_BOX_SIDE = 3;
/** At most this many boxes are kept per image, the most probable first (max_candidates). */
const MAX_BOXES = 1_000;
/**
 * The recognizer's input height, px (rec_image_shape 3 × 48 × 320), and its least width:
 * PaddleOCR pads each crop to 320 px, which spends most of the time of short values ('25') on
 * padding. 96 px (twice the height) read LIU0010.jpg's texts as well (a few better: '-0,1' for
 * '9-0,1') in 6.9 s instead of 9.1 s.
 */
export const RECOGNIZER_HEIGHT = 48;
const RECOGNIZER_MIN_WIDTH = 96;
/** A crop is at most this wide at the recognizer's height (a page-wide line), px. */
const RECOGNIZER_MAX_WIDTH = 3_200;
/** ImageNet mean and standard deviation per channel, as the detector was trained (0..1). */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/**
 * The detector's input size for an image: scaled down (never up) so the longer side is at most
 * `maxSide`, each side then rounded to a multiple of 32 (at least 32, at most `maxSide` rounded
 * down), as DetResizeForTest with limit_type 'max'.
 * @returns width and height, px
 */
export function detectorSize(
  width: number,
  height: number,
  maxSide = DETECTOR_MAX_SIDE_PX,
): { width: number; height: number } {
  const ratio = Math.min(1, maxSide / Math.max(width, height));
  const most = Math.max(32, Math.floor(maxSide / 32) * 32);
  const round = (side: number) =>
    Math.min(most, Math.max(32, Math.round((side * ratio) / 32) * 32));
  return { width: round(width), height: round(height) };
}

/**
 * The detector's input tensor of a grey image already at detectorSize: 1 × 3 × h × w floats, the
 * grey value in all three channels, scaled to 0..1 and normalized by the ImageNet mean and
 * standard deviation.
 */
export function detectorInput(image: GreyImage): Float32Array {
  const { width, height, data } = image;
  const plane = width * height;
  const out = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const mean = MEAN[c]!;
    const std = STD[c]!;
    const offset = c * plane;
    for (let i = 0; i < plane; i++) out[offset + i] = (data[i]! / 255 - mean) / std;
  }
  return out;
}

/** A text box found on the detector's map: its box (px of the map) and mean probability 0..1. */
export interface DetectedBox {
  box: OcrBox;
  score: number;
}

/**
 * Text boxes of the detector's probability map: the 8-connected components of the pixels over
 * TEXT_THRESHOLD, each as its bounding rectangle (text is upright or turned a quarter, and each
 * pass turns the page so that its text is upright: no rotated rectangles), scored by the mean
 * probability of its pixels (DBPostProcess score_mode 'fast' scores the rectangle; the
 * component's own pixels tell a thin box from the paper around it better), dropped under
 * BOX_THRESHOLD or when its shorter side is under 3 px, then grown on every side by its area ×
 * UNCLIP_RATIO / its perimeter (the detector shrinks text regions by that much in training).
 * @param map - probabilities 0..1, row by row, `width` × `height`
 * @returns boxes in the map's pixels (x1, y1 exclusive, clamped to the map), most probable first,
 *   at most 1000
 */
export function textBoxes(map: Float32Array, width: number, height: number): DetectedBox[] {
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) if (map[i]! > TEXT_THRESHOLD) mask[i] = 1;
  const found: DetectedBox[] = [];
  components(mask, width, height, (pixels) => {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    let sum = 0;
    for (const p of pixels) {
      const x = p % width;
      const y = (p - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      sum += map[p]!;
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    const score = sum / pixels.length;
    if (Math.min(w, h) < MIN_BOX_SIDE || score < BOX_THRESHOLD) return;
    const grow = (w * h * UNCLIP_RATIO) / (2 * (w + h));
    found.push({
      box: {
        x0: Math.max(0, x0 - grow),
        y0: Math.max(0, y0 - grow),
        x1: Math.min(width, x1 + 1 + grow),
        y1: Math.min(height, y1 + 1 + grow),
      },
      score,
    });
  });
  return found.sort((a, b) => b.score - a.score).slice(0, MAX_BOXES);
}

/** Boxes on one baseline this close (times the taller one's height) are one line of text. */
const JOIN_GAP = 0.7;

/**
 * Joins the boxes that are one line of text the detector cut in two: side by side on one
 * baseline (sharing 60 % of the smaller one's height, neither 1.5 times as high as the other
 * unless the smaller lies within the taller's height and is at least 0.4 of it) with a gap of at most 0.7 of the taller's
 * height, their union no taller than 1.2 times the taller (so that joins do not climb from
 * line to line). The map's probability dips at a point or a narrow gap ('Φ11.11mm' of
 * long_reamer_facer.pdf came as '811' and '11mm', 6 px apart at 32 px lettering, from one
 * rendering, and as a thin 'Φ11.' 14 px high and '11mm' 20 px apart from another), and each
 * piece read alone gives a wrong value. Values of their own stand two letter heights or more
 * apart.
 * @param boxes - as textBoxes gives them
 * @returns the boxes, joined ones replaced by their union (score: the mean of theirs, by width)
 */
export function joinLineBoxes(boxes: DetectedBox[]): DetectedBox[] {
  const out = boxes.map((detected) => ({ ...detected, box: { ...detected.box } }));
  const height = (b: OcrBox) => b.y1 - b.y0;
  const joinable = (a: OcrBox, b: OcrBox) => {
    const shared = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
    const taller = Math.max(height(a), height(b));
    const smaller = Math.min(height(a), height(b));
    const gap = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
    // A piece the detector saw thinner than the line (a sign, a point) lies within its height.
    const within = shared >= 0.95 * smaller && taller <= 2.5 * smaller;
    // The union no taller than the line: joins do not climb from one baseline to the next.
    const union = Math.max(a.y1, b.y1) - Math.min(a.y0, b.y0);
    return (
      shared >= 0.6 * smaller &&
      (taller <= 1.5 * smaller || within) &&
      union <= 1.2 * taller &&
      gap <= JOIN_GAP * taller
    );
  };
  for (let joined = true; joined;) {
    joined = false;
    for (let i = 0; i < out.length && !joined; i++)
      for (let j = i + 1; j < out.length && !joined; j++) {
        const a = out[i]!;
        const b = out[j]!;
        if (!joinable(a.box, b.box)) continue;
        const wa = a.box.x1 - a.box.x0;
        const wb = b.box.x1 - b.box.x0;
        a.score = (a.score * wa + b.score * wb) / (wa + wb);
        a.box = {
          x0: Math.min(a.box.x0, b.box.x0),
          y0: Math.min(a.box.y0, b.box.y0),
          x1: Math.max(a.box.x1, b.box.x1),
          y1: Math.max(a.box.y1, b.box.y1),
        };
        out.splice(j, 1);
        joined = true;
      }
  }
  return out;
}

/** The grey value at (x, y) between pixel centres (bilinear), white outside the image. */
function sample(image: GreyImage, x: number, y: number): number {
  const { width, height, data } = image;
  const fx = x - 0.5;
  const fy = y - 0.5;
  const i = Math.floor(fx);
  const j = Math.floor(fy);
  const tx = fx - i;
  const ty = fy - j;
  const at = (u: number, v: number) =>
    u < 0 || v < 0 || u >= width || v >= height ? 255 : data[v * width + u]!;
  return (
    (1 - ty) * ((1 - tx) * at(i, j) + tx * at(i + 1, j)) +
    ty * ((1 - tx) * at(i, j + 1) + tx * at(i + 1, j + 1))
  );
}

/**
 * The recognizer's input for one box of an image: the box scaled to RECOGNIZER_HEIGHT px high,
 * its width in proportion (at most 3200 px), grey to -1..1 in three channels ((v / 255 - 0.5) /
 * 0.5), padded with zeros on the right to at least 96 px (resize_norm_img pads to 320).
 * @param box - px of `image`, x1/y1 exclusive
 * @returns the tensor's floats (1 × 3 × 48 × width) and its width, px
 */
export function recognizerInput(
  image: GreyImage,
  box: OcrBox,
): { data: Float32Array; width: number } {
  const boxWidth = Math.max(1, box.x1 - box.x0);
  const boxHeight = Math.max(1, box.y1 - box.y0);
  const height = RECOGNIZER_HEIGHT;
  const textWidth = Math.min(
    RECOGNIZER_MAX_WIDTH,
    Math.max(1, Math.ceil((height * boxWidth) / boxHeight)),
  );
  const width = Math.max(RECOGNIZER_MIN_WIDTH, textWidth);
  const plane = width * height;
  const data = new Float32Array(3 * plane);
  const sx = boxWidth / textWidth;
  const sy = boxHeight / height;
  for (let v = 0; v < height; v++) {
    const y = box.y0 + (v + 0.5) * sy;
    for (let u = 0; u < textWidth; u++) {
      const value = (sample(image, box.x0 + (u + 0.5) * sx, y) / 255 - 0.5) / 0.5;
      const i = v * width + u;
      data[i] = value;
      data[plane + i] = value;
      data[2 * plane + i] = value;
    }
  }
  return { data, width };
}

/**
 * The recognizer's characters by class: class 0 is CTC's blank, classes 1..n the lines of the
 * dictionary (ppocr_keys_v1.txt, one character a line), class n + 1 a space (use_space_char).
 * @param text - the dictionary file's text
 */
export function recognizerClasses(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return ['', ...lines, ' '];
}

/**
 * Greedy CTC decode of the recognizer's output (CTCLabelDecode): at each step the most probable
 * class; repeats of a class on consecutive steps count once, the blank (class 0) separates them
 * and is dropped.
 * @param probabilities - steps × classes softmax outputs, step by step
 * @param classes - the characters by class (recognizerClasses); their count is the row length
 * @returns the text (trimmed) and its confidence: the mean probability of the characters kept,
 *   0..1 (0 for no character)
 * @throws Error when the output's length is not a whole number of rows of `classes`
 */
export function ctcDecode(
  probabilities: Float32Array,
  classes: readonly string[],
): { text: string; confidence: number } {
  const count = classes.length;
  if (count === 0 || probabilities.length % count !== 0)
    throw new Error(
      `recognizer output of ${probabilities.length} values is not steps × ${count} classes`,
    );
  const steps = probabilities.length / count;
  let text = '';
  let sum = 0;
  let kept = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const row = t * count;
    let best = 0;
    let bestP = probabilities[row]!;
    for (let c = 1; c < count; c++) {
      const p = probabilities[row + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += classes[best]!;
      sum += bestP;
      kept++;
    }
    previous = best;
  }
  return { text: text.trim(), confidence: kept > 0 ? sum / kept : 0 };
}

/**
 * A grey image turned clockwise by a quarter (the second pass reads text written bottom to top
 * upright), as sharp's rotate(90): pixel (x, y) goes to (h - 1 - y, x).
 */
export function turnQuarter(image: GreyImage): GreyImage {
  const { width: w, height: h, data } = image;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) out[x * h + (h - 1 - y)] = data[y * w + x]!;
  return { data: out, width: h, height: w };
}
