/**
 * What the mill post-processors share: the header, operation titles, and one writer that walks
 * the plan and asks its dialect for each block (docs/decisions/013-cam-depth.md, "What each
 * dialect writes"). Every dialect writes mm (G21 / G71), absolute (G90), XY plane (G17), feed
 * per minute (G94), G54, computed cutter-centre paths without G41/G42, tool length
 * compensation, coolant M8/M9, spindle M3/M5, and ends with M30.
 */
import type { MillDialect } from '../../gcode/dialects.ts';
import type {
  DrillCycle,
  MillMove,
  MillOperation,
  MillPlan,
  MillTool,
} from '../../mill/program.ts';
import { commentLines, commentText, formatNumber } from '../common.ts';
import type { PostOptions, PostProcessor, ProgramHeader } from '../common.ts';

/** Writes a planned milling program in one controller dialect. */
export type MillPostProcessor = PostProcessor<MillPlan, MillDialect>;

/** The tools of a plan by number, in order. */
export function planTools(plan: MillPlan): MillTool[] {
  return [
    ...new Map(
      plan.operations.map((operation) => [operation.tool.number, operation.tool]),
    ).values(),
  ].sort((a, b) => a.number - b.number);
}

const mm = (value: number) => formatNumber(value, 3);

/** Header comment lines (without the comment marks). */
export function millHeaderLines(plan: MillPlan, header: ProgramHeader): string[] {
  const { stock } = plan;
  return [
    `Part: ${header.partName}`,
    `Material: ${header.material}`,
    `Stock: ${header.stock}, its top at Z${mm(stock.origin.z + stock.zMm)}, its lower-left corner at X${mm(stock.origin.x)} Y${mm(stock.origin.y)}`,
    `Machine: ${header.machine}`,
    `Controller: ${header.controller}`,
    `Program version ${header.programVersion}, written by Q-Bot`,
    'X0 Y0 lower-left corner of the part, Z0 finished top face; mm',
    `Clearance height Z${mm(plan.clearanceZ)}`,
    'Tools:',
    ...planTools(plan).map(
      (tool) => `T${tool.number} ${tool.row.toolName} - ${tool.row.toolDescription}`,
    ),
    ...header.notes.map((note) => `Note: ${note}`),
  ];
}

/**
 * One line naming an operation, its tool and its cutting data, every number at the controller's
 * resolution: lengths to 0.001 mm, feeds to 1 mm/min (taps: rpm × pitch to 0.001) or 0.001
 * mm/rev, surface speeds to 0.1 m/min, spindle speeds to 1 rpm. Feeds vary per move with what each move cuts (slots,
 * chip thinning): F is the operation's planned feed.
 */
export function millOperationTitle(operation: MillOperation): string {
  const { data } = operation;
  const n = (value: number, decimals = 3) => formatNumber(value, decimals);
  const tapping = operation.cycle?.kind === 'tap';
  const parts = [
    `${operation.name}: ${operation.tool.label}`,
    `${n(data.surfaceSpeed, 1)} m/min`,
    `${n(data.rpm, 0)} rpm`,
    data.feedPerTooth !== undefined ? `fz ${n(data.feedPerTooth)} mm` : undefined,
    data.feedPerRev !== undefined ? `f ${n(data.feedPerRev)} mm/rev` : undefined,
    `F ${n(data.feedMmPerMin, tapping ? 3 : 0)} mm/min`,
    data.depthOfCut !== undefined ? `ap ${n(data.depthOfCut)} mm` : undefined,
    data.stepover !== undefined ? `ae ${n(data.stepover)} mm` : undefined,
  ];
  return parts.filter(Boolean).join(', ');
}

/** What a dialect writes for each piece of a program. */
export interface MillFlavour {
  dialect: MillDialect;
  label: string;
  /** Decimal point on every coordinate and feed ("X10."). */
  keepPoint: boolean;
  /** The longest line the control reads, characters, when less than MAX_LINE_LENGTH (Okuma 158). */
  maxLineLength?: number;
  upperCaseComments: boolean;
  comment: (text: string) => string;
  /** From the tape mark to the line before the first tool change. */
  start: (header: ProgramHeader, options: PostOptions) => string[];
  home: string[];
  /** Tool change, length compensation if it comes with the change. */
  toolChange: (tool: MillTool) => string[];
  /** The block that applies the length offset at the first Z (after the XY rapid). */
  firstZ: (tool: MillTool, z: string) => string;
  motion: (kind: 'rapid' | 'feed' | 'cw' | 'ccw') => string;
  spindle: (rpm: number) => string;
  coolant: (on: MillOperation['coolant']) => string | undefined;
  coolantOff: string;
  spindleOff: string;
  /** The drilling cycle blocks (the tool stands over the first point at the clearance height). */
  cycle: (
    cycle: DrillCycle,
    operation: MillOperation,
    number: (value: number) => string,
  ) => string[];
  end: string[];
}

