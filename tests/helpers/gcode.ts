/**
 * Helpers of the G-code interpreter tests: run a program given as one string, pick its moves
 * and errors, and trace a canned cycle's moves.
 */
import type { Dialect, InterpreterEvent, MachineKind, MotionEvent } from '#cam/gcode/events';
import { interpretProgram } from '#cam/gcode/interpreter';

/** Every event of `program` (lines separated by "\n", surrounding blank lines trimmed). */
export function run(program: string, dialect: Dialect, machine: MachineKind): InterpreterEvent[] {
  return [...interpretProgram(program.trim().split('\n'), { dialect, machine })];
}
export const motions = (events: InterpreterEvent[]) =>
  events.filter((event): event is MotionEvent => event.type === 'motion');
export const errors = (events: InterpreterEvent[]) =>
  events.filter((event) => event.type === 'error') as { line: number; message: string }[];
/** End Z of every move of a cycle, with R for a rapid and F for a feed: "R2 F-1 R2 …". */
export const cycleTrace = (events: InterpreterEvent[], cycle: string) =>
  motions(events)
    .filter((event) => event.cycle === cycle)
    .map((event) => `${event.kind === 'rapid' ? 'R' : 'F'}${round(event.to.z)}`)
    .join(' ');
export const round = (value: number) => Math.round(value * 1000) / 1000;
