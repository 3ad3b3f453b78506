/**
 * Thread callouts: ISO metric (`M8`, `M8x1.25`, `M10x1-6g`) and Unified inch threads
 * (`7/16"-20 UNF`, `1/4-20 UNC`, `#10-32`). Pure TypeScript: also bundled into the browser.
 * Re-exported by cam/callouts.ts, which is where callers import it from.
 */
import { MM_PER_INCH, readNumber, roundMm } from '#contracts/written-numbers';
import { isoCoarsePitchMm } from '../iso261.ts';

/** A thread read from a callout. Lengths in mm. */
export interface ParsedThread {
  /** Normalised designation: `M8`, `M8x1`, `7/16"-20 UNF`, `#10-32 UNF`. */
  designation: string;
  /** Basic major diameter, mm. */
  majorDiameterMm: number;
  /** Pitch, mm (25.4 / threads per inch for inch threads). */
  pitchMm: number;
  /** `UN` when an inch thread is neither in the UNC nor the UNF series of ASME B1.1. */
  standard: 'ISO metric' | 'UNC' | 'UNF' | 'UN';
}

/**
 * Threads per inch of the UNC and UNF series for fractional sizes, keyed by the major diameter in
 * 64ths of an inch: ASME B1.1-2003, Table 2 (standard series). `undefined`: no thread in that
 * series for the size.
 */
const unifiedFractionalTpi: ReadonlyMap<number, { unc?: number; unf?: number }> = new Map([
  [16, { unc: 20, unf: 28 }], // 1/4
  [20, { unc: 18, unf: 24 }], // 5/16
  [24, { unc: 16, unf: 24 }], // 3/8
  [28, { unc: 14, unf: 20 }], // 7/16
  [32, { unc: 13, unf: 20 }], // 1/2
  [36, { unc: 12, unf: 18 }], // 9/16
  [40, { unc: 11, unf: 18 }], // 5/8
  [48, { unc: 10, unf: 16 }], // 3/4
  [56, { unc: 9, unf: 14 }], // 7/8
  [64, { unc: 8, unf: 12 }], // 1
  [72, { unc: 7, unf: 12 }], // 1 1/8
  [80, { unc: 7, unf: 12 }], // 1 1/4
  [88, { unc: 6, unf: 12 }], // 1 3/8
  [96, { unc: 6, unf: 12 }], // 1 1/2
  [112, { unc: 5 }], // 1 3/4
  [128, { unc: 4.5 }], // 2
]);

/**
 * Threads per inch of the UNC and UNF series for numbered sizes #0 to #12 (ASME B1.1-2003,
 * Table 2). The major diameter of size N is 0.060 + 0.013·N inch (ASME B1.1, 'numbered sizes').
 */
const unifiedNumberedTpi: ReadonlyMap<number, { unc?: number; unf?: number }> = new Map([
  [0, { unf: 80 }],
  [1, { unc: 64, unf: 72 }],
  [2, { unc: 56, unf: 64 }],
  [3, { unc: 48, unf: 56 }],
  [4, { unc: 40, unf: 48 }],
  [5, { unc: 40, unf: 44 }],
  [6, { unc: 32, unf: 40 }],
  [8, { unc: 32, unf: 36 }],
  [10, { unc: 24, unf: 32 }],
  [12, { unc: 24, unf: 28 }],
]);

// After no letter, digit or point, or after a count ('4xM6', '4 x M6').
const METRIC_THREAD =
  /(?:(?<=\d\s?[xX])|(?<![A-Za-z\d.]))M\s?(\d+(?:[.,]\d+)?)(?:\s*[xX×]\s*(\d+(?:[.,]\d+)?|[.,]\d+))?(?:\s*-\s*(\d[a-hA-H](?:\d[a-hA-H])?))?(\s*LH\b)?/i;

const INCH_THREAD = new RegExp(
  String.raw`(?<![\w./])(#\s?\d{1,2}|No\.?\s?\d{1,2}|\d+[ -]\d+\/\d+|\d+\/\d+|\d*\.\d+|\d+)` +
    String.raw`\s*("|''|in\.?|inch)?\s*[-–]\s*(\d{1,3}(?:\.5)?)(?![\d/]|[.,]\d)\s*(?:TPI\b)?` +
    String.raw`(?:\s*-?\s*(UNJ?R?C|UNJ?R?F|UNJ?EF|UNS|UNJ|UNR|UN|NPTF?|NPS[CFILM]?|BSP[PT]?|ACME|STUB))?` +
    String.raw`(?:\s*-?\s*([123][AB]))?(?![A-Za-z])`,
  'i',
);

/** Thread forms this reader does not turn into a ParsedThread. */
const UNSUPPORTED_FORMS = /\b(?:ACME|STUB|trapez\w*|NPTF?|NPS\w?|BSP[PT]?)\b|\bTr\s?\d/i;

/** A thread found in a text, with where its callout is written. */
export interface LocatedThread {
  thread: ParsedThread;
  /** Index of the callout in the text. */
  index: number;
  /** The callout as written. */
  written: string;
}

