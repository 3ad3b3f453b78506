/**
 * Scores a reader's BlueprintDescription against the values a person read on the same drawing
 * (tests/fixtures/blueprints/<folder>/<file>.json).
 *
 * Both sides are flattened into the same value kinds; then
 * - recall = fixture values matched by some description value / fixture values counted, and
 * - precision = description values matched by some fixture value / description values.
 *
 * Single-valued description fields (material, general tolerance, Ra) count once on each side:
 * a fixture may list several acceptable readings of them (LIU0010 asks for Ra 3.2, 1.6 and 0.8;
 * the description holds one `raUm`). `position` values (a hole or a shoulder located from an edge
 * or a datum) count for recall only: the description has no position list to be precise about.
 * `derived` fixture values (an overall length that is the sum of a chain) are accepted for
 * precision but not required for recall. A hole's tolerance is read from its written diameter;
 * a turned part's end view (`prismatic` beside outer diameters) adds its holes and the outline
 * sizes other than the largest diameter, not a thickness (the part's length). Pure functions;
 * the numbers are in mm (Ra in µm).
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { parseDiameterCallout } from '#cam/callouts';

/** Value kinds a person reads on a drawing. */
export type ValueKind =
  | 'outerDiameter'
  | 'innerDiameter'
  | 'hole'
  | 'counterbore'
  | 'length'
  | 'thickness'
  | 'position'
  | 'chamfer'
  | 'thread'
  | 'material'
  | 'generalTolerance'
  | 'roughness';

/** One value: numbers in mm (`um` for Ra in µm), tolerance as [upper, lower] deviations in mm. */
export interface DrawingValue {
  kind: ValueKind;
  mm?: number;
  um?: number;
  text?: string;
  /** Deviations from `mm`, [upper, lower]: Ø16.5 +0.1/0 is [0.1, 0]. */
  tolerance?: [number, number];
  /** ISO 286 fit as written: 'H12'. */
  fit?: string;
  /** How many: 4 for '4x Ø11'. */
  count?: number;
  angleDeg?: number;
  depthMm?: number;
  /** Follows from the written values (20 + 5 + 875): accepted, not required. */
  derived?: boolean;
}

/** A fixture file: what a person read on one drawing, and the floors the readers must reach. */
export interface BlueprintFixture {
  /** Path under ../shared/blueprints: 'lathe/vwheel_b17021_rev_3.pdf'. */
  file: string;
  kind: 'turned' | 'prismatic';
  values: DrawingValue[];
  floor: { recall: number; precision: number };
  notes: string;
}

/** The score of one description against one fixture. */
export interface BlueprintScore {
  recall: number;
  precision: number;
  /** Fixture values no description value matched (for the report). */
  missed: DrawingValue[];
  /** Description values no fixture value matched (for the report). */
  wrong: DrawingValue[];
  /** Counts behind the two ratios. */
  fixtureCount: number;
  descriptionCount: number;
}

/** Kinds the description holds one value of. */
const SINGLE_KINDS: ReadonlySet<ValueKind> = new Set(['material', 'generalTolerance', 'roughness']);

/** Which description kinds may match a fixture kind (a through bore is also a hole). */
const COMPATIBLE: Record<ValueKind, readonly ValueKind[]> = {
  outerDiameter: ['outerDiameter'],
  innerDiameter: ['innerDiameter', 'hole'],
  hole: ['hole', 'innerDiameter'],
  counterbore: ['counterbore'],
  length: ['length', 'thickness'],
  thickness: ['thickness', 'length'],
  position: ['position'],
  chamfer: ['chamfer'],
  thread: ['thread'],
  material: ['material'],
  generalTolerance: ['generalTolerance'],
  roughness: ['roughness'],
};

/** Materials that are the same thing under different names (lower case). */
const MATERIAL_SYNONYMS: readonly (readonly string[])[] = [
  ['acetal', 'delrin', 'pom', 'polyoxymethylene', 'polyacetal'],
  ['steel', 'stahl'],
  ['aluminium', 'aluminum', 'en aw', 'alu'],
  ['pla', 'polylactide'],
];

/** Same size: within 0.01 mm or 0.5 % of the fixture value, whichever is larger. */
export function sameMm(fixtureMm: number, readMm: number): boolean {
  return Math.abs(fixtureMm - readMm) <= Math.max(0.01, 0.005 * Math.abs(fixtureMm)) + 1e-9;
}

