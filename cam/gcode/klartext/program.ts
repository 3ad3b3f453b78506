/**
 * The Klartext (HEIDENHAIN conversational) interpreter for TNC 620 / TNC 640 mill programs:
 * line by line, the program's frame (BEGIN PGM … END PGM with the same name and unit, block
 * numbers 0, 1, 2, … one a block, continuation lines after `~`), each line within the control's
 * limits (cam/gcode/limits.ts), and each block run by blocks.ts, motion.ts and functions.ts on the state of
 * state.ts, fixed cycles expanded by cycles.ts. It yields the very {@link InterpreterEvent}s the
 * G-code interpreter yields (cam/gcode/interpreter.ts dispatches to it for the dialect
 * 'heidenhain'), so a Klartext program is verified, timed and plotted as any other.
 *
 * Problems are `error` events naming the line and the block: a block without its number or out
 * of sequence, a missing or mismatched BEGIN/END PGM, a word or block this product does not
 * write, a cycle called before it is defined or missing a Q parameter, C without CC… The
 * interpreter never throws on any text and goes on with the next block.
 *
 * Sources: HEIDENHAIN TNC 640 User's Manual HEIDENHAIN Conversational Programming (34059x-05,
 * 1/2015): "Opening programs" (BEGIN PGM name MM, END PGM), "File names" (letters, digits, _ and
 * -), "NC blocks" (block numbers), "Path functions", "Tool call", "Miscellaneous functions";
 * TNC 640 User's Manual Cycle Programming (cycles 9, 200, 201, 202, 207, 247); TNC 620 User's
 * Manuals, the same chapters.
 */
import type { InterpretOptions, InterpreterEvent } from '../events.ts';
import { endEvent } from '../events.ts';
import { controllerLimits, lineOverLimits } from '../limits.ts';
import { finishCycle, runBlock, startCycle } from './blocks.ts';
import type { CycleDefinition } from './blocks.ts';
import type { BlockEnd } from './functions.ts';
import { KlartextState } from './state.ts';
import { readLine, readQParameter } from './words.ts';
import type { KlartextLine } from './words.ts';

/** The program names the TNC stores: letters, digits, _ and - (limits.ts, "File names"). */
const programNames = controllerLimits('heidenhain').programNames!;

/**
 * Interpret a Klartext mill program.
 * @param lines - the program, one string per line without line breaks (an array or a stream;
 *   read once, lazily)
 * @param options - dialect 'heidenhain', machine 'mill' (the caller checks), optionally the
 *   home position in work coordinates
 * @returns a generator of events in program order (positions mm, feeds mm/min, preset 1 as
 *   work offset 54); problems are `error` events; it never throws
 */
export function* interpretKlartext(
  lines: Iterable<string>,
  options: InterpretOptions,
): Generator<InterpreterEvent> {
  const reader = new KlartextReader(options);
  const out = reader.state.out;
  let line = 0;
  for (const text of lines) {
    line += 1;
    reader.step(text, line);
    for (let index = 0; index < out.length; index += 1) yield out[index]!;
  }
  reader.finish(line);
  for (let index = 0; index < out.length; index += 1) yield out[index]!;
}

/** The program's frame around the blocks: names, numbers, continuation, end. */
class KlartextReader {
  readonly state: KlartextState;
  /** The BEGIN PGM block's name and unit, once read. */
  private begin: { name: string; unit: string } | null = null;
  /** The block number due next. */
  private due = 0;
  /** END PGM has been read: nothing but empty lines may follow. */
  private closed = false;
  private readonly end: BlockEnd = { ended: false };
  /** The cycle definition whose Q lines are being read (its block goes on after `~`). */
  private definition: CycleDefinition | null = null;
  /** The line before ended in `~`. */
  private continued = false;
  /** Some text has been read. */
  private started = false;
  /** Blocks read (continuation lines not counted). */
  private blocks = 0;

  constructor(options: InterpretOptions) {
    this.state = new KlartextState(options);
  }

  /** Read one line; its events replace the previous line's in `state.out`. */
  step(raw: string, line: number): void {
    const state = this.state;
    state.out.length = 0;
    state.line = line;
    if (raw.trim() === '' && !this.continued) return;
    this.started = true;
    if (this.closed) {
      state.error('text after END PGM: the program ends with its END PGM block');
      return;
    }
    const overLimits = lineOverLimits(raw, 'heidenhain');
    if (overLimits) state.error(overLimits);
    const read = readLine(raw);
    if (this.continued) this.continuation(read);
    else this.block(read);
  }

