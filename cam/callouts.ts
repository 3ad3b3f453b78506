/**
 * The callout parser every reader shares (DXF, PDF text, the operator's corrections): turns the
 * words and numbers on a drawing into millimetres. Pure TypeScript: also bundled into the browser.
 *
 * Numbers, threads, materials and DXF text codes live in cam/callouts/; they are re-exported
 * here, so callers import everything from `#cam/callouts`.
 */
import {
  MM_PER_INCH,
  ANGLE_AFTER,
  LENGTH_FORM,
  NUMBER,
  SIGNED_DECIMAL,
  UNIT,
  countPrefix,
  diameterForms,
  formatMm,
  isInchUnit,
  readNumber,
  roundMm,
} from '#contracts/written-numbers';
import { decodeDxfText } from './callouts/dxf-text.ts';
import { locateThreadCallout, type ParsedThread } from './callouts/threads.ts';

export {
  locateThreadCallout,
  parseThreadCallout,
  type LocatedThread,
  type ParsedThread,
} from './callouts/threads.ts';
export {
  countersinkText,
  parseCountersinkCallout,
  type ParsedCountersink,
} from './callouts/countersinks.ts';
export { findMaterial } from './callouts/materials.ts';
export { decodeDxfText } from './callouts/dxf-text.ts';
export {
  MM_PER_INCH,
  formatMm,
  formatTolerance,
  readNumber,
  roundMm,
} from '#contracts/written-numbers';
export { hasDiameterSign, startsWithDiameterSign } from './callouts/signs.ts';
import { DIAMETER_SIGN } from './callouts/signs.ts';

/** Deviations from a nominal size, mm: Ø16.5 +0.1/0 → upper 0.1, lower 0. */
export interface ParsedTolerance {
  upperMm: number;
  lowerMm: number;
}

/** A diameter callout. Lengths in mm. */
export interface ParsedDiameter {
  nominalMm: number;
  tolerance?: ParsedTolerance;
  /** ISO 286 fit as written: 'h7', 'H12', 'H7/g6'. */
  fit?: string;
  /** Set when the callout is a thread, or names the thread of this diameter. */
  thread?: ParsedThread;
  /** The callout as written, decoded and trimmed: 'Ø40 h7', 'Ø16.5 +0.1/0', 'M8x1.25'. */
  text: string;
}

/** A length callout. Lengths in mm. */
export interface ParsedLength {
  valueMm: number;
  /** Words written with the number: 'or longer (not to scale)', 'approx.'. */
  qualifier?: string;
  tolerance?: ParsedTolerance;
}

/** A chamfer callout: leg length along the axis in mm, angle to the axis in degrees. */
export interface ParsedChamfer {
  sizeMm: number;
  angleDeg: number;
}

/** Plain, single-spaced text: DXF codes decoded, runs of white space made one space. */
function plain(text: string): string {
  return decodeDxfText(text).replace(/\s+/g, ' ').trim();
}

const DIAMETER_SYMBOL = DIAMETER_SIGN;
function toMm(value: number, unit: string | undefined, units: 'mm' | 'inch' | undefined): number {
  if (unit === 'cm') return roundMm(value * 10);
  if (isInchUnit(unit) || (unit === undefined && units === 'inch')) {
    return roundMm(value * MM_PER_INCH);
  }
  return roundMm(value);
}

/** ISO 286-1 fundamental deviation letters (no I, L, O, Q, W; x left out: it reads as 'by'). */
const FIT_LETTERS = /^(?:[abcdefghjkmnprstuvyz]|cd|ef|fg|js|za|zb|zc)$/;
/** ISO 286-1 standard tolerance grades IT01, IT0, IT1 … IT18. */
const FIT_GRADE = /^(?:01|0|[1-9]|1[0-8])$/;

function isFit(letters: string, grade: string): boolean {
  const sameCase = letters === letters.toLowerCase() || letters === letters.toUpperCase();
  return sameCase && FIT_LETTERS.test(letters.toLowerCase()) && FIT_GRADE.test(grade);
}

const FIT =
  /^\s*\(?\s*([A-Za-z]{1,2})(\d{1,2})(?:\s*\/\s*([A-Za-z]{1,2})(\d{1,2}))?\s*\)?(?![\w.,])/;