/** Same limits of size: nominal + deviations agree within 0.001 mm at both ends. */
function sameLimits(
  a: { mm: number; tolerance: [number, number] },
  b: { mm: number; tolerance: [number, number] },
): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) <= 0.001 + 1e-9;
  return (
    close(a.mm + a.tolerance[0], b.mm + b.tolerance[0]) &&
    close(a.mm + a.tolerance[1], b.mm + b.tolerance[1])
  );
}

/** A size matches when equal, or, for a toleranced fixture size, anywhere within its limits. */
function sizeMatches(fixture: DrawingValue, read: DrawingValue): boolean {
  if (fixture.mm === undefined || read.mm === undefined) return false;
  if (sameMm(fixture.mm, read.mm)) return true;
  if (!fixture.tolerance) return false;
  const low = fixture.mm + Math.min(...fixture.tolerance);
  const high = fixture.mm + Math.max(...fixture.tolerance);
  return read.mm >= low - 1e-6 && read.mm <= high + 1e-6;
}

/** Lower case, decimal point, no spaces: 'ISO 2768-mK' → 'iso2768-mk', '+0,1/-0,1' → '±0.1'. */
function normalText(text: string): string {
  let result = text.toLowerCase().replace(/,/g, '.').replace(/\s+/g, '');
  result = result.replace(/\+(\d*\.?\d+)\/-(\d*\.?\d+)/g, (whole, up: string, down: string) =>
    Number(up) === Number(down) ? `±${up}` : whole,
  );
  return result.replace(/(\d)\.0+(?!\d)/g, '$1').replace(/(\d\.\d*?)0+(?!\d)/g, '$1');
}

