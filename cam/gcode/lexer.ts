/**
 * Split one line of G-code into words: a letter and a number each, comments removed.
 *
 * Formats read (the codes each dialect writes are in docs/decisions/013-cam-depth.md):
 * - RS274/NGC words (NIST RS274NGC Interpreter version 3, §3.3; LinuxCNC G-code reference,
 *   "Overview"): a letter, optional spaces, a signed decimal number; `(…)` comments; `;` comments
 *   (LinuxCNC); `/` block delete; a `%` tape mark line.
 * - Fanuc and Haas (Fanuc 0i-MF/TF operator's manual, "Program configuration"): the same words,
 *   `O` program numbers, `N` sequence numbers; `;` is the end of block and starts a comment here.
 * - Sinumerik 840D sl / 828D (Siemens "Programming Manual Fundamentals", §1 and §2): `;`
 *   comments, keywords (`SUPA`, `DIAMON`, `MCALL`), address assignments (`LIMS=3000`, `CR=5`)
 *   and cycle calls with positional, possibly empty parameters (`CYCLE83(10,0,2,-20,,5,,1)`).
 *
 * {@link BlockLexer} is the hot path of the interpreter: it reuses its typed arrays from line
 * to line and allocates only for comments, keywords and calls. {@link lexLine} is the simple,
 * allocating form kept for callers that want a list of words. Callers name a letter with
 * {@link letter} (`lexer.get(letter.F)`), never by its number.
 */

export interface Word {
  letter: string;
  value: number;
}

export interface Block {
  /** 1-based line number in the program. */
  line: number;
  words: Word[];
  comments: string[];
  /** A "%" tape mark line. */
  tapeMark: boolean;
}

export class LexError extends Error {
  override name = 'LexError';
}

/**
 * The word letters by name, each one's value its ASCII code (A = 65 … Z = 90): the key
 * {@link BlockLexer.has}, {@link BlockLexer.get} and {@link BlockLexer.pointed} take, so that
 * `lexer.get(letter.F)` is the block's F word. Letters of RS274/NGC: NIST RS274NGC Interpreter
 * version 3, §3.3, table 3.
 */
export const letter = {
  A: 65,
  B: 66,
  C: 67,
  D: 68,
  E: 69,
  F: 70,
  G: 71,
  H: 72,
  I: 73,
  J: 74,
  K: 75,
  L: 76,
  M: 77,
  N: 78,
  O: 79,
  P: 80,
  Q: 81,
  R: 82,
  S: 83,
  T: 84,
  U: 85,
  V: 86,
  W: 87,
  X: 88,
  Y: 89,
  Z: 90,
} as const;

/** One word letter, as its ASCII code (a value of {@link letter}). */
export type Letter = (typeof letter)[keyof typeof letter];

/** The bit of a letter in {@link BlockLexer.letterMask} and in the dialects' letter masks (A: bit 0). */
export function letterBit(code: Letter): number {
  return 1 << (code - letter.A);
}

/** The name of the letter whose bit is `index` in a letter mask (0 → "A"), for messages. */
export function letterName(index: number): string {
  return String.fromCharCode(letter.A + index);
}

/** Exact powers of ten for the decimal fast path (10^0 … 10^22 are exact doubles). */
const pow10: number[] = [];
for (let exponent = 0; exponent <= 22; exponent += 1) pow10.push(10 ** exponent);

/**
 * A reusable lexer for one block (line) at a time.
 *
 * After {@link BlockLexer.lex} returns true: letter words other than G and M are read by their
 * {@link letter} with {@link BlockLexer.has}, {@link BlockLexer.get} and
 * {@link BlockLexer.pointed} (stored in `value`/`decimalPoint` at index `letter − letter.A`; a
 * letter may appear once per block, RS274/NGC §3.5); G and M codes are in `g`/`m`
 * (`gCount`, `mCount`) in the order written; `comment` is the block's comments joined by a space
 * (empty when none); Sinumerik `keywords`, `assignNames`/`assignValues` and the cycle `call` with
 * its `callArgs` (NaN for an empty parameter). Nothing is converted: values are as written.
 * When it returns false, `error` says what is wrong (an unclosed comment, a letter without a
 * number, a letter given twice, expressions or parameters such as `#1` or `[…]`, which this
 * product does not write).
 */
