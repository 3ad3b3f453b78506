/**
 * What the lathe post-processors share: the header, operation titles, thread passes, and one
 * writer that walks the plan and asks its dialect for each block (as cam/post/mill/common.ts
 * does for mills). Every dialect writes diameters in mm, feed per revolution, constant surface
 * speed with a spindle limit (constant rpm for threads and drills), and ends with M30.
 */
import type { LatheDialect } from '../../gcode/dialects.ts';
import type {
  LathePlan,
  Operation,
  SpindleSetting,
  TapCycle,
  ThreadCycle,
} from '../../lathe/program.ts';
import { commentLines, formatNumber } from '../common.ts';
import type { PostOptions, PostProcessor, ProgramHeader } from '../common.ts';

/** Writes a planned lathe program in one controller dialect. */
export type LathePostProcessor = PostProcessor<LathePlan, LatheDialect>;

/** Header comment lines (without the comment marks). */
export function latheHeaderLines(plan: LathePlan, header: ProgramHeader): string[] {
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
    ...(plan.secondSetup
      ? [
          plan.stock.blankLengthMm !== undefined
            ? `Two setups: G54 the free end of the sawn blank; G55 the far end, the part turned around after the first setup (Z0 its finished far-end face, the sawn end ${plan.secondSetup.frontFaceZ} mm beyond it)`
            : `Two setups: G54 the free end; G55 the far end, the part turned around after the part off (Z0 its finished far-end face, ${plan.secondSetup.partedLengthMm} mm parted length)`,
        ]
      : []),
    'Tools:',
    ...tools.map((tool) => `T${tool.number} ${tool.row.toolName} - ${tool.row.toolDescription}`),
    ...header.notes.map((note) => `Note: ${note}`),
  ];
}

