/**
 * Split one line of G-code into words: a letter and a number each, comments removed.
 * Parenthesised comments and, for LinuxCNC, ";" comments; "%" tape marks; "/" block delete.
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

const wordPattern = /([A-Za-z])\s*([+-]?(?:\d+\.?\d*|\.\d+))/y;

/**
 * Read one line.
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
