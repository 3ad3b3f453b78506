/**
 * Heidenhain TNC 620 / TNC 640 mill post: Klartext (conversational) programs, file type '.h'.
 *
 * What it writes, block by block: `BEGIN PGM <name> MM`; the workpiece blank `BLK FORM 0.1 Z`
 * (its MIN point) and `BLK FORM 0.2` (its MAX point) from the plan's stock; preset 1 by
 * `CYCL DEF 247 DATUM SETTING` (the G54 of the other dialects: every program sets its work
 * offset); the header notes as `; …` comment blocks; per operation `TOOL CALL n Z S<rpm>` (the
 * tool length compensation comes with the TOOL CALL), `M3`, straight moves
 * `L X… Y… Z… R0 FMAX` or `… F<mm/min>` (FMAX acts in its block only; F is modal), arcs as the
 * circle centre `CC X… Y…` and `C X… Y… DR-` (clockwise) / `DR+` (a helix, which also moves in
 * Z, in polar coordinates: `CP IPA… IZ… DR±`, as the TNC programs helices), coolant `M8`/`M9`, the
 * drilling cycles of heidenhain-cycles.ts called at each hole by `L X… Y… R0 FMAX M99`, `M5`,
 * and the spindle home in the tool axis `L M140 MB MAX`; then `M30` and `END PGM <name> MM`.
 * Every block carries its block number 0, 1, 2, … ({@link numberKlartextBlocks}), written when
 * head and body are joined; a cycle's Q lines continue its block after `~` and carry none.
 *
 * Sources: HEIDENHAIN TNC 640 User's Manual HEIDENHAIN Conversational Programming (34059x-05,
 * 1/2015): "Opening programs" (BEGIN PGM, BLK FORM), "File names" (letters, digits, _ and -;
 * at most 24 characters shown), "Tool call" (TOOL CALL, tool axis, S), "Path functions"
 * (L, CC, C with DR, CR; R0; F and FMAX; "Helical interpolation" with CP), "Miscellaneous functions" (M3, M5, M8, M9, M30, M99
 * cycle call, M140 MB MAX retraction in the tool axis), "Comments"; TNC 640 User's Manual
 * Cycle Programming (cycles 200, 201, 202, 207, 247); TNC 620 User's Manuals, the same chapters.
 * Numbers: mm to 0.001 with their sign ("X+10", "Z-2.5"), feeds to 0.001 mm/min.
 */
import { circularArc } from '../../gcode/arcs.ts';
import { controllerLimits } from '../../gcode/limits.ts';
import type { MillMove, MillOperation, MillPlan } from '../../mill/program.ts';
import { commentLines, commentText, formatNumber } from '../common.ts';
import type { PostOptions, ProgramHeader } from '../common.ts';
import { millHeaderLines, millOperationTitle } from './common.ts';
import type { MillPostProcessor } from './common.ts';
import { heidenhainCycle } from './heidenhain-cycles.ts';

/** The longest program name written: the TNC shows names of at most 24 characters whole. */
export const programNameLength = controllerLimits('heidenhain').programNames!.shownLength;

/** Room kept on every line for its block number and the space after it, characters. */
const blockNumberRoom = 8;

/**
 * The name a TNC stores a program under, from the file name the job would give it
 * ('Post-test-plate-v3'): only letters, digits, _ and - (others become -), at most
 * {@link programNameLength} characters, cut in the part's name so the version suffix stays.
 * @returns a name of 1 to 24 characters ('PGM' for a name with nothing left)
 */
export function heidenhainProgramName(fileBaseName: string): string {
  const clean = fileBaseName.replace(/[^A-Za-z0-9_-]+/g, '-');
  const [, stem = clean, suffix = ''] = /^(.*?)(-v\d+)?$/.exec(clean) ?? [];
  const room = Math.max(0, programNameLength - suffix.length);
  const name = `${stem.slice(0, room).replace(/-+$/, '')}${suffix}`.slice(0, programNameLength);
  return name.replace(/^-+/, '') || 'PGM';
}