const SYMMETRIC = new RegExp(String.raw`^\s*\(?\s*(?:±|\+\/-|\+-)\s*(${NUMBER})\s*${UNIT}?\s*\)?`);
const ASYMMETRIC = new RegExp(
  String.raw`^\s*\(?\s*(${SIGNED_DECIMAL})\s*\/\s*(${SIGNED_DECIMAL})\s*\)?(?![\d.,])`,
);
const BOTH_SIGNED = new RegExp(
  String.raw`^\s*\(?\s*([+\-−]\s?${NUMBER})\s+([+\-−]\s?${NUMBER})\s*\)?(?![\d.,])`,
);
const ONE_SIGNED = new RegExp(String.raw`^\s*\(?\s*([+\-−]${NUMBER})\s*\)?(?![\d.,/])`);

/**
 * What follows a nominal size: a fit and/or a tolerance, in either order. Deviations larger than
 * a fifth of the nominal (at least 1 mm) are not tolerances ('Ø40 -85' is not one).
 */
function readTail(
  tail: string,
  inch: boolean,
  nominalMm: number,
): { fit?: string; tolerance?: ParsedTolerance; consumed: number } {
  const factor = inch ? MM_PER_INCH : 1;
  const plausible = (deviation: ParsedTolerance) =>
    Math.max(Math.abs(deviation.upperMm), Math.abs(deviation.lowerMm)) <=
    Math.max(1, nominalMm / 5);
  let consumed = 0;
  let fit: string | undefined;
  let tolerance: ParsedTolerance | undefined;
  for (let round = 0; round < 2; round++) {
    const rest = tail.slice(consumed);
    const fitMatch = fit ? null : FIT.exec(rest);
    if (fitMatch && isFit(fitMatch[1]!, fitMatch[2]!)) {
      const pair =
        fitMatch[3] !== undefined && isFit(fitMatch[3], fitMatch[4]!)
          ? `/${fitMatch[3]}${fitMatch[4]}`
          : '';
      fit = `${fitMatch[1]}${fitMatch[2]}${pair}`;
      consumed += fitMatch[0].length;
      continue;
    }
    if (tolerance) break;
    const symmetric = SYMMETRIC.exec(rest);
    if (symmetric) {
      const value = toMm(readNumber(symmetric[1]!), symmetric[2] ?? (inch ? '"' : 'mm'), 'mm');
      const found = { upperMm: value, lowerMm: roundMm(-value) };
      if (!plausible(found)) break;
      tolerance = found;
      consumed += symmetric[0].length;
      continue;
    }
    const pair = ASYMMETRIC.exec(rest) ?? BOTH_SIGNED.exec(rest);
    const explicit = (written: string) => /^[+\-−]/.test(written) || readNumber(written) === 0;
    if (pair && explicit(pair[1]!) && explicit(pair[2]!)) {
      const a = readNumber(pair[1]!) * factor;
      const b = readNumber(pair[2]!) * factor;
      const found = { upperMm: roundMm(Math.max(a, b)), lowerMm: roundMm(Math.min(a, b)) };
      if (!plausible(found)) break;
      tolerance = found;
      consumed += pair[0].length;
      continue;
    }
    const single = ONE_SIGNED.exec(rest);
    if (single) {
      const value = roundMm(readNumber(single[1]!) * factor);
      const found = value >= 0 ? { upperMm: value, lowerMm: 0 } : { upperMm: 0, lowerMm: value };
      if (!plausible(found)) break;
      tolerance = found;
      consumed += single[0].length;
      continue;
    }
    // Limits of size (ISO 129-1 § 7.2): the other limit on the next line or after a slash,
    // one of them written with decimals ('Ø4.05' over 'Ø3.95', '20.1/19.9', 'Ø8.1' over 'Ø8').
    const limit = round === 0 && !fit ? LIMIT.exec(rest) : null;
    if (limit && (/[.,]\d/.test(limit[1]!) || !Number.isInteger(nominalMm))) {
      const other = toMm(readNumber(limit[1]!), inch ? '"' : 'mm', 'mm');
      const found = {
        upperMm: roundMm(Math.max(other, nominalMm) - nominalMm),
        lowerMm: roundMm(Math.min(other, nominalMm) - nominalMm),
      };
      if (other === nominalMm || !plausible(found) || Math.abs(other - nominalMm) > 0.1 * nominalMm)
        break;
      tolerance = found;
      consumed += limit[0].length;
      continue;
    }
    break;
  }
  return { ...(fit ? { fit } : {}), ...(tolerance ? { tolerance } : {}), consumed };
}

