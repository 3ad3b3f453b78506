/**
 * What each tool loaded in a lathe can do, read from the shop's tool rows (slot, name,
 * description, type, manufacturer, hint).
 *
 * Insert geometry follows ISO 1832 (indexable insert designation): in "CNMG 120408" the shape
 * letter C is an 80° rhombus and the last two digits, 08, are the nose radius in tenths of a
 * millimetre (0.8 mm). Grooving and parting widths are read from the text ("3 mm", "width 3")
 * or from Sandvik CoroCut style codes ("N123G2-0300" = 3.00 mm). The readings every kind shares
 * (the row, its tool number, a drill's diameter) are in cam/tool-row.ts.
 */
import { tapSizeFrom } from '../mill/tooling.ts';
import { isTapDrill, numberPattern, statedDiameterFrom, toMm, toolNumberOf } from '../tool-row.ts';
import type { ToolRow } from '../tool-row.ts';

export type LatheToolKind =
  | 'turning'
  | 'boring'
  | 'drill'
  | 'centreDrill'
  | 'grooving'
  | 'parting'
  | 'threading'
  | 'chamfer'
  | 'tap'
  | 'other';

export interface LatheTool {
  row: ToolRow;
  /** Tool number from the slot: T3 is 3. */
  number: number;
  kind: LatheToolKind;
  /** Turning, boring and chamfer inserts: nose radius, mm. */
  noseRadiusMm?: number;
  /** Grooving and parting blades: cutting width, mm. */
  widthMm?: number;
  /** Drills: diameter; centre drills: pilot diameter, mm. */
  diameterMm?: number;
  /** Boring bars: smallest bore they enter, mm. */
  minBoreMm?: number;
  /** Taps: pitch, mm (their nominal size is `diameterMm`). */
  pitchMm?: number;
  /** The hint asks for roughing or finishing only. */
  duty?: 'rough' | 'finish';
  /** Short name for program comments and messages: "T1 CNMG 120408". */
  label: string;
}

/** Words a kind is known by, for messages ("a parting tool"). */
export const toolKindNames: Record<LatheToolKind, string> = {
  turning: 'an external turning tool',
  boring: 'a boring bar',
  drill: 'a twist drill',
  centreDrill: 'a centre drill',
  grooving: 'a grooving tool',
  parting: 'a parting (cut-off) tool',
  threading: 'a threading tool',
  chamfer: 'a chamfer tool',
  tap: 'a tap',
  other: 'another tool',
};

/** Nose radius from an ISO 1832 insert code or an explicit "r0.8" / "nose radius 0.4". */
export function noseRadiusFrom(text: string): number | undefined {
  const iso = /\b[CDKLRSTVW][A-Z]{2,3}\s*-?\s*\d{2}\s*[T\d]\d\s*(\d{2})\b/i.exec(text);
  if (iso) {
    const radius = Number(iso[1]) / 10;
    if (radius > 0) return radius;
  }
  const explicit = new RegExp(
    `(?:nose\\s*radius|\\bRE|\\bR|\\br)\\s*=?\\s*${numberPattern}\\s*(?:mm)?\\b`,
  ).exec(text);
  if (explicit) {
    const radius = toMm(explicit[1]!);
    if (radius > 0 && radius <= 3.2) return radius;
  }
  return undefined;
}

/** Blade width from "3 mm wide", "width 3", "3mm blade" or a CoroCut code "N123G2-0300". */
export function bladeWidthFrom(text: string): number | undefined {
  const code = /\bN1[23]\d[A-Z]\d-?(\d{4})\b/i.exec(text);
  if (code) return Number(code[1]) / 100;
  const worded =
    new RegExp(`(?:width|wide|w)\\s*[=:]?\\s*${numberPattern}\\s*(?:mm)?`, 'i').exec(text) ??
    new RegExp(`${numberPattern}\\s*mm\\s*(?:wide|width|blade|insert|groov|part|cut)`, 'i').exec(
      text,
    );
  if (worded) return toMm(worded[1]!);
  return undefined;
}