/** A length with its sign, as the TNC writes it: "+10", "-2.5", "+0". */
export const signed = (value: number): string => {
  const text = formatNumber(value, 3);
  return text.startsWith('-') ? text : `+${text}`;
};

/** A comment block: `~` becomes `-`, since a line ending in `~` continues its block. */
const comment = (text: string) => `; ${commentText(text, false).replace(/~/g, '-')}`;

/** A text as comment blocks that fit the TNC's line with their block number. */
const commentBlocks = (text: string) =>
  commentLines(text, comment, controllerLimits('heidenhain').maxLineLength - blockNumberRoom);

/**
 * The program's lines with their block numbers: 0 for the first, each block one more; a line
 * after one that ends in `~` continues that block and gets none; the last line '' (the text's
 * final line break) stays ''.
 * @param lines - the program's lines without block numbers
 * @returns as many lines, in the same order
 */
export function numberKlartextBlocks(lines: readonly string[]): string[] {
  let next = 0;
  return lines.map((line, index) => {
    if (line === '' && index === lines.length - 1) return line;
    if (index > 0 && lines[index - 1]!.trimEnd().endsWith('~')) return line;
    return `${next++} ${line}`;
  });
}

/**
 * The program's name in BEGIN PGM and END PGM: the file's (cam/jobs/mill.ts passes it), else
 * 'PGM' (a program written outside a job, in a test).
 */
const programNameOf = (options: PostOptions) => options.programName ?? 'PGM';

/** The program's first blocks: its name, the blank, preset 1, the header comments. */
function head(plan: MillPlan, header: ProgramHeader, options: PostOptions): string[] {
  const name = programNameOf(options);
  const { origin, xMm, yMm, zMm } = plan.stock;
  return [
    `BEGIN PGM ${name} MM`,
    `BLK FORM 0.1 Z X${signed(origin.x)} Y${signed(origin.y)} Z${signed(origin.z)}`,
    `BLK FORM 0.2 X${signed(origin.x + xMm)} Y${signed(origin.y + yMm)} Z${signed(origin.z + zMm)}`,
    'CYCL DEF 247 DATUM SETTING ~',
    '  Q339=+1 ;DATUM NUMBER',
    ...millHeaderLines(plan, header).flatMap(commentBlocks),
  ];
}

/** Where the tool is and what is in force, while an operation's moves are written. */
interface Writer {
  lines: string[];
  position: { x: number; y: number; z: number };
  /** The modal feed, mm/min (NaN before the first). */
  feed: number;
  /** The circle centre in force (CC), or null. */
  center: { x: number; y: number } | null;
}

/** The axis words of a move to `to` that change the position (X and Y always for arcs). */
function axisWords(writer: Writer, to: MillMove, arc: boolean): string[] {
  const { position } = writer;
  const words: string[] = [];
  if (arc || Math.abs(to.x - position.x) > 1e-9) words.push(`X${signed(to.x)}`);
  if (arc || Math.abs(to.y - position.y) > 1e-9) words.push(`Y${signed(to.y)}`);
  if (Math.abs(to.z - position.z) > 1e-9) words.push(`Z${signed(to.z)}`);
  return words;
}

/** The CC block for an arc's centre, when it is not the centre in force. */
function writeCenter(writer: Writer, center: { x: number; y: number }): void {
  const known = writer.center;
  if (known && Math.abs(known.x - center.x) <= 1e-9 && Math.abs(known.y - center.y) <= 1e-9) return;
  writer.lines.push(`CC X${signed(center.x)} Y${signed(center.y)}`);
  writer.center = { x: center.x, y: center.y };
}

/**
 * A helix (an arc that also moves in Z) as the TNC takes it, in polar coordinates about CC:
 * `CP IPA<sweep, degrees> IZ<rise, mm> DR±` (the radius is the start's distance from CC).
 */
