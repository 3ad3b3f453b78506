/**
 * A program read for seeding faults (tests/helpers/seeded-faults.ts): its lines, the events the
 * product's interpreter reads in them, its operations' line ranges, and the small text edits a
 * fault is made of. The edits are plain text, as a hand edit at the control would be.
 */
import { findOperationLines } from '#cam/cycle-time';
import type { Dialect, InterpreterEvent, MachineKind, MotionEvent } from '#cam/gcode/events';
import { interpretProgram } from '#cam/gcode/interpreter';

/** The program a fault is seeded into. */
export interface FaultTarget {
  text: string;
  dialect: Dialect;
  machineKind: MachineKind;
  /** Its operations' names, as the comments that start them say (ProgramSummary.operations). */
  operations: readonly string[];
  /** The machine's top spindle speed, rpm. */
  maxRpm: number;
  /**
   * The part's general tolerance, mm, when a drawing's allows more than the 1 mm a pass is
   * seeded deeper (ISO 2768-v on a long plate): the pass goes half a millimetre beyond it.
   */
  toleranceMm?: number;
  /** A mill part's bottom, Z: a through cut below it is no fault 1 mm deeper. */
  bottomZ?: number;
}

export interface Program {
  target: FaultTarget;
  lines: string[];
  events: InterpreterEvent[];
  motions: MotionEvent[];
  /** One of the places a fault can go: the golden's own (`preferred`), or the drawn site's. */
  choose: <T>(items: readonly T[], preferred: number) => T | undefined;
}

export interface Seeded {
  lines: string[];
  at: number[];
  change: string;
}

export const klartext = (program: Program) => program.target.dialect === 'heidenhain';
export const lathe = (program: Program) => program.target.machineKind === 'lathe';
export const isComment = (line: string) => /^\s*(\(|;|\d+\s*;)/.test(line) || line.trim() === '';

/** A number as the dialect writes it: a decimal point always; Klartext signs it instead. */
export function written(program: Program, value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  if (klartext(program)) return rounded >= 0 ? `+${rounded}` : `${rounded}`;
  return Number.isInteger(rounded) ? `${rounded}.` : `${rounded}`;
}

/** The line with the value of address `letter` changed, or the word added when it has none. */
export function withWord(
  line: string,
  letter: string,
  value: (old: number | null) => string,
): string {
  const pattern = new RegExp(`(?<![A-Z_])${letter}(?!=)([+-]?(?:\\d+\\.?\\d*|\\.\\d+))`);
  const match = pattern.exec(line);
  if (!match) return `${line} ${letter}${value(null)}`;
  const before = line.slice(0, match.index);
  return `${before}${letter}${value(Number(match[1]))}${line.slice(match.index + match[0].length)}`;
}

/** Klartext block numbers run on after lines were removed. */
export function renumbered(program: Program, lines: string[]): string {
  if (!klartext(program)) return lines.join('\n');
  let block = 0;
  return lines
    .map((line) => (/^\d+ /.test(line) ? line.replace(/^\d+/, `${block++}`) : line))
    .join('\n');
}

export function read(target: FaultTarget, site: number | undefined): Program {
  const lines = target.text.split('\n');
  const options = { dialect: target.dialect, machine: target.machineKind };
  const events = [...interpretProgram(lines, options)];
  const motions = events.filter((event): event is MotionEvent => event.type === 'motion');
  const choose = <T>(items: readonly T[], preferred: number): T | undefined => {
    if (site === undefined || items.length === 0) return items.at(preferred);
    return items[site % items.length];
  };
  return { target, lines, events, motions, choose };
}

export const cuts = (program: Program) => program.motions.filter((event) => event.kind !== 'rapid');
export const linesOf = (events: readonly { line: number }[]) => events.map((event) => event.line);

/** The lines (1-based, inclusive) of each operation. */
export function operationRanges(program: Program): { name: string; from: number; to: number }[] {
  const starts = findOperationLines(program.lines, [...program.target.operations]);
  const end = program.events.find((event) => event.type === 'end')?.line ?? program.lines.length;
  return starts.map((start, index) => ({
    name: start.name,
    from: start.startLine,
    to: (starts[index + 1]?.startLine ?? end) - 1,
  }));
}

export const within = (range: { from: number; to: number }) => (event: { line: number }) =>
  event.line >= range.from && event.line <= range.to;

export function replaced(program: Program, line: number, text: string): string[] {
  const lines = [...program.lines];
  lines[line - 1] = text;
  return lines;
}