function minBoreFrom(text: string): number | undefined {
  const minBore = new RegExp(`min(?:imum)?\\.?\\s*bore\\s*(?:Ø|⌀)?\\s*${numberPattern}`, 'i').exec(
    text,
  );
  if (minBore) return toMm(minBore[1]!);
  const bar = new RegExp(`(?:bar|shank)\\s*(?:Ø|⌀|dia\\.?)?\\s*${numberPattern}`, 'i').exec(text);
  if (bar) return toMm(bar[1]!) + 2;
  return undefined;
}

/**
 * Read what a tool row can do on a lathe from its type (one of the 43 labels) and its words.
 * Rows whose slot is not "T" and a number get number 0 and kind 'other'.
 */
export function classifyTool(row: ToolRow): LatheTool {
  const text = `${row.toolName} ${row.toolDescription} ${row.toolHint}`;
  const numberOfSlot = toolNumberOf(row.slotNumber) ?? 0;
  const hint = row.toolHint.toUpperCase();
  const duty: LatheTool['duty'] = /\bROUGH/.test(hint)
    ? 'rough'
    : /\bFINISH/.test(hint)
      ? 'finish'
      : undefined;
  const base = {
    row,
    number: numberOfSlot,
    label: `T${numberOfSlot} ${row.toolName}`.trim(),
    ...(duty ? { duty } : {}),
  };
  const type = row.toolType;
  let kind: LatheToolKind = 'other';
  if (/thread/i.test(text) && (type === 'Turning' || type === 'Cutting' || type === 'Chamfer'))
    kind = 'threading';
  // A tap ("Tap M8x1.25", "M8 x 1.25 machine tap"): its size and pitch as the mill reads them.
  else if (
    (/\btap\b/i.test(text) ||
      (type === 'Drilling' && /\bM\d+(?:[.,]\d+)?\s*[x×]\s*\d/i.test(text))) &&
    !isTapDrill(text) &&
    !/\bream/i.test(text)
  )
    kind = 'tap';
  // Reamers cannot drill from solid: lathe programs do not use them (a reamer taken for a drill
  // breaks).
  else if (type === 'Drilling' && /\bream/i.test(text)) kind = 'other';
  else if (type === 'Drilling') kind = /cent(er|re)|spot/i.test(text) ? 'centreDrill' : 'drill';
  else if (type === 'Boring') kind = 'boring';
  else if (type === 'Turning' || type === 'Facing') kind = 'turning';
  else if (type === 'Chamfer') kind = 'chamfer';
  else if (type === 'Cutting' || type === 'Sawing' || type === 'Slotting') {
    kind = /groov|slot/i.test(text) && !/part|cut[- ]?off/i.test(text) ? 'grooving' : 'parting';
  }
  if (numberOfSlot === 0) kind = 'other';

  const tool: LatheTool = { ...base, kind };
  const radius = noseRadiusFrom(text);
  if ((kind === 'turning' || kind === 'boring' || kind === 'chamfer') && radius)
    tool.noseRadiusMm = radius;
  if (kind === 'grooving' || kind === 'parting') {
    const width = bladeWidthFrom(text);
    if (width) tool.widthMm = width;
  }
  if (kind === 'drill' || kind === 'centreDrill') {
    const diameter = statedDiameterFrom(`${row.toolName} ${row.toolDescription}`);
    if (diameter) tool.diameterMm = diameter;
  }
  if (kind === 'tap') {
    const size = tapSizeFrom(`${row.toolName} ${row.toolDescription}`);
    if (size) {
      tool.diameterMm = size.nominalMm;
      tool.pitchMm = size.pitchMm;
    }
  }
  if (kind === 'boring') {
    const minBore = minBoreFrom(text);
    if (minBore) tool.minBoreMm = minBore;
  }
  return tool;
}
