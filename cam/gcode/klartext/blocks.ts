/**
 * Klartext blocks other than paths: the workpiece blank (BLK FORM), tool calls, fixed cycle
 * definitions and calls, dwell, program stop and M-function blocks; and the dispatch of a
 * block's text to its reader (paths: motion.ts).
 *
 * Sources: HEIDENHAIN TNC 640 User's Manual HEIDENHAIN Conversational Programming (34059x-05,
 * 1/2015), "Defining the workpiece blank: BLK FORM", "Tool call" (TOOL CALL n Z S… F… DL… DR…:
 * the tool's length and radius compensation come with the call; TOOL DEF preselects), "STOP",
 * "Miscellaneous functions"; TNC 640 User's Manual Cycle Programming, "Working with cycles"
 * (CYCL DEF, CYCL CALL, M99), "DWELL TIME (cycle 9)", "DATUM SETTING (cycle 247)".
 */
import { cycleProblems, unknownCycle } from './cycles.ts';
import type { QValues } from './cycles.ts';
import { blockEnd, blockStart, blockWords, callCycle } from './functions.ts';
import type { BlockEnd } from './functions.ts';
import { centerBlock, circleBlock, lineBlock, polarBlock, radiusBlock } from './motion.ts';
import type { KlartextState } from './state.ts';

/** A cycle definition being read: its number and name, and the Q parameters read so far. */
export interface CycleDefinition {
  number: number;
  name: string;
  q: QValues;
  /** The Q parameter numbers in the order given (for one given twice). */
  given: number[];
}

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const blankMin = new RegExp(`^BLK FORM 0\\.1 Z(?: X${NUMBER})?(?: Y${NUMBER})?(?: Z${NUMBER})?$`);
const blankMax = new RegExp(
  `^BLK FORM 0\\.2(?: I?X${NUMBER})?(?: I?Y${NUMBER})?(?: I?Z${NUMBER})?$`,
);

/**
 * Run one block's text (after its number, without its comment) that is no BEGIN/END PGM and no
 * cycle definition with Q parameters.
 * @param end - set when the block ends the program (M2, M30)
 */
export function runBlock(state: KlartextState, text: string, end: BlockEnd): void {
  const upper = text.toUpperCase().replace(/\s+/g, ' ');
  const [head = '', rest = ''] = splitFunction(upper);
  switch (head) {
    case 'L':
      return lineBlock(state, rest, end);
    case 'CC':
      return centerBlock(state, rest);
    case 'C':
      return circleBlock(state, rest, end);
    case 'CR':
      return radiusBlock(state, rest, end);
    case 'CP':
      return polarBlock(state, rest, end);
    case 'LP':
    case 'RND':
    case 'CHF':
    case 'CT':
    case 'APPR':
    case 'DEP':
    case 'FK':
    case 'FL':
    case 'FC':
    case 'FPOL':
      return state.error(`${head} blocks are not written by this product`);
    case 'BLK':
      if (!blankMin.test(upper) && !blankMax.test(upper))
        state.error(`cannot read "${text}" as the workpiece blank (BLK FORM 0.1 Z, BLK FORM 0.2)`);
      return;
    case 'TOOL':
      return toolBlock(state, upper);
    case 'CYCL':
      return cycleBlock(state, upper, end);
    case 'STOP':
      state.out.push({ type: 'stop', line: state.line, optional: false });
      return mBlock(state, rest, end);
    default:
      if (/^M\d/.test(head)) return mBlock(state, upper, end);
      if (/^FN\b|^Q\d/.test(upper))
        return state.error('Q parameter programming is not written by this product');
      state.error(`"${text}" is no Klartext block this product writes`);
  }
}

/** The block's function word and the rest of its text. */
function splitFunction(text: string): [string, string] {
  const space = text.indexOf(' ');
  return space < 0 ? [text, ''] : [text.slice(0, space), text.slice(space + 1)];
}

/** A block of M functions alone ("M3", "M140 MB MAX"): start, then end functions. */
function mBlock(state: KlartextState, text: string, end: BlockEnd): void {
  const words = blockWords(state, 'M', text);
  if (!words) return;
  if (words.values.size > (words.values.has('MB') ? 1 : 0) || words.flags.has('FMAX')) {
    state.error(`"${text}": only M functions belong in a block without L`);
    return;
  }
  blockStart(state, words);
  blockEnd(state, words, end);
}