  /** After the last line: a block left open, no END PGM. */
  finish(lastLine: number): void {
    const state = this.state;
    state.out.length = 0;
    state.line = Math.max(1, lastLine);
    if (this.continued) state.error('the program ends inside a block whose last line ends in "~"');
    if (this.started && !this.closed)
      state.error(`the program has no END PGM${this.begin ? ` ${this.begin.name}` : ''} block`);
  }

  /** A line that continues the block before (a cycle's Q parameter). */
  private continuation(read: KlartextLine): void {
    const state = this.state;
    this.continued = read.continues;
    const definition = this.definition;
    const q = readQParameter(read.text);
    if (read.number !== null) {
      state.error(
        `block ${read.number} starts inside the block before it, whose last line ends in "~": a line that continues a block carries no block number`,
      );
    } else if (!definition || !q) {
      state.error(
        definition
          ? `cannot read "${read.text}" as a Q parameter of CYCL DEF ${definition.number} (Q200=+2)`
          : `"${read.text}" continues a block that is no cycle definition`,
      );
    } else {
      definition.given.push(q.q);
      definition.q.set(q.q, q.value);
    }
    if (!this.continued && definition) {
      this.definition = null;
      finishCycle(state, definition);
    }
  }

  /** A line that starts a block. */
  private block(read: KlartextLine): void {
    const state = this.state;
    this.blocks += 1;
    this.checkNumber(read.number);
    const text = read.text.replace(/\s+/g, ' ');
    this.continued = read.continues;
    if (/^BEGIN PGM\b/i.test(text)) return this.beginProgram(text);
    if (this.blocks === 1) state.error('the program does not open with BEGIN PGM <name> MM');
    if (/^END PGM\b/i.test(text)) return this.endProgram(text);
    if (this.end.ended && text !== '' && !text.startsWith('*'))
      state.error(`"${text}" after M30: only END PGM follows the program end`);
    if (this.continued) {
      this.definition = startCycle(text);
      if (!this.definition) state.error(`"${text}" goes on after "~", but it is no CYCL DEF`);
      return;
    }
    // A comment block ("; …"), or a structure block ("* - …").
    if (text === '' || text.startsWith('*')) return;
    runBlock(state, text, this.end);
  }

  /** The block number: 0 for BEGIN PGM, then one more each block. */
  private checkNumber(number: number | null): void {
    const state = this.state;
    if (number === null) state.error(`a block without its block number (${this.due} is due)`);
    else if (number !== this.due)
      state.error(
        `block number ${number} where ${this.due} is due: blocks are numbered 0, 1, 2, …`,
      );
    this.due = (number ?? this.due) + 1;
  }

  /** BEGIN PGM <name> MM: the first block, a name the TNC stores, unit mm. */
  private beginProgram(text: string): void {
    const state = this.state;
    const match = /^BEGIN PGM (\S+) (MM|INCH)$/i.exec(text);
    if (this.blocks !== 1) state.error('BEGIN PGM is not the first block');
    if (!match) {
      state.error(`cannot read "${text}" as BEGIN PGM <name> MM`);
      return;
    }
    const [, name = '', unit = ''] = match;
    if (!programNames.pattern.test(name) || name.length > programNames.maxLength)
      state.error(
        `the program name "${name}": a TNC program name is at most ${programNames.maxLength} letters, digits, _ and -`,
      );
    if (unit.toUpperCase() !== 'MM')
      state.error('BEGIN PGM … INCH: inch programs are not written by this product');
    this.begin ??= { name, unit: unit.toUpperCase() };
  }

  /** END PGM <name> MM: the name and unit of BEGIN PGM; the program ends here. */
  private endProgram(text: string): void {
    const state = this.state;
    this.closed = true;
    const match = /^END PGM (\S+) (MM|INCH)$/i.exec(text);
    if (!match) state.error(`cannot read "${text}" as END PGM <name> MM`);
    else if (
      this.begin &&
      (match[1] !== this.begin.name || match[2]!.toUpperCase() !== this.begin.unit)
    )
      state.error(
        `END PGM ${match[1]} ${match[2]} does not close BEGIN PGM ${this.begin.name} ${this.begin.unit}`,
      );
    if (this.definition || this.continued) state.error('END PGM inside a cycle definition');
    if (!this.end.ended) {
      this.end.ended = true;
      state.out.push(endEvent(state.line, state.spindle, state.coolant));
    }
  }
}
