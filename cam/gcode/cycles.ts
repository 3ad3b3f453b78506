/**
 * Canned cycles expanded into moves, for the interpreter (cam/gcode/interpreter.ts).
 *
 * Every function here works in mm and in work coordinates, with X as a diameter on lathes, and
 * writes its moves to a {@link MoveSink}; none keeps state between calls. Sources:
 * - Drilling G73, G81–G89 and the return levels G98/G99: NIST RS274NGC version 3 §3.5.16 and
 *   the LinuxCNC G-code reference ("G73", "G81"…"G89", "G98/G99"); Fanuc 0i-MF operator's
 *   manual ("Canned cycle for drilling"), which adds the fine boring G76 with its shift Q.
 * - Siemens CYCLE81…CYCLE86: SINUMERIK 840D sl "Programming Manual Cycles" (drilling cycles;
 *   parameter lists as in docs/decisions/013-cam-depth.md).
 * - Lathe threading: LinuxCNC G-code reference "G76 Threading Cycle"; Fanuc 0i-TF operator's
 *   manual "Multiple threading cycle (G76)" (G-code system A); Haas lathe operator's manual
 *   "G76 Threading Cycle, Multiple Pass".
 */
import { coarsePitchOf } from '../iso261.ts';

/** Where a cycle's moves go; the sink knows the current position and the modal state. */
export interface MoveSink {
  /** Current position (known: cycles start from a known position). */
  x: number;
  y: number;
  z: number;
  rapid(x: number, y: number, z: number, cycle: string): void;
  /**
   * A feed move. `feed` overrides the modal feed (mm/min) for this move; `leadMm` marks a
   * spindle-synchronised move (tapping, threading); `spindleOff`/`reverse` describe the spindle
   * during the move (boring retract with the spindle stopped, tapping out in reverse).
   */
  feed(x: number, y: number, z: number, cycle: string, options?: FeedOptions): void;
  dwell(seconds: number): void;
  error(message: string): void;
}

export interface FeedOptions {
  feed?: number;
  leadMm?: number;
  reverse?: boolean;
}

/** RS274/NGC G73 retract and G83 re-approach clearance: 0.010 in (LinuxCNC reference). */
export const peckClearanceMm = 0.254;

/** One G73/G81–G89/G76 (mill) hole, every value resolved to absolute mm. */
export interface DrillHole {
  code: 73 | 76 | 81 | 82 | 83 | 84 | 85 | 86 | 89;
  x: number;
  y: number;
  /** R plane. */
  r: number;
  /** Hole bottom. */
  z: number;
  /** Return level after the hole: the initial level under G98 (if above R), R under G99. */
  clear: number;
  /** Peck increment (G73, G83) or fine-boring shift (G76), mm. */
  q: number;
  /** Dwell at the bottom, s (0 for none). */
  dwell: number;
  /** Tapping lead, mm/rev (G84). */
  leadMm: number;
  /** The cycle's name in the motion events when not `G<code>` (Okuma lathe tapping: 'G77'). */
  name?: string;
}

/**
 * Expand one hole of a mill drilling cycle (plane G17, drilling along Z).
 * Moves: rapid in XY at the current height (after rising to R if below it), rapid to R, the
 * cycle's own moves, then the return to `hole.clear`.
 * Errors (through the sink): G73/G83 without a positive Q, a bottom above R.
 */
