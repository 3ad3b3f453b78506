/**
 * Pieces every post-processor shares: number formatting, comments a controller accepts, and
 * the header that says what the program is for.
 */
import type { LathePlan, Operation, ThreadCycle } from '../lathe/program.ts';
import type { ProgramJob } from '../program.ts';

/** What the header of a program states (spec: part, material, stock, machine, controller, tools, version). */
export interface ProgramHeader {
  partName: string;
  material: string;
  stock: string;
  machine: string;
  controller: string;
  programVersion: number;
  notes: string[];
}

export interface PostOptions {
  /** Program number for controls that need one (Fanuc, Haas): 1 to 9999. */
  programNumber: number;
}

/** Writes a planned lathe program in one controller dialect. */
export interface LathePostProcessor {
  dialect: 'linuxcnc' | 'fanuc' | 'haas' | 'sinumerik';
  /** What the controller family is called in messages. */
  label: string;
  write(plan: LathePlan, header: ProgramHeader, options: PostOptions): string;
}

/**
 * A coordinate or feed with at most `decimals` decimals, no trailing zeros, and no "-0".
 * `keepPoint` writes a decimal point on whole numbers ("10."), which Fanuc-style controls need:
 * without it, X10 means 10 µm on controls set to the smallest input increment.
 */
export function formatNumber(value: number, decimals = 3, keepPoint = false): string {
  let text = value.toFixed(decimals);
  if (text.includes('.')) text = text.replace(/0+$/, '');
  if (/^-0\.?$/.test(text)) text = '0.';
  if (!keepPoint && text.endsWith('.')) text = text.slice(0, -1);
  if (keepPoint && !text.includes('.')) text = `${text}.`;
  return text;
}

/**
 * Text safe inside a G-code comment: ASCII only, no parentheses (they would end the comment),
 * Ø written as DIA and ° as DEG. Upper case when the controller wants it.
 */
export function commentText(text: string, upperCase: boolean): string {
  const plain = text
    .replace(/[Ø⌀]/g, 'DIA ')
    .replace(/°/g, ' DEG')
    .replace(/±/g, '+/-')
    .replace(/[()]/g, (bracket) => (bracket === '(' ? '[' : ']'))
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return upperCase ? plain.toUpperCase() : plain;
}

/** Header comment lines (without the comment brackets). */
export function headerLines(plan: LathePlan, header: ProgramHeader): string[] {
  const tools = [
    ...new Map(
      plan.operations.map((operation) => [operation.tool.number, operation.tool]),
    ).values(),
  ].sort((a, b) => a.number - b.number);
  return [
    `Part: ${header.partName}`,
    `Material: ${header.material}`,
    `Stock: ${header.stock}, ${plan.stock.protrusionMm} mm out of the chuck`,
    `Machine: ${header.machine}`,
    `Controller: ${header.controller}`,
    `Program version ${header.programVersion}, written by Q-Bot`,
    'Z0 is the finished free-end face; X is a diameter; mm',
    'Tools:',
    ...tools.map((tool) => `T${tool.number} ${tool.row.toolName} - ${tool.row.toolDescription}`),
    ...header.notes.map((note) => `Note: ${note}`),
  ];
}

/** One line naming an operation, its tool and its cutting data. */
export function operationTitle(operation: Operation): string {
  const { data } = operation;
  const speed = data.surfaceSpeed !== undefined ? `${data.surfaceSpeed} m/min` : `${data.rpm} rpm`;
  const depth = data.depthOfCut !== undefined ? `, ap ${data.depthOfCut} mm` : '';
  const finish = data.raUm !== undefined ? ` for Ra ${data.raUm} um` : '';
  const passes = data.passes !== undefined ? `, ${data.passes} passes` : '';
  const feed = operation.name.startsWith('Thread')
    ? `pitch ${data.feedPerRev} mm, depth ${data.depthOfCut} mm${passes}`
    : `f ${data.feedPerRev} mm/rev${finish}${depth}`;
  return `${operation.name}: ${operation.tool.label}, ${speed}, ${feed}`;
}

/** One pass of a thread written as explicit synchronised moves. */
export interface ThreadPass {
  /** Diameter of the pass, mm. */
  x: number;
  /** Start Z, shifted toward the chuck for flank infeed, and end Z. */
  startZ: number;
  endZ: number;
}

/**
 * The passes of a threading cycle as a G76 cycle makes them (LinuxCNC G76 with R2 and Q):
 * each pass at its depth, its start moved toward the chuck by depth · tan(infeed angle) so only
 * the leading flank cuts, and its end moved back from the run-out by the depth still to cut;
 * then the spring passes at full depth.
 */
export function threadPasses(cycle: ThreadCycle): ThreadPass[] {
  const tan = Math.tan((cycle.infeedAngleDeg * Math.PI) / 180);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const depths = [
    ...cycle.passDepthsMm,
    ...Array.from({ length: cycle.springPasses }, () => cycle.depthMm),
  ];
  return depths.map((depth) => ({
    x: round(cycle.majorMm - 2 * depth),
    startZ: round(cycle.startZ - depth * tan),
    endZ: round(cycle.endZ + (cycle.depthMm - depth) * tan),
  }));
}

/**
 * The header of a plate or block program (mill, wire, sinker) from its job and plan: the part's
 * name (the job's, else the drawing's file name, else `fallbackName`), the machine with its
 * serial number, the controller with the post's label, and the notes (the job's first, then
 * the plan's warnings and what it did not program).
 */
export function blockProgramHeader(
  job: Pick<
    ProgramJob,
    'partName' | 'description' | 'material' | 'machine' | 'programVersion' | 'headerNotes'
  >,
  plan: { warnings: string[]; notProgrammed: string[] },
  options: { fallbackName: string; stock: string; postLabel: string },
): ProgramHeader {
  const controller = `${job.machine.controllerType} ${job.machine.controllerModel}`.trim();
  return {
    partName:
      job.partName ?? (job.description.source?.split(':').pop()?.trim() || options.fallbackName),
    material: job.material,
    stock: options.stock,
    machine: `${job.machine.name} - ${job.machine.manufacturer} ${job.machine.model}, serial ${job.machine.serialNumber}`,
    controller: `${controller} (${options.postLabel})`,
    programVersion: job.programVersion,
    notes: [
      ...(job.headerNotes ?? []),
      ...plan.warnings,
      ...plan.notProgrammed.map((entry) => `not programmed: ${entry}`),
    ],
  };
}