export class BlockLexer {
  /** Value of each letter A–Z (index: `letter − letter.A`), valid where {@link has} is true. */
  readonly value = new Float64Array(26);
  /** 1 when the letter's number was written with a decimal point (Fanuc input units). */
  readonly decimalPoint = new Uint8Array(26);
  private readonly stamp = new Uint32Array(26);
  private generation = 0;
  readonly g: number[] = [];
  gCount = 0;
  readonly m: number[] = [];
  mCount = 0;
  /** Letter words in the block, G and M included. */
  wordCount = 0;
  /** The {@link letterBit} of every letter in the block, G and M included. */
  letterMask = 0;
  comment = '';
  tapeMark = false;
  error: string | null = null;
  /** Sinumerik keywords written in the block, upper case (`SUPA`, `DIAMON`, `MCALL`). */
  readonly keywords: string[] = [];
  /** Sinumerik address assignments (`LIMS=3000` → `LIMS`, 3000). */
  readonly assignNames: string[] = [];
  readonly assignValues: number[] = [];
  /** A Sinumerik subroutine or cycle call (`CYCLE83`), or null. */
  call: string | null = null;
  /** The call's parameters in order; NaN for an empty one. */
  readonly callArgs: number[] = [];
  private numberEnd = 0;
  private numberPoint = false;

  /** Whether the block holds the letter (`lexer.has(letter.X)`); G and M excluded. */
  has(code: Letter): boolean {
    return this.stamp[code - 65 /* A */] === this.generation;
  }

  /** The letter's value as written (`lexer.get(letter.F)`); NaN when the block does not hold it. */
  get(code: Letter): number {
    return this.stamp[code - 65 /* A */] === this.generation ? this.value[code - 65]! : NaN;
  }

  /**
   * Whether the letter's number was written with a decimal point (`P500.`, not `P500`): Fanuc
   * and ISO controls read a number without one in the least input increment. False when the
   * block does not hold the letter.
   */
  pointed(code: Letter): boolean {
    return this.stamp[code - 65 /* A */] === this.generation && this.decimalPoint[code - 65] === 1;
  }

  /**
   * Read one line.
   * @param text - the line without its line break
   * @returns false when the line is not G-code (`error` says why)
   */
  lex(text: string): boolean {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    this.gCount = 0;
    this.mCount = 0;
    this.wordCount = 0;
    this.letterMask = 0;
    this.comment = '';
    this.tapeMark = false;
    this.error = null;
    if (this.keywords.length) this.keywords.length = 0;
    if (this.assignNames.length) {
      this.assignNames.length = 0;
      this.assignValues.length = 0;
    }
    this.call = null;
    if (this.callArgs.length) this.callArgs.length = 0;
    const n = text.length;
    let i = 0;
    let c = 0;
    while (i < n && (c = text.charCodeAt(i)) <= 32) i += 1;
    if (i >= n) return true;
    if (c === 37 /* % */) {
      this.tapeMark = true;
      return true;
    }
    if (c === 47 /* / */) i += 1;
    while (i < n) {
      c = text.charCodeAt(i);
      if (c <= 32) {
        i += 1;
        continue;
      }
      if (c === 40 /* ( */) {
        const close = text.indexOf(')', i + 1);
        if (close < 0) return this.fail('a comment is not closed with ")"');
        this.addComment(text.slice(i + 1, close).trim());
        i = close + 1;
        continue;
      }
      if (c === 59 /* ; */) {
        this.addComment(text.slice(i + 1).trim());
        break;
      }
      const upper = c & ~32;
      if (upper < 65 || upper > 90)
        return this.fail(`"${text.slice(i, i + 12).trim()}" is not a G-code word`);
      const next = i + 1 < n ? text.charCodeAt(i + 1) & ~32 : 0;
      if ((next >= 65 && next <= 90) || next === 95 /* _ */) {
        i = this.identifier(text, i);
        if (i < 0) return false;
        continue;
      }
      const value = this.number(text, i + 1);
      if (Number.isNaN(value))
        return this.fail(`"${text.slice(i, i + 12).trim()}" is not a G-code word`);
      i = this.numberEnd;
      this.wordCount += 1;
      this.letterMask |= 1 << (upper - 65);
      if (upper === 71 /* G */) this.g[this.gCount++] = value;
      else if (upper === 77 /* M */) this.m[this.mCount++] = value;
      else {
        const index = upper - 65;
        if (this.stamp[index] === this.generation)
          return this.fail(`${String.fromCharCode(upper)} is given twice in one block`);
        this.stamp[index] = this.generation;
        this.value[index] = value;
        this.decimalPoint[index] = this.numberPoint ? 1 : 0;
      }
    }
    return true;
  }

  private fail(message: string): false {
    this.error = message;
    return false;
  }

  private addComment(text: string): void {
    this.comment = this.comment ? `${this.comment} ${text}` : text;
  }