export function drillHole(sink: MoveSink, hole: DrillHole): void {
  const cycle = hole.name ?? `G${hole.code}`;
  const { x, y, r, z, clear } = hole;
  if (z > r) {
    sink.error(`${cycle}: the hole bottom Z${round(z)} is above the R plane R${round(r)}`);
    return;
  }
  if (sink.z < r) sink.rapid(sink.x, sink.y, r, cycle);
  if (sink.x !== x || sink.y !== y) sink.rapid(x, y, sink.z, cycle);
  if (sink.z !== r) sink.rapid(x, y, r, cycle);
  switch (hole.code) {
    case 81:
      sink.feed(x, y, z, cycle);
      break;
    case 82:
      sink.feed(x, y, z, cycle);
      if (hole.dwell > 0) sink.dwell(hole.dwell);
      break;
    case 73:
    case 83: {
      if (!(hole.q > 0)) {
        sink.error(`${cycle}: the peck increment Q must be positive`);
        return;
      }
      let depth = r;
      while (depth > z) {
        const next = Math.max(depth - hole.q, z);
        if (depth !== r) {
          // G83 comes back down to just above the last depth; G73 is still there.
          if (hole.code === 83) sink.rapid(x, y, depth + peckClearanceMm, cycle);
        }
        sink.feed(x, y, next, cycle);
        if (next > z) {
          if (hole.code === 83) sink.rapid(x, y, r, cycle);
          else sink.rapid(x, y, next + peckClearanceMm, cycle);
        }
        depth = next;
      }
      if (hole.dwell > 0) sink.dwell(hole.dwell);
      break;
    }
    case 84:
      sink.feed(x, y, z, cycle, { leadMm: hole.leadMm });
      if (hole.dwell > 0) sink.dwell(hole.dwell);
      sink.feed(x, y, r, cycle, { leadMm: hole.leadMm, reverse: true });
      break;
    case 85:
      sink.feed(x, y, z, cycle);
      sink.feed(x, y, r, cycle);
      break;
    case 86:
      sink.feed(x, y, z, cycle);
      if (hole.dwell > 0) sink.dwell(hole.dwell);
      // The spindle stops at the bottom; the rapid out runs with the spindle stopped.
      sink.rapid(x, y, clear, cycle);
      return;
    case 89:
      sink.feed(x, y, z, cycle);
      if (hole.dwell > 0) sink.dwell(hole.dwell);
      sink.feed(x, y, r, cycle);
      break;
    case 76:
      // Fine boring: oriented spindle stop, shift off the wall by Q (+X, Fanuc parameter 5101
      // RD1/RD2 default), rapid out, shift back.
      sink.feed(x, y, z, cycle);
      if (hole.dwell > 0) sink.dwell(hole.dwell);
      sink.rapid(x + hole.q, y, z, cycle);
      sink.rapid(x + hole.q, y, clear, cycle);
      sink.rapid(x, y, clear, cycle);
      return;
  }
  if (sink.z !== clear) sink.rapid(x, y, clear, cycle);
}

/**
 * The pitch CYCLE84's MPIT names: a metric thread size from M3 to M48 (SINUMERIK 840D sl / 828D
 * Programming Manual "Cycles", CYCLE84), with its ISO 261 coarse pitch; undefined outside that.
 */
const mpitPitchMm = (mpit: number): number | undefined =>
  Number.isInteger(mpit) && mpit >= 3 && mpit <= 48 ? coarsePitchOf(mpit) : undefined;

/** Spindle state requested after a Siemens cycle (CYCLE84 SDAC, CYCLE86 SDIR: 3, 4 or 5). */
export type SiemensSpindleAfter = 'cw' | 'ccw' | 'off' | null;

/**
 * Expand a Siemens drilling cycle at the current XY (plane G17).
 * @param name - CYCLE81 … CYCLE86
 * @param a - the parameters in the manual's order, NaN for an empty one
 * @param feed - the modal feed, mm/min (used where the cycle has no feed of its own)
 * @param rpm - the spindle speed, rpm (CYCLE84 feed when SST is empty)
 * @returns the spindle state the cycle leaves (SDAC/SDIR), or null for unchanged; undefined
 *   when the call is not a drilling cycle this interpreter knows
 */