const LIMIT = new RegExp(String.raw`^\s*\/?\s*${DIAMETER_SYMBOL}?\s*(${NUMBER})(?![\d.,])`);
const {
  symbol: SYMBOL_FORM,
  wordBefore: WORD_BEFORE,
  wordAfter: WORD_AFTER,
  bare: BARE,
} = diameterForms;

/**
 * A diameter callout: nominal size, ISO 286 fit, tolerance and thread.
 *
 * Reads `Ø40`, `⌀40`, `Ø 40,5`, `Ø40 h7`, `Ø38 H12`, `Ø20 H7/g6`, `Ø16.5 +0.1/0`, `Ø19.9 0/-0.1`,
 * `Ø21.5 ±0.1`, `DIA 40`, `40 dia`, DXF text (`%%C15.48`), a bare number (`15.48`, for the text of
 * a diameter dimension) and thread callouts (`M8`, `M8x1.25`, `7/16"-20 UNF`: the nominal is the
 * major diameter, see parseThreadCallout). A thread written beside a diameter within 0.5 mm of
 * its major diameter is attached to it.
 *
 * @param text - the callout; DXF codes are decoded first
 * @param units - the drawing's units: numbers without a unit are inches when 'inch'. A written unit
 *   wins (`Ø.625"`, `0.625 in`, `5/8"`, `Ø40 mm`). Tolerances are in the nominal's unit.
 * @returns sizes in mm; undefined when the text holds no diameter
 */
export function parseDiameterCallout(
  text: string,
  units?: 'mm' | 'inch',
): ParsedDiameter | undefined {
  const decoded = plain(text);
  const located = locateThreadCallout(decoded);
  const written =
    SYMBOL_FORM.exec(decoded) ?? WORD_BEFORE.exec(decoded) ?? WORD_AFTER.exec(decoded);
  if (written) {
    const nominalMm = toMm(readNumber(written[1]!), written[2], units);
    if (!(nominalMm > 0)) return undefined;
    const inch = isInchUnit(written[2]) || (written[2] === undefined && units === 'inch');
    const end = written.index + written[0].length;
    const tail = readTail(decoded.slice(end), inch, nominalMm);
    const thread =
      located && Math.abs(located.thread.majorDiameterMm - nominalMm) <= 0.5
        ? located.thread
        : undefined;
    // 'Ø8 M8': M8 is the thread, not an ISO 286 M8 fit.
    const fit = tail.fit && !(thread && /^M\d/.test(tail.fit)) ? tail.fit : undefined;
    return {
      nominalMm,
      ...(tail.tolerance ? { tolerance: tail.tolerance } : {}),
      ...(fit ? { fit } : {}),
      ...(thread ? { thread } : {}),
      text: decoded.slice(written.index, end + tail.consumed).trim(),
    };
  }
  if (located) {
    return {
      nominalMm: located.thread.majorDiameterMm,
      thread: located.thread,
      text: located.written,
    };
  }
  const bare = BARE.exec(decoded);
  if (!bare) return undefined;
  const nominalMm = toMm(readNumber(bare[1]!), bare[2], units);
  if (!(nominalMm > 0)) return undefined;
  const inch = isInchUnit(bare[2]) || (bare[2] === undefined && units === 'inch');
  const tail = readTail(decoded.slice(bare[0].length), inch, nominalMm);
  return {
    nominalMm,
    ...(tail.tolerance ? { tolerance: tail.tolerance } : {}),
    ...(tail.fit ? { fit: tail.fit } : {}),
    text: decoded.slice(0, bare[0].length + tail.consumed).trim(),
  };
}

const LENGTH_LABEL = /^(?:overall length|total length|length|OAL|L)\s*[:=]?$/i;

