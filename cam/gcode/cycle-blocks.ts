/**
 * Canned cycle blocks: read a cycle's words against the modal state, resolve them to absolute
 * mm and hand each hole or thread to its expansion in cycles.ts (`drillHole`, `siemensCycle`,
 * `latheThread`), whose moves go to the interpreter's {@link ModalState}. Problems are reported
 * as error events and the block is skipped.
 *
 * Sources: NIST RS274NGC Interpreter version 3, "Canned cycles" (sticky Z, R, Q, P words; the
 * initial level; L repeats; G91 values relative to the initial level and R); LinuxCNC G-code
 * reference "G73", "G81"…"G89" and "G76 Threading Cycle"; Fanuc 0i-MF and 0i-TF operator's
 * manuals "Canned cycle for drilling" and "Multiple threading cycle (G76)" (G-code system A;
 * values without a decimal point in the least input increment); Haas lathe operator's manual
 * "G76 Threading Cycle, Multiple Pass"; SINUMERIK 840D sl Programming Manual "Cycles"; Okuma
 * OSP-P200M/P300M Programming Manual, fixed cycles ("G71 Z" return level, M53 return to it) and
 * OSP-P200L/P300L Programming Manual section 7 (G77 tapping cycle).
 */
import { drillHole, latheThread, siemensCycle, threadPassDepths } from './cycles.ts';
import type { DrillHole } from './cycles.ts';
import { letter as letterTable } from './lexer.ts';
import type { Letter } from './lexer.ts';
import { axis } from './modal-state.ts';
import type { ModalState } from './modal-state.ts';

/** A constant of this module: V8 folds `letter.F` to 70 here, not through the import (hot path). */
const letter = letterTable;

/** A new series of canned cycles: the initial level, and no sticky words from an earlier one. */
export function startCycleSeries(state: ModalState): void {
  state.initialZ = state.known & axis.Z ? state.z : NaN;
  state.cycleZ = NaN;
  state.cycleR = NaN;
  state.cycleQ = NaN;
  state.cycleDwell = 0;
}

/**
 * A mill drilling cycle block (G73, G76, G81–G89 in force): resolve the sticky words and expand
 * each of the L repeats at the block's X Y. Errors: a plane other than G17, no bottom Z or R
 * plane yet, an unknown Z, X or Y (after a home), G84 without a feed and speed to give the lead.
 */
export function drillBlock(state: ModalState): void {
  const lexer = state.lexer;
  const code = state.motion as DrillHole['code'];
  const name = `G${code}`;
  if (state.isLathe) {
    latheTapBlock(state);
    return;
  }
  if (state.plane !== 17) {
    state.error(`${name}: canned cycles are read in the XY plane (G17) only`);
    return;
  }
  readStickyWords(state);
  if (Number.isNaN(state.cycleZ) || Number.isNaN(state.cycleR)) {
    state.error(`${name} without ${Number.isNaN(state.cycleZ) ? 'a hole bottom Z' : 'an R plane'}`);
    return;
  }
  if (!(state.known & axis.Z) || Number.isNaN(state.initialZ)) {
    state.error(`${name} from an unknown Z (after a reference return)`);
    return;
  }
  let leadMm = 0;
  if (code === 84) {
    leadMm =
      state.feedMode === 'per-rev'
        ? state.feedRate
        : state.spindle.speed > 0
          ? state.feedRate / state.spindle.speed
          : NaN;
    if (!(leadMm > 0)) {
      state.error('G84 without a spindle speed and feed to give the lead');
      return;
    }
  }
  const s = state.scale;
  const repeats = lexer.has(letter.L) ? Math.max(0, Math.round(lexer.get(letter.L))) : 1;
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    let x = state.x;
    let y = state.y;
    if (lexer.has(letter.X))
      x = state.absolute ? lexer.get(letter.X) * s : state.x + lexer.get(letter.X) * s;
    else if (!(state.known & axis.X)) return void state.error(`${name} at an unknown X`);
    if (lexer.has(letter.Y))
      y = state.absolute ? lexer.get(letter.Y) * s : state.y + lexer.get(letter.Y) * s;
    else if (!(state.known & axis.Y)) return void state.error(`${name} at an unknown Y`);
    if (!(state.known & axis.X) || !(state.known & axis.Y)) {
      // The first hole after a home: come from the initial level at the hole's XY.
      state.x = x;
      state.y = y;
      state.known |= axis.X | axis.Y;
      state.current = { x, y, z: state.z };
    }
    const r = state.absolute ? state.cycleR : state.initialZ + state.cycleR;
    const z = state.absolute ? state.cycleZ : r + state.cycleZ;
    drillHole(state, {
      code,
      x,
      y,
      r,
      z,
      clear: returnLevel(state, r),
      q: state.cycleQ,
      dwell: state.cycleDwell,
      leadMm,
    });
  }
}

