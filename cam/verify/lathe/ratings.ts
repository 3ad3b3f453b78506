/**
 * Each piece of a lathe cut judged by what it removed from the bar (cam/lathe/stock-model.ts):
 * its depth of cut, feed, reach and chip thickness against its tool's ratings
 * (cam/lathe/cutters.ts), and its cutting power against 80 % of the machine's spindle power
 * (cam/process.ts); and the spindle speed a move turns at, under the machine's top speed.
 *
 * Sources: turning chip thickness and power, cam/process.ts (Sandvik Coromant's formulas);
 * drilling: Pc = f · vc · Dc · kc / 240 000 kW (Sandvik Coromant, drilling), chip
 * h = f/2 · sin 59° (a 118° point). Units: mm, mm/rev, m/min, rpm, kW; half-section points
 * (x = Z, y = radius).
 */
import type { MotionEvent } from '../../gcode/events.ts';
import { boundsOf } from '../../geometry/polygon.ts';
import type { Point2 } from '../../geometry/polygon.ts';
import type { CutterRating, LatheCutter } from '../../lathe/cutters.ts';
import type { Removal } from '../../lathe/stock-model.ts';
import {
  minChipThicknessMm,
  powerShare,
  specificCuttingForce,
  turningChipThickness,
  turningPowerKw,
} from '../../process.ts';
import type { CuttingForce } from '../../process.ts';
import { round } from '../report.ts';
import type { Fail } from './checks.ts';
import type { LatheVerificationInput, VerificationTool } from './input.ts';
import type { LatheTally } from './operations.ts';

type Machine = NonNullable<LatheVerificationInput['machine']>;

/** What a cut is judged with: the machine, the material's cutting force, where problems go. */
export interface CutJudge {
  machine: Machine;
  force: CuttingForce;
  fail: Fail;
}

/** One piece of a cut, as its tool's rules read it. */
interface Piece {
  line: number;
  label: string;
  rating: CutterRating | undefined;
  /** Feed, mm/rev. */
  f: number;
  /** Surface speed, m/min. */
  vc: number;
  /** The piece moves more across the axis than along it. */
  plunge: boolean;
}

/** What a piece's tool rules give: its depth of cut (mm), chip (mm) and power (kW). */
interface Judged {
  depth: number;
  chip: number;
  powerKw: number;
}

/**
 * Spindle speed, rpm, at a diameter under the event's spindle state and the machine's cap.
 * @param diameterMm - the diameter the tool is at (constant surface speed), mm
 */
export function rpmAt(event: MotionEvent, diameterMm: number, machine: Machine): number {
  const cap = Math.min(event.spindle.maxRpm ?? Infinity, machine.maxRpm ?? Infinity);
  if (event.spindle.mode === 'rpm') return Math.max(1, Math.min(event.spindle.speed, cap));
  const wanted = (1000 * event.spindle.speed) / (Math.PI * Math.max(Math.abs(diameterMm), 0.1));
  return Math.max(1, Math.min(wanted, cap === Infinity ? 10_000 : cap));
}

/** Turning and boring: the rated depth of cut when roughing, the feed its nose radius takes. */
function judgeTurning(
  judge: CutJudge,
  piece: Piece,
  depth: number,
  cutter: LatheCutter | undefined,
  tally: LatheTally | undefined,
): Judged {
  const { line, label, rating, f, vc } = piece;
  const nose = cutter?.insert?.noseRadiusMm ?? 0;
  const chip = turningChipThickness(f, cutter?.enteringAngleDeg ?? 90, depth, nose);
  const rough = tally?.role === 'rough' || tally?.role === 'face' || tally?.role === 'rough-bore';
  if (rough && rating?.maxDepthOfCutMm !== undefined && depth > rating.maxDepthOfCutMm + 0.01)
    judge.fail(
      'ratings',
      `line ${line}: ${label} takes ${round(depth)} mm, more than its ${rating.maxDepthOfCutMm} mm rated depth of cut (${rating.source})`,
    );
  if (rating?.maxFeedPerRevMm !== undefined && f > rating.maxFeedPerRevMm + 1e-6)
    judge.fail(
      'ratings',
      `line ${line}: ${label} feeds ${round(f)} mm/rev, more than the ${rating.maxFeedPerRevMm} mm/rev its nose radius takes`,
    );
  const powerKw = turningPowerKw(judge.force, {
    surfaceSpeed: vc,
    depthOfCutMm: depth,
    feedPerRevMm: f,
    chipThicknessMm: chip,
  });
  return { depth, chip, powerKw };
}