/** TOOL CALL n Z S… (F… DL… DR…): a tool change, its length compensation on, the spindle stopped; TOOL DEF n. */
function toolBlock(state: KlartextState, text: string): void {
  if (/^TOOL DEF \d+$/.test(text)) return;
  const call = /^TOOL CALL(?: (\d+))?(?: ([XYZ]))?((?: [A-Z]+[+-]?[\d.]+)*)$/.exec(text);
  if (!call) {
    state.error(`cannot read "${text}" as TOOL CALL <number> Z S<rpm>`);
    return;
  }
  const [, number, axis = 'Z', rest = ''] = call;
  if (axis !== 'Z') {
    state.error(`TOOL CALL in the tool axis ${axis} is not written by this product (tool axis Z)`);
    return;
  }
  const words = blockWords(state, 'TOOL CALL', rest);
  if (!words) return;
  const foreign = [...words.values.keys()].filter(
    (address) => !['S', 'F', 'DL', 'DR'].includes(address),
  );
  if (foreign.length || words.m.length || words.flags.size) {
    state.error(`TOOL CALL: ${foreign.join(', ') || 'M functions and flags'} do not belong in it`);
    return;
  }
  if (number !== undefined) {
    const tool = Number(number);
    state.tool = tool;
    state.lengthOffset = tool > 0 ? tool : null;
    state.setSpindle({ turning: 'off' });
    state.out.push({ type: 'tool', line: state.line, tool });
  }
  if (words.values.has('S')) state.setSpindle({ speed: words.values.get('S')! });
  if (words.values.has('F')) state.feedRate = words.values.get('F')!;
}

/** CYCL CALL (with M functions), CYCL DEF 9 dwell; a CYCL DEF with its Q parameters goes elsewhere. */
function cycleBlock(state: KlartextState, text: string, end: BlockEnd): void {
  if (text === 'CYCL DEF 9.0 DWELL TIME') return;
  const dwell = new RegExp(`^CYCL DEF 9\\.1 DWELL (${NUMBER})$`).exec(text);
  if (dwell) {
    const seconds = Number(dwell[1]);
    if (seconds >= 0) state.dwell(seconds);
    else state.error('CYCL DEF 9.1: the dwell time must not be negative');
    return;
  }
  const call = /^CYCL CALL(?: (.*))?$/.exec(text);
  if (!call) {
    const definition = startCycle(text);
    if (!definition) state.error(`cannot read "${text}" as CYCL DEF <number> <name> or CYCL CALL`);
    else finishCycle(state, definition);
    return;
  }
  const words = blockWords(state, 'CYCL CALL', call[1] ?? '');
  if (!words) return;
  blockStart(state, words);
  callCycle(state, 'CYCL CALL');
  blockEnd(state, words, end);
}

/**
 * The definition a CYCL DEF block opens ("CYCL DEF 200 DRILLING"), or null when the text is
 * none.
 */
export function startCycle(text: string): CycleDefinition | null {
  const match = /^CYCL DEF (\d+) ([A-Z][A-Z0-9 .-]*)$/i.exec(text.trim().replace(/\s+/g, ' '));
  return match ? { number: Number(match[1]), name: match[2]!, q: new Map(), given: [] } : null;
}

/**
 * A cycle definition read whole: checked, then in force (247 sets the preset at once; the
 * drilling cycles wait for their call). An incomplete one is reported and not in force.
 */
export function finishCycle(state: KlartextState, definition: CycleDefinition): void {
  const { number, name, q, given } = definition;
  const unknown = unknownCycle(number, name);
  const problems = unknown ? [unknown] : cycleProblems(number, q, given);
  const twice = given.filter((parameter, index) => given.indexOf(parameter) !== index);
  for (const parameter of new Set(twice)) problems.push(`Q${parameter} is given twice`);
  if (problems.length) {
    state.error(`CYCL DEF ${number} ${name}: ${problems.join('; ')}`);
    if (number !== 247) state.cycle = null;
    return;
  }
  if (number === 247) {
    const preset = q.get(339)!;
    if (Number.isInteger(preset) && preset >= 1 && preset <= 6) {
      state.workOffset = 53 + preset;
      state.out.push({ type: 'workOffset', line: state.line, workOffset: state.workOffset });
    } else
      state.error(`CYCL DEF 247: preset ${preset}; this product sets presets 1 to 6 (G54 to G59)`);
    return;
  }
  state.cycle = { number, q };
}
