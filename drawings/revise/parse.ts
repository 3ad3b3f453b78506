/**
 * The operator's plain-text corrections, read into edits: 'Ø40 h7 x 85 long, bore Ø20 x 30 deep,
 * chamfer 1x45 both ends, 4140 steel', 'overall length 120', 'Ø15.48 is 100 long', 'the Ø11.11
 * diameter has thread M8', 'remove the groove', 'free end chamfer 0.5x45'… Lengths in mm.
 */
import { NUMBER } from '#contracts/written-numbers';
import {
  findMaterial,
  locateThreadCallout,
  parseCentreHoles,
  parseChamferCallout,
  parseDiameterCallout,
  parseGeneralTolerance,
  parseRoughness,
  readNumber,
  roundMm,
  type ParsedChamfer,
  type ParsedDiameter,
  type ParsedThread,
} from '#cam/callouts';

/** Which edge a chamfer or fillet goes on. */
export type EdgePlace = 'free end' | 'chuck end' | 'both ends' | { onDiameterMm: number };

export type Edit =
  | { kind: 'outer'; diameter: ParsedDiameter; lengthMm?: number; groove: boolean }
  | { kind: 'resize'; fromMm: number; to: ParsedDiameter }
  | {
      kind: 'bore';
      diameter: ParsedDiameter;
      depthMm?: number;
      through: boolean;
      fromChuckEnd: boolean;
    }
  | { kind: 'overall'; valueMm: number }
  | {
      kind: 'remove';
      what: 'groove' | 'chamfer' | 'fillet' | 'bore' | 'thread' | 'diameter';
      diameterMm?: number;
      place?: EdgePlace;
    }
  | { kind: 'chamfer'; chamfer: ParsedChamfer; place: EdgePlace; inner: boolean }
  | { kind: 'fillet'; radiusMm: number; place?: EdgePlace; text: string }
  | {
      kind: 'thread';
      thread: ParsedThread;
      onDiameterMm?: number;
      internal: boolean;
      lengthMm?: number;
    }
  | { kind: 'material'; text: string }
  | { kind: 'heatTreatment'; text: string }
  | { kind: 'hardness'; text: string }
  | { kind: 'roughness'; raUm: number; text: string }
  | { kind: 'generalTolerance'; text: string }
  | { kind: 'concentricity'; text: string }
  | { kind: 'centreHoles'; value: 'permitted' | 'not permitted' }
  | { kind: 'thickness'; valueMm: number };

/**
 * Clauses of the feedback: split at new lines, semicolons, and commas that are not decimal commas
 * ('Ø 40,5' stays whole).
 */