/** Grooving and parting blades: their reach when plunging, 0.8 and 0.075 × width sideways. */
function judgeBlade(
  judge: CutJudge,
  piece: Piece,
  depth: number,
  width: number,
  removal: Removal,
): Judged {
  const { line, label, rating, f, vc } = piece;
  const chip = f;
  const kc = specificCuttingForce(judge.force, f);
  if (piece.plunge) {
    if (rating?.reachMm !== undefined && removal.radialMm > rating.reachMm + 0.01)
      judge.fail(
        'ratings',
        `line ${line}: ${label} cuts ${round(removal.radialMm)} mm deep, beyond its ${rating.reachMm} mm reach`,
      );
    if (rating?.maxPlungeFeedMm !== undefined && f > rating.maxPlungeFeedMm + 1e-6)
      judge.fail(
        'ratings',
        `line ${line}: ${label} plunges at ${round(f)} mm/rev, more than the ${rating.maxPlungeFeedMm} mm/rev a blade ${width} mm wide takes`,
      );
    return { depth: removal.radialMm, chip, powerKw: (vc * width * f * kc) / 60_000 };
  }
  if (rating?.maxDepthOfCutMm !== undefined && depth > rating.maxDepthOfCutMm + 0.01)
    judge.fail(
      'ratings',
      `line ${line}: ${label} turns sideways ${round(depth)} mm deep, more than ${rating.maxDepthOfCutMm} mm (0.8 × its width)`,
    );
  if (rating?.maxFeedPerRevMm !== undefined && f > rating.maxFeedPerRevMm + 1e-6)
    judge.fail(
      'ratings',
      `line ${line}: ${label} feeds sideways at ${round(f)} mm/rev, more than ${rating.maxFeedPerRevMm} mm/rev (0.075 × its width)`,
    );
  return { depth, chip, powerKw: (vc * depth * f * kc) / 60_000 };
}

/** Drills and centre drills: their flute length, and the drilling power. */
function judgeDrill(
  judge: CutJudge,
  piece: Piece,
  event: MotionEvent,
  drillDiameter: number,
  a: Point2,
  b: Point2,
): Judged {
  const { line, label, rating, f } = piece;
  const depth = drillDiameter / 2;
  const chip = (f / 2) * Math.sin((59 * Math.PI) / 180);
  const reach = rating?.reachMm;
  if (reach !== undefined && -Math.min(a.x, b.x) > reach + 0.01)
    judge.fail(
      'ratings',
      `line ${line}: ${label} drills to Z${round(Math.min(a.x, b.x))}, deeper than its ${reach} mm flute length`,
    );
  if (rating?.maxFeedPerRevMm !== undefined && f > rating.maxFeedPerRevMm + 1e-6)
    judge.fail(
      'ratings',
      `line ${line}: ${label} drills at ${round(f)} mm/rev, more than the ${rating.maxFeedPerRevMm} mm/rev it takes`,
    );
  const drillVc = (Math.PI * drillDiameter * rpmAt(event, drillDiameter, judge.machine)) / 1000;
  // Sandvik Coromant, drilling: Pc = f · vc · Dc · kc / 240 000 kW.
  const powerKw = (f * drillVc * drillDiameter * specificCuttingForce(judge.force, chip)) / 240_000;
  return { depth, chip, powerKw };
}

