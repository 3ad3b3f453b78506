/**
 * Reading Klartext lines: a line into its block number, its text, its comment and whether the
 * next line continues it (`~`); a path or M block's text into its words.
 *
 * Block format (HEIDENHAIN TNC 640 User's Manual HEIDENHAIN Conversational Programming,
 * 34059x-05, "Fundamentals: NC blocks", "Path functions", "Comments"): a block starts with its
 * number, then its function (L, C, CC, CR, CP, TOOL CALL, CYCL DEF…) and words of an address and
 * a signed number ("X+10", "Z-2.5", "F500", "M3"); `;` starts a comment to the end of the line;
 * a block that ends in `~` goes on on the next line, which carries no number (the TNC writes a
 * cycle's Q parameters so, one a line).
 */

/** One program line, read. */
export interface KlartextLine {
  /** The block number, or null when the line starts with none (continuation lines). */
  number: number | null;
  /** The block's text after its number, without its comment and continuation mark, trimmed. */
  text: string;
  /** The text after `;`, trimmed, or null when the line has no comment. */
  comment: string | null;
  /** The line ends in `~`: the next line continues the block. */
  continues: boolean;
}

/**
 * Read one line.
 * @param raw - the line without its line break
 */
export function readLine(raw: string): KlartextLine {
  let rest = raw.trim();
  const continues = rest.endsWith('~');
  if (continues) rest = rest.slice(0, -1).trimEnd();
  let comment: string | null = null;
  const semicolon = rest.indexOf(';');
  if (semicolon >= 0) {
    comment = rest.slice(semicolon + 1).trim();
    rest = rest.slice(0, semicolon).trimEnd();
  }
  const numbered = /^(\d+)(?:\s+|$)/.exec(rest);
  // A '/' after the number hides the block when the operator asks (block skip).
  const text = numbered ? rest.slice(numbered[0].length) : rest;
  return {
    number: numbered ? Number(numbered[1]) : null,
    text: text.replace(/^\/\s*/, ''),
    comment,
    continues,
  };
}

/** The words of a path or M block, read. */
export interface BlockWords {
  /** Addresses with a number: X, Y, Z, IX, IY, IZ, R, F, PA, IPA, PR, IPR, MB, S, DL… */
  values: Map<string, number>;
  /** M functions in the order written. */
  m: number[];
  /** Words without a number: FMAX, R0/RL/RR (as 'R0', 'RL', 'RR'), DR+ / DR- ('DR+', 'DR-'), MB, MAX. */
  flags: Set<string>;
  /** What could not be read, as the machinist sees it ("word Q5"), for an error. */
  problems: string[];
}

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const WORD = new RegExp(`^([A-Z]+)(${NUMBER})?$`);

/** Address letters a path or M block may carry with a number. */
const numbered = new Set([
  'X',
  'Y',
  'Z',
  'IX',
  'IY',
  'IZ',
  'R',
  'F',
  'M',
  'PA',
  'IPA',
  'PR',
  'IPR',
  'MB',
  'S',
  'DL',
  'DR',
]);
/** Words without a number. */
const bare = new Set(['FMAX', 'RL', 'RR', 'MB', 'MAX', 'FAUTO', 'FU', 'FZ']);

/**
 * Read the words of a block's text after its function ("X+10 Y-5 R0 FMAX M3").
 * @param text - the words, separated by spaces
 * @returns the words; a word that is no Klartext word, or an address twice, is a problem
 */
export function readWords(text: string): BlockWords {
  const words: BlockWords = { values: new Map(), m: [], flags: new Set(), problems: [] };
  const tokens = text.split(/\s+/).filter(Boolean);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const upper = token.toUpperCase();
    // The retraction of M140 is written "MB 50" as well as "MB50".
    if (upper === 'MB' && new RegExp(`^${NUMBER}$`).test(tokens[index + 1] ?? '')) {
      if (words.values.has('MB')) words.problems.push('MB twice');
      else words.values.set('MB', Number(tokens[index + 1]));
      index += 1;
      continue;
    }
    if (upper === 'DR+' || upper === 'DR-') {
      addFlag(words, upper, token);
      continue;
    }
    if (upper === 'R0') {
      addFlag(words, 'R0', token);
      continue;
    }
    const match = WORD.exec(upper);
    if (!match) {
      words.problems.push(`the word "${token}"`);
      continue;
    }
    const [, address = '', value] = match;
    if (value === undefined) {
      if (bare.has(address)) addFlag(words, address, token);
      else words.problems.push(`the word "${token}"`);
    } else if (!numbered.has(address)) words.problems.push(`the word "${token}"`);
    else if (address === 'M') words.m.push(Number(value));
    else if (words.values.has(address)) words.problems.push(`${address} twice`);
    else words.values.set(address, Number(value));
  }
  return words;
}

function addFlag(words: BlockWords, flag: string, token: string): void {
  if (words.flags.has(flag)) words.problems.push(`"${token}" twice`);
  else words.flags.add(flag);
}

/** The Q parameter assignment of a cycle's line: its number and value (NaN for MAX), or null. */
export function readQParameter(text: string): { q: number; value: number; max: boolean } | null {
  const match = new RegExp(`^Q(\\d+)\\s*=\\s*(${NUMBER}|F?MAX)$`, 'i').exec(text.trim());
  if (!match) return null;
  const max = /MAX$/i.test(match[2]!);
  return { q: Number(match[1]), value: max ? NaN : Number(match[2]), max };
}