export function clausesOf(feedback: string): string[] {
  return feedback
    .split(/[\n;]+|,(?!\d)/)
    .map((clause) => clause.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const DIAMETER_START = /[Ø⌀ø∅]|\bDIA\b|\bdiam(?:eter)?\b(?=\s*[:=]?\s*[\d.,])|\bID\s*(?=[\d.])/gi;
const LENGTH_AFTER = new RegExp(
  String.raw`^[\s,:]*(?:(?:x|×|by)\s*(${NUMBER})\s*(mm|")?\s*(?:long|length|lg|deep)?|(?:is|=|of)?\s*(${NUMBER})\s*(mm|")?\s*(?:long|length|lg)\b)`,
  'i',
);
const LENGTH_WORD = new RegExp(
  String.raw`\b(?:length|long|L)\s*[:=]?\s*(${NUMBER})\s*(mm|")?`,
  'i',
);
const DEPTH = new RegExp(
  String.raw`(?:[x×]\s*(${NUMBER})\s*(mm|")?)|(?:(${NUMBER})\s*(mm|")?\s*(?:deep|depth))|(?:depth\s*[:=]?\s*(${NUMBER})\s*(mm|")?)`,
  'i',
);

function mm(value: string | undefined, unit: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = readNumber(value);
  if (!(number > 0)) return undefined;
  return roundMm(unit === '"' ? number * 25.4 : number);
}

/** The length written after a diameter: 'x 85', 'x 85 long', 'is 100 long', 'length 85'. */
function lengthAfter(tail: string): number | undefined {
  const after = LENGTH_AFTER.exec(tail);
  if (after) return mm(after[1] ?? after[3], after[2] ?? after[4]);
  const word = LENGTH_WORD.exec(tail);
  return word ? mm(word[1], word[2]) : undefined;
}

/** Diameter callouts of a clause, each with the text up to the next one. */
function diameterSegments(clause: string): { diameter: ParsedDiameter; tail: string }[] {
  const starts = [...clause.matchAll(DIAMETER_START)].map((m) => m.index);
  return starts.flatMap((start, i) => {
    const segment = clause.slice(start, starts[i + 1] ?? clause.length).replace(/^ID\s*/i, 'Ø');
    const diameter = parseDiameterCallout(segment);
    if (!diameter) return [];
    const at = segment.indexOf(diameter.text);
    return [{ diameter, tail: segment.slice(at === -1 ? 0 : at + diameter.text.length) }];
  });
}

/** Where a chamfer or fillet goes, from the words of its clause. */
function placeOf(clause: string): EdgePlace | undefined {
  if (/\bboth ends\b|\beach end\b|\bboth sides\b/i.test(clause)) return 'both ends';
  if (/\b(?:chuck|back|other|far|rear) end\b/i.test(clause)) return 'chuck end';
  if (/\b(?:free|front) end\b/i.test(clause)) return 'free end';
  const on = diameterSegments(clause)[0];
  return on ? { onDiameterMm: on.diameter.nominalMm } : undefined;
}

const REMOVE = /\b(?:remove|delete|drop|omit|without|no)\b/i;
const CHAMFER_CLAUSE = /chamfer|bevel|\bC\s?\d|\bCH\s?\d/i;
const FILLET_CLAUSE = /fillet|\bradius\b|\bR\s?\d/i;
const BORE_CLAUSE = /\bbore|\bhole\b|\bID\b|\bdrill|\btapped\b|\binternal\b|\binner\b/i;

function removal(clause: string): Edit | undefined {
  if (!REMOVE.test(clause)) return undefined;
  const diameter = diameterSegments(clause)[0]?.diameter.nominalMm;
  const on = diameter === undefined ? {} : { diameterMm: diameter };
  if (/groove/i.test(clause)) return { kind: 'remove', what: 'groove', ...on };
  if (/chamfer|bevel/i.test(clause)) {
    const place = placeOf(clause);
    return { kind: 'remove', what: 'chamfer', ...(place ? { place } : {}) };
  }
  if (/fillet|radius/i.test(clause)) return { kind: 'remove', what: 'fillet', ...on };
  if (/thread/i.test(clause)) return { kind: 'remove', what: 'thread', ...on };
  if (BORE_CLAUSE.test(clause)) return { kind: 'remove', what: 'bore', ...on };
  if (diameter !== undefined) return { kind: 'remove', what: 'diameter', diameterMm: diameter };
  return undefined;
}

function shapeEdits(clause: string): Edit[] {
  const overall = /\b(?:overall|total)(?:\s+length)?\b|\bOAL\b/i.exec(clause);
  if (overall) {
    const value = new RegExp(String.raw`(${NUMBER})\s*(mm|")?`).exec(clause.slice(overall.index));
    const valueMm = mm(value?.[1], value?.[2]);
    return valueMm ? [{ kind: 'overall', valueMm }] : [];
  }
  if (CHAMFER_CLAUSE.test(clause)) {
    const chamfer = parseChamferCallout(clause);
    if (!chamfer) return [];
    const inner = BORE_CLAUSE.test(clause);
    return [{ kind: 'chamfer', chamfer, place: placeOf(clause) ?? 'free end', inner }];
  }
  if (FILLET_CLAUSE.test(clause)) {
    const radius = new RegExp(
      String.raw`(?:\bR\s?|fillet\s*(?:R\s?)?|radius\s*)(${NUMBER})`,
      'i',
    ).exec(clause);
    const radiusMm = mm(radius?.[1], undefined);
    if (!radiusMm) return [];
    const place = placeOf(clause.replace(radius![0], ''));
    return [{ kind: 'fillet', radiusMm, text: clause, ...(place ? { place } : {}) }];
  }
  const segments = diameterSegments(clause);
  const located = locateThreadCallout(clause);
  if (located && !segments.some((s) => s.diameter.thread)) {
    const tail = clause.slice(located.index + located.written.length);
    const lengthMm = lengthAfter(tail);
    return [
      {
        kind: 'thread',
        thread: located.thread,
        internal: BORE_CLAUSE.test(clause),
        ...(segments[0] ? { onDiameterMm: segments[0].diameter.nominalMm } : {}),
        ...(lengthMm ? { lengthMm } : {}),
      },
    ];
  }
  if (BORE_CLAUSE.test(clause) && segments[0]) {
    const { diameter, tail } = segments[0];
    const depth = DEPTH.exec(tail);
    const depthMm = depth
      ? mm(depth[1] ?? depth[3] ?? depth[5], depth[2] ?? depth[4] ?? depth[6])
      : undefined;
    return [
      {
        kind: 'bore',
        diameter,
        through: /\bthrough\b|\bthru\b/i.test(clause),
        fromChuckEnd: /\b(?:chuck|back|other|far|rear) end\b/i.test(clause),
        ...(depthMm ? { depthMm } : {}),
      },
    ];
  }
  const edits: Edit[] = [];
  for (let i = 0; i < segments.length; i++) {
    const { diameter, tail } = segments[i]!;
    const next = segments[i + 1];
    if (next && /^\s*(?:is|->|→|to|should be|becomes|=|now)\s*$/i.test(tail)) {
      edits.push({ kind: 'resize', fromMm: diameter.nominalMm, to: next.diameter });
      i++;
      continue;
    }
    const lengthMm = lengthAfter(tail);
    const groove = /groove|recess|undercut/i.test(clause);
    edits.push({ kind: 'outer', diameter, groove, ...(lengthMm ? { lengthMm } : {}) });
  }
  return edits;
}

const THICKNESS_BEFORE = new RegExp(
  String.raw`\b(?:thickness|thick|THK|plate\s+thickness|T\s*=)\s*(?:is|of)?\s*[:=]?\s*(${NUMBER})\s*(mm|")?`,
  'i',
);
const THICKNESS_AFTER = new RegExp(String.raw`(${NUMBER})\s*(mm|")?\s*(?:thick|THK)\b`, 'i');
/** Three sizes of a plate or block, 'plate 175.5 x 74.4 x 10': the last is its thickness. */
const PLATE_SIZES = new RegExp(
  String.raw`\b(?:plate|block|blank|stock)\b[^\d.,]*(${NUMBER})\s*(?:mm)?\s*[x×*]\s*(${NUMBER})\s*(?:mm)?\s*[x×*]\s*(${NUMBER})\s*(mm|")?`,
  'i',
);

/**
 * A plate's thickness written in a clause: 'thickness 10 mm', '10 mm thick', 'THK 10', 'T=10',
 * or the third of a plate's three sizes ('plate 175.5 x 74.4 x 10'); undefined when there is none.
 */
function thicknessOf(clause: string): Edit | undefined {
  const written = THICKNESS_BEFORE.exec(clause) ?? THICKNESS_AFTER.exec(clause) ?? undefined;
  const plate = written ? undefined : PLATE_SIZES.exec(clause);
  const valueMm = written ? mm(written[1], written[2]) : mm(plate?.[3], plate?.[4]);
  return valueMm === undefined ? undefined : { kind: 'thickness', valueMm };
}

const HEAT_TREATMENT =
  /\b(?:case[- ])?harden(?:ed|ing)?\b|\btemper(?:ed|ing)?\b|\banneal(?:ed|ing)?\b|\bnormali[sz]ed\b|\bnitrid(?:ed|ing)\b|\bquench(?:ed)?\b|\bstress[- ]reliev(?:ed|ing)\b/i;
const HARDNESS =
  /\b\d{2}(?:\s*[-–]\s*\d{2})?\s*HRC\b|\bHRC\s*\d{2}(?:\s*[-–]\s*\d{2})?\b|\b\d{2,3}(?:\s*[-–]\s*\d{2,3})?\s*HBW?\b/i;

/**
 * The edits one clause asks for. Material, finish, tolerance and heat treatment are read from any
 * clause; sizes from a clause that is not about removal.
 *
 * @param clause - one clause of the feedback (clausesOf)
 * @returns the edits, possibly none
 */
export function editsOf(clause: string): Edit[] {
  // 'Centre holes permitted', 'no centre holes', 'centre drill both ends A2.5': a permission,
  // never a bore or a removal.
  const centreHoles = parseCentreHoles(clause);
  if (centreHoles) return [{ kind: 'centreHoles', value: centreHoles }];
  const removed = removal(clause);
  if (removed) return [removed];
  const thickness = thicknessOf(clause);
  if (thickness) return [thickness];
  const edits: Edit[] = [];
  const raUm = parseRoughness(clause);
  const tolerance = parseGeneralTolerance(clause);
  const material = findMaterial(clause);
  if (raUm !== undefined) edits.push({ kind: 'roughness', raUm, text: clause });
  if (tolerance) edits.push({ kind: 'generalTolerance', text: tolerance });
  if (material) edits.push({ kind: 'material', text: material });
  const hardness = HARDNESS.exec(clause);
  if (hardness) edits.push({ kind: 'hardness', text: hardness[0] });
  if (HEAT_TREATMENT.test(clause)) edits.push({ kind: 'heatTreatment', text: clause });
  if (/concentric|run-?out|coaxial/i.test(clause))
    edits.push({ kind: 'concentricity', text: clause });
  // A clause about finish, tolerance or concentricity names diameters only to say where.
  if (
    edits.some(
      (e) => e.kind === 'roughness' || e.kind === 'concentricity' || e.kind === 'generalTolerance',
    )
  ) {
    return edits;
  }
  return [...edits, ...shapeEdits(clause)];
}
