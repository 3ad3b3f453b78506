/**
 * The operator's plain-text corrections of what the values table shows beyond a turned part's
 * shape (docs/decisions/049-values-table.md): a plate's holes ('holes are M6', 'Ø6.6 holes
 * counterbore Ø11 x 6.8', 'holes 8 deep', 'countersink Ø12 x 90°'), its outline ('outline 175 x
 * 100'), pocket and slot depths ('pockets 3 deep', 'slots through') and the title block
 * ('drawing number FLH-002', 'revision F', 'title Flange', 'units inch', 'scale 1:2'). Lengths in mm.
 */
import { formatMm, parseCountersinkCallout, parseThreadCallout, readNumber } from '#cam/callouts';
import type { BlueprintDescription, TitleBlock } from '#contracts/blueprint';
import { NUMBER } from '#contracts/written-numbers';

type Hole = NonNullable<BlueprintDescription['prismatic']>['holes'][number];

/** One correction of a plate or of the title block. */
export type PlateEdit =
  | { kind: 'holes'; onDiameterMm?: number; change: (hole: Hole) => void; words: string }
  | { kind: 'outline'; widthMm: number; heightMm: number }
  | { kind: 'depth'; list: 'pockets' | 'slots'; depthMm?: number }
  | { kind: 'titleBlock'; key: keyof Omit<TitleBlock, 'other'>; text: string };

const n = (text: string) => readNumber(text);
const HOLES = /\b(?:holes?|tapped|bores?)\b/i;
const ON_DIAMETER = new RegExp(String.raw`[Ø⌀ø∅]\s*(${NUMBER})\s*(?:mm)?\s*holes?`, 'i');
const DEPTH = new RegExp(String.raw`(${NUMBER})\s*(?:mm)?\s*deep|depth\s*[:=]?\s*(${NUMBER})`, 'i');
const THROUGH = /\b(?:through|thru)\b/i;
const COUNTERBORE = new RegExp(
  String.raw`(?:counterbored?|c'?bore|⌴)\s*[Ø⌀ø∅]?\s*(${NUMBER})\s*(?:mm)?\s*(?:[x×]\s*(${NUMBER}))?`,
  'i',
);
const OUTLINE = new RegExp(
  String.raw`\b(?:outline|plate size|size of the plate)\b\s*(?:is)?\s*[:=]?\s*(${NUMBER})\s*(?:mm)?\s*[x×*]\s*(${NUMBER})(?!\s*(?:mm)?\s*[x×*])`,
  'i',
);
const TITLE: {
  key: PlateEdit & { kind: 'titleBlock' } extends { key: infer K } ? K : never;
  pattern: RegExp;
}[] = [
  {
    key: 'drawingNumber',
    pattern: /\b(?:drawing (?:number|no\.?)|dwg\.? no\.?)\s*(?:is)?\s*[:=]?\s*(\S.*)$/i,
  },
  { key: 'revision', pattern: /\b(?:revision|rev\.?)(?:\s+is)?(?:\s+|\s*[:=]\s*)(\S+)$/i },
  { key: 'title', pattern: /\b(?:title|part name)\s*(?:is)?\s*[:=]?\s*(\S.*)$/i },
  {
    key: 'units',
    pattern: /\bunits?\s*(?:are|is)?\s*[:=]?\s*(mm|millimet(?:re|er)s?|inch(?:es)?|in)\b/i,
  },
  { key: 'scale', pattern: /\bscale\s*(?:is)?\s*[:=]?\s*(\d+\s*:\s*\d+)/i },
  { key: 'projection', pattern: /\b(first|third)[- ]angle(?: projection)?\b/i },
];

/** A title-block correction in a clause, if any. */
export function titleEditOf(clause: string): PlateEdit | undefined {
  for (const { key, pattern } of TITLE) {
    const match = pattern.exec(clause);
    if (!match) continue;
    const text = key === 'projection' ? `${match[1]!.toLowerCase()} angle` : match[1]!.trim();
    return { kind: 'titleBlock', key, text: text.slice(0, 100) };
  }
  return undefined;
}

