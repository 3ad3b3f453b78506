/**
 * The operations of a program written elsewhere, named as its programmer named them (issue 35,
 * Check Program): the verifiers split a program at its tool calls, one operation per call, and
 * without a plan they can only number them. Here each takes the comment on its tool call's line,
 * or on the comment line just before or after it ("T0101 (OD ROUGH)" -> "OD ROUGH"; the
 * product's own "(Finish OD: T2 …)" -> "Finish OD"), else "T1 CNMG 120408": the tool's number
 * and its name in the machine's tooling pairs.
 */
import type { InterpreterEvent } from '../gcode/events.ts';
import type { OperationReport } from '../program.ts';
import { toolNumberOf } from '../tool-row.ts';
import type { ToolRow } from '../tool-row.ts';

/** The comment of a line: in parentheses, or after a semicolon; undefined without one. */
function commentOf(line: string | undefined): string | undefined {
  if (line === undefined) return undefined;
  const text = /\(([^)]*)\)/.exec(line)?.[1] ?? /;(.*)$/.exec(line)?.[1];
  const name = text?.split(':')[0]?.trim();
  return name ? name : undefined;
}

/** Whether a line holds nothing but a comment (and maybe a block number). */
const onlyComment = (line: string | undefined) =>
  line !== undefined && /^\s*(?:N\d+\s*)?(?:\([^)]*\)|;.*)\s*$/i.test(line);

/**
 * The name of each operation, in the order of the program's tool calls.
 * @param lines - the program's lines, the first is line 1
 * @param events - the interpreter's events of those lines
 * @param rows - the machine's tooling pairs, for a tool call without a comment
 * @returns per tool call, its name and the tool's label ("T1 CNMG 120408", "T9" when unknown)
 */
export function operationNames(
  lines: readonly string[],
  events: readonly InterpreterEvent[],
  rows: readonly ToolRow[],
): { name: string; tool: string }[] {
  return events.flatMap((event) => {
    if (event.type !== 'tool') return [];
    const row = rows.find((entry) => toolNumberOf(entry.slotNumber) === event.tool);
    const tool = row ? `T${event.tool} ${row.toolName}`.trim() : `T${event.tool}`;
    const at = event.line - 1;
    const before = onlyComment(lines[at - 1]) ? commentOf(lines[at - 1]) : undefined;
    const after = onlyComment(lines[at + 1]) ? commentOf(lines[at + 1]) : undefined;
    return [{ name: commentOf(lines[at]) ?? before ?? after ?? tool, tool }];
  });
}

/**
 * A report's operations named by {@link operationNames}, by their order; an operation the names
 * do not reach keeps the verifier's name.
 */
export function namedOperations(
  operations: readonly OperationReport[],
  names: readonly { name: string; tool: string }[],
): OperationReport[] {
  return operations.map((operation, index) => {
    const named = names[index];
    return named ? { ...operation, name: named.name, tool: named.tool } : operation;
  });
}