/** A thread's designation: 'M3x0.5' → { major 'm3', pitch 0.5 }; '7/16"-20 UNF' → { '7/16', 20 }. */
function threadKey(text: string): { major: string; pitch?: number } | undefined {
  const compact = text.toLowerCase().replace(/\s+/g, '').replace(/,/g, '.');
  const metric = /m(\d+(?:\.\d+)?)(?:x(\d*\.?\d+))?/.exec(compact);
  if (metric) {
    const major = `m${Number(metric[1])}`;
    return metric[2] ? { major, pitch: Number(metric[2]) } : { major };
  }
  const inch = /(\d+\/\d+|\d+(?:\.\d+)?)(?:"|''|in)?-(\d+)/.exec(compact);
  if (inch) return { major: inch[1]!, pitch: Number(inch[2]) };
  return undefined;
}

/** Same thread: same major size, and the same pitch when both give one. */
export function sameThread(fixture: string, read: string): boolean {
  const a = threadKey(fixture);
  const b = threadKey(read);
  if (!a || !b) return normalText(read).includes(normalText(fixture));
  if (a.major !== b.major) return false;
  return a.pitch === undefined || b.pitch === undefined || Math.abs(a.pitch - b.pitch) < 1e-6;
}

/** Same material: one name contains the other, or both fall in one synonym group. */
export function sameMaterial(fixture: string, read: string): boolean {
  const a = fixture.toLowerCase().trim();
  const b = read.toLowerCase().trim();
  if (!a || !b) return false;
  if (a.includes(b) || b.includes(a)) return true;
  const has = (text: string, name: string) => new RegExp(`(^|[^a-z])${name}([^a-z]|$)`).test(text);
  return MATERIAL_SYNONYMS.some(
    (group) => group.some((n) => has(a, n)) && group.some((n) => has(b, n)),
  );
}

/** Same general tolerance note after normalising case, spaces and ± forms. */
function sameTolerance(fixture: string, read: string): boolean {
  const a = normalText(fixture);
  const b = normalText(read);
  return a.length > 0 && b.length > 0 && (a.includes(b) || b.includes(a));
}

/**
 * Whether a description value is the fixture value. With `strict` (recall) the fixture's
 * tolerance, fit and count must be read too; otherwise (precision) only what the description
 * claims must agree.
 */
export function valuesMatch(fixture: DrawingValue, read: DrawingValue, strict: boolean): boolean {
  if (!COMPATIBLE[fixture.kind].includes(read.kind)) return false;
  switch (fixture.kind) {
    case 'thread':
      return (
        fixture.text !== undefined && read.text !== undefined && sameThread(fixture.text, read.text)
      );
    case 'material':
      return (
        fixture.text !== undefined &&
        read.text !== undefined &&
        sameMaterial(fixture.text, read.text)
      );
    case 'generalTolerance':
      return (
        fixture.text !== undefined &&
        read.text !== undefined &&
        sameTolerance(fixture.text, read.text)
      );
    case 'roughness':
      return fixture.um !== undefined && read.um !== undefined && sameMm(fixture.um, read.um);
    case 'chamfer': {
      const sizeOk =
        fixture.mm === undefined || (read.mm === undefined ? !strict : sameMm(fixture.mm, read.mm));
      const angleOk =
        fixture.angleDeg === undefined ||
        (read.angleDeg === undefined ? !strict : Math.abs(fixture.angleDeg - read.angleDeg) <= 0.5);
      const compared =
        (fixture.mm !== undefined && read.mm !== undefined) ||
        (fixture.angleDeg !== undefined && read.angleDeg !== undefined);
      return sizeOk && angleOk && compared;
    }
    default: {
      if (!sizeMatches(fixture, read)) return false;
      const fixtureLimits =
        fixture.tolerance && fixture.mm !== undefined
          ? { mm: fixture.mm, tolerance: fixture.tolerance }
          : undefined;
      const readLimits =
        read.tolerance && read.mm !== undefined
          ? { mm: read.mm, tolerance: read.tolerance }
          : undefined;
      if (strict) {
        if (fixtureLimits && (!readLimits || !sameLimits(fixtureLimits, readLimits))) return false;
        if (fixture.fit && fixture.fit !== read.fit) return false;
        if (fixture.count !== undefined && read.count !== undefined && fixture.count !== read.count)
          return false;
        if (fixture.depthMm !== undefined) {
          if (read.depthMm === undefined || !sameMm(fixture.depthMm, read.depthMm)) return false;
        }
        return true;
      }
      if (fixtureLimits && readLimits && !sameLimits(fixtureLimits, readLimits)) return false;
      return true;
    }
  }
}

const isPositive = (value: number | undefined): value is number =>
  value !== undefined && Number.isFinite(value) && value > 0;

const toleranceOf = (
  tolerance: { upperMm: number; lowerMm: number } | undefined,
): [number, number] | undefined => (tolerance ? [tolerance.upperMm, tolerance.lowerMm] : undefined);

/** Distances along x and y between points, and from each point to the outline's edges. */
function positionsOf(
  points: readonly { x: number; y: number }[],
  outline: readonly { x: number; y: number }[],
): number[] {
  const result: number[] = [];
  if (outline.length > 0) {
    const xs = outline.map((p) => p.x);
    const ys = outline.map((p) => p.y);
    const [minX, maxX, minY, maxY] = [
      Math.min(...xs),
      Math.max(...xs),
      Math.min(...ys),
      Math.max(...ys),
    ];
    for (const p of points) result.push(p.x - minX, maxX - p.x, p.y - minY, maxY - p.y);
  }
  for (const [i, a] of points.entries())
    for (const b of points.slice(i + 1))
      result.push(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.hypot(a.x - b.x, a.y - b.y));
  return result.filter((value) => value > 1e-6);
}

/**
 * Flattens a description into drawing values: diameters (with their tolerance, fit and thread),
 * lengths (overall, per diameter, a turned part's written axial sizes and plate sizes with their
 * tolerances, plate outline width and height, slot width and length),
 * thickness, holes grouped by diameter with their count, counterbores, chamfers, threads,
 * material, general tolerance and Ra, and the positions a description implies (shoulders from
 * the free end; hole and slot centres from the outline's edges and from each other).
 * Equal values of one kind are listed once.
 */
export function flattenDescription(description: BlueprintDescription): DrawingValue[] {
  const values: DrawingValue[] = [];
  const positions: number[] = [];
  const diameters = [
    ...description.outerDiameters.map((d) => ({ d, kind: 'outerDiameter' as const })),
    ...description.innerDiameters.map((d) => ({ d, kind: 'innerDiameter' as const })),
  ];
  for (const { d, kind } of diameters) {
    if (isPositive(d.diameterMm)) {
      const value: DrawingValue = { kind, mm: d.diameterMm };
      const tolerance = toleranceOf(d.tolerance);
      if (tolerance) value.tolerance = tolerance;
      if (d.fit) value.fit = d.fit;
      values.push(value);
    }
    if (isPositive(d.lengthMm) && !d.through) values.push({ kind: 'length', mm: d.lengthMm });
    if (d.thread) values.push({ kind: 'thread', text: d.thread });
    if (d.startMm !== undefined) {
      positions.push(d.startMm);
      if (isPositive(d.lengthMm)) positions.push(d.startMm + d.lengthMm);
    }
  }
  if (isPositive(description.dimensions.overallLengthMm))
    values.push({ kind: 'length', mm: description.dimensions.overallLengthMm });
  // Written axial sizes placed on a turned profile, with their own tolerances (decision 077).
  for (const size of description.dimensions.lengths ?? []) {
    if (!isPositive(size.mm)) continue;
    if (size.measures === 'position') {
      positions.push(size.mm);
      continue;
    }
    const tolerance = toleranceOf(size.tolerance);
    values.push({ kind: 'length', mm: size.mm, ...(tolerance ? { tolerance } : {}) });
    positions.push(size.fromMm, size.toMm);
  }
  for (const chamfer of description.features.chamfers) {
    if (!isPositive(chamfer.sizeMm) && !isPositive(chamfer.angleDeg)) continue;
    const value: DrawingValue = { kind: 'chamfer' };
    if (isPositive(chamfer.sizeMm)) value.mm = chamfer.sizeMm;
    if (isPositive(chamfer.angleDeg)) value.angleDeg = chamfer.angleDeg;
    values.push(value);
    if (chamfer.atMm !== undefined) positions.push(chamfer.atMm);
  }
  const plate = description.prismatic;
  if (plate) {
    // A turned part's end view read for its milled features restates the part's diameter across
    // its outline and its length as its thickness: only its other sizes are its own.
    const turned = description.outerDiameters.length > 0;
    const largest = Math.max(0, ...description.outerDiameters.map((d) => d.diameterMm ?? 0));
    if (plate.outline.length >= 3) {
      const xs = plate.outline.map((p) => p.x);
      const ys = plate.outline.map((p) => p.y);
      for (const mm of [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)])
        if (!turned || Math.abs(mm - largest) > 0.01 * largest) values.push({ kind: 'length', mm });
    }
    if (isPositive(plate.thicknessMm) && !turned)
      values.push({ kind: 'thickness', mm: plate.thicknessMm });
    const holeCounts = new Map<
      string,
      { mm: number; count: number; tolerance?: [number, number] }
    >();
    for (const hole of plate.holes) {
      if (!isPositive(hole.diameterMm)) continue;
      // The hole's tolerance is written with its size ('Ø6.6 +0.4/-0.1').
      const tolerance = parseDiameterCallout(hole.diameter)?.tolerance;
      const limits: [number, number] | undefined = tolerance
        ? [tolerance.upperMm, tolerance.lowerMm]
        : undefined;
      const mm = Math.round(hole.diameterMm * 1000) / 1000;
      const key = JSON.stringify([mm, limits]);
      const entry = holeCounts.get(key) ?? {
        mm,
        count: 0,
        ...(limits ? { tolerance: limits } : {}),
      };
      entry.count += 1;
      holeCounts.set(key, entry);
      if (hole.thread) values.push({ kind: 'thread', text: hole.thread });
      if (isPositive(hole.counterboreDiameterMm)) {
        const counterbore: DrawingValue = { kind: 'counterbore', mm: hole.counterboreDiameterMm };
        if (isPositive(hole.counterboreDepthMm)) counterbore.depthMm = hole.counterboreDepthMm;
        values.push(counterbore);
      }
    }
    for (const { mm, count, tolerance } of holeCounts.values())
      values.push({ kind: 'hole', mm, count, ...(tolerance ? { tolerance } : {}) });
    for (const slot of plate.slots) {
      if (!isPositive(slot.widthMm)) continue;
      values.push({ kind: 'length', mm: slot.widthMm });
      const between = Math.hypot(slot.to.x - slot.from.x, slot.to.y - slot.from.y);
      values.push({ kind: 'length', mm: between + slot.widthMm });
    }
    // Written sizes with their own tolerances (an outline size may repeat the measured box).
    for (const size of plate.sizes ?? []) {
      if (!isPositive(size.mm)) continue;
      // A hole callout the top view does not hold ('Ø28 (not found in the top view)', '4x Ø5.5
      // (1 of 4 …)': describe/counted-holes.ts) is named as missing, not a length.
      if (/^(?:\d+\s*[x×]\s*)?(?:[ØøⲪ⌀∅]|M\d)/i.test(size.dimension)) continue;
      const tolerance = toleranceOf(size.tolerance);
      // The end view's box and the plate's thickness restate the turned part; its features'
      // sizes and hole positions are its own.
      const boxOrThickness = ['width', 'height', 'thickness'].includes(size.measures);
      const restatesTurned =
        turned && (boxOrThickness || Math.abs(size.mm - largest) <= 0.01 * largest);
      if (restatesTurned) continue;
      // A hole's position counts for recall, like the positions the centres imply.
      if (size.measures === 'position') {
        positions.push(size.mm);
        continue;
      }
      values.push({
        kind: size.measures === 'thickness' ? 'thickness' : 'length',
        mm: size.mm,
        ...(tolerance ? { tolerance } : {}),
      });
    }
    const centres = [
      ...plate.holes.map((h) => ({ x: h.x, y: h.y })),
      ...plate.slots.map((s) => ({ x: (s.from.x + s.to.x) / 2, y: (s.from.y + s.to.y) / 2 })),
    ];
    positions.push(...positionsOf(centres, plate.outline));
  }
  const material = description.materialSpecs.material.trim();
  if (material) values.push({ kind: 'material', text: material });
  const general = description.dimensions.generalTolerance?.trim();
  if (general) values.push({ kind: 'generalTolerance', text: general });
  if (isPositive(description.surfaceFinish.raUm))
    values.push({ kind: 'roughness', um: description.surfaceFinish.raUm });
  const unique = dedupe(values);
  const overall = description.dimensions.overallLengthMm;
  // A turned part's shoulders may be dimensioned from either end.
  const fromOtherEnd = isPositive(overall) && !plate ? positions.map((mm) => overall - mm) : [];
  for (const mm of [...positions, ...fromOtherEnd])
    if (mm > 1e-6) unique.push({ kind: 'position', mm });
  return unique;
}

