/**
 * The words of one block sorted into modal groups, before the interpreter executes them
 * (cam/gcode/interpreter.ts). Groups: NIST RS274NGC Interpreter version 3, table 4 "Modal
 * Groups"; the Fanuc, Haas, ISO and Sinumerik codes this product writes sit in the group of
 * their RS274/NGC counterpart (Fanuc 0i operator's manuals "G code list"; SINUMERIK Programming
 * Manual "Fundamentals", list of G functions; Okuma OSP-P200L/P300L and P200M/P300M Programming
 * Manuals: G15 H work coordinate system in group 12, G56 H tool length offset in group 8, the
 * mill's "G71 Z" return level non-modal, M53 return to it). Reading reports, in the order written: letters
 * the dialect does not write, unknown G and M codes, two codes of one group, Sinumerik words
 * used by another dialect or unknown.
 */
import { letter, letterName } from './lexer.ts';
import type { Letter } from './lexer.ts';
import type { ModalState } from './modal-state.ts';

/**
 * Motion codes that are canned cycles (G73, G76 fine boring on mills, G81–G89; G77, the Okuma
 * lathe tapping cycle, which only the okuma lathe table accepts).
 */
export const cycleCodes = new Set([73, 76, 77, 81, 82, 83, 84, 85, 86, 89]);

/**
 * The codes of one block by modal group, as numbers (G20 and G70 both give units 20). A group
 * the block does not name is 0 (−1 where 0 is a code). Reused from block to block.
 */
export class BlockCodes {
  /** Group 1, motion: G0–G3, G32/G33, G73, G76 (mills), G81–G89; −1 for none. */
  motion = -1;
  /** Group 0, non-modal: G4, G28, G30, G50, G53, G92, lathe G76, Okuma mill G71; −1 for none. */
  nonModal = -1;
  /** Group 2, plane: 17, 18 or 19. */
  plane = 0;
  /** Group 6, units: 20 (G20, G70) or 21 (G21, G71). */
  units = 0;
  /** Group 3, distance mode: 90 or 91. */
  distance = 0;
  /** Group 5, feed mode: 94 per minute or 95 per revolution (Fanuc/Haas lathe G98/G99). */
  feedMode = 0;
  /** Group 10, canned cycle return level: 98 or 99. */
  retract = 0;
  /** Spindle speed mode: 96 constant surface speed or 97 rpm. */
  spindleMode = 0;
  /** Group 7, cutter radius compensation: 40, 41 or 42; −1 for none. */
  radiusComp = -1;
  /** Group 8, tool length offset: 43 (Okuma G56) or 49; −1 for none. */
  lengthComp = -1;
  /** Lathe X words: 7 diameters (G7, DIAMON, DIAM90) or 8 radii (G8, DIAMOF). */
  diameter = 0;
  /** G80, canned cycle cancel. */
  cancel = false;
  /** M group 6: M6 tool change. */
  m6 = false;
  /** M group 7, spindle: 3, 4 or 5. */
  spindleTurn = 0;
  /** M group 4, stop: 0 (M0) or 1 (M1, optional); −1 for none. */
  stop = -1;
  /** M group 4: M2 or M30, program end. */
  end = false;
  /** M group 8, coolant: 1 on (M7, M8), −1 off (M9). */
  coolant = 0;
  /** Sinumerik SUPA: the block's axis words are a move in machine coordinates (a home). */
  supa = false;
  /** Sinumerik MCALL: the block's call, or none, becomes the modal call. */
  modalCall = false;
  /** Sinumerik CR= arc radius, as written; NaN for none. */
  arcRadius = NaN;
  /** Group 12, coordinate system: 54–59 (G54–G59; Okuma G15 H1–H6 as 54–59, H7 on as 60 on); 0 for none. */
  workOffset = 0;

  /** Back to "no code in any group", for the next block. */
  clear(): void {
    this.motion = -1;
    this.nonModal = -1;
    this.plane = 0;
    this.units = 0;
    this.distance = 0;
    this.feedMode = 0;
    this.retract = 0;
    this.spindleMode = 0;
    this.radiusComp = -1;
    this.lengthComp = -1;
    this.diameter = 0;
    this.cancel = false;
    this.m6 = false;
    this.spindleTurn = 0;
    this.stop = -1;
    this.end = false;
    this.coolant = 0;
    this.supa = false;
    this.modalCall = false;
    this.arcRadius = NaN;
    this.workOffset = 0;
  }
}

/**
 * Report each letter of the block that the dialect does not write for this machine kind.
 * @param extra - the block's letter mask less the dialect's (`letterMask & ~codes.letters`)
 */
export function checkLetters(state: ModalState, extra: number): void {
  const lexer = state.lexer;
  for (let index = 0; index < 26; index += 1) {
    if (extra & (1 << index)) {
      const value = lexer.get((letter.A + index) as Letter);
      state.error(
        `${letterName(index)}${value} is not used by ${state.dialect} ${state.kind} programs here`,
      );
    }
  }
}