/**
 * Where a mill hole's cycle returns, mm: the initial level under G98 (if above R), R under G99;
 * Okuma: the G71 level under M53 (if above R), else R.
 */
function returnLevel(state: ModalState, r: number): number {
  if (state.dialect !== 'okuma') return state.returnToInitial ? Math.max(state.initialZ, r) : r;
  if (!state.returnToG71) return r;
  if (Number.isNaN(state.cycleReturnZ)) {
    state.error('M53 without a return level (G71 Z)');
    return r;
  }
  return Math.max(state.cycleReturnZ, r);
}

/**
 * Lathe G84 (Fanuc and Haas, G-code system A): rigid tapping along Z at the block's X (U) on the
 * spindle axis, "G84 Z(W)_ R_ F_" with F the lead under G99 (Fanuc 0i-TF Plus operator's manual
 * "Canned cycle for drilling", face tapping, with M29 for rigid tapping; Haas lathe operator's
 * manual "G84 Tapping Canned Cycle"). R on Fanuc is the distance from the initial level to the
 * R point; on Haas the R plane's Z. Moves as drillHole's G84: to R, synchronised to Z, reversed
 * back to R, then to the initial level. Okuma's G77 tapping cycle "G77 X_ Z_ F_" (OSP-P300L
 * Programming Manual, section 7 "Fixed cycles", tapping cycle) taps the same way from the start Z
 * (no K: no approach distance). Errors: another cycle code, no Z or lead, an unknown Z.
 */
export function latheTapBlock(state: ModalState): void {
  const lexer = state.lexer;
  const tapCode = state.okumaLathe ? 77 : 84;
  if (state.motion !== tapCode) {
    state.error(`G${state.motion}: the lathe drilling cycles other than G84 are not read here`);
    return;
  }
  if (!(state.known & axis.Z) || Number.isNaN(state.initialZ)) {
    state.error(`G${tapCode} from an unknown Z (after a reference return)`);
    return;
  }
  const to = state.target(state.axisWords());
  if (!to) return;
  if (!lexer.has(letter.Z) && !lexer.has(letter.W)) {
    state.error(`G${tapCode} without a hole bottom Z`);
    return;
  }
  const s = state.scale;
  const rWord = lexer.has(letter.R) ? lexer.get(letter.R) * s : 0;
  const r = state.dialect === 'haas' && lexer.has(letter.R) ? rWord : state.initialZ + rWord;
  const leadMm = state.feedMode === 'per-rev' ? state.feedRate : NaN;
  if (!(leadMm > 0)) {
    state.error(
      `G${tapCode} without a lead (F under ${state.okumaLathe ? 'G95' : 'G99'}, feed per revolution)`,
    );
    return;
  }
  drillHole(state, {
    code: 84,
    x: to.x,
    y: 0,
    r,
    z: to.z,
    clear: Math.max(state.initialZ, r),
    q: NaN,
    dwell: 0,
    leadMm,
    ...(state.okumaLathe ? { name: 'G77' } : {}),
  });
}