/** Equal values of one kind once (threads by their designation, sizes to 0.001 mm). */
function dedupe(values: readonly DrawingValue[]): DrawingValue[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify([
      value.kind,
      value.mm === undefined ? undefined : Math.round(value.mm * 1000),
      value.um,
      value.kind === 'thread' && value.text ? (threadKey(value.text) ?? value.text) : value.text,
      value.tolerance,
      value.fit,
      value.angleDeg,
      value.depthMm,
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Scores a description against a fixture: recall over the fixture's required values
 * (single-valued kinds once, derived values left out), precision over the description's values
 * other than positions (1 when the description holds none: nothing claimed, nothing wrong).
 */
export function scoreDescription(
  fixture: BlueprintFixture,
  description: BlueprintDescription,
): BlueprintScore {
  const read = flattenDescription(description);
  const missed: DrawingValue[] = [];
  let fixtureCount = 0;
  let matched = 0;
  const singlesDone = new Set<ValueKind>();
  for (const value of fixture.values) {
    if (value.derived) continue;
    if (SINGLE_KINDS.has(value.kind)) {
      if (singlesDone.has(value.kind)) continue;
      singlesDone.add(value.kind);
      const alternatives = fixture.values.filter((v) => v.kind === value.kind);
      fixtureCount += 1;
      const hit = alternatives.some((alt) => read.some((r) => valuesMatch(alt, r, true)));
      if (hit) matched += 1;
      else missed.push(value);
      continue;
    }
    fixtureCount += 1;
    if (read.some((r) => valuesMatch(value, r, true))) matched += 1;
    else missed.push(value);
  }
  const claimed = read.filter((r) => r.kind !== 'position');
  const wrong = claimed.filter((r) => !fixture.values.some((v) => valuesMatch(v, r, false)));
  return {
    recall: fixtureCount === 0 ? 1 : matched / fixtureCount,
    precision: claimed.length === 0 ? 1 : (claimed.length - wrong.length) / claimed.length,
    missed,
    wrong,
    fixtureCount,
    descriptionCount: claimed.length,
  };
}

/** A value in a few characters for the report: 'Ø23.5', 'hole Ø11 ×4', 'thread M8'. */
export function formatValue(value: DrawingValue): string {
  const size = value.mm === undefined ? '' : `${Math.round(value.mm * 1000) / 1000}`;
  const tolerance = value.tolerance ? ` +${value.tolerance[0]}/${value.tolerance[1]}` : '';
  const count = value.count && value.count > 1 ? ` ×${value.count}` : '';
  switch (value.kind) {
    case 'outerDiameter':
      return `OD Ø${size}${tolerance}${value.fit ? ` ${value.fit}` : ''}`;
    case 'innerDiameter':
      return `ID Ø${size}${tolerance}${value.fit ? ` ${value.fit}` : ''}`;
    case 'hole':
      return `hole Ø${size}${tolerance}${count}`;
    case 'counterbore':
      return `counterbore Ø${size}${value.depthMm ? ` ↧${value.depthMm}` : ''}`;
    case 'chamfer':
      return `chamfer ${size || '?'}×${value.angleDeg ?? '?'}°`;
    case 'roughness':
      return `Ra ${value.um}`;
    case 'thread':
    case 'material':
    case 'generalTolerance':
      return `${value.kind} ${value.text ?? ''}`;
    default:
      return `${value.kind} ${size}${tolerance}`;
  }
}
