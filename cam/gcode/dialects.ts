/**
 * Which G and M codes and which word letters each dialect and machine kind accepts: the codes
 * and letters the post-processors of this product write (docs/decisions/013-cam-depth.md, "What
 * each dialect writes"), checked block by block by the interpreter (cam/gcode/interpreter.ts).
 * A code or letter missing here is reported as an error event naming the dialect.
 *
 * Sources: LinuxCNC G-code and M-code references (RS274/NGC); Fanuc Series 0i-MF Plus and
 * 0i-TF Plus operator's manuals (G-code system A on lathes); Haas mill and lathe operator's
 * manuals (NGC); SINUMERIK 840D sl / 828D Programming Manual "Fundamentals"; Okuma OSP-P200L /
 * OSP-P300L Programming Manual (Pub. No. 5238-E, sections 4 "Preparatory functions", 6 "Offset
 * function", 7 "Fixed cycles") and the OSP-P300M Programming Manual (docs/decisions/106-okuma-osp.md);
 * ISO 6983-1 for the EDM controls (Fanuc-style wire and sinker controls).
 *
 * The dialects of each machine kind are named here too ({@link LatheDialect},
 * {@link MillDialect}, {@link EdmDialect}), for the post-processors that write them
 * (cam/post/) and the verifiers that read them (cam/verify/).
 */
import type { Dialect, MachineKind } from './events.ts';
import { letter, letterBit } from './lexer.ts';

/**
 * The controller dialects lathe programs are written in: every dialect but the EDM one and
 * Heidenhain's (the catalog's Heidenhain controls, TNC 620 and TNC 640, run mills).
 */
export type LatheDialect = Exclude<Dialect, 'iso-edm' | 'heidenhain'>;

/** The controller dialects mill programs are written in: every dialect but the EDM one. */
export type MillDialect = Exclude<Dialect, 'iso-edm'>;

/** The dialect wire and sinker EDM programs are written in: ISO, Fanuc-style EDM controls. */
export type EdmDialect = Extract<Dialect, 'iso-edm'>;

/** The codes and letters one dialect writes for one machine kind. */
export interface CodeTable {
  /** G codes (G54–G59 work offsets included). */
  g: Set<number>;
  /** M codes. */
  m: Set<number>;
  /** {@link letterBit} of every letter that may carry a value, G and M included. */
  letters: number;
}

/** Work offsets G54–G59, accepted by every dialect. */
const offsets = [54, 55, 56, 57, 58, 59];
const millG = [0, 1, 2, 3, 4, 17, 18, 19, 20, 21, 28, 30, 40, 41, 42, 43, 49, 53, 61, 64, 73, 80];
const drillG = [81, 82, 83, 84, 85, 86, 89, 90, 91, 92, 94, 95, 98, 99];
const sinumerikG = [0, 1, 2, 3, 4, 9, 17, 18, 19, 40, 41, 42, 53, 60, 64, 70, 71, 90, 91, 94, 95];
/** The letter mask of a list of letters written as one word, e.g. "GMXYZ". */
const mask = (letters: string) => {
  let bits = 0;
  for (const name of letters) bits |= letterBit(letter[name as keyof typeof letter]);
  return bits;
};
const table = (g: number[], m: number[], letters: string, workOffsets = offsets): CodeTable => ({
  g: new Set([...g, ...workOffsets]),
  m: new Set(m),
  letters: mask(letters),
});
const m0to9 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30];

/**
 * Okuma OSP-P300M (OSP-P300M Programming Manual; cross-checked against public OSP-P300 mill
 * posts): work coordinate system G15 H, tool length offset G56 H, canned cycles G73/G76/G81–G89
 * with the return level G71 Z and M53 (return to it), no G54–G59, G28, G43 or G98/G99; G30 P
 * home position return; M02 program end.
 */
const okumaMill = (): CodeTable =>
  table(
    [
      0, 1, 2, 3, 4, 15, 17, 18, 19, 21, 30, 40, 56, 71, 80, 90, 91, 94, 73, 76, 81, 82, 83, 84,
    ].concat([85, 86, 89]),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30, 53],
    'GMNOTSFXYZIJKRPQH',
    [],
  );

