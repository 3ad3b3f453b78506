/**
 * Klartext miscellaneous functions and the words of a block: what a block may carry (words this
 * product writes), the M functions run at the block's start and at its end, the retraction in the
 * tool axis, and the fixed cycle call.
 *
 * Sources: HEIDENHAIN TNC 640 User's Manual HEIDENHAIN Conversational Programming (34059x-05,
 * 1/2015), "Miscellaneous functions": M3, M4, M8, M13, M14 act at the block's start; M0, M1, M2,
 * M5, M9, M30 and M99 (cycle call) at its end; M140 MB MAX retracts in the tool axis to its
 * limit, M140 MB n by n mm; TNC 640 User's Manual Cycle Programming, "Calling cycles". M7 (mist)
 * is read as coolant on (machine-specific on TNCs).
 */
import { runCycle } from './cycles.ts';
import { endEvent } from '../events.ts';
import { axisBit } from './state.ts';
import type { KlartextState } from './state.ts';
import { readWords } from './words.ts';
import type { BlockWords } from './words.ts';

/** M functions the TNC runs at the start of their block, and at its end. */
const startM = new Set([3, 4, 7, 8, 13, 14]);
const endM = new Set([0, 1, 2, 5, 9, 30, 99]);
/** Modifiers of the block's positioning. */
const positionM = new Set([91, 92, 140]);

/** What a block's end asks for: a cycle call (M99), the program end (M2/M30). */
export interface BlockEnd {
  ended: boolean;
}

/**
 * Read a block's words and report what cannot be read or is not written by this product.
 * @returns the words, or null after reporting a problem that leaves the block unrun
 */
export function blockWords(state: KlartextState, what: string, text: string): BlockWords | null {
  const words = readWords(text);
  if (words.problems.length) {
    state.error(`${what} block: cannot read ${words.problems.join(', ')}`);
    return null;
  }
  const polar = what === 'CP' ? ['PA', 'IPA', 'IZ'] : [];
  for (const address of ['IX', 'IY', 'IZ', 'PA', 'IPA', 'PR', 'IPR'])
    if (words.values.has(address) && !polar.includes(address)) {
      state.error(
        `${what} block: ${address} (incremental or polar) is not written by this product`,
      );
      return null;
    }
  for (const flag of ['FAUTO', 'FU', 'FZ'])
    if (words.flags.has(flag)) {
      state.error(`${what} block: ${flag} is not written by this product; program F in mm/min`);
      return null;
    }
  for (const m of words.m)
    if (!startM.has(m) && !endM.has(m) && !positionM.has(m)) {
      state.error(`${what} block: M${m} is not written by this product`);
      return null;
    }
  const { flags } = words;
  const withMax = flags.has('MB') && flags.has('MAX');
  const retraction = withMax !== words.values.has('MB');
  if (words.m.includes(140) !== retraction || flags.has('MB') !== flags.has('MAX')) {
    state.error(`${what} block: M140 goes with MB MAX or MB and a distance, and MB with M140`);
    return null;
  }
  return words;
}

/** M functions at the start of the block: spindle on, coolant on. */
export function blockStart(state: KlartextState, words: BlockWords): void {
  for (const m of words.m) {
    if (m === 3 || m === 13) state.setSpindle({ turning: 'cw' });
    if (m === 4 || m === 14) state.setSpindle({ turning: 'ccw' });
    if (m === 7 || m === 8 || m === 13 || m === 14) state.coolant = true;
  }
  if (words.values.has('F')) state.feedRate = words.values.get('F')!;
  if (words.flags.has('R0')) state.compensation = null;
  if (words.flags.has('RL') || words.flags.has('RR'))
    state.compensation = {
      side: words.flags.has('RL') ? 'left' : 'right',
      register: state.tool ?? 0,
    };
}

/** M functions at the end of the block: M140, spindle and coolant off, stops, cycle call, end. */
export function blockEnd(state: KlartextState, words: BlockWords, end: BlockEnd): void {
  if (words.m.includes(140)) retractInToolAxis(state, words);
  for (const m of words.m) {
    if (m === 5) state.setSpindle({ turning: 'off' });
    if (m === 9) state.coolant = false;
    if (m === 0 || m === 1) state.out.push({ type: 'stop', line: state.line, optional: m === 1 });
    if (m === 99) callCycle(state, 'M99');
    if ((m === 2 || m === 30) && !end.ended) {
      end.ended = true;
      state.out.push(endEvent(state.line, state.spindle, state.coolant));
    }
  }
}

/** M140 MB MAX: up the tool axis to its limit (a home of Z); MB n: n mm up. */
function retractInToolAxis(state: KlartextState, words: BlockWords): void {
  if (words.flags.has('MAX')) {
    state.forget(axisBit.Z);
    return;
  }
  const distance = words.values.get('MB')!;
  if (!(state.known & axisBit.Z) || !(distance >= 0)) {
    state.error(
      distance >= 0
        ? 'M140 MB: the tool position in Z is unknown'
        : 'M140 MB: the distance must not be negative',
    );
    return;
  }
  state.emit('rapid', { x: state.x, y: state.y, z: state.z + distance }, axisBit.Z);
}

/**
 * Call the fixed cycle defined last at the tool's position (M99, CYCL CALL).
 * @param how - the call's name for messages
 */
export function callCycle(state: KlartextState, how: string): void {
  if (!state.cycle) {
    state.error(`${how} calls a fixed cycle, but no complete CYCL DEF precedes it`);
    return;
  }
  if (state.known !== axisBit.all) {
    state.error(`${how}: the fixed cycle is called from an unknown position`);
    return;
  }
  runCycle(state, state.cycle, state.spindle);
}