function metricThread(text: string): LocatedThread | undefined {
  const match = METRIC_THREAD.exec(text);
  if (!match) return undefined;
  const major = readNumber(match[1]!);
  if (!(major >= 1 && major <= 300)) return undefined;
  const writtenPitch = match[2] === undefined ? undefined : readNumber(match[2]);
  // 'M8x20' is a length, not a pitch: pitches stay under a quarter of the major diameter.
  const pitchWritten =
    writtenPitch !== undefined &&
    writtenPitch >= 0.2 &&
    writtenPitch <= Math.max(0.4, major / 4) &&
    writtenPitch <= 8;
  const pitch = pitchWritten ? writtenPitch : isoCoarsePitchMm.get(major);
  if (pitch === undefined) return undefined;
  const designation =
    `M${major}` +
    (pitchWritten ? `x${writtenPitch}` : '') +
    (match[3] && (pitchWritten || match[2] === undefined) ? `-${match[3]}` : '') +
    (match[4] ? ' LH' : '');
  const written = pitchWritten || match[2] === undefined ? match[0] : `M${match[1]}`;
  return {
    thread: {
      designation,
      majorDiameterMm: roundMm(major),
      pitchMm: pitch,
      standard: 'ISO metric',
    },
    index: match.index,
    written: written.trim(),
  };
}

/** The series of an inch thread: as written when written, else from ASME B1.1 Table 2. */
function unifiedSeries(
  written: string | undefined,
  tpi: number,
  series: { unc?: number; unf?: number } | undefined,
): ParsedThread['standard'] {
  const upper = written?.toUpperCase();
  if (upper) {
    if (/^UNJ?R?C$/.test(upper)) return 'UNC';
    if (/^UNJ?R?F$/.test(upper)) return 'UNF';
    return 'UN';
  }
  if (series?.unc === tpi) return 'UNC';
  if (series?.unf === tpi) return 'UNF';
  return 'UN';
}

function inchThread(text: string): LocatedThread | undefined {
  const match = INCH_THREAD.exec(text);
  if (!match) return undefined;
  const [, sizeWritten, inchMark, tpiWritten, seriesWritten, classWritten] = match;
  if (seriesWritten && /^(?:NPT|NPS|BSP|ACME|STUB)/i.test(seriesWritten)) return undefined;
  const size = sizeWritten!.replace(/\s+/g, ' ').trim();
  const numbered = /^(?:#|No\.?)\s?(\d{1,2})$/i.exec(size);
  const tpi = Number(tpiWritten);
  if (!(tpi >= 4 && tpi <= 80)) return undefined;
  let majorInch: number;
  let sizeText: string;
  let series: { unc?: number; unf?: number } | undefined;
  if (numbered) {
    const number = Number(numbered[1]);
    majorInch = 0.06 + 0.013 * number;
    sizeText = `#${number}`;
    series = unifiedNumberedTpi.get(number);
  } else {
    majorInch = readNumber(size.replace(/^(\d+)-(\d+\/)/, '$1 $2'));
    // A bare whole number ('2017-05') is only a thread when the callout says inch or a series.
    if (/^\d+$/.test(size) && !inchMark && !seriesWritten) return undefined;
    if (!(majorInch > 0.05 && majorInch <= 6)) return undefined;
    sizeText = `${size.replace(/^(\d+)-(\d+\/)/, '$1 $2')}"`;
    const sixtyFourths = majorInch * 64;
    series =
      Math.abs(sixtyFourths - Math.round(sixtyFourths)) < 1e-6
        ? unifiedFractionalTpi.get(Math.round(sixtyFourths))
        : undefined;
  }
  const standard = unifiedSeries(seriesWritten, tpi, series);
  const seriesText = seriesWritten ? seriesWritten.toUpperCase() : standard;
  return {
    thread: {
      designation: `${sizeText}-${tpi} ${seriesText}${classWritten ? `-${classWritten.toUpperCase()}` : ''}`,
      majorDiameterMm: roundMm(majorInch * MM_PER_INCH),
      pitchMm: roundMm(MM_PER_INCH / tpi),
      standard,
    },
    index: match.index,
    written: match[0].trim(),
  };
}

/**
 * The thread a callout names, or undefined.
 *
 * - ISO metric (ISO 68-1 profile): `M8`, `M8x1.25`, `M8 x 1,25`, `M3 X.5`, `M10x1-6g`, `M12 LH`. Without a
 *   written pitch the coarse pitch of ISO 261:1998 Table 1 is used (M1.6 to M64); a metric
 *   size outside that table without a pitch gives undefined. `M8x20` reads as M8 (20 is a length).
 * - Unified inch (ASME B1.1): `7/16"-20 UNF`, `7/16-20`, `1/4-20 UNC`, `#10-32`, `1-1/4-7 UNC-2A`.
 *   Pitch = 25.4 / threads per inch. The series is the one written; without one it is taken from
 *   the UNC/UNF standard series of ASME B1.1 Table 2 when size and threads per inch are in it,
 *   otherwise `UN`.
 * - ACME and stub ACME (ASME B1.5, B1.8), trapezoidal (ISO 2904) and pipe threads (NPT, NPS, BSP)
 *   are not read: undefined, so that stock such as `5/8"-8 ACME rod` is not taken for a thread.
 *
 * @param text - callout text, already plain (see decodeDxfText)
 * @returns designation, major diameter and pitch in mm, standard; undefined when none is found
 */
export function parseThreadCallout(text: string): ParsedThread | undefined {
  return locateThreadCallout(text)?.thread;
}

/**
 * Like {@link parseThreadCallout}, with where the callout is written in the text.
 *
 * @returns the thread, the index of its callout and the callout as written; undefined when none
 */
export function locateThreadCallout(text: string): LocatedThread | undefined {
  if (UNSUPPORTED_FORMS.test(text)) return undefined;
  const metric = metricThread(text);
  const inch = inchThread(text);
  if (metric && inch) return metric.index <= inch.index ? metric : inch;
  return metric ?? inch;
}