/** The hole corrections of a clause about holes: thread, counterbore, countersink, depth. */
function holeEdits(clause: string): PlateEdit[] {
  if (!HOLES.test(clause) && !COUNTERBORE.test(clause) && !/countersink|csk|⌵/i.test(clause))
    return [];
  const on = ON_DIAMETER.exec(clause);
  const target = on ? { onDiameterMm: n(on[1]!) } : {};
  const edits: PlateEdit[] = [];
  const thread = parseThreadCallout(clause.replace(ON_DIAMETER, ' '));
  if (thread)
    edits.push({
      kind: 'holes',
      ...target,
      words: `thread ${thread.designation}`,
      change: (hole) => {
        hole.thread = thread.designation;
        hole.diameterMm = thread.majorDiameterMm;
        hole.diameter = thread.designation;
        hole.kind = 'tapped';
      },
    });
  const counterbore = COUNTERBORE.exec(clause);
  if (counterbore) {
    const diameter = n(counterbore[1]!);
    const depth = counterbore[2] ? n(counterbore[2]) : undefined;
    edits.push({
      kind: 'holes',
      ...target,
      words: `counterbore Ø${formatMm(diameter)}${depth ? ` x ${formatMm(depth)}` : ''}`,
      change: (hole) => {
        hole.counterboreDiameterMm = diameter;
        if (depth) hole.counterboreDepthMm = depth;
        hole.kind = 'counterbored';
      },
    });
  }
  const countersink = parseCountersinkCallout(clause);
  if (countersink)
    edits.push({
      kind: 'holes',
      ...target,
      words: `countersink Ø${formatMm(countersink.diameterMm)} x ${formatMm(countersink.angleDeg)}°`,
      change: (hole) => {
        hole.countersinkDiameterMm = countersink.diameterMm;
        hole.countersinkAngleDeg = countersink.angleDeg;
        hole.kind = 'countersunk';
      },
    });
  const depth = counterbore ? undefined : DEPTH.exec(clause);
  if (depth || (THROUGH.test(clause) && edits.length === 0)) {
    const depthMm = depth ? n(depth[1] ?? depth[2]!) : undefined;
    edits.push({
      kind: 'holes',
      ...target,
      words: depthMm ? `${formatMm(depthMm)} mm deep` : 'through',
      change: (hole) => {
        if (depthMm) {
          hole.depthMm = depthMm;
          hole.through = false;
          if (hole.kind === 'through' || hole.kind === undefined) hole.kind = 'blind';
        } else {
          delete hole.depthMm;
          hole.through = true;
          if (hole.kind === 'blind') hole.kind = 'through';
        }
      },
    });
  }
  return edits;
}

/**
 * The corrections of a plate a clause asks for; none when it names no hole, outline, pocket or
 * slot (the clause is then read as a turned part's, drawings/revise/parse.ts).
 */
export function plateEditsOf(clause: string): PlateEdit[] {
  const outline = OUTLINE.exec(clause);
  if (outline) return [{ kind: 'outline', widthMm: n(outline[1]!), heightMm: n(outline[2]!) }];
  for (const list of ['pockets', 'slots'] as const) {
    const word = list === 'pockets' ? /\b(?:pockets?|cut-?outs?)\b/i : /\bslots?\b/i;
    if (!word.test(clause)) continue;
    const depth = DEPTH.exec(clause);
    if (depth) return [{ kind: 'depth', list, depthMm: n(depth[1] ?? depth[2]!) }];
    if (THROUGH.test(clause)) return [{ kind: 'depth', list }];
  }
  return holeEdits(clause);
}

/**
 * Apply a plate or title-block correction to the draft, saying in `changes` what changed.
 * @param draft - the description being revised (changed in place)
 */
export function applyPlateEdit(draft: BlueprintDescription, edit: PlateEdit, changes: string[]) {
  if (edit.kind === 'titleBlock') {
    draft.titleBlock = { ...draft.titleBlock, [edit.key]: edit.text };
    changes.push(`Title block, ${edit.key}: ${edit.text}.`);
    return;
  }
  const plate = draft.prismatic;
  if (!plate) {
    changes.push('The description holds no plate, so that correction is not used.');
    return;
  }
  if (edit.kind === 'outline') {
    const xs = plate.outline.map((p) => p.x);
    const ys = plate.outline.map((p) => p.y);
    const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
    const [w, h] = [Math.max(...xs) - x0 || 1, Math.max(...ys) - y0 || 1];
    plate.outline = plate.outline.map((p) => ({
      x: x0 + ((p.x - x0) * edit.widthMm) / w,
      y: y0 + ((p.y - y0) * edit.heightMm) / h,
    }));
    changes.push(`Outline: ${formatMm(edit.widthMm)} × ${formatMm(edit.heightMm)} mm.`);
    return;
  }
  if (edit.kind === 'depth') {
    for (const item of plate[edit.list]) {
      if (edit.depthMm) {
        item.depthMm = edit.depthMm;
        item.through = false;
      } else {
        delete item.depthMm;
        item.through = true;
      }
    }
    changes.push(
      `${edit.list === 'pockets' ? 'Pockets' : 'Slots'}: ${edit.depthMm ? `${formatMm(edit.depthMm)} mm deep` : 'through'}.`,
    );
    return;
  }
  const holes = plate.holes.filter(
    (hole) =>
      edit.onDiameterMm === undefined || Math.abs(hole.diameterMm - edit.onDiameterMm) < 0.05,
  );
  holes.forEach(edit.change);
  changes.push(
    holes.length > 0
      ? `${holes.length} hole${holes.length === 1 ? '' : 's'}: ${edit.words}.`
      : `No hole of the plate fits, so "${edit.words}" is not used.`,
  );
}