/** The sticky words of a drilling cycle: Z bottom, R plane, Q peck or shift (mm), P dwell (s). */
function readStickyWords(state: ModalState): void {
  const lexer = state.lexer;
  const s = state.scale;
  if (lexer.has(letter.Z)) state.cycleZ = lexer.get(letter.Z) * s;
  if (lexer.has(letter.R)) state.cycleR = lexer.get(letter.R) * s;
  if (lexer.has(letter.Q)) state.cycleQ = Math.abs(lexer.get(letter.Q)) * s;
  if (lexer.has(letter.P)) {
    // LinuxCNC P is seconds; Fanuc-style P is milliseconds unless written with a point.
    const p = lexer.get(letter.P);
    state.cycleDwell = state.dialect === 'linuxcnc' || lexer.pointed(letter.P) ? p : p / 1000;
  }
}

/**
 * A Sinumerik cycle call (CYCLE81…CYCLE86) at the current position, in G17; the spindle state
 * the cycle leaves (CYCLE84 SDAC, CYCLE86 SDIR) is taken over. Errors: an unknown position, a
 * plane other than G17, a cycle this interpreter does not know.
 */
export function callCycle(state: ModalState, name: string, args: readonly number[]): void {
  if (state.known !== axis.all) {
    state.error(`${name} from an unknown position (after a reference return)`);
    return;
  }
  if (state.plane !== 17) {
    state.error(`${name}: drilling cycles are read in the XY plane (G17) only`);
    return;
  }
  const after = siemensCycle(state, name, args, state.feedRate, state.spindle.speed);
  if (after === undefined)
    state.error(`${name} is not a cycle this interpreter knows for sinumerik`);
  else if (after !== null) state.setSpindle(after, undefined, undefined, undefined);
}

/**
 * Lathe G76 threading: LinuxCNC `G76 P Z I J K [R Q H E L]`; Fanuc two blocks
 * `G76 P(mmrraa) Q(Δdmin) R(d)` then `G76 X(U) Z(W) R(i) P(k) Q(Δd) F(L)`; Haas one block
 * `G76 X Z K D F [A I]`. The thread starts at the current position (the drive line).
 */
export function latheThreadBlock(state: ModalState): void {
  if (state.dialect === 'sinumerik') {
    state.error('G76 is not a code this interpreter knows for sinumerik');
    return;
  }
  const axes = state.axisWords();
  if (state.dialect === 'fanuc' && !axes) {
    fanucThreadSettings(state);
    return;
  }
  if ((state.known & (axis.X | axis.Z)) !== (axis.X | axis.Z)) {
    state.error('G76 from an unknown position (after a reference return)');
    return;
  }
  if (state.dialect === 'linuxcnc') linuxcncThread(state);
  else fanucHaasThread(state, axes);
}

/** Fanuc G76, first block: finishing passes m, chamfer r, tool angle a; minimum cut; finish allowance. */
function fanucThreadSettings(state: ModalState): void {
  const lexer = state.lexer;
  if (lexer.has(letter.P)) {
    const p = Math.round(lexer.get(letter.P));
    state.threadFinishes = Math.max(1, Math.floor(p / 10000));
    state.threadAngle = p % 100;
  }
  if (lexer.has(letter.Q)) state.threadMinStep = micro(state, letter.Q);
  if (lexer.has(letter.R)) state.threadFinish = lexer.get(letter.R) * state.scale;
}

