/**
 * Arrowheads found from the lines that carry them (vectorize.ts stage 4), for the slender ones
 * the opening in arrows.ts misses: a filled arrowhead not much wider than the outline it points
 * at (a 2.5 mm arrowhead is about 5 px wide at 150 dpi, a 0.5 mm outline 3 px) survives the
 * opening joined to that outline, and neither fits as a triangle alone. Its dimension line is
 * traced through it, so each end of a line is looked at along the line: ISO 129-1 draws a filled
 * arrowhead's sides straight from its base to the tip, so the ink's width across the line falls
 * linearly from the base to the tip, and behind the base the line is narrow again. Pixels, y
 * down.
 */
import type { Point } from '../geometry/primitives.ts';
import { add, dist, unit } from '../geometry/plane.ts';
import type { Arrowhead } from './arrows.ts';
import { insideArrow, middleOfLineAhead, regression } from './arrows.ts';
import type { Sampler } from './raster-ops.ts';
import type { Line } from './types.ts';

/** Step of the width profile along the line, px. */
const STEP = 0.5;
/** A base at least this many times the line's own width (ISO 129-1 arrowheads are about 1:3). */
const BASE_TO_LINE = 2.2;
/** Least base width, px: narrower, a line's blur is no arrowhead. */
const MIN_BASE_PX = 3;
/** Behind the base the shaft is at most this share of the base's width. */
const SHAFT_SHARE = 0.6;
/** Widths up to this many times the line's own are its blur, not the arrowhead's sides. */
const FLOOR_TO_LINE = 1.2;
/** The flank narrows to at most this share of the base's width towards the tip. */
const NARROW_SHARE = 0.55;
/**
 * The straight flanks meet within this share of the arrowhead's length of the line's end (the
 * tip on the line it stands on, whose own width hides the last of the tip).
 */
const TIP_SLACK_SHARE = 0.5;
/** Least and most length of an arrowhead, in base widths (ISO 129-1 draws about 3). */
const MIN_LENGTH_BASES = 1.1;
const MAX_LENGTH_BASES = 8;

/** The width of the ink across the line at each step from the end, inwards. */
interface Sample {
  t: number;
  width: number;
  centre: number;
}

/**
 * The arrowheads at the ends of `lines` that no arrowhead in `found` holds yet.
 *
 * @param lines - solid lines traced through their arrowheads (px, widths measured)
 * @param found - the arrowheads already found (arrows.ts findFills)
 * @param grey - the image's grey sampler
 * @param arrowMaxPx - the longest arrowhead, px
 * @returns new arrowheads: tip at the line's end (or where the sides meet at a free end), u from
 *   base to tip, length and half width of the base, px
 */
export function arrowsAtLineEnds(
  lines: Line[],
  found: Arrowhead[],
  grey: Sampler,
  arrowMaxPx: number,
): Arrowhead[] {
  const out: Arrowhead[] = [];
  for (const line of lines) {
    const length = dist(line.a, line.b);
    for (const [end, other, free] of [
      [line.a, line.b, line.freeA],
      [line.b, line.a, line.freeB],
    ] as const) {
      if ([...found, ...out].some((arrow) => insideArrow(end, arrow))) continue;
      const arrow = arrowAt(end, unit(other, end), free, line.widthPx, grey, {
        reach: Math.min(arrowMaxPx, length),
        arrowMaxPx,
      });
      if (arrow) out.push(arrow);
    }
  }
  return out;
}

/**
 * The arrowhead at a line's end `end` (u: along the line towards the end), when the ink's width
 * profile is one; undefined otherwise.
 */
function arrowAt(
  end: Point,
  u: Point,
  free: boolean,
  lineWidth: number,
  grey: Sampler,
  limits: { reach: number; arrowMaxPx: number },
): Arrowhead | undefined {
  const n = { x: -u.y, y: u.x };
  const cap = Math.max(6, limits.arrowMaxPx / 3);
  const samples: Sample[] = [];
  let started = false;
  for (let t = 0; t <= limits.reach; t += STEP) {
    const s = grey.section(add(end, u, -t), n, cap);
    // Within the line the end stands on, the section runs along that line: skipped.
    if (!s || s.width > cap) {
      if (started) break;
      continue;
    }
    started = true;
    samples.push({ t, ...s });
  }
  if (samples.length < 6) return undefined;
  let base = samples[0]!;
  for (const s of samples) if (s.width > base.width) base = s;
  const wb = base.width;
  if (wb < Math.max(MIN_BASE_PX, BASE_TO_LINE * lineWidth)) return undefined;
  if (Math.abs(base.centre) > 0.3 * wb) return undefined;
  // Behind the base: the shaft, narrow, on the line's middle.
  const behind = samples.filter((s) => s.t >= base.t + 2 && s.t <= base.t + 5);
  if (behind.length === 0 || behind.some((s) => s.width > SHAFT_SHARE * wb)) return undefined;
  // From the tip to the base the width grows linearly, the ink centred on the line.
  // Near the tip the ink is no narrower than the line's blur: only the widths above it are fitted.
  const before = samples.filter((s) => s.t < base.t);
  const floor = Math.max(0.3 * wb, FLOOR_TO_LINE * lineWidth);
  const flank = before.filter((s) => s.width >= floor && s.width <= 0.95 * wb);
  if (flank.length < 3) return undefined;
  if (flank.some((s) => Math.abs(s.centre) > 0.3 * wb)) return undefined;
  const fit = regression(flank.map((s) => ({ x: s.t, y: s.width })));
  if (!fit || !(fit.slope > 0)) return undefined;
  const rms = Math.sqrt(
    flank.reduce((sum, s) => sum + (s.width - fit.at(s.t)) ** 2, 0) / flank.length,
  );
  if (rms > 0.12 * wb + 0.4) return undefined;
  // The sides meet at the line's end (where it stands on another line) or, at a free end, just
  // before the ink ends: a line that only widens where something touches it narrows to no tip.
  const meetT = -fit.intercept / fit.slope;
  if (Math.min(...before.map((s) => s.width)) > NARROW_SHARE * wb) return undefined;
  if (Math.abs(meetT) > TIP_SLACK_SHARE * base.t + STEP) return undefined;
  // Along the profile t runs inwards: the line ahead lies at negative t.
  const ahead = free
    ? undefined
    : middleOfLineAhead(grey, end, u, 0, Math.max(2.5, 1.5 * lineWidth));
  const tipT = free ? Math.max(0, meetT) : -(ahead ?? 0);
  const arrowLength = base.t - tipT;
  if (
    arrowLength < MIN_LENGTH_BASES * wb ||
    arrowLength > MAX_LENGTH_BASES * wb ||
    arrowLength > limits.arrowMaxPx
  )
    return undefined;
  return { tip: add(end, u, -tipT), u, length: arrowLength, halfWidth: wb / 2 };
}