/**
 * A length callout: `20`, `20 mm`, `38 ±0.1`, `1.5"`, `0.75 in`, `L=20`,
 * `875mm or longer (not to scale)` (875 with the qualifier `or longer (not to scale)`), `2x 19,9`
 * (19.9 with the qualifier `2x`: ISO 129-1 writes how many features a size applies to before it).
 *
 * @param text - the callout; DXF codes are decoded first. A diameter (`Ø20`) is not a length.
 * @param units - the drawing's units: numbers without a unit are inches when 'inch'
 * @returns the length and tolerance in mm and the words written around the number; undefined
 *   when the text holds no number
 */
export function parseLengthCallout(text: string, units?: 'mm' | 'inch'): ParsedLength | undefined {
  const decoded = plain(text);
  if (new RegExp(String.raw`^${DIAMETER_SYMBOL}|\b(?:DIA|diam)`, 'i').test(decoded)) {
    return undefined;
  }
  // A count before the size ('2x 19,9', '4 × 12'): the size is the number after it.
  const counted = countPrefix(decoded);
  if (counted && !ANGLE_AFTER.test(counted.rest)) {
    const rest = parseLengthCallout(counted.rest, units);
    if (rest) {
      const qualifier = [counted.prefix.trim(), rest.qualifier].filter(Boolean).join(' ');
      return { ...rest, qualifier };
    }
  }
  const match = LENGTH_FORM.exec(decoded);
  if (!match) return undefined;
  const value = readNumber(match[1]!);
  const unit = match[2];
  let valueMm = toMm(value, unit, units);
  if (unit === 'm') valueMm = roundMm(value * 1000);
  if (!(valueMm > 0)) return undefined;
  const inch = isInchUnit(unit) || (unit === undefined && units === 'inch');
  const end = match.index + match[0].length;
  const tail = readTail(decoded.slice(end), inch, valueMm);
  const before = decoded.slice(0, match.index).trim();
  const after = decoded.slice(end + tail.consumed).trim();
  const qualifier = [LENGTH_LABEL.test(before) ? '' : before, after]
    .filter(Boolean)
    .join(' ')
    .replace(/^[\s,;:–-]+/, '')
    .trim();
  return {
    valueMm,
    ...(qualifier ? { qualifier } : {}),
    ...(tail.tolerance ? { tolerance: tail.tolerance } : {}),
  };
}

/** A radius callout. Lengths in mm. */
export interface ParsedRadius {
  radiusMm: number;
  tolerance?: ParsedTolerance;
}

const RADIUS = new RegExp(String.raw`(?<![A-Za-z])R\s?(${NUMBER})\s*${UNIT}?`);

/**
 * A radius callout (ISO 129-1: the letter R before the value): `R10`, `R10,00`, `R1.00 ±0.10`,
 * `2x R0,15`, `R.125"`. `Ra` roughness values are not radii.
 *
 * @param text - the callout; DXF codes are decoded first
 * @param units - the drawing's units: numbers without a unit are inches when 'inch'
 * @returns the radius and its tolerance in mm; undefined when the text holds no radius
 */
export function parseRadiusCallout(text: string, units?: 'mm' | 'inch'): ParsedRadius | undefined {
  const decoded = plain(text);
  const match = RADIUS.exec(decoded);
  if (!match) return undefined;
  const radiusMm = toMm(readNumber(match[1]!), match[2], units);
  if (!(radiusMm > 0)) return undefined;
  const inch = isInchUnit(match[2]) || (match[2] === undefined && units === 'inch');
  const tail = readTail(decoded.slice(match.index + match[0].length), inch, radiusMm);
  return { radiusMm, ...(tail.tolerance ? { tolerance: tail.tolerance } : {}) };
}