  /** A signed decimal number from `i` (spaces allowed before it); NaN when there is none. */
  private number(text: string, i: number): number {
    const n = text.length;
    while (i < n && text.charCodeAt(i) === 32) i += 1;
    let c = text.charCodeAt(i);
    let negative = false;
    if (c === 43 || c === 45) {
      negative = c === 45;
      i += 1;
    }
    const start = i;
    let mantissa = 0;
    let digits = 0;
    let fraction = 0;
    let point = false;
    for (; i < n; i += 1) {
      c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        digits += 1;
        if (point) fraction += 1;
      } else if (c === 46 && !point) point = true;
      else break;
    }
    this.numberEnd = i;
    this.numberPoint = point;
    if (digits === 0) return NaN;
    const magnitude =
      digits <= 15
        ? fraction
          ? mantissa / pow10[fraction]!
          : mantissa
        : Number(text.slice(start, i));
    return negative ? -magnitude : magnitude;
  }

  /** A Sinumerik keyword, assignment or call starting at `i`; returns the next index or −1. */
  private identifier(text: string, i: number): number {
    const n = text.length;
    const start = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      const upper = c & ~32;
      if ((upper >= 65 && upper <= 90) || (c >= 48 && c <= 57) || c === 95) i += 1;
      else break;
    }
    const name = text.slice(start, i).toUpperCase();
    let j = i;
    while (j < n && text.charCodeAt(j) === 32) j += 1;
    const c = text.charCodeAt(j);
    if (c === 61 /* = */) {
      const value = this.number(text, j + 1);
      if (Number.isNaN(value)) {
        this.fail(`${name}= needs a number`);
        return -1;
      }
      this.assignNames.push(name);
      this.assignValues.push(value);
      return this.numberEnd;
    }
    if (c === 40 /* ( */) {
      if (this.call !== null) {
        this.fail(`two calls in one block (${this.call} and ${name})`);
        return -1;
      }
      this.call = name;
      j += 1;
      for (;;) {
        while (j < n && text.charCodeAt(j) === 32) j += 1;
        const d = text.charCodeAt(j);
        if (d === 44 /* , */ || d === 41 /* ) */) {
          // An empty parameter (or an empty list).
          if (d === 44 || this.callArgs.length > 0 || text.charCodeAt(j - 1) === 44)
            this.callArgs.push(NaN);
        } else {
          const value = this.number(text, j);
          if (Number.isNaN(value)) {
            this.fail(`${name}(…): "${text.slice(j, j + 12).trim()}" is not a number`);
            return -1;
          }
          this.callArgs.push(value);
          j = this.numberEnd;
          while (j < n && text.charCodeAt(j) === 32) j += 1;
        }
        const e = text.charCodeAt(j);
        if (e === 41) return j + 1;
        if (e !== 44) {
          this.fail(`${name}(… is not closed with ")"`);
          return -1;
        }
        j += 1;
      }
    }
    this.keywords.push(name);
    return i;
  }
}

const wordPattern = /([A-Za-z])\s*([+-]?(?:\d+\.?\d*|\.\d+))/y;

/**
 * Read one line into a list of words (the simple, allocating form; the interpreter uses
 * {@link BlockLexer}).
 * @param text - the line
 * @param line - its 1-based number, copied into the block
 * @param options - `semicolonComments`: ";" starts a comment (LinuxCNC, Sinumerik)
 * @throws LexError for text that is not words, comments or a tape mark (an unclosed comment, a
 *   letter without a number, expressions and parameters, which this product does not write)
 */
export function lexLine(
  text: string,
  line: number,
  options: { semicolonComments: boolean },
): Block {
  const comments: string[] = [];
  let rest = text.trim();
  if (rest === '%') return { line, words: [], comments, tapeMark: true };
  if (rest.startsWith('/')) rest = rest.slice(1);
  let code = '';
  for (let index = 0; index < rest.length; index += 1) {
    const char = rest[index]!;
    if (char === '(') {
      const close = rest.indexOf(')', index);
      if (close < 0) throw new LexError('a comment is not closed with ")"');
      comments.push(rest.slice(index + 1, close));
      index = close;
    } else if (char === ';' && options.semicolonComments) {
      comments.push(rest.slice(index + 1));
      break;
    } else {
      code += char;
    }
  }
  const words: Word[] = [];
  let position = 0;
  while (position < code.length) {
    if (/\s/.test(code[position]!)) {
      position += 1;
      continue;
    }
    wordPattern.lastIndex = position;
    const match = wordPattern.exec(code);
    if (!match)
      throw new LexError(`"${code.slice(position, position + 12).trim()}" is not a G-code word`);
    words.push({ letter: match[1]!.toUpperCase(), value: Number(match[2]) });
    position = wordPattern.lastIndex;
  }
  return { line, words, comments, tapeMark: false };
}