export function siemensCycle(
  sink: MoveSink,
  name: string,
  a: readonly number[],
  feed: number,
  rpm: number,
): SiemensSpindleAfter | undefined {
  if (!/^CYCLE8[1-6]$/.test(name)) return undefined;
  const p = (index: number, fallback: number) => parameter(a, index, fallback);
  const rtp = p(0, NaN);
  const rfp = p(1, NaN);
  const sdis = p(2, 0);
  const dp = p(3, NaN);
  const dpr = p(4, NaN);
  if (Number.isNaN(rtp) || Number.isNaN(rfp)) {
    sink.error(`${name}: RTP and RFP (retraction and reference planes) are required`);
    return null;
  }
  // "If a value is entered both for DP and DPR, the final drilling depth is derived from DPR."
  const depth = !Number.isNaN(dpr) ? rfp - Math.abs(dpr) : dp;
  if (Number.isNaN(depth)) {
    sink.error(`${name}: no final drilling depth (DP or DPR)`);
    return null;
  }
  const safe = rfp + sdis;
  if (depth > safe) {
    sink.error(`${name}: the final depth ${round(depth)} is above the reference plane`);
    return null;
  }
  const { x, y } = sink;
  sink.rapid(x, y, safe, name);
  const dtb = p(5, 0);
  let after: SiemensSpindleAfter = null;
  switch (name) {
    case 'CYCLE81':
      sink.feed(x, y, depth, name);
      break;
    case 'CYCLE82':
      sink.feed(x, y, depth, name);
      if (dtb > 0) sink.dwell(dtb);
      break;
    case 'CYCLE83':
      if (!deepHoleDrill(sink, a, x, y, rfp, safe, depth, feed)) return null;
      break;
    case 'CYCLE84': {
      const sdac = p(6, 3);
      const mpit = p(7, NaN);
      const pit = p(8, NaN);
      const sst = p(10, rpm);
      const lead = !Number.isNaN(pit)
        ? Math.abs(pit)
        : !Number.isNaN(mpit)
          ? mpitPitchMm(Math.abs(mpit))
          : undefined;
      if (lead === undefined) {
        sink.error('CYCLE84: no thread pitch (MPIT or PIT)');
        return null;
      }
      const tapFeed = sst * lead;
      sink.feed(x, y, depth, name, { leadMm: lead, feed: tapFeed });
      if (dtb > 0) sink.dwell(dtb);
      sink.feed(x, y, safe, name, { leadMm: lead, feed: p(11, sst) * lead, reverse: true });
      after = sdac === 4 ? 'ccw' : sdac === 5 ? 'off' : 'cw';
      break;
    }
    case 'CYCLE85': {
      const ffr = p(6, feed);
      const rff = p(7, ffr);
      sink.feed(x, y, depth, name, { feed: ffr });
      if (dtb > 0) sink.dwell(dtb);
      sink.feed(x, y, safe, name, { feed: rff });
      break;
    }
    case 'CYCLE86':
      after = bore(sink, a, x, y, safe, depth, dtb);
      break;
  }
  if (sink.z !== rtp) sink.rapid(x, y, rtp, name);
  return after;
}

/** Siemens cycle parameter `index`, or `fallback` when it is empty or missing. */
function parameter(a: readonly number[], index: number, fallback: number): number {
  const value = a[index];
  return value === undefined || Number.isNaN(value) ? fallback : value;
}

/**
 * CYCLE83 deep-hole drilling from the safety plane down to `depth`: FDEP/FDPR first depth, DAM
 * degression, DTB/DTS dwells, FRF first-feed factor, VARI 0 chip breaking or 1 chip removal.
 * @returns false after reporting a first depth that is not below the reference plane
 */
function deepHoleDrill(
  sink: MoveSink,
  a: readonly number[],
  x: number,
  y: number,
  rfp: number,
  safe: number,
  depth: number,
  feed: number,
): boolean {
  const p = (index: number, fallback: number) => parameter(a, index, fallback);
  const name = 'CYCLE83';
  const fdep = p(5, NaN);
  const fdpr = p(6, NaN);
  const dam = Math.abs(p(7, 0));
  const bottomDwell = p(8, 0);
  const startDwell = p(9, 0);
  const frf = p(10, 1) || 1;
  const vari = p(11, 0);
  let increment = !Number.isNaN(fdpr)
    ? Math.abs(fdpr)
    : !Number.isNaN(fdep)
      ? rfp - fdep
      : rfp - depth;
  if (!(increment > 0)) {
    sink.error(
      `CYCLE83: the first drilling depth FDEP ${round(fdep)} is not below the reference plane RFP ${round(rfp)} (alarm 61107)`,
    );
    return false;
  }
  let reached = rfp;
  let first = true;
  while (reached > depth) {
    const next = Math.max(reached - increment, depth);
    if (!first) {
      // Back down to the last depth less the anticipation distance (0.6 mm up to 30 mm
      // deep, then depth / 50, at most 7 mm) after chip removal; chip breaking is already there.
      if (vari === 1) {
        const deep = rfp - reached;
        const anticipation = deep <= 30 ? 0.6 : Math.min(7, deep / 50);
        sink.rapid(x, y, reached + anticipation, name);
      }
    }
    sink.feed(x, y, next, name, first ? { feed: feed * frf } : undefined);
    if (bottomDwell > 0) sink.dwell(bottomDwell);
    if (next > depth) {
      if (vari === 1) {
        sink.rapid(x, y, safe, name);
        if (startDwell > 0) sink.dwell(startDwell);
      } else sink.rapid(x, y, next + 1, name);
    }
    reached = next;
    first = false;
    if (dam > 0) increment = increment - dam > dam ? increment - dam : dam;
  }
  return true;
}