const CHAMFER_ANGLE_FIRST = new RegExp(
  String.raw`(?<![\w.,])(\d+(?:[.,]\d+)?)\s*°\s*[xX×]\s*(${NUMBER})\s*(mm|")?`,
);
const CHAMFER_SIZE_FIRST = new RegExp(
  String.raw`(?<![\w.,/Ø⌀ø∅±+\-])(${NUMBER})\s*(mm|")?\s*[xX×]\s*(\d+(?:[.,]\d+)?)\s*(°)?`,
);
const CHAMFER_CH = new RegExp(String.raw`\bCH\.?\s*(${NUMBER})\s*(mm|")?(?!\s*[xX×]?\s*\d)`);
const CHAMFER_WORD = new RegExp(
  String.raw`\b(?:chamfer|bevel)\s*(${NUMBER})\s*(mm|")?(?!\s*[xX×]?\s*\d)`,
  'i',
);
const CHAMFER_C = /(?:^|[\s,;(])C\s?(\d+(?:[.,]\d+)?)(?=$|[\s,;)])/;
const CHAMFER_WORDS = /chamfer|bevel|\bfase\b|\bCH\b|break/i;
/** Chamfer angles common enough to read '1 x 45' without a degree sign. */
const COMMON_CHAMFER_ANGLES = new Set([15, 20, 30, 45, 60]);

function chamfer(
  size: number,
  unit: string | undefined,
  angle: number,
  units: 'mm' | 'inch' | undefined,
): ParsedChamfer | undefined {
  const sizeMm = toMm(size, unit, units);
  return sizeMm > 0 && angle > 0 && angle < 90 ? { sizeMm, angleDeg: angle } : undefined;
}

/** A chamfer as the description writes it: '1 x 45°' (its leg along the axis, mm, and its angle). */
export function chamferText(chamfer: { sizeMm: number; angleDeg: number }): string {
  return `${formatMm(chamfer.sizeMm)} x ${formatMm(chamfer.angleDeg)}°`;
}

/**
 * A chamfer callout (ISO 129-1 notation): `1x45°`, `1 x 45`, `0.3x45°`, `0,5 X 45°`, `45° x 1`,
 * `C1` (1 x 45°, ISO 13715/JIS style; sizes under 10 so that `C45` steel is not read),
 * `CH 5` and `chamfer 0.5` (45°).
 *
 * Without a degree sign, `a x b` is a chamfer only when b is a common chamfer angle (15, 20, 30,
 * 45, 60) or the text says chamfer/bevel, so that `Ø40 x 85` is not one.
 *
 * @param text - the callout; DXF codes are decoded first
 * @param units - the drawing's units: a size without a unit is inches when 'inch' (`.03 X 45°` on
 *   an inch drawing is 0.762 mm); default mm. A written unit wins: `"` is inch, `mm` is mm
 * @returns leg length along the axis in mm and the angle to the axis in degrees; undefined when
 *   the text holds no chamfer
 */
export function parseChamferCallout(
  text: string,
  units?: 'mm' | 'inch',
): ParsedChamfer | undefined {
  const decoded = plain(text);
  const angleFirst = CHAMFER_ANGLE_FIRST.exec(decoded);
  if (angleFirst) {
    const found = chamfer(
      readNumber(angleFirst[2]!),
      angleFirst[3],
      readNumber(angleFirst[1]!),
      units,
    );
    if (found) return found;
  }
  const sizeFirst = CHAMFER_SIZE_FIRST.exec(decoded);
  if (sizeFirst) {
    const angle = readNumber(sizeFirst[3]!);
    if (sizeFirst[4] || CHAMFER_WORDS.test(decoded) || COMMON_CHAMFER_ANGLES.has(angle)) {
      const found = chamfer(readNumber(sizeFirst[1]!), sizeFirst[2], angle, units);
      if (found) return found;
    }
  }
  const word = CHAMFER_CH.exec(decoded) ?? CHAMFER_WORD.exec(decoded);
  if (word) return chamfer(readNumber(word[1]!), word[2], 45, units);
  const c = CHAMFER_C.exec(decoded);
  if (c) {
    const size = readNumber(c[1]!);
    // C notation (JIS B 0001 style) is metric: 'C1' is 1 mm on an inch drawing too.
    if (size < 10) return chamfer(size, 'mm', 45, units);
  }
  return undefined;
}

/** Ra in µm of the roughness grade numbers N1–N12 (ISO 1302:2002, Table B.1; N7 = Ra 1.6). */
const roughnessGradeRaUm = [0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 6.3, 12.5, 25, 50];

