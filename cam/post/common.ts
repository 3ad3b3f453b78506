/**
 * Pieces every post-processor shares (lathe, mill, wire and sinker EDM): the post-processor's
 * shape, number formatting, comments a controller accepts, and the header that says what the
 * program is for.
 */
import type { Dialect } from '../gcode/events.ts';
import { diameterSignsAsWord } from '../callouts/signs.ts';
import type { ProgramJob } from '../program.ts';
import { controllerName, namesJoined } from '#contracts/names';

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
  /**
   * The name the control stores the program under, for controls that name programs inside the
   * file (Heidenhain BEGIN PGM / END PGM): the file name without its extension
   * ({@link PostProcessor.programName}). A post falls back to a name of its own when unset.
   */
  programName?: string;
}

/**
 * Writes a plan of one machine kind in one controller dialect, in two parts: the head (tape
 * mark, program number, set-up blocks a dialect puts first, and the header comments) and the
 * body (everything after the header). The job pipelines (cam/jobs/) write the body once and
 * the head again when the cycle time and the verifier's verdict are known: the head's notes are
 * comment lines, one per note, which move nothing (cam/jobs/finish.ts).
 */
export interface PostProcessor<Plan, PostDialect extends Dialect = Dialect> {
  dialect: PostDialect;
  /** What the controller family is called in messages. */
  label: string;
  /**
   * The file name extension its controls load programs under, with the dot; '.nc' when unset.
   * The program's name inside the file (Heidenhain BEGIN PGM, Okuma O name) follows the file's.
   */
  fileExtension?: string;
  /**
   * The name the control stores a program under, from the file name the job would give it
   * without its extension ('Post-test-plate-v3'): the file is then named so, and the name goes
   * into {@link PostOptions.programName}. Unset: the file's name as it is.
   */
  programName?: (fileBaseName: string) => string;
  /** The program's first lines, up to and with its header comments. */
  head(plan: Plan, header: ProgramHeader, options: PostOptions): string[];
  /** The program's lines after the head; the last is '' so the text ends with a line break. */
  body(plan: Plan, options: PostOptions): string[];
  /**
   * The whole program's lines (head, then body) as the control stores them, for dialects that
   * number their blocks (Heidenhain: 0, 1, 2, … and none on a block's continuation lines).
   * Head and body are written without numbers and numbered only when joined (writeProgram,
   * cam/jobs/finish.ts), so a head with more notes still gives sequential numbers. It must keep
   * the number of lines and their order: the interpreter's events name lines by their index.
   */
  numberBlocks?: (lines: readonly string[]) => string[];
}

/**
 * A program's lines as shipped: numbered by the post when its dialect numbers blocks
 * ({@link PostProcessor.numberBlocks}), else as they are.
 */
export function shippedLines(
  post: Pick<PostProcessor<unknown>, 'numberBlocks'>,
  lines: readonly string[],
): string[] {
  return post.numberBlocks ? post.numberBlocks(lines) : [...lines];
}

/** The whole program text a post-processor writes for a plan: its head, then its body. */
export function writeProgram<Plan>(
  post: PostProcessor<Plan>,
  plan: Plan,
  header: ProgramHeader,
  options: PostOptions,
): string {
  return shippedLines(post, [
    ...post.head(plan, header, options),
    ...post.body(plan, options),
  ]).join('\n');
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
 * Ø written as DIA, ° as DEG and µ as u (µm as um). Upper case when the controller wants it.
 */
export function commentText(text: string, upperCase: boolean): string {
  const plain = diameterSignsAsWord(text)
    .replace(/°/g, ' DEG')
    .replace(/[µμ]/g, 'u')
    .replace(/±/g, '+/-')
    .replace(/×/g, 'x')
    .normalize('NFKD')
    .replace(/[()]/g, (bracket) => (bracket === '(' ? '[' : ']'))
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return upperCase ? plain.toUpperCase() : plain;
}

/**
 * The longest program line written, characters: LinuxCNC's interpreter refuses a line of 255
 * characters or more with "Command too long" (rs274ngc's LINELEN, 255, in interp_internal.hh,
 * less its end of line), the least limit of the dialects written here; 5 more are kept spare.
 */
export const MAX_LINE_LENGTH = 250;

/**
 * A comment as program lines of at most `maxLength` characters: `comment(text)` when it fits,
 * else the text broken between words into pieces that each fit as a comment of their own (a
 * word longer than a line is cut).
 * @param comment - the dialect's comment line for a text ('(…)', '; …')
 */
export function commentLines(
  text: string,
  comment: (text: string) => string,
  maxLength = MAX_LINE_LENGTH,
): string[] {
  const whole = comment(text);
  if (whole.length <= maxLength) return [whole];
  const lines: string[] = [];
  let piece = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const longer = piece ? `${piece} ${word}` : word;
    if (comment(longer).length <= maxLength) piece = longer;
    else if (piece) {
      lines.push(comment(piece));
      piece = word;
    } else piece = word;
    while (comment(piece).length > maxLength) {
      let cut = piece.length - 1;
      while (cut > 1 && comment(piece.slice(0, cut)).length > maxLength) cut -= 1;
      lines.push(comment(piece.slice(0, cut)));
      piece = piece.slice(cut);
    }
  }
  if (piece) lines.push(comment(piece));
  return lines;
}

/**
 * The header of a program of any kind from its job and plan: the part's name (the job's, else
 * the drawing's file name, else `fallbackName`), the machine with its serial number, the
 * controller with the post's label, and the notes (the job's first, then the plan's warnings
 * and what it did not program).
 */
export function programHeader(
  job: Pick<
    ProgramJob,
    'partName' | 'description' | 'material' | 'machine' | 'programVersion' | 'headerNotes'
  >,
  plan: { warnings: string[]; notProgrammed: string[] },
  options: { fallbackName: string; stock: string; postLabel: string },
): ProgramHeader {
  const controller = controllerName(job.machine);
  return {
    partName:
      job.partName ?? (job.description.source?.split(':').pop()?.trim() || options.fallbackName),
    material: job.material,
    stock: options.stock,
    machine: `${job.machine.name} - ${namesJoined(job.machine.manufacturer, job.machine.model)}, serial ${job.machine.serialNumber}`,
    controller: `${controller} (${options.postLabel})`,
    programVersion: job.programVersion,
    notes: [
      ...(job.headerNotes ?? []),
      ...plan.warnings,
      ...plan.notProgrammed.map((entry) => `not programmed: ${entry}`),
    ],
  };
}
