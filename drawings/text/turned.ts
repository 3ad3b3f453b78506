/**
 * Judgement on the callouts of a drawing read from text only: is it a turned part or a plate,
 * which plain numbers are diameters when the Ø sign was drawn as lines (PDF exporters often do
 * that), and which diameters are bores.
 */
import { standardToleranceMm } from '#cam/iso286';
import { HOLE_WORDS } from './findings.ts';
import type { TextCallout, TextFindings } from './types.ts';

/** Part names of turned parts, English and German. */
const TURNED_NAME =
  /shaft|wheel|pulley|bush|sleeve|spacer|\bpin\b|bolt|collar|\bring\b|roller|axle|spindle|\bnut\b|washer|piston|plunger|bearing|welle|buchse|hülse|bolzen|rolle|scheibe|achse|zapfen|kolben|kolv|axel|bussning|hylsa/i;
/** Part names of hollow turned parts: their toleranced inner diameter is the bore. */
const HOLLOW_NAME =
  /wheel|pulley|bush|sleeve|spacer|collar|\bring\b|roller|\bnut\b|washer|bearing|holder|buchse|hülse|rolle|scheibe|ring|halter|h[åa]llare/i;
/** Part names of plates and prismatic parts. */
const PLATE_NAME =
  /plate|platte|bracket|halter\b|block|frame|cover|deckel|winkel|flansch|mount|adapter/i;

/**
 * Text within this many degrees of horizontal is taken as horizontal: OCR runs carry the
 * scan's skew (up to 5° is deskewed, what is left stays in the angle).
 */
export const ALONG_DEG = 6;

/**
 * True when a baseline at `angleDeg` runs along `axisDeg` (either reading direction) within
 * ALONG_DEG: nearAxis(-3, 0) and nearAxis(93, 90) are true.
 */
export function nearAxis(angleDeg: number, axisDeg: 0 | 90): boolean {
  const d = (((angleDeg - axisDeg) % 180) + 180) % 180;
  return Math.min(d, 180 - d) < ALONG_DEG;
}

/** A callout the judgement put somewhere, with how sure it is (0..1) and why. */
export interface Judged {
  callout: TextCallout;
  /** Factor on the run confidence for how sure the interpretation is. */
  factor: number;
  /** Why, in words, for the unresolved list when the factor is low. */
  why?: string;
}

export interface TurnedJudgement {
  outer: Judged[];
  inner: Judged[];
  /** Plain lengths along the axis (not diameters), not reference dimensions. */
  lengths: TextCallout[];
  /** Counted holes and threads off the axis ('4x Ø6.6'). */
  crossHoles: TextCallout[];
  /** Threads whose side (inside or outside) is not written. */
  unsureThreads: TextCallout[];
}

/** Share of the largest single diameter a counted diameter must reach to be a turned section. */
const SECTION_SHARE = 0.5;

/**
 * Counted diameters that are sections of the turned part rather than a hole pattern: '2x Ø19,9'
 * on a piston with two lands. A counted plain diameter (no hole word, no thread) is a section
 * when it is at least half the largest diameter or thread written singly: holes in a pattern are
 * small beside the part's own diameters. Without single diameters there is nothing to compare
 * with, and counted diameters stay holes.
 * @param callouts - all callouts of the drawing
 * @returns the counted diameters taken as turned sections
 */
export function turnedSections(callouts: TextCallout[]): TextCallout[] {
  const single = callouts.filter(
    (c) => (c.kind === 'diameter' || c.kind === 'thread') && (c.count ?? 1) === 1 && !c.reference,
  );
  if (single.length === 0) return [];
  const largest = Math.max(...single.map((c) => c.value));
  return callouts.filter(
    (c) =>
      c.kind === 'diameter' &&
      (c.count ?? 1) > 1 &&
      !c.reference &&
      !HOLE_WORDS.test(c.text) &&
      c.value >= SECTION_SHARE * largest,
  );
}

/**
 * Whether the text describes a turned part: a turned part's name, diameters written singly,
 * chamfer callouts and counted turned sections (turnedSections); a plate's name or counted holes
 * speak against it.
 */
export function looksTurned(findings: TextFindings): boolean {
  const name = findings.partName?.text ?? '';
  if (PLATE_NAME.test(name) && !TURNED_NAME.test(name)) return false;
  const sections = new Set(turnedSections(findings.callouts));
  const counted = findings.callouts.filter(
    (c) => (c.count ?? 1) > 1 && c.kind !== 'radius' && !sections.has(c),
  );
  const single = findings.callouts.filter(
    (c) => (c.kind === 'diameter' || c.kind === 'thread') && !c.inferred && (c.count ?? 1) === 1,
  );
  const chamfers = findings.callouts.filter((c) => c.kind === 'chamfer');
  let score = single.length + sections.size + chamfers.length + (TURNED_NAME.test(name) ? 2 : 0);
  score -= 2 * counted.length;
  return score > 0;
}