function helixBlock(writer: Writer, move: MillMove, speed: string): string {
  const arc = move.arc!;
  const { sweep } = circularArc(writer.position, move, arc.center, arc.clockwise);
  const degrees = formatNumber((sweep * 180) / Math.PI, 4);
  return [
    'CP',
    `IPA${degrees.startsWith('-') ? degrees : `+${degrees}`}`,
    `IZ${signed(move.z - writer.position.z)}`,
    arc.clockwise ? 'DR-' : 'DR+',
    speed,
  ]
    .filter(Boolean)
    .join(' ');
}

/** One planned move: an L block, or CC (when the centre changes) and a C block (CP for a helix). */
function writeMove(writer: Writer, move: MillMove): void {
  const arc = move.kind === 'arc' ? move.arc! : undefined;
  const words = axisWords(writer, move, arc !== undefined);
  if (words.length === 0) return;
  let speed = 'FMAX';
  if (move.kind !== 'rapid') {
    speed = move.feed !== writer.feed ? `F${formatNumber(move.feed!, 3)}` : '';
    writer.feed = move.feed!;
  }
  if (arc) {
    writeCenter(writer, arc.center);
    const helix = Math.abs(move.z - writer.position.z) > 1e-9;
    writer.lines.push(
      helix
        ? helixBlock(writer, move, speed)
        : ['C', ...words, arc.clockwise ? 'DR-' : 'DR+', speed].filter(Boolean).join(' '),
    );
  } else writer.lines.push(['L', ...words, 'R0', speed].filter(Boolean).join(' '));
  writer.position = { x: move.x, y: move.y, z: move.z };
}

/** One operation: title, tool call, approach, moves or cycle, coolant and spindle off, home. */
function writeOperation(writer: Writer, plan: MillPlan, operation: MillOperation): void {
  const { lines } = writer;
  lines.push(...commentBlocks(millOperationTitle(operation)));
  lines.push(`TOOL CALL ${operation.tool.number} Z S${Math.round(operation.rpm)}`, 'M3');
  const first = operation.moves[0] ?? operation.cycle!.points[0]!;
  lines.push(`L X${signed(first.x)} Y${signed(first.y)} R0 FMAX`);
  lines.push(`L Z${signed(plan.clearanceZ)} R0 FMAX`);
  const coolant = operation.coolant === 'flood' ? 'M8' : operation.coolant === 'mist' ? 'M7' : '';
  if (coolant) lines.push(coolant);
  writer.position = { x: first.x, y: first.y, z: plan.clearanceZ };
  writer.feed = NaN;
  for (const move of operation.moves) writeMove(writer, move);
  const { cycle } = operation;
  if (cycle) {
    lines.push(...heidenhainCycle(cycle, signed));
    for (const point of cycle.points)
      lines.push(`L X${signed(point.x)} Y${signed(point.y)} R0 FMAX M99`);
  }
  if (coolant) lines.push('M9');
  lines.push('M5', 'L M140 MB MAX');
}

/** The program after its head: every operation, M30, END PGM and the final line break. */
function body(plan: MillPlan, options: PostOptions): string[] {
  const writer: Writer = { lines: [], position: { x: 0, y: 0, z: 0 }, feed: NaN, center: null };
  for (const operation of plan.operations) writeOperation(writer, plan, operation);
  return [...writer.lines, 'M30', `END PGM ${programNameOf(options)} MM`, ''];
}

/** The Heidenhain TNC 620 / 640 Klartext mill post-processor (see the module comment). */
export const heidenhainMillPost: MillPostProcessor = {
  dialect: 'heidenhain',
  label: 'Heidenhain TNC 620 / 640 Klartext',
  fileExtension: '.h',
  programName: heidenhainProgramName,
  head,
  body,
  numberBlocks: numberKlartextBlocks,
};