/** LinuxCNC G76: P pitch, Z end, I peak offset, J first cut, K full depth; R, Q, H optional. */
function linuxcncThread(state: ModalState): void {
  const lexer = state.lexer;
  const s = state.scale;
  const startX = state.x;
  const startZ = state.z;
  const need = [letter.P, letter.Z, letter.I, letter.J, letter.K].filter(
    (code) => !lexer.has(code),
  );
  if (need.length) {
    state.error(`G76 without ${need.map((code) => String.fromCharCode(code)).join(', ')}`);
    return;
  }
  // I, J, K are in the current radius/diameter mode; positions are diameters here.
  const toDiameter = state.diameterMode ? 1 : 2;
  const peak = lexer.get(letter.I) * s * toDiameter;
  const first = (lexer.get(letter.J) * s * toDiameter) / 2;
  const full = (lexer.get(letter.K) * s * toDiameter) / 2;
  if (peak === 0) {
    state.error('G76 with I0: the thread peak offset gives the side (negative: external)');
    return;
  }
  const crestX = startX + peak;
  const end = state.absolute ? lexer.get(letter.Z) * s : startZ + lexer.get(letter.Z) * s;
  latheThread(state, {
    cycle: 'G76',
    startX,
    startZ,
    crestX,
    rootX: crestX + Math.sign(peak) * 2 * full,
    endZ: end,
    depths: threadPassDepths({
      first,
      full,
      degression: lexer.has(letter.R) ? lexer.get(letter.R) : 1,
      springPasses: lexer.has(letter.H) ? Math.round(lexer.get(letter.H)) : 0,
    }),
    leadMm: lexer.get(letter.P) * s,
    infeedAngle: lexer.has(letter.Q) ? lexer.get(letter.Q) : 0,
    taperX: 0,
  });
}

/**
 * Fanuc G76 second block (X/U root, Z/W end, R taper, P height, Q first cut, F lead, with the
 * first block's settings) or Haas G76 (X Z, K height, D first cut, F lead, A tool angle, I taper).
 */
function fanucHaasThread(state: ModalState, axes: number): void {
  const lexer = state.lexer;
  const s = state.scale;
  const startX = state.x;
  const startZ = state.z;
  const target = state.target(axes);
  if (!target) return;
  if ((axes & (axis.X | axis.Z)) !== (axis.X | axis.Z)) {
    state.error('G76 without the thread root X (U) and end Z (W)');
    return;
  }
  const leadMm = lexer.has(letter.F) ? lexer.get(letter.F) * s : NaN;
  let full: number;
  let first: number;
  let angle: number;
  let taper = 0;
  let depths: number[];
  if (state.dialect === 'fanuc') {
    if (!lexer.has(letter.P) || !lexer.has(letter.Q)) {
      state.error('G76 without the thread height P or the first cut Q');
      return;
    }
    full = micro(state, letter.P);
    first = micro(state, letter.Q);
    angle = state.threadAngle / 2;
    if (lexer.has(letter.R)) taper = lexer.get(letter.R) * s;
    depths = threadPassDepths({
      first,
      full,
      minStep: state.threadMinStep,
      finish: state.threadFinish,
      springPasses: state.threadFinishes - 1,
    });
  } else {
    if (!lexer.has(letter.K) || !lexer.has(letter.D)) {
      state.error('G76 without the thread height K or the first cut D');
      return;
    }
    full = lexer.get(letter.K) * s;
    first = lexer.get(letter.D) * s;
    angle = lexer.has(letter.A) ? lexer.get(letter.A) / 2 : 0;
    if (lexer.has(letter.I)) taper = lexer.get(letter.I) * s;
    depths = threadPassDepths({ first, full });
  }
  if (!(leadMm > 0) || !(full > 0) || !(first > 0)) {
    state.error('G76 needs a positive lead F, thread height and first cut');
    return;
  }
  const rootX = target.x;
  const outward = Math.sign(startX - rootX) || 1;
  latheThread(state, {
    cycle: 'G76',
    startX,
    startZ,
    crestX: rootX + outward * 2 * full,
    rootX,
    endZ: target.z,
    depths,
    leadMm,
    infeedAngle: angle,
    taperX: -2 * taper,
  });
}

/** A Fanuc value, mm: in the least input increment (µm, 0.0001 in) unless written with a point. */
function micro(state: ModalState, code: Letter): number {
  const value = state.lexer.get(code);
  if (state.lexer.pointed(code)) return value * state.scale;
  return state.metric ? value / 1000 : (value / 10000) * 25.4;
}