/** The post-processor of a mill flavour. */
export function millPost(flavour: MillFlavour): MillPostProcessor {
  return {
    dialect: flavour.dialect,
    label: flavour.label,
    head: (plan, header, options) => [
      ...flavour.start(header, options),
      ...millHeaderLines(plan, header).flatMap((line) =>
        commentLines(
          line,
          (text) => flavour.comment(commentText(text, flavour.upperCaseComments)),
          flavour.maxLineLength,
        ),
      ),
    ],
    body: (plan) => millBody(plan, flavour),
  };
}

/** The program after its head: every operation, then the end. */
function millBody(plan: MillPlan, flavour: MillFlavour): string[] {
  const number = (value: number) => formatNumber(value, 3, flavour.keepPoint);
  const lines: string[] = [...flavour.home];
  for (const operation of plan.operations) {
    lines.push(
      ...commentLines(
        millOperationTitle(operation),
        (text) => flavour.comment(commentText(text, flavour.upperCaseComments)),
        flavour.maxLineLength,
      ),
    );
    lines.push(...flavour.toolChange(operation.tool));
    lines.push(flavour.spindle(operation.rpm));
    const firstMove: MillMove | undefined = operation.moves[0];
    const first = firstMove ?? {
      kind: 'rapid' as const,
      ...operation.cycle!.points[0]!,
      z: operation.cycle!.clearanceZ,
    };
    lines.push(`${flavour.motion('rapid')} X${number(first.x)} Y${number(first.y)}`);
    lines.push(flavour.firstZ(operation.tool, number(plan.clearanceZ)));
    const coolant = flavour.coolant(operation.coolant);
    if (coolant) lines.push(coolant);
    let position = { x: first.x, y: first.y, z: plan.clearanceZ };
    let motion = flavour.motion('rapid');
    let feed = NaN;
    for (const move of operation.moves) {
      const word =
        move.kind === 'rapid'
          ? flavour.motion('rapid')
          : move.kind === 'feed'
            ? flavour.motion('feed')
            : flavour.motion(move.arc!.clockwise ? 'cw' : 'ccw');
      const axes: string[] = [];
      if (move.kind === 'arc' || Math.abs(move.x - position.x) > 1e-9)
        axes.push(`X${number(move.x)}`);
      if (move.kind === 'arc' || Math.abs(move.y - position.y) > 1e-9)
        axes.push(`Y${number(move.y)}`);
      if (Math.abs(move.z - position.z) > 1e-9) axes.push(`Z${number(move.z)}`);
      if (move.kind === 'arc') {
        axes.push(
          `I${number(move.arc!.center.x - position.x)}`,
          `J${number(move.arc!.center.y - position.y)}`,
        );
      } else if (axes.length === 0) continue;
      const parts = [word === motion && move.kind !== 'arc' ? '' : word, ...axes];
      if (move.kind !== 'rapid' && move.feed !== feed) {
        parts.push(`F${number(move.feed!)}`);
        feed = move.feed!;
      }
      motion = word;
      position = { x: move.x, y: move.y, z: move.z };
      lines.push(parts.filter(Boolean).join(' '));
    }
    if (operation.cycle) lines.push(...flavour.cycle(operation.cycle, operation, number));
    if (coolant) lines.push(flavour.coolantOff);
    lines.push(flavour.spindleOff, ...flavour.home);
  }
  lines.push(...flavour.end, '');
  return lines;
}

/** The G-code canned cycle blocks shared by LinuxCNC, Fanuc and Haas (G98 return to the initial level). */
export function gCodeCycle(
  cycle: DrillCycle,
  number: (value: number) => string,
  words: { code: string; extra?: string[]; before?: string[] },
  zero = (code: string) => code,
): string[] {
  const [first, ...rest] = cycle.points;
  return [
    ...(words.before ?? []),
    [
      zero('G98'),
      words.code,
      `X${number(first!.x)}`,
      `Y${number(first!.y)}`,
      `Z${number(cycle.bottomZ)}`,
      `R${number(cycle.retractZ)}`,
      ...(words.extra ?? []),
      `F${number(cycle.feed)}`,
    ].join(' '),
    ...rest.map((point) => `X${number(point.x)} Y${number(point.y)}`),
    zero('G80'),
  ];
}
