/**
 * What each tool loaded in a milling machine can do, read from the shop's tool rows (slot,
 * name, description, type, hint): face mills, end mills (diameter, flutes, flute length), spot
 * and centre drills, twist drills, taps (size and pitch), reamers, boring heads, chamfer mills.
 *
 * Words read: diameter "Ø10", "D10", "10 mm"; flutes "4FL", "4 flute", "Z4"; flute length
 * "LOC 22", "flute length 22"; taps "Tap M8x1.25" (a metric size without pitch takes the
 * ISO 261 coarse pitch); tool material "HSS", "HSS-E", "carbide", "VHM"; countersinks
 * "countersink", "CSK", "Kegelsenker", "Senker 90°" (DIN 335 / DIN 334); the included angle of a
 * countersink, chamfer mill or spot drill "90°", "82 deg" (90° when none is written, the DIN 335
 * and most spot drills' angle); the flat at a countersink's or chamfer mill's tip "tip Ø1".
 */
import { coarsePitchOf } from '../iso261.ts';
import { isTapDrill, statedDiameterFrom, toolDiameterFrom, toolNumberOf } from '../tool-row.ts';
import type { ToolRow } from '../tool-row.ts';
import type { MillTool, MillToolKind } from './program.ts';

/** Words a kind is known by, for messages ("an end mill"). */
export const millToolKindNames: Record<MillToolKind, string> = {
  faceMill: 'a face mill',
  endMill: 'an end mill',
  drill: 'a twist drill',
  spotDrill: 'a spot or centre drill',
  tap: 'a tap',
  reamer: 'a reamer',
  boringHead: 'a boring head',
  chamferMill: 'a chamfer mill',
  countersink: 'a countersink',
  other: 'another tool',
};

const shortNames: Record<MillToolKind, string> = {
  faceMill: 'face mill',
  endMill: 'end mill',
  drill: 'drill',
  spotDrill: 'spot drill',
  tap: 'tap',
  reamer: 'reamer',
  boringHead: 'boring head',
  chamferMill: 'chamfer mill',
  countersink: 'countersink',
  other: 'tool',
};

const number = '(\\d+(?:[.,]\\d+)?)';
const toMm = (text: string) => Number(text.replace(',', '.'));

function kindOf(type: string, text: string): MillToolKind {
  if (/\btap\b|\bM\d+(?:[.,]\d+)?\s*[x×]\s*\d/i.test(text) && !isTapDrill(text)) return 'tap';
  if (/\bream/i.test(text)) return 'reamer';
  if (/countersink|\bcsk\b|kegelsenker|\bsenker\b/i.test(text)) return 'countersink';
  if (/spot|cent(?:er|re)\s*drill|NC\s*drill/i.test(text)) return 'spotDrill';
  if (/chamfer/i.test(text) || type === 'Chamfer') return 'chamferMill';
  if (/boring\s*head/i.test(text)) return 'boringHead';
  if (/face\s*mill|shell\s*mill|fly\s*cut/i.test(text) || type === 'Facing') return 'faceMill';
  if (
    /end\s*mill|slot\s*drill|flat\s*mill|square\s*end|bull\s*nose|\d\s*(?:FL|flutes?)\b/i.test(text)
  )
    return 'endMill';
  switch (type) {
    case 'Drilling':
      return 'drill';
    case 'Boring':
      return 'boringHead';
    case 'Milling':
    case 'Slotting':
    case 'High-Speed Machining':
    case 'High-Efficiency Machining':
    case 'High-Performance Machining':
      return 'endMill';
    default:
      return /\bdrill/i.test(text) ? 'drill' : 'other';
  }
}

/** Flutes (or face-mill inserts) from "4FL", "4 flute", "4-flute", "Z4", "z=4", "5 inserts". */
export function flutesFrom(text: string): number | undefined {
  const match =
    /\b(\d{1,2})\s*-?\s*(?:FL\b|flutes?\b|fluted\b|teeth\b|inserts?\b|tooth\b)/i.exec(text) ??
    /\bZ\s*=?\s*(\d{1,2})\b/.exec(text);
  const flutes = match ? Number(match[1]) : undefined;
  return flutes && flutes >= 1 && flutes <= 20 ? flutes : undefined;
}

/** Flute length (length of cut) from "LOC 22", "flute length 22 mm", "22 mm flute length", "ap max 8". */
export function fluteLengthFrom(text: string): number | undefined {
  const match =
    new RegExp(
      `(?:\\bLOC|flute\\s*length|length\\s*of\\s*cut|cutting\\s*length|\\bap\\s*max|\\bl2)\\s*[=:]?\\s*${number}`,
      'i',
    ).exec(text) ??
    new RegExp(`${number}\\s*mm\\s*(?:flute\\s*length|length\\s*of\\s*cut|LOC)\\b`, 'i').exec(text);
  return match ? toMm(match[1]!) : undefined;
}

