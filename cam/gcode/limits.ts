/**
 * What each controller takes of a program line before it reads any word of it: the longest
 * line, the characters it can read (ASCII: several controls stop at any other byte), and the
 * program number it stores the program under. The interpreter (cam/gcode/interpreter.ts)
 * checks every line against its dialect's limits, so a program that breaks one fails the
 * verifier's first check ("Every line is G-code the controller runs") and is never offered.
 *
 * Sources: LinuxCNC rs274ngc `LINELEN` 255 (src/emc/rs274ngc/interp_internal.hh; "Command too
 * long" at 255 characters or more); Fanuc Series 0i-F Plus operator's manual, "Program number"
 * (O1 to O9999, four digits; eight-digit numbers are an option) and "Tape code" (ISO 840 / EIA
 * RS-244 characters only); Haas NGC mill and lathe operator's manuals, "Program numbers"
 * (O00001 to O99999); SINUMERIK 840D sl / 828D Programming Manual "Fundamentals", "Block
 * format" (a block of at most 512 characters, comment and end of block included); Okuma
 * OSP-P200L / OSP-P300L Programming Manual (Pub. No. 5238-E), section 1 "Program format": a block
 * of at most 158 characters, and the program name "O" with up to four characters (this product
 * writes four digits, O0001 to O9999; the manual's alphanumeric names are not read here), the same
 * rules taken for the OSP-P300M (docs/decisions/106-okuma-osp.md); HEIDENHAIN TNC 640 User's
 * Manual HEIDENHAIN Conversational Programming (34059x-05, 1/2015) and TNC 620 User's Manual,
 * "File names" (program names of the POSIX portable characters A–Z, a–z, 0–9, _ and -, the last
 * '.' starting the extension; path and name together at most 255 characters; names over 24
 * characters not shown whole). For the Fanuc, Haas, Heidenhain and ISO EDM controls no maker's
 * line length is held here (the TNC manuals give none for an NC block): their lines are held to
 * the posts' own MAX_LINE_LENGTH (cam/post/common.ts), 250 characters.
 */
import type { Dialect } from './events.ts';

export interface ControllerLimits {
  /** The longest line the control reads, characters (the line break not counted). */
  maxLineLength: number;
  /** The program numbers it stores programs under (the O word), when it numbers them. */
  programNumbers?: { min: number; max: number };
  /**
   * The program names it stores programs under, when it names them inside the file
   * (Heidenhain BEGIN PGM): the characters allowed, the longest name it takes, and the longest
   * it shows whole (the length the posts write).
   */
  programNames?: { pattern: RegExp; maxLength: number; shownLength: number };
}

const limits: Record<Dialect, ControllerLimits> = {
  linuxcnc: { maxLineLength: 254 },
  fanuc: { maxLineLength: 250, programNumbers: { min: 1, max: 9999 } },
  haas: { maxLineLength: 250, programNumbers: { min: 1, max: 99999 } },
  sinumerik: { maxLineLength: 511 },
  okuma: { maxLineLength: 158, programNumbers: { min: 1, max: 9999 } },
  heidenhain: {
    maxLineLength: 250,
    // 255 characters of path and name, less the extension '.h' and a drive and folder 'TNC:\'.
    programNames: { pattern: /^[A-Za-z0-9_-]+$/, maxLength: 248, shownLength: 24 },
  },
  'iso-edm': { maxLineLength: 250 },
};

/** The limits of a dialect's controls (see the module comment for their sources). */
export const controllerLimits = (dialect: Dialect): ControllerLimits => limits[dialect];

/** The first character outside printable ASCII, tab and the line end ('\r'). */
const FOREIGN = /[^\x20-\x7E\t\r]/;

/**
 * What breaks the dialect's limits in one line, before its words are read: a line too long, a
 * character the control cannot read, a program number out of range. Undefined when it fits.
 * @param text - one program line without its line break
 */
export function lineOverLimits(text: string, dialect: Dialect): string | undefined {
  const { maxLineLength, programNumbers } = limits[dialect];
  if (text.length > maxLineLength)
    return `a line of ${text.length} characters: the ${dialect} control reads at most ${maxLineLength}`;
  const foreign = FOREIGN.exec(text);
  if (foreign)
    return `the character "${foreign[0]}" (U+${foreign[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}), which the control cannot read: programs are ASCII`;
  if (programNumbers && /^\s*O/i.test(text)) {
    const number = /^\s*O\s*(\d+)/i.exec(text);
    const value = number ? Number(number[1]) : NaN;
    if (!(value >= programNumbers.min && value <= programNumbers.max))
      return `program number ${number ? `O${number[1]}` : 'O without a number'}: the ${dialect} control takes O${programNumbers.min} to O${programNumbers.max}`;
  }
  return undefined;
}
