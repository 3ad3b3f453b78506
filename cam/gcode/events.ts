/**
 * What the G-code interpreter reports, for every machine kind and dialect this product writes.
 *
 * Positions are work coordinates in mm (a program in G20 is converted). Lathes: X is a
 * diameter, Y is always 0. Mills, wire and sinker EDM: X, Y, Z as programmed (the wire's
 * programmed path is the path before its offset; the offset is reported beside it).
 * Canned cycles (G73/G81–G89, G76 boring and lathe threading, Sinumerik CYCLE8x) are expanded
 * into their moves; each expanded move names its cycle in `cycle`.
 */

/** G-code dialects (db/seed/catalog.json controller models). */
export type Dialect =
  'linuxcnc' | 'fanuc' | 'haas' | 'sinumerik' | 'okuma' | 'heidenhain' | 'iso-edm';

export type MachineKind = 'lathe' | 'mill' | 'wire' | 'sinker';

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface SpindleState {
  turning: 'cw' | 'ccw' | 'off';
  mode: 'css' | 'rpm';
  /** m/min under CSS, rpm otherwise. */
  speed: number;
  /** CSS spindle limit, rpm, when set (G50 S, G96 D, LIMS=). */
  maxRpm: number | null;
}

export interface MotionEvent {
  type: 'motion';
  /** 1-based line of the block. */
  line: number;
  kind: 'rapid' | 'feed' | 'arc';
  /** null when the move starts from home (an unknown position). */
  from: Point3 | null;
  to: Point3;
  /** Arcs: centre (lathe X as a diameter), direction and plane. */
  arc?: { center: Point3; clockwise: boolean; plane: 'XY' | 'XZ' | 'YZ' };
  tool: number | null;
  spindle: SpindleState;
  /** mm/min for 'per-min', mm/rev for 'per-rev'. */
  feed: number;
  feedMode: 'per-rev' | 'per-min';
  coolant: boolean;
  /** The canned cycle this move belongs to: 'G81', 'G83', 'G84', 'G85', 'G76', 'CYCLE83'… */
  cycle?: string;
  /** Synchronised spindle motion (threading G32/G33/G76, tapping): the lead per revolution, mm. */
  leadMm?: number;
  /** Tool radius compensation in force (G41 left / G42 right) and its offset register. */
  compensation?: { side: 'left' | 'right'; register: number } | null;
  /** Tool length offset register in force (G43 H), mills only. */
  lengthOffset?: number | null;
  /** EDM machining condition in force (`E101`…), iso-edm only; null before the first. */
  condition?: number | null;
  /**
   * Work coordinate system in force: 54 (G54, the power-on default) to 59 (G59); Okuma's
   * "G15 H<n>" as 53 + n (system 1 as 54, system 2 as 55). Positions are
   * in that system's coordinates: a lathe program's second setup runs under G55, with its own
   * zero on the turned-around part.
   */
  workOffset?: number;
}

export type InterpreterEvent =
  | MotionEvent
  | { type: 'tool'; line: number; tool: number }
  | { type: 'home'; line: number }
  | { type: 'dwell'; line: number; seconds: number }
  /** M0/M1: the operator acts (threads the wire, removes a slug). */
  | { type: 'stop'; line: number; optional: boolean; comment?: string }
  | { type: 'error'; line: number; message: string }
  /** A work offset selected (G54–G59; Okuma G15 H; Klartext CYCL DEF 247), as MotionEvent's. */
  | { type: 'workOffset'; line: number; workOffset: number }
  /**
   * The program's end (M30, M2; Klartext END PGM). `left`: what is still on at the end, when
   * anything is (the spindle turning, coolant on): a program stops both before its end.
   */
  | { type: 'end'; line: number; left?: ('spindle' | 'coolant')[] };

export interface InterpretOptions {
  dialect: Dialect;
  machine: MachineKind;
  /**
   * Work coordinates of the reference (home) position per axis, when the caller knows them.
   * After a home (G28, G53, SUPA) an axis is unknown until programmed; a move that does not name
   * it reports this value in `to` (else the axis's last programmed value) and `from: null`.
   */
  home?: Partial<Point3>;
}

/**
 * The end event of a program ending at `line` with this spindle and coolant: what is still on is
 * named in `left`, which is absent when both are off.
 */
export function endEvent(
  line: number,
  spindle: SpindleState,
  coolant: boolean,
): Extract<InterpreterEvent, { type: 'end' }> {
  const left: ('spindle' | 'coolant')[] = [];
  if (spindle.turning !== 'off') left.push('spindle');
  if (coolant) left.push('coolant');
  return left.length > 0 ? { type: 'end', line, left } : { type: 'end', line };
}
