/**
 * Fanuc lathe dialect (G-code system A, as on the 0i-TF Plus): program number O, feed per
 * revolution G99, spindle speed limit "G50 S<max rpm>" before constant surface speed
 * "G96 S<m/min>", tool and offset together as "T0101", reference return "G28 U0. W0.", and
 * decimal points on every coordinate. Per the Fanuc Series 0i-TF Plus operator's manual
 * (lathe system), G-code system A. A second setup (the part turned around) starts with M00 and
 * runs under G55. The Haas variant differs only where Haas NGC lathes do.
 */
import type { TapCycle, ThreadCycle } from '../../lathe/program.ts';
import { commentText, formatNumber } from '../common.ts';
import { lathePost } from './common.ts';
import type { LatheFlavour } from './common.ts';

const coordinate = (value: number) => formatNumber(value, 3, true);

/** What differs between the Fanuc-style lathe controls (Fanuc, Haas NGC). */
export interface FanucStyle {
  dialect: 'fanuc' | 'haas';
  label: string;
  programNumber: (number: number) => string;
  toolCall: (tool: number) => string;
  /** Lines that send the turret home before a tool change and at the end. */
  home: string[];
  /** The threading cycle, from the drive line and start Z; the tool ends there again. */
  thread: (cycle: ThreadCycle) => string[];
  /** The tapping cycle from (0, start Z), back there, and its cancel. */
  tap: (cycle: TapCycle) => string[];
}

/** Radial first cut of a cycle, mm. */
const firstCut = (cycle: ThreadCycle) => cycle.passDepthsMm[0]!;
const microns = (mm: number) => String(Math.round(mm * 1000));

/**
 * Fanuc two-block G76 (0i-TF Plus, G-code system A, "Multiple threading cycle"):
 * "G76 P<m><r><a> Q<Δd min µm> R<finishing allowance mm>" with m finishing repetitions (the
 * finishing cut and the spring passes), r chamfer (00), a tool angle; then
 * "G76 X<root> Z<end> R<taper> P<thread height µm> Q<first cut µm> F<lead>". Depths are radial.
 * Pass n cuts to Δd·√n (constant chip area) along the flank; the tool returns to the start.
 */
export function fanucThreadLines(cycle: ThreadCycle): string[] {
  const m = String(1 + cycle.springPasses).padStart(2, '0');
  const a = String(cycle.profileAngleDeg).padStart(2, '0');
  return [
    `G76 P${m}00${a} Q${microns(0.05)} R${formatNumber(0.05, 3, true)}`,
    `G76 X${coordinate(cycle.rootMm)} Z${coordinate(cycle.endZ)} R0. P${microns(cycle.depthMm)} Q${microns(firstCut(cycle))} F${formatNumber(cycle.leadMm, 4, true)}`,
  ];
}

/**
 * Haas one-block G76 (Haas lathe operator's manual, NGC, "G76 Threading Cycle, Multiple
 * Pass"): "G76 X<root> Z<end> K<thread height> D<first cut> F<lead> A<tool angle>", K and D
 * radial in mm; the default cutting method (P1) keeps the chip area constant and infeeds along
 * the flank (A/2); the tool returns to the start.
 */
export function haasThreadLines(cycle: ThreadCycle): string[] {
  return [
    `G76 X${coordinate(cycle.rootMm)} Z${coordinate(cycle.endZ)} K${formatNumber(cycle.depthMm, 3, true)} D${formatNumber(firstCut(cycle), 3, true)} F${formatNumber(cycle.leadMm, 4, true)} A${cycle.profileAngleDeg}`,
  ];
}

/**
 * Fanuc rigid tapping on the axis (0i-TF Plus operator's manual, lathe system, "Rigid tapping"
 * and "Canned cycle for drilling", G-code system A): "M29 S<rpm>" puts the spindle in rigid
 * mode, then the face tapping cycle "G84 Z<depth> R<R point> F<lead>" (G99: F is the lead per
 * revolution) taps from the R point to Z, reverses and comes back. R is the distance from the
 * initial level to the R point: the tool waits at the start Z, so R0. G80 cancels the cycle.
 */
export function fanucTapLines(cycle: TapCycle): string[] {
  return [
    `M29 S${Math.round(cycle.rpm)}`,
    `G84 Z${coordinate(cycle.depthZ)} R0. F${formatNumber(cycle.pitchMm, 4, true)}`,
    'G80',
  ];
}

/**
 * Haas lathe tapping (Haas lathe operator's manual, NGC, "G84 Tapping Canned Cycle"): rigid
 * tapping is how the Haas lathe taps, without M29; "G84 Z<depth> R<R plane> F<lead>" with R the
 * R plane's Z (the start Z) and F the lead per revolution under G99; G80 cancels it.
 */
export function haasTapLines(cycle: TapCycle): string[] {
  return [
    `G84 Z${coordinate(cycle.depthZ)} R${coordinate(cycle.startZ)} F${formatNumber(cycle.pitchMm, 4, true)}`,
    'G80',
  ];
}

/** The flavour of a Fanuc-style lathe control. */
export function fanucStyleFlavour(style: FanucStyle): LatheFlavour {
  return {
    dialect: style.dialect,
    label: style.label,
    keepPoint: true,
    comment: (text) => `(${commentText(text, true)})`,
    start: (header, options) => [
      '%',
      `${style.programNumber(options.programNumber)} (${commentText(header.partName, true).slice(0, 30)})`,
    ],
    // The work offset is selected in every program: G54 is the power-on default only until a
    // program (this one's second setup, or another program) selects G55, and a reset keeps it.
    setup: () => ['G21 G18 G40 G80 G99', 'G54', ...style.home],
    toolChange: (tool) => [style.toolCall(tool)],
    spindle: (spindle) =>
      spindle.mode === 'css'
        ? [`G50 S${Math.round(spindle.maxRpm)}`, `G96 S${Math.round(spindle.surfaceSpeed)} M03`]
        : [`G97 S${Math.round(spindle.rpm)} M03`],
    motion: { rapid: 'G00', feed: 'G01' },
    arc: { clockwise: 'G02', counterClockwise: 'G03', centre: 'IK' },
    coolant: { on: 'M08', off: 'M09', onFirstMove: true },
    thread: (cycle) => style.thread(cycle),
    tap: (cycle) => style.tap(cycle),
    motionAfterThread: () => '',
    operationEnd: ['M05', ...style.home],
    end: () => ['M30', '%'],
    // M00 program stop, then the second workpiece coordinate system G55 (0i-TF Plus "Program
    // stop (M00)", "Workpiece coordinate system selection (G54–G59)"; Haas lathe manual
    // "M00 Stop Program", "G54-G59 Select Work Coordinate System"). The turret is already home.
    turnAround: () => ['M00', 'G55'],
    stop: 'M00',
  };
}

export const fanucPost = lathePost(
  fanucStyleFlavour({
    dialect: 'fanuc',
    label: 'Fanuc',
    programNumber: (number) => `O${String(number).padStart(4, '0')}`,
    toolCall: (tool) => `T${String(tool).padStart(2, '0')}${String(tool).padStart(2, '0')}`,
    home: ['G28 U0. W0.'],
    thread: fanucThreadLines,
    tap: fanucTapLines,
  }),
);