/**
 * CYCLE86 boring: feed to `depth`, dwell DTB, oriented stop, lift off the wall by RPA/RPO/RPAP,
 * out to the safety plane, back to the centre.
 * @returns the spindle direction after the cycle (SDIR 3 or 4)
 */
function bore(
  sink: MoveSink,
  a: readonly number[],
  x: number,
  y: number,
  safe: number,
  depth: number,
  dtb: number,
): SiemensSpindleAfter {
  const p = (index: number, fallback: number) => parameter(a, index, fallback);
  const name = 'CYCLE86';
  const sdir = p(6, 3);
  const rpa = p(7, 0);
  const rpo = p(8, 0);
  const rpap = p(9, 0);
  sink.feed(x, y, depth, name);
  if (dtb > 0) sink.dwell(dtb);
  // Oriented stop (SPOS), lift off the wall, out to the safety plane, back to the centre.
  sink.rapid(x + rpa, y + rpo, depth + rpap, name);
  sink.rapid(x + rpa, y + rpo, safe, name);
  sink.rapid(x, y, safe, name);
  return sdir === 4 ? 'ccw' : 'cw';
}

/**
 * Depths of successive threading passes, radius mm from the crest, the last one `full`.
 * Depth n = `first` × n^(1/`degression`) (degression 2: constant area, Fanuc's Δd√n; 1: constant
 * depth), each pass at least `minStep` deeper than the one before, up to `full − finish`; then the
 * full depth once, then `springPasses` more at full depth.
 */
export function threadPassDepths(options: {
  first: number;
  full: number;
  degression?: number;
  minStep?: number;
  finish?: number;
  springPasses?: number;
}): number[] {
  const { first, full } = options;
  const degression = options.degression ?? 2;
  const minStep = options.minStep ?? 0;
  const finish = Math.max(0, options.finish ?? 0);
  const depths: number[] = [];
  if (!(first > 0) || !(full > 0)) return depths;
  const rough = full - finish;
  let last = 0;
  for (let pass = 1; pass < 10000; pass += 1) {
    let depth = first * pass ** (1 / degression);
    if (depth - last < minStep) depth = last + minStep;
    if (depth >= rough - 1e-9) break;
    depths.push(depth);
    last = depth;
  }
  depths.push(full);
  for (let pass = 0; pass < (options.springPasses ?? 0); pass += 1) depths.push(full);
  return depths;
}

/** A lathe multi-pass thread, resolved to absolute mm (X as a diameter). */
export interface LatheThread {
  cycle: string;
  /** Start point: the tool position before the cycle (the drive line). */
  startX: number;
  startZ: number;
  /** Diameter at the crest (pass depth 0) and at the root (full depth). */
  crestX: number;
  rootX: number;
  endZ: number;
  /** Pass depths, radius mm from the crest (see {@link threadPassDepths}). */
  depths: number[];
  leadMm: number;
  /** Compound infeed angle, degrees (half the tool angle on Fanuc and Haas; Q on LinuxCNC). */
  infeedAngle: number;
  /** Taper: the end diameter minus the start diameter of each pass. */
  taperX: number;
}

/**
 * Expand a lathe threading cycle: per pass a rapid to the pass diameter (start Z shifted along
 * the flank by depth × tan(infeed angle)), the synchronised cut to the end Z, a rapid out to the
 * start diameter and a rapid back to the start Z.
 */
export function latheThread(sink: MoveSink, thread: LatheThread): void {
  const { cycle, startX, startZ, crestX, rootX, endZ } = thread;
  const inward = Math.sign(rootX - crestX);
  const along = Math.sign(endZ - startZ) || -1;
  const tan = Math.tan((thread.infeedAngle * Math.PI) / 180);
  for (const depth of thread.depths) {
    const x = crestX + 2 * depth * inward;
    const z = startZ + along * depth * tan;
    sink.rapid(x - thread.taperX, 0, z, cycle);
    sink.feed(x, 0, endZ, cycle, { leadMm: thread.leadMm });
    sink.rapid(startX, 0, endZ, cycle);
    sink.rapid(startX, 0, startZ, cycle);
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