/** Tap size from "M8x1.25", "M8 x 1.25" or "M8" (coarse pitch): nominal and pitch, mm. */
export function tapSizeFrom(text: string): { nominalMm: number; pitchMm: number } | undefined {
  const fine = new RegExp(`\\bM${number}\\s*[x×]\\s*${number}`, 'i').exec(text);
  if (fine) return { nominalMm: toMm(fine[1]!), pitchMm: toMm(fine[2]!) };
  const coarse = new RegExp(`\\bM${number}\\b`, 'i').exec(text);
  if (coarse) {
    const nominalMm = toMm(coarse[1]!);
    const pitchMm = coarsePitchOf(nominalMm);
    if (pitchMm) return { nominalMm, pitchMm };
  }
  const pitch = new RegExp(`pitch\\s*[=:]?\\s*${number}`, 'i').exec(text);
  const diameter = toolDiameterFrom(text);
  if (pitch && diameter) return { nominalMm: diameter, pitchMm: toMm(pitch[1]!) };
  return undefined;
}

/** Kinds that cut a cone: their included angle and tip are read. */
const coneKinds: readonly MillToolKind[] = ['countersink', 'chamferMill', 'spotDrill'];

/** Included angle from "90°", "82 deg", "82 degree" (between 30° and 150°), degrees. */
export function pointAngleFrom(text: string): number | undefined {
  const match = new RegExp(`${number}\\s*(?:°|º|deg(?:rees?)?\\b)`, 'i').exec(text);
  const angle = match ? toMm(match[1]!) : undefined;
  return angle !== undefined && angle >= 30 && angle <= 150 ? angle : undefined;
}

/** The flat at a cone tool's tip from "tip Ø1", "tip 0.5", "d1 1", mm. */
export function tipDiameterFrom(text: string): number | undefined {
  const match = new RegExp(`\\b(?:tip|d1)\\s*[=:]?\\s*[Ø⌀]?\\s*${number}`, 'i').exec(text);
  return match ? toMm(match[1]!) : undefined;
}

/**
 * Read what a tool row can do on a milling machine from its type (one of the 43 labels) and
 * its words. Rows whose slot is not "T" and a number get number 0 and kind 'other'.
 */
export function classifyMillTool(row: ToolRow): MillTool {
  const text = `${row.toolName} ${row.toolDescription} ${row.toolHint}`;
  const numberOfSlot = toolNumberOf(row.slotNumber) ?? 0;
  let kind = kindOf(row.toolType, text);
  if (numberOfSlot === 0) kind = 'other';
  const tool: MillTool = { row, number: numberOfSlot, kind, label: '' };
  const words = `${row.toolName} ${row.toolDescription}`;
  if (kind === 'tap') {
    const size = tapSizeFrom(words);
    if (size) {
      tool.diameterMm = size.nominalMm;
      tool.pitchMm = size.pitchMm;
    }
  } else if (kind !== 'boringHead') {
    const diameter = statedDiameterFrom(words);
    if (diameter !== undefined && diameter > 0) tool.diameterMm = diameter;
  }
  if (coneKinds.includes(kind)) {
    tool.pointAngleDeg = pointAngleFrom(words) ?? 90;
    const tip = tipDiameterFrom(words);
    if (tip !== undefined && tip < (tool.diameterMm ?? Infinity)) tool.tipDiameterMm = tip;
  }
  const flutes = flutesFrom(words);
  if (flutes !== undefined) tool.flutes = flutes;
  const fluteLength = fluteLengthFrom(words);
  if (fluteLength !== undefined) tool.fluteLengthMm = fluteLength;
  const hss = /\bHSS|\bHSCo|\bcobalt|\bHS-?E\b|\bM42\b/i.test(text);
  const carbide = /carbide|\bVHM\b|\bHM\b|insert|indexable/i.test(text);
  if (hss || carbide) tool.toolMaterial = carbide && !hss ? 'carbide' : 'hss';
  const size =
    kind === 'tap' && tool.pitchMm
      ? `M${tool.diameterMm}x${tool.pitchMm}`
      : tool.diameterMm !== undefined
        ? `Ø${tool.diameterMm}`
        : '';
  tool.label = `T${numberOfSlot} ${size} ${kind === 'other' ? row.toolName : shortNames[kind]}`
    .replace(/\s+/g, ' ')
    .trim();
  return tool;
}
