/**
 * A plate's holes in its top view (describe/prismatic.ts): the thread a tapped hole shows as an
 * open arc, and what the notes and diameter dimensions say of each hole (thread, depth, fit).
 */
import {
  formatMm,
  locateThreadCallout,
  parseDiameterCallout,
  parseThreadCallout,
  roundMm,
  hasDiameterSign,
} from '#cam/callouts';
import type { Point2 } from '#cam/geometry/polygon';
import type { PrismaticDescription } from '#contracts/blueprint';
import type { DimensionNote, TextNote } from './content.ts';
import { isFullCircle, type Primitive } from '../geometry/primitives.ts';

/** A written number: '12', '12.5', '12,5', '.5'. */
export const NUMBER = String.raw`(\d+(?:[.,]\d+)?|[.,]\d+)`;

/** A written number in mm: with its unit ('mm', '"', 'in'), else in drawing units. */
export const toMm = (written: string, unit: string | undefined, mmPerUnit: number) => {
  const value = Number(written.replace(',', '.'));
  if (unit === 'mm') return roundMm(value);
  if (unit && /^(?:"|in)/i.test(unit)) return roundMm(value * 25.4);
  return roundMm(value * mmPerUnit);
};

const key = (value: number) => Math.round(value * 100) / 100;
const r4 = (value: number) => Math.round(value * 10000) / 10000;

/** Sweep of the thread's open arc around a tapped hole, radians: 3/4 of a circle, ± 40°. */
const THREAD_ARC_MIN = (230 / 180) * Math.PI;
const THREAD_ARC_MAX = (310 / 180) * Math.PI;
/** Largest major diameter of a thread over its tap drill (ISO 261 coarse: M1 0.75 → 1.33). */
const THREAD_RATIO_MAX = 1.4;

/**
 * The open arc of ~270° drawn concentric with a hole and larger than it, by which ISO 6410-1
 * and ASME Y14.6 show a tapped hole's thread in a view along its axis; undefined when none.
 *
 * @param primitives - the view's primitives, mm
 * @param hole - the hole's centre and (tap drill) diameter, mm
 * @param gapMm - how far the arc's centre may lie from the hole's, mm
 */
export function threadArcAround(
  primitives: Primitive[],
  hole: { center: Point2; diameterMm: number },
  gapMm: number,
): { radius: number } | undefined {
  const r = hole.diameterMm / 2;
  for (const p of primitives) {
    if (p.kind !== 'arc' || isFullCircle(p)) continue;
    const sweep = p.endRad - p.startRad;
    if (sweep < THREAD_ARC_MIN || sweep > THREAD_ARC_MAX) continue;
    if (Math.hypot(p.center.x - hole.center.x, p.center.y - hole.center.y) > gapMm) continue;
    if (p.radius <= r + gapMm / 2 || p.radius > THREAD_RATIO_MAX * r) continue;
    return { radius: p.radius };
  }
  return undefined;
}

/** A hole with what the notes and diameter dimensions say of it: thread, depth, fit. */
export function holeOf(
  hole: { center: Point2; diameterMm: number; tapped?: boolean },
  notes: TextNote[],
  extras: { dimensions: { note: DimensionNote; text: string }[]; mmPerUnit: number },
): PrismaticDescription['holes'][number] {
  const d = r4(hole.diameterMm);
  const out: PrismaticDescription['holes'][number] = {
    diameter: `Ø${formatMm(key(d))}`,
    x: r4(hole.center.x),
    y: r4(hole.center.y),
    diameterMm: d,
    through: true,
    kind: hole.tapped ? 'tapped' : 'through',
  };
  // A tapped hole whose thread is called out on another of its size with a count ('2x M5'):
  // the count makes it this one's too, when one such callout names that size.
  if (hole.tapped) {
    const counted = new Set(
      extras.dimensions
        .filter(({ note }) => note.kind === 'diameter')
        .map(({ text }) => text.replace(/\s+/g, ' ').trim())
        .filter(
          (text) =>
            /^\d+ ?[xX×]/.test(text) &&
            Math.abs((locateThreadCallout(text)?.thread.majorDiameterMm ?? 0) - d) <= 0.1,
        ),
    );
    const [text] = [...counted];
    if (counted.size === 1) tapped(out, locateThreadCallout(text!), text!, extras.mmPerUnit);
  }
  // A diameter dimension on this circle: its text may carry a fit or a tolerance.
  for (const { note, text } of extras.dimensions) {
    if (note.kind !== 'diameter') continue;
    const mid = { x: (note.p1.x + note.p2.x) / 2, y: (note.p1.y + note.p2.y) / 2 };
    const size = Math.hypot(note.p1.x - note.p2.x, note.p1.y - note.p2.y);
    if (Math.hypot(mid.x - hole.center.x, mid.y - hole.center.y) > 0.05) continue;
    if (Math.abs(size - d) > 0.05) continue;
    // A thread callout on the thread's major diameter ('4x M6', 'M6 ↧9'): the hole is tapped.
    const located = locateThreadCallout(text.replace(/\s+/g, ' '));
    if (located && Math.abs(located.thread.majorDiameterMm - d) <= 0.1) {
      tapped(out, located, text, extras.mmPerUnit);
      continue;
    }
    // A count in front ('4x Ø5.5') is no diameter: 'Ø' is put in front of a bare number only.
    const parsed = parseDiameterCallout(hasDiameterSign(text) ? text : `Ø${text}`);
    if (parsed?.fit) out.fit = parsed.fit.split('/')[0];
    if (parsed) out.diameter = parsed.text;
  }
  // Notes: a thread whose tap drill or size is this circle, a depth for this diameter. A circle
  // the notes write as a plain hole of its own size ('4x Ø6.6') is no tap drill of a thread
  // within the 0.3 mm window ('2x M8': 6.75).
  const units = Math.abs(extras.mmPerUnit - 25.4) < 1e-9 ? 'inch' : 'mm';
  const ownSize = writesPlainSize(
    [...notes.map((note) => note.text), ...extras.dimensions.map(({ text }) => text)],
    d,
    units,
  );
  for (const note of notes) {
    const text = note.text.replace(/\s+/g, ' ');
    const thread = parseThreadCallout(text);
    if (thread) {
      const drill = thread.majorDiameterMm - thread.pitchMm;
      const asTapDrill = !ownSize && Math.abs(drill - d) <= TAP_DRILL_WINDOW_MM;
      if (asTapDrill || Math.abs(thread.majorDiameterMm - d) <= 0.1) {
        tapped(out, locateThreadCallout(text), text, extras.mmPerUnit, thread.designation);
        continue;
      }
    }
    const written = parseDiameterCallout(text, units);
    if (written && Math.abs(written.nominalMm - d) <= 0.05) {
      const depth = depthIn(holePart(text), extras.mmPerUnit);
      if (depth !== undefined) {
        out.depthMm = depth;
        out.through = false;
        out.kind = 'blind';
        out.diameter = written.text;
      }
      if (written.fit) out.fit = written.fit.split('/')[0];
    }
  }
  return out;
}

/**
 * A drawn tap drill within this of a thread's nominal tap drill (major − pitch) is that thread's,
 * mm: drawings draw it at the ISO 2306 drill (M8: 6.8) or at the minor diameter (6.647).
 */
const TAP_DRILL_WINDOW_MM = 0.3;

/**
 * Whether a note or dimension text without a thread writes a hole of this size with a diameter
 * sign (within 0.05 mm).
 */
function writesPlainSize(texts: string[], diameterMm: number, units: 'mm' | 'inch'): boolean {
  return texts.some((line) => {
    const text = line.replace(/\s+/g, ' ');
    if (!hasDiameterSign(text)) return false;
    if (locateThreadCallout(text)) return false;
    const written = parseDiameterCallout(text, units);
    return written !== undefined && Math.abs(written.nominalMm - diameterMm) <= 0.05;
  });
}

/** Makes `out` the tapped hole a thread callout writes ('M6', 'M6 ↧9'), with its depth. */
function tapped(
  out: PrismaticDescription['holes'][number],
  located: ReturnType<typeof locateThreadCallout>,
  text: string,
  mmPerUnit: number,
  designation?: string,
): void {
  out.thread = located?.written ?? designation ?? '';
  out.diameter = out.thread;
  if (located) out.diameterMm = located.thread.majorDiameterMm;
  out.kind = 'tapped';
  const depth = depthIn(holePart(text), mmPerUnit);
  if (depth !== undefined) {
    out.depthMm = depth;
    out.through = false;
  }
}

/**
 * The part of a hole note that writes the hole itself: up to a counterbore or countersink
 * (ISO 15786 ⌴, ⌵, 'CBORE', 'CSK') or a second, larger diameter ('4x Ø11 Ø18 ↧12', the
 * counterbore on the line below), whose depth is not the hole's.
 */
function holePart(text: string): string {
  const mark = /⌴|⌵|\b(?:C'?BORE|counterbore|CSK|C'?SINK|countersink)\b/i.exec(text);
  const signs = [...text.matchAll(/[Ø⌀∅]/g)];
  const second = signs.length > 1 ? signs[1]!.index : undefined;
  const end = Math.min(mark?.index ?? text.length, second ?? text.length);
  return text.slice(0, end);
}

/** A depth written in a hole note: '↧12', '12 deep', 'depth 12', '12 tief', 'DP 12'. */
function depthIn(text: string, mmPerUnit: number): number | undefined {
  const match =
    new RegExp(
      String.raw`(?:↧|\bdepth\b|\bDP\b|\btief\b|\bTiefe\b)\s*[:=]?\s*${NUMBER}\s*(mm|")?`,
      'i',
    ).exec(text) ??
    new RegExp(String.raw`${NUMBER}\s*(mm|")?\s*(?:deep|tief|DP)\b`, 'i').exec(text);
  if (!match) return undefined;
  const value = toMm(match[1]!, match[2], mmPerUnit);
  return value > 0 ? value : undefined;
}