/** Mills: LinuxCNC, Fanuc and Haas (G76 fine boring, Fanuc M29 rigid tapping), Sinumerik, Okuma. */
const mill = (dialect: Dialect): CodeTable =>
  dialect === 'okuma'
    ? okumaMill()
    : dialect === 'sinumerik'
      ? table(sinumerikG, m0to9, 'GMNTSFXYZIJKD')
      : table(
          dialect === 'linuxcnc' ? [...millG, ...drillG] : [...millG, ...drillG, 76],
          dialect === 'fanuc' ? [...m0to9, 29] : m0to9,
          dialect === 'linuxcnc' ? 'GMNTSFXYZIJKRPQLHD' : 'GMNOTSFXYZIJKRPQLHD',
        );

const fanucLatheG = [
  0, 1, 2, 3, 4, 18, 20, 21, 28, 32, 40, 41, 42, 50, 53, 76, 80, 84, 90, 91, 96, 97, 98, 99,
];

/**
 * Lathes: LinuxCNC (G7/G8, G33, G33.1 rigid tapping, G76), Fanuc and Haas (system A, U/W, G84
 * tapping, Fanuc M29 rigid), Sinumerik (G33; G17 around CYCLE84 tapping on the axis).
 */
const lathe = (dialect: Dialect): CodeTable => {
  switch (dialect) {
    case 'linuxcnc':
      return table(
        [
          0, 1, 2, 3, 4, 7, 8, 17, 18, 19, 20, 21, 28, 30, 33, 33.1, 40, 41, 42, 43, 49, 53, 61, 64,
          76,
        ].concat([80, 90, 91, 94, 95, 96, 97]),
        m0to9,
        'GMNTSFXZIKRPDQJHEL',
      );
    case 'fanuc':
      return table(fanucLatheG, [0, 1, 2, 3, 4, 5, 8, 9, 29, 30], 'GMNOTSFXZUWIKRPQ');
    case 'haas':
      return table(fanucLatheG, [0, 1, 2, 3, 4, 5, 8, 9, 30], 'GMNOTSFXZUWIKRPQDA');
    case 'okuma':
      // OSP-P300L: G15 H work coordinate system, G33 one-pass thread cycle, G77 tapping cycle,
      // G50 S spindle limit, G95 feed per revolution; M22 thread chamfer off; no G54–G59, no U/W
      // (incremental is G91), no G98/G99, G28, G76 or G84 (which are other functions there).
      return table(
        [0, 1, 2, 3, 4, 15, 18, 33, 40, 41, 42, 50, 77, 90, 91, 94, 95, 96, 97],
        [0, 1, 2, 3, 4, 5, 8, 9, 22, 30],
        'GMNOTSFXZIKH',
        [],
      );
    default:
      return table(
        [0, 1, 2, 3, 4, 9, 17, 18, 33, 40, 41, 42, 53, 60, 64, 70, 71, 90, 91, 94, 95, 96, 97],
        [0, 1, 2, 3, 4, 5, 7, 8, 9, 30],
        'GMNTSFXZIKD',
      );
  }
};

/** Wire and sinker EDM (iso-edm): G92 start point, E conditions, no spindle or coolant M codes. */
const edm = (machine: MachineKind): CodeTable =>
  machine === 'wire'
    ? table([0, 1, 2, 3, 4, 17, 20, 21, 40, 41, 42, 90, 91, 92], [0, 1, 2, 30], 'GMNOFXYZIJRDPE')
    : table(
        [0, 1, 2, 3, 4, 17, 18, 19, 20, 21, 40, 41, 42, 90, 91, 92],
        [0, 1, 2, 30],
        'GMNOFXYZIJKRDPE',
      );

/**
 * The codes and letters of a dialect on a machine kind.
 * @param dialect - the controller dialect
 * @param machine - the machine kind
 * @returns a new table (G and M codes as numbers, letters as a {@link letterBit} mask)
 * @throws RangeError for a pair this product does not write: iso-edm is for wire and sinker EDM
 *   only, the other dialects for lathes and mills; and for heidenhain (Klartext, not G-code)
 */
export function codeTable(dialect: Dialect, machine: MachineKind): CodeTable {
  if ((dialect === 'iso-edm') !== (machine === 'wire' || machine === 'sinker'))
    throw new RangeError(`${dialect} is not a dialect this product writes for a ${machine}`);
  if (dialect === 'heidenhain')
    throw new RangeError('Heidenhain Klartext is not G-code: it has no code table');
  if (machine === 'lathe') return lathe(dialect);
  if (machine === 'mill') return mill(dialect);
  return edm(machine);
}