/** One line naming an operation, its tool and its cutting data. */
export function operationTitle(operation: Operation): string {
  const { data } = operation;
  // Every number as the controller's resolution shows it: 0.001 mm, whole m/min and rpm.
  const mm = (value: number) => formatNumber(value, 3);
  const speed =
    data.surfaceSpeed !== undefined
      ? `${formatNumber(data.surfaceSpeed, 0)} m/min`
      : `${formatNumber(data.rpm ?? 0, 0)} rpm`;
  const depth = data.depthOfCut !== undefined ? `, ap ${mm(data.depthOfCut)} mm` : '';
  const finish = data.raUm !== undefined ? ` for Ra ${formatNumber(data.raUm, 2)} um` : '';
  const passes = data.passes !== undefined ? `, ${data.passes} passes` : '';
  const feed = operation.name.startsWith('Thread')
    ? `pitch ${mm(data.feedPerRev)} mm, depth ${mm(data.depthOfCut ?? 0)} mm${passes}`
    : operation.role === 'tap'
      ? `pitch ${mm(data.feedPerRev)} mm, rigid tapping`
      : operation.name.startsWith('Thread')
        ? `pitch ${mm(data.feedPerRev)} mm, depth ${mm(data.depthOfCut ?? 0)} mm${passes}`
        : `f ${mm(data.feedPerRev)} mm/rev${finish}${depth}`;
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

/** A number as the dialect writes coordinates and feeds. */
export type NumberWriter = (value: number) => string;

/** What a lathe dialect writes for each piece of a program. */
export interface LatheFlavour {
  dialect: LatheDialect;
  label: string;
  /** Decimal point on every coordinate and feed ("X10."). */
  keepPoint: boolean;
  /** The longest line the control reads, characters, when less than MAX_LINE_LENGTH (Okuma 158). */
  maxLineLength?: number;
  /** A thread's F (the lead) becomes the modal feed: the next feed move writes its F again. */
  threadSetsFeed?: boolean;
  /** A comment line for `text` (made safe with commentText in the dialect's case). */
  comment: (text: string) => string;
  /** The lines before the header comments (tape mark, program number). */
  start: (header: ProgramHeader, options: PostOptions) => string[];
  /** The lines between the header comments and the first operation. */
  setup: (plan: LathePlan, number: NumberWriter) => string[];
  /** Tool change (with its offsets). */
  toolChange: (tool: number) => string[];
  /** Spindle start at constant surface speed or constant rpm. */
  spindle: (spindle: SpindleSetting) => string[];
  /** The motion words of rapid and feed moves. */
  motion: { rapid: string; feed: string };
  /**
   * Arcs in G18 (clockwise seen with X up and Z to the right): their words, and the centre as
   * I K (incremental from the start, I a radius) or as the radius (CR= on Sinumerik).
   */
  arc: { clockwise: string; counterClockwise: string; centre: 'IK' | 'CR' };
  /** Coolant on and off; `onFirstMove`: "M08" ends the first move instead of its own line. */
  coolant: { on: string; off: string; onFirstMove: boolean };
  /** The threading cycle, from the drive line and start Z; the tool ends there again. */
  thread: (cycle: ThreadCycle, number: NumberWriter) => string[];
  /**
   * Rigid tapping on the axis from (0, startZ) to the cycle's depth and back (LinuxCNC G33.1,
   * Fanuc M29 + G84, Haas G84, Sinumerik CYCLE84); the tool ends at (0, startZ), and the next
   * move writes its motion word and feed again.
   */
  tap: (cycle: TapCycle, number: NumberWriter) => string[];
  /** The motion word in force after a threading cycle ('' when the next move must repeat it). */
  motionAfterThread: (motion: { rapid: string; feed: string }) => string;
  /** The lines that end an operation after the coolant is off (spindle stop, turret home). */
  operationEnd: string[];
  /** The lines after the last operation, up to and with the tape mark. */
  end: (plan: LathePlan, number: NumberWriter) => string[];
  /**
   * The lines that start the second setup, after its instructions' comments: the program stop
   * (M0 / M00) for the operator to turn the part around, then its work offset (G55) and, where
   * the dialect keeps the position, a move to the tool change position in it.
   */
  turnAround: (plan: LathePlan, number: NumberWriter) => string[];
  /** The program stop the operator acts at (M0 / M00), the spindle stopped and the turret home. */
  stop: string;
}

/**
 * The centre words of an arc from `from`: I (a radius, X being a diameter) and K incremental
 * from the start, or CR= the radius (Sinumerik; negative for an arc over a half turn).
 */
function arcCentreWords(
  from: { x: number; z: number },
  move: { x: number; z: number; arc?: { center: { x: number; z: number }; clockwise: boolean } },
  centre: 'IK' | 'CR',
  number: NumberWriter,
): string[] {
  const { center, clockwise } = move.arc!;
  if (centre === 'CR') {
    // (Z, radius) from the centre: the short way round turns the sign of their cross product;
    // an arc the long way round (over a half turn) has a negative CR=.
    const cross =
      (from.z - center.z) * ((move.x - center.x) / 2) -
      ((from.x - center.x) / 2) * (move.z - center.z);
    const longWay = clockwise ? cross > 0 : cross < 0;
    const radius = Math.hypot((from.x - center.x) / 2, from.z - center.z);
    return [`CR=${number(longWay ? -radius : radius)}`];
  }
  return [`I${number((center.x - from.x) / 2)}`, `K${number(center.z - from.z)}`];
}

function operationLines(
  operation: Operation,
  flavour: LatheFlavour,
  number: NumberWriter,
): string[] {
  const lines = [
    ...commentLines(operationTitle(operation), flavour.comment, flavour.maxLineLength),
    ...flavour.toolChange(operation.tool.number),
    ...flavour.spindle(operation.spindle),
  ];
  const { coolant } = flavour;
  if (operation.coolant && !coolant.onFirstMove) lines.push(coolant.on);
  let motion = '';
  let feed = NaN;
  // Where the tool is: the start of an arc (its first move is never one).
  let at: { x: number; z: number } = operation.moves[0] ?? { x: 0, z: 0 };
  operation.moves.forEach((move, index) => {
    if (move.kind === 'thread') {
      lines.push(...flavour.thread(move.thread, number));
      motion = flavour.motionAfterThread(flavour.motion);
      if (flavour.threadSetsFeed) feed = NaN;
      return;
    }
    if (move.kind === 'tap') {
      lines.push(...flavour.tap(move.tap, number));
      motion = '';
      feed = NaN;
      return;
    }
    const word = move.arc
      ? move.arc.clockwise
        ? flavour.arc.clockwise
        : flavour.arc.counterClockwise
      : flavour.motion[move.kind];
    const parts = [word === motion ? '' : word, `X${number(move.x)}`, `Z${number(move.z)}`];
    if (move.arc) parts.push(...arcCentreWords(at, move, flavour.arc.centre, number));
    if (move.kind === 'feed' && move.feed !== feed) {
      parts.push(`F${number(move.feed!)}`);
      feed = move.feed!;
    }
    if (index === 0 && operation.coolant && coolant.onFirstMove) parts.push(coolant.on);
    motion = word;
    at = move;
    lines.push(parts.filter(Boolean).join(' '));
  });
  if (operation.coolant) lines.push(coolant.off);
  lines.push(...flavour.operationEnd);
  return lines;
}

/**
 * The start of the second setup: its header and the operator's instructions as comments, then
 * the dialect's stop and work offset ({@link LatheFlavour.turnAround}).
 */
function secondSetupLines(plan: LathePlan, flavour: LatheFlavour, number: NumberWriter): string[] {
  const instructions = plan.secondSetup?.instructions ?? ['SETUP 2'];
  return [
    ...instructions.flatMap((line) => commentLines(line, flavour.comment, flavour.maxLineLength)),
    ...flavour.turnAround(plan, number),
  ];
}

/** The post-processor of a lathe flavour. */
export function lathePost(flavour: LatheFlavour): LathePostProcessor {
  const number = (value: number) => formatNumber(value, 3, flavour.keepPoint);
  return {
    dialect: flavour.dialect,
    label: flavour.label,
    head: (plan, header, options) => [
      ...flavour.start(header, options),
      ...latheHeaderLines(plan, header).flatMap((line) =>
        commentLines(line, flavour.comment, flavour.maxLineLength),
      ),
    ],
    body: (plan) => [
      ...flavour.setup(plan, number),
      ...plan.operations.flatMap((operation, index) => [
        ...(operation.stopBefore
          ? [
              ...operation.stopBefore.flatMap((line) =>
                commentLines(line, flavour.comment, flavour.maxLineLength),
              ),
              flavour.stop,
            ]
          : []),
        ...(operation.setup === 2 && plan.operations[index - 1]?.setup !== 2
          ? secondSetupLines(plan, flavour, number)
          : []),
        ...operationLines(operation, flavour, number),
      ]),
      ...flavour.end(plan, number),
      '',
    ],
  };
}

/** "X… Z…" of the tool change position. */
export const changePosition = (plan: LathePlan, number: NumberWriter): string =>
  `X${number(plan.changePosition.x)} Z${number(plan.changePosition.z)}`;