function tightTolerance(callout: TextCallout): boolean {
  if (!callout.tolerance) return false;
  const band = callout.tolerance.upperMm - callout.tolerance.lowerMm;
  if (!(callout.value > 1 && callout.value <= 500)) return false;
  // A band at most IT10 (ISO 286-1 Table 1) is tighter than ISO 2768-f for the size: a fit.
  return band > 0 && band <= standardToleranceMm(10, callout.value) + 1e-9;
}

const isOrdinal = (c: TextCallout) => c.value > 0 && !c.reference && (c.count ?? 1) === 1;

/**
 * Diameters among plain lengths when the drawing shows no Ø sign (it was drawn as lines):
 * parallel dimensions of a turned part drawn with its axis horizontal (ISO 128-3 shows turned
 * parts so) put their values side by side, growing outward; and a value with a fit-sized
 * tolerance (band within IT10) is a diameter.
 */
function inferDiameters(lengths: TextCallout[]): { diameters: Judged[]; rest: TextCallout[] } {
  const plain = lengths.filter(
    (c) => isOrdinal(c) && !c.qualifier && !c.typical && nearAxis(c.angleDeg, 0),
  );
  // Toleranced values are left out of rows: their stacked deviations make their boxes tall.
  const rowCandidates = plain.filter((c) => !c.tolerance);
  const rows: TextCallout[][] = [];
  const sorted = [...rowCandidates].sort((a, b) => a.x - b.x);
  for (const c of sorted) {
    const row = rows.find((r) => {
      const last = r[r.length - 1]!;
      const h = Math.min(last.height, c.height);
      const dx = c.x + c.width / 2 - (last.x + last.width / 2);
      const dy = Math.abs(c.y - last.y);
      return dy <= 2.5 * h && dx >= 1.5 * h && dx <= 4.5 * h;
    });
    if (row) row.push(c);
    else rows.push([c]);
  }
  const diameters: Judged[] = [];
  for (const row of rows) {
    if (row.length < 2) continue;
    const values = row.map((c) => c.value);
    const rising = values.every((v, i) => i === 0 || v > values[i - 1]!);
    const falling = values.every((v, i) => i === 0 || v < values[i - 1]!);
    if (!rising && !falling) continue;
    for (const c of row) {
      diameters.push({
        callout: { ...c, kind: 'diameter', inferred: true },
        factor: 0.5,
        why: 'read as a diameter from where it is written (no Ø sign in the text)',
      });
    }
  }
  const taken = new Set(diameters.map((d) => d.callout.source));
  if (diameters.length > 0) {
    for (const c of plain) {
      if (taken.has(c.source) || !tightTolerance(c)) continue;
      diameters.push({
        callout: { ...c, kind: 'diameter', inferred: true },
        factor: 0.4,
        why: 'read as a diameter because its tolerance is a fit (no Ø sign in the text)',
      });
      taken.add(c.source);
    }
  }
  return { diameters, rest: lengths.filter((c) => !taken.has(c.source)) };
}

/**
 * Sorts the callouts of a turned part into outer diameters, bores, lengths, cross holes.
 *
 * @param findings - readTextFindings() of the drawing
 * @returns the judgement, each diameter with a factor for how sure it is
 */