/** Sort the block's G codes into `codes`; report unknown codes and two codes of group 1 or 0. */
export function readGCodes(state: ModalState, codes: BlockCodes): void {
  const lexer = state.lexer;
  for (let index = 0; index < lexer.gCount; index += 1) {
    const code = lexer.g[index]!;
    if (!state.codes.g.has(code)) {
      state.error(`G${code} is not a code this interpreter knows for ${state.dialect}`);
      continue;
    }
    switch (code) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 32:
      case 33:
      case 33.1:
      case 73:
      case 77:
      case 81:
      case 82:
      case 83:
      case 84:
      case 85:
      case 86:
      case 89:
        if (codes.motion >= 0 && codes.motion !== code)
          state.error('two motion codes in one block');
        codes.motion = code;
        break;
      case 76:
        if (state.isLathe) codes.nonModal = 76;
        else codes.motion = 76;
        break;
      case 15:
        readOkumaWorkOffset(state, codes);
        break;
      case 71:
        // Okuma mills: "G71 Z_" sets the canned cycles' return level; Sinumerik: metric.
        if (state.dialect === 'okuma') {
          if (codes.nonModal >= 0) state.error('two non-modal codes in one block');
          codes.nonModal = 71;
        } else codes.units = 21;
        break;
      case 4:
      case 28:
      case 30:
      case 50:
      case 53:
      case 92:
        if (codes.nonModal >= 0) state.error('two non-modal codes in one block');
        codes.nonModal = code;
        break;
      default:
        readModalGCode(state, codes, code);
    }
  }
}

/** The G codes of the other modal groups (plane, units, distance, feed, …); others are ignored. */
function readModalGCode(state: ModalState, codes: BlockCodes, code: number): void {
  switch (code) {
    case 17:
    case 18:
    case 19:
      codes.plane = code;
      break;
    case 20:
    case 21:
      codes.units = code;
      break;
    case 70:
      codes.units = 20;
      break;
    case 90:
    case 91:
      codes.distance = code;
      break;
    case 94:
    case 95:
      codes.feedMode = code;
      break;
    case 98:
    case 99:
      if (state.latheFeedCodes) codes.feedMode = code === 98 ? 94 : 95;
      else codes.retract = code;
      break;
    case 96:
    case 97:
      codes.spindleMode = code;
      break;
    case 40:
    case 41:
    case 42:
      codes.radiusComp = code;
      break;
    case 43:
    case 49:
      codes.lengthComp = code;
      break;
    case 7:
    case 8:
      codes.diameter = code;
      break;
    case 80:
      codes.cancel = true;
      break;
    case 56:
      // Okuma mills: G56 H_ is the tool length offset (G43 elsewhere); G56 a work offset elsewhere.
      if (state.dialect === 'okuma') codes.lengthComp = 43;
      else codes.workOffset = 56;
      break;
    case 54:
    case 55:
    case 57:
    case 58:
    case 59:
      codes.workOffset = code;
      break;
    default:
      break; // G9, G17–G19 on lathes, G60/G61/G64: nothing to track.
  }
}

/**
 * Okuma "G15 H<n>": work coordinate system n, reported as workOffset 53 + n (system 1 as 54,
 * like G54 elsewhere). Errors: no H, or H not a whole number from 1.
 */
function readOkumaWorkOffset(state: ModalState, codes: BlockCodes): void {
  const lexer = state.lexer;
  const h = lexer.has(letter.H) ? lexer.get(letter.H) : NaN;
  if (!(h >= 1 && Number.isInteger(h))) {
    state.error('G15 without a work coordinate system number H (1 or more)');
    return;
  }
  codes.workOffset = 53 + h;
}

/** Sort the block's M codes into `codes`; report unknown codes. */
export function readMCodes(state: ModalState, codes: BlockCodes): void {
  const lexer = state.lexer;
  for (let index = 0; index < lexer.mCount; index += 1) {
    const code = lexer.m[index]!;
    if (!state.codes.m.has(code)) {
      state.error(`M${code} is not a code this interpreter knows for ${state.dialect}`);
      continue;
    }
    switch (code) {
      case 0:
      case 1:
        codes.stop = code;
        break;
      case 2:
      case 30:
        codes.end = true;
        break;
      case 3:
      case 4:
      case 5:
        codes.spindleTurn = code;
        break;
      case 6:
        codes.m6 = true;
        break;
      case 7:
      case 8:
        codes.coolant = 1;
        break;
      case 9:
        codes.coolant = -1;
        break;
      case 53:
        // Okuma mills: canned cycles return to the G71 level (modal until G80).
        state.returnToG71 = true;
        break;
      default:
        break; // M29: rigid tapping follows (the G84 moves are the same).
    }
  }
}

/**
 * Sinumerik words: keywords (SUPA, DIAMON/DIAM90/DIAMOF, MCALL), assignments (LIMS= sets the
 * spindle limit at once, CR= the arc radius) and the cycle call; reported in other dialects.
 */
export function readSinumerikWords(state: ModalState, codes: BlockCodes): void {
  const lexer = state.lexer;
  const dialect = state.dialect;
  const sinumerik = dialect === 'sinumerik';
  for (const keyword of lexer.keywords) {
    if (!sinumerik) state.error(`${keyword} is not a word ${dialect} programs use`);
    else if (keyword === 'SUPA') codes.supa = true;
    else if (keyword === 'DIAMON' || keyword === 'DIAM90') codes.diameter = 7;
    else if (keyword === 'DIAMOF') codes.diameter = 8;
    else if (keyword === 'MCALL') codes.modalCall = true;
    else state.error(`${keyword} is not a word this interpreter knows for ${dialect}`);
  }
  for (let index = 0; index < lexer.assignNames.length; index += 1) {
    const name = lexer.assignNames[index]!;
    const value = lexer.assignValues[index]!;
    if (!sinumerik) state.error(`${name}= is not a word ${dialect} programs use`);
    else if (name === 'LIMS') state.setSpindle(undefined, undefined, undefined, value);
    else if (name === 'CR') codes.arcRadius = value;
    else state.error(`${name}= is not a word this interpreter knows for ${dialect}`);
  }
  if (lexer.call !== null && !sinumerik)
    state.error(`${lexer.call}(…) is not a word ${dialect} programs use`);
}