/** Slivers aside, a chip thick enough to cut; the power within 80 % of the spindle's. */
function checkChipAndPower(judge: CutJudge, piece: Piece, judged: Judged): void {
  const { line, label } = piece;
  const { machine } = judge;
  // Slivers (a nose's fillet cleaned by the next pass) are too thin to judge a chip by.
  if (judged.depth >= 0.05 && judged.chip < minChipThicknessMm - 1e-9)
    judge.fail(
      'chips',
      `line ${line}: ${label} cuts a ${round(judged.chip)} mm chip, thinner than ${minChipThicknessMm} mm: the edge rubs instead of cutting`,
    );
  if (
    machine.spindlePowerKw !== undefined &&
    judged.powerKw > powerShare * machine.spindlePowerKw + 1e-6
  )
    judge.fail(
      'power',
      `line ${line}: ${label} needs ${round(judged.powerKw)} kW, more than 80 % of ${machine.name ?? 'the machine'}'s ${machine.spindlePowerKw} kW spindle`,
    );
}

/**
 * One piece of a cut from `a` to `b`: its time and what it removed go to its operation, and,
 * when it removed material, it is judged by its tool's rules and added to the operation's
 * largest depth, chip and power.
 * @param removal - what the piece removed from the bar (LatheStock.cut)
 */
export function measureCut(
  judge: CutJudge,
  event: MotionEvent,
  tool: VerificationTool | undefined,
  a: Point2,
  b: Point2,
  removal: Removal,
  tally: LatheTally | undefined,
): void {
  const cutter = tool?.cutter;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  // The largest diameter of the material cut sets the surface speed the power is judged at.
  const diameter = 2 * (removal.areaMm2 > 0 ? boundsOf(removal.region).maxY : Math.max(a.y, b.y));
  const rpm = rpmAt(event, 2 * ((a.y + b.y) / 2), judge.machine);
  const f = event.feed;
  if (tally && f > 0) tally.cuttingMinutes += length / (f * rpm);
  if (removal.areaMm2 === 0 || !tool) return;
  if (tally) {
    tally.removedMm3 += removal.volumeMm3;
    if (tally.role === 'finish' || tally.role === 'finish-bore')
      tally.removed.push(...removal.region);
  }
  const piece: Piece = {
    line: event.line,
    label: cutter?.label ?? `T${tool.number}`,
    rating: cutter?.rating,
    f,
    vc: Math.min(
      event.spindle.mode === 'css' ? event.spindle.speed : Infinity,
      (Math.PI * diameter * rpmAt(event, diameter, judge.machine)) / 1000,
    ),
    plunge: Math.abs(b.y - a.y) > Math.abs(b.x - a.x),
  };
  // The depth of cut is the thickness of what the move removes (cam/lathe/stock-model.ts).
  const depth = removal.thicknessMm;
  let judged: Judged = { depth, chip: f, powerKw: 0 };
  switch (tool.kind) {
    case 'turning':
    case 'boring':
      judged = judgeTurning(judge, piece, depth, cutter, tally);
      break;
    case 'grooving':
    case 'parting':
      judged = judgeBlade(judge, piece, depth, tool.widthMm ?? cutter?.widthMm ?? 0, removal);
      break;
    case 'drill':
    case 'centreDrill':
      judged = judgeDrill(
        judge,
        piece,
        event,
        tool.diameterMm ?? cutter?.diameterMm ?? 2 * removal.radialMm,
        a,
        b,
      );
      break;
    default:
      break;
  }
  checkChipAndPower(judge, piece, judged);
  if (tally) {
    tally.maxDepthMm = Math.max(tally.maxDepthMm, judged.depth);
    tally.maxChipMm = Math.max(tally.maxChipMm, judged.chip);
    tally.maxPowerKw = Math.max(tally.maxPowerKw, judged.powerKw);
  }
}