/**
 * The finest roughness a text asks for, as Ra in µm (ISO 21920-1 / ISO 4287 Ra).
 *
 * Reads `Ra 1.6`, `Ra1,6`, `Ra 3.2 µm`, `Ra=0.8`, `Ra 63 µin` (× 0.0254) and the grade numbers
 * `N1`–`N12` of ISO 1302:2002 (N7 = 1.6 µm). Rz and other parameters are not read.
 *
 * @param text - the note; DXF codes are decoded first
 * @returns the smallest Ra found, µm; undefined when there is none
 */
export function parseRoughness(text: string): number | undefined {
  const decoded = plain(text);
  const values: number[] = [];
  for (const match of decoded.matchAll(
    /\bR[aA]\s*[=:]?\s*(\d+(?:[.,]\d+)?|[.,]\d+)\s*(µm|μm|um|µin|μin|uin|microinch(?:es)?)?/g,
  )) {
    const value = readNumber(match[1]!);
    const microinch = match[2] !== undefined && /in/i.test(match[2]);
    if (value > 0) values.push(microinch ? roundMm(value * 0.0254) : value);
  }
  for (const match of decoded.matchAll(/(?<![\w.])N(1[0-2]|[1-9])\b(?![.,]\d)/g)) {
    values.push(roughnessGradeRaUm[Number(match[1]) - 1]!);
  }
  return values.length > 0 ? Math.min(...values) : undefined;
}

/**
 * The general tolerance a note names, normalised: `ISO 2768-mK` (ISO 2768-1 class f/m/c/v for
 * linear and angular sizes, ISO 2768-2 class H/K/L for geometry), `ISO 2768-m`, or the older
 * `DIN 7168-m`.
 *
 * Reads `ISO 2768-mK`, `ISO 2768-m`, `DIN ISO 2768 mK`, `ISO 2768-1 m`, `ISO2768mK`, `DIN 7168 m`.
 *
 * @param text - the note; DXF codes are decoded first
 * @returns the normalised designation, or undefined
 */
export function parseGeneralTolerance(text: string): string | undefined {
  const decoded = plain(text);
  const iso =
    /\b(?:DIN\s+)?(?:EN\s+)?ISO\s*2768(?:\s*-\s*[12](?!\d))?\s*[-–:]?\s*([fmcv])(?:\s*-?\s*([hkl]))?(?![A-Za-z])/i.exec(
      decoded,
    );
  if (iso) return `ISO 2768-${iso[1]!.toLowerCase()}${iso[2]?.toUpperCase() ?? ''}`;
  const din = /\bDIN\s*7168\s*[-–:]?\s*([fmgs])(?![A-Za-z])/i.exec(decoded);
  if (din) return `DIN 7168-${din[1]!.toLowerCase()}`;
  return undefined;
}

/**
 * Whether a note lets the part keep centre holes (ISO 6411, DIN 332): 'not permitted' for a
 * note forbidding them ('NO CENTRE HOLES', 'centre holes not permitted', 'Zentrierbohrung nicht
 * zulässig'); 'permitted' for one calling for or allowing them ('CENTER DRILL BOTH ENDS', '2x
 * centre hole ISO 6411-A2.5/5.3', 'DIN 332-A4x8.5', 'centre holes permitted'); undefined for any
 * other note.
 * @param text - the note; DXF codes are decoded first
 */
export function parseCentreHoles(text: string): 'permitted' | 'not permitted' | undefined {
  const decoded = plain(text);
  const centre = String.raw`(?:cent(?:re|er)[- ]?(?:holes?|bores?|drill(?:ed|ing|s)?)|zentrierbohrung(?:en)?)`;
  const forbidden = new RegExp(
    String.raw`\b(?:no|without|ohne)\s+${centre}|${centre}\s*(?:are\s+|is\s+)?(?:not\s+(?:permitted|allowed|acceptable)|forbidden|prohibited|nicht\s+zul(?:ä|ae)ssig)`,
    'i',
  );
  if (forbidden.test(decoded)) return 'not permitted';
  if (new RegExp(String.raw`\b${centre}|\bISO\s*6411\b|\bDIN\s*332\b`, 'i').test(decoded))
    return 'permitted';
  return undefined;
}
