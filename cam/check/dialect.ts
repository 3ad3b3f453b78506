/**
 * The dialect of a program written elsewhere, told from its own text (issue 35, Check Program):
 * each controller family writes marks no other writes. Haas and Fanuc (and LinuxCNC, for most
 * programs) read alike: where the text has no mark of its own, the machine's controller decides.
 *
 * Marks, from the controllers' programming manuals:
 * - Heidenhain TNC (Klartext): `BEGIN PGM … MM`, `TOOL CALL`, `L X… FMAX`.
 * - Siemens Sinumerik: `;` comments, `CYCLE8x(`, `LIMS=`, `SUPA`, `G500`, `T1 D1`, `M17`/`MSG(`.
 * - Okuma OSP: `G15 H…` work offsets, `G56 H…` length offsets, a lathe's six-digit T words
 *   (T010101), `M02` as the end.
 * - LinuxCNC: `o100 sub` O-word subroutines, `#<name>` parameters, `G64 P`.
 * - ISO EDM (Mitsubishi, Sodick): `E` condition numbers and `H` offsets with G40-G42 on a wire.
 */
import type { Dialect } from '../gcode/events.ts';

/** A dialect's marks: any one names it. */
const marks: [Dialect, RegExp][] = [
  ['heidenhain', /^\s*\d*\s*BEGIN PGM\b|^\s*\d+\s+(TOOL CALL|L [XYZ].*FMAX|CYCL DEF)\b/m],
  ['sinumerik', /\bCYCLE\d{2,3}\s*\(|\bLIMS=|\bSUPA\b|\bG500\b|^\s*T\d+\s+D\d+\b|\bMSG\s*\(/m],
  ['okuma', /\bG15\s*H\d|\bG56\s*H\d|^\s*T\d{6}\b/m],
  ['linuxcnc', /^\s*o<?\w+>?\s+(sub|call|if|while)\b|#<\w+>|\bG64\s*P/im],
  ['iso-edm', /^\s*E\d{3,}\b|\bC\d{3}\b.*\bE\d+/m],
];

/**
 * The dialect a program is written in.
 * @param text - the whole program
 * @param machineDialect - the dialect of the machine it is checked on (its controller's)
 * @returns the dialect of the first family whose mark the text has, else the machine's
 */
export function detectDialect(text: string, machineDialect: Dialect): Dialect {
  // Comments carry no marks: "(T1 D1 …)" in a Fanuc header is not Sinumerik.
  const code = text
    .replace(/\([^)\n]*\)/g, '')
    .replace(/;.*$/gm, (comment) => (machineDialect === 'heidenhain' ? comment : ''));
  for (const [dialect, mark] of marks) if (mark.test(code)) return dialect;
  return machineDialect;
}
