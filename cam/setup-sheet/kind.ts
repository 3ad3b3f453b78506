/**
 * What each kind of job adds to a setup sheet (docs/decisions/107-setup-sheet.md): the zero
 * point in words, the workholding, and the tools with their offset registers and reach. The
 * kinds' builders are lathe.ts, mill.ts and edm.ts beside this file; sheet.ts puts a kind's part
 * together with what every program has (operations and times, checks, notes).
 */
import type { SetupSheetRow, SetupSheetTool } from '#contracts/setup-sheet';
import type { MachineKind } from '../gcode/events.ts';

/** What a kind's plan tells the setup sheet. */
export interface KindSetup {
  /** The work offsets in words, one a line. */
  zeroPoint: string[];
  workholding: SetupSheetRow[];
  tools: SetupSheetTool[];
}

/**
 * Room kept between the deepest point a tool reaches and its holder's nose, mm: the least
 * stick-out is that depth plus this, rounded up to a whole mm.
 */
export const holderClearanceMm = 2;

/** The least stick-out for a tool that reaches `depthMm` below the stock's top or face, mm. */
export const minStickOut = (depthMm: number): number | undefined =>
  depthMm > 1e-6 ? Math.ceil(depthMm + holderClearanceMm - 1e-6) : undefined;

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * The work offset `n` (1 the first, 2 the second setup's) as a program of `dialect` selects it:
 * "G54", "G55"; Okuma "G15 H1" (its work coordinate system); Heidenhain "Preset 1" (set by
 * CYCL DEF 247). The posts in cam/post/ write these.
 */
export function workOffsetName(dialect: string, n: number): string {
  if (dialect === 'okuma') return `G15 H${n}`;
  if (dialect === 'heidenhain') return `Preset ${n} (CYCL DEF 247)`;
  return `G${53 + n}`;
}

/**
 * The offset register a program of `dialect` uses for tool `number`, as the operator sets it at
 * the control: lathes Fanuc "T0303" (geometry and wear offset 03), Haas "T303" (offset 03),
 * LinuxCNC "T3 G43" (tool table entry 3), Sinumerik "T3 D1", Okuma "T030303" (offset 03);
 * mills Fanuc and Haas "H03", LinuxCNC "H3", Sinumerik "T3 D1", Okuma "G56 H03", Heidenhain
 * "TOOL CALL 3" (tool table entry 3) (the posts in cam/post/ write these calls). Another
 * dialect: "offset 3".
 */
export function offsetRegister(machine: MachineKind, dialect: string, number: number): string {
  if (machine === 'lathe') {
    if (dialect === 'fanuc') return `T${pad2(number)}${pad2(number)}: offset ${pad2(number)}`;
    if (dialect === 'haas') return `T${number}${pad2(number)}: offset ${pad2(number)}`;
    if (dialect === 'linuxcnc') return `T${number} G43: tool table ${number}`;
    if (dialect === 'sinumerik') return `T${number} D1`;
    if (dialect === 'okuma') return `T${pad2(number).repeat(3)}: offset ${pad2(number)}`;
  }
  if (machine === 'mill') {
    if (dialect === 'fanuc' || dialect === 'haas') return `H${pad2(number)}`;
    if (dialect === 'linuxcnc') return `H${number}`;
    if (dialect === 'sinumerik') return `T${number} D1`;
    if (dialect === 'okuma') return `G56 H${pad2(number)}`;
    if (dialect === 'heidenhain') return `TOOL CALL ${number}: tool table ${number}`;
  }
  return `offset ${number}`;
}

/**
 * The distinct tools of a plan's operations in tool-number order, each with the names of the
 * operations that use it, in program order.
 */
export function toolsInOrder<Tool extends { number: number }>(
  operations: readonly { name: string; tool: Tool }[],
): { tool: Tool; operations: string[] }[] {
  const byNumber = new Map<number, { tool: Tool; operations: string[] }>();
  for (const operation of operations) {
    const entry = byNumber.get(operation.tool.number);
    if (entry) entry.operations.push(operation.name);
    else
      byNumber.set(operation.tool.number, { tool: operation.tool, operations: [operation.name] });
  }
  return [...byNumber.values()].sort((a, b) => a.tool.number - b.tool.number);
}

/** A length as the sheet prints it: at most 3 decimals, no trailing zeros. */
export const mmText = (value: number): string => String(Math.round(value * 1000) / 1000);