export function judgeTurned(findings: TextFindings): TurnedJudgement {
  const name = findings.partName?.text ?? '';
  const callouts = findings.callouts;
  const sections = new Set(turnedSections(callouts));
  const crossHoles = callouts.filter(
    (c) => (c.kind === 'diameter' || c.kind === 'thread') && (c.count ?? 1) > 1 && !sections.has(c),
  );
  const written: Judged[] = callouts
    .filter(
      (c) => c.kind === 'diameter' && ((c.count ?? 1) === 1 || sections.has(c)) && !c.reference,
    )
    .map((c) => {
      if (sections.has(c)) {
        const holeFit = c.fit !== undefined && /^[A-Z]/.test(c.fit);
        return {
          callout: { ...c, holeHint: holeFit || HOLE_WORDS.test(c.text) },
          factor: c.inferred ? 0.6 : 0.9,
          why: `written ${c.count}x: taken as ${c.count} sections of this diameter, not a hole pattern`,
        };
      }
      return {
        callout: c,
        factor: c.inferred ? 0.5 : 1,
        ...(c.inferred ? { why: 'read as a diameter because its text runs along a leader' } : {}),
      };
    });
  const lengthCallouts = callouts.filter((c) => c.kind === 'length' && c.value > 0);
  const explicit = written.some((d) => !d.callout.inferred);
  const inferred = explicit
    ? { diameters: [], rest: lengthCallouts }
    : inferDiameters(lengthCallouts);
  const across = acrossDirection(written);
  const offView: TextCallout[] = [];
  const kept = written.filter((d) => {
    if (!isOffView(d.callout, written, across)) return true;
    offView.push(d.callout);
    return false;
  });
  const all = [...kept, ...inferred.diameters];
  const inner: Judged[] = [];
  const outer: Judged[] = [];
  for (const d of all) (d.callout.holeHint ? inner : outer).push(d);
  if (inner.length === 0 && HOLLOW_NAME.test(name) && outer.length > 1) {
    const largest = Math.max(...outer.map((d) => d.callout.value));
    const bore = outer
      .filter((d) => d.callout.value < largest && tightTolerance(d.callout))
      .sort((a, b) => b.callout.value - a.callout.value)[0];
    if (bore) {
      outer.splice(outer.indexOf(bore), 1);
      inner.push({
        ...bore,
        factor: bore.factor * 0.8,
        why: `taken as the bore: a ${name.trim()} is hollow and this diameter carries a fit tolerance`,
      });
    }
  }
  const distinct = new Set(outer.map((d) => d.callout.value));
  if (inner.length === 0 && findings.sectionView && distinct.size >= 3) {
    // A section shows the inside: with three or more diameters and no bore named, the smallest
    // plain diameter is most likely the bore (flanged bushings, sleeves, wheels).
    const bore = outer
      .filter((d) => d.callout.kind === 'diameter')
      .sort((a, b) => a.callout.value - b.callout.value)[0];
    if (bore) {
      outer.splice(outer.indexOf(bore), 1);
      inner.push({
        ...bore,
        factor: bore.factor * 0.5,
        why: `taken as the bore: the drawing shows a section and this is the smallest of ${distinct.size} diameters`,
      });
    }
  }
  if (inner.length > 0) {
    const smallestBore = Math.min(...inner.map((d) => d.callout.value));
    for (const d of [...outer]) {
      if (d.callout.value < smallestBore) {
        outer.splice(outer.indexOf(d), 1);
        inner.push({
          ...d,
          factor: d.factor * 0.7,
          why: `taken as an inner diameter: it is smaller than the bore Ø${smallestBore}`,
        });
      }
    }
  }
  const threads = callouts.filter((c) => c.kind === 'thread' && (c.count ?? 1) === 1);
  const unsureThreads: TextCallout[] = [];
  const smallestOuter = Math.min(
    ...outer.filter((d) => d.callout.kind === 'diameter').map((d) => d.callout.value),
  );
  for (const t of threads) {
    if (t.holeHint) inner.push({ callout: t, factor: 1 });
    else if (
      across !== undefined &&
      !nearAxis(t.angleDeg, across) &&
      nearAxis(t.angleDeg, across === 0 ? 90 : 0) &&
      t.value < smallestOuter
    ) {
      inner.push({
        callout: t,
        factor: 0.6,
        why: 'taken as a tapped hole: it is smaller than every outer diameter and written across them (another view)',
      });
    } else {
      outer.push({ callout: t, factor: 0.7 });
      unsureThreads.push(t);
    }
  }
  outer.sort((a, b) => b.callout.value - a.callout.value);
  inner.sort((a, b) => b.callout.value - a.callout.value);
  return {
    outer: dedupe(outer),
    inner: dedupe(inner),
    lengths: inferred.rest.filter((c) => !c.reference),
    crossHoles: [...crossHoles, ...offView],
    unsureThreads,
  };
}

/**
 * The direction the text of the turned diameters runs (0 horizontal, 90 vertical): the direction
 * of most diameters written with a Ø sign or a count, when at least two share it and more than the other direction has.
 */
function acrossDirection(written: Judged[]): 0 | 90 | undefined {
  const explicit = written.filter((d) => !d.callout.inferred || (d.callout.count ?? 1) > 1);
  const horizontal = explicit.filter((d) => nearAxis(d.callout.angleDeg, 0)).length;
  const vertical = explicit.filter((d) => nearAxis(d.callout.angleDeg, 90)).length;
  if (horizontal >= 2 && horizontal > vertical) return 0;
  if (vertical >= 2 && vertical > horizontal) return 90;
  return undefined;
}

/**
 * A diameter written in the other direction than the turned diameters and smaller than all of
 * them: a hole in another view (the holes of a flange seen end on), not a turned diameter.
 */
function isOffView(callout: TextCallout, written: Judged[], across: 0 | 90 | undefined): boolean {
  if (across === undefined || callout.inferred || nearAxis(callout.angleDeg, across)) return false;
  const turned = written.filter((d) => !d.callout.inferred && nearAxis(d.callout.angleDeg, across));
  return turned.every((d) => callout.value < d.callout.value);
}

/** The same callout read twice (two views) is one diameter. */
function dedupe(list: Judged[]): Judged[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.callout.kind}|${d.callout.value}|${d.callout.fit ?? ''}|${JSON.stringify(d.callout.tolerance ?? null)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
