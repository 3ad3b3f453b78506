/**
 * The lathe verifier's process checks (a failure means the program must not run as it is),
 * each move as it comes: every tool called is selected; tool, spindle and feed are set before
 * cutting (feed per revolution, threading synchronised and at a fixed speed, a speed limit under
 * constant surface speed); every move stays in the working envelope and the spindle within the
 * machine's top speed; no rapid enters the stock; holders and shanks stay clear of it; every cut
 * keeps within its tool's ratings and the machine's power (ratings.ts); each finishing operation
 * takes at most twice the finishing allowance (operations.ts). After the last move: the program
 * ends, changes tools once per operation, and stays within the machine's travels.
 *
 * Each tool's real shape (cam/lathe/cutters.ts) is swept through the bar (cam/lathe/stock-model.ts)
 * as the program moves it; a tool without one is taken as its tip. Units: mm, mm/rev, m/min,
 * rpm, kW. Coordinates: X a diameter, Z from the finished free-end face; the bar's half-section
 * is (x = Z, y = radius).
 */
import { arcPoints, circularArc } from '../../gcode/arcs.ts';
import type { InterpreterEvent, MotionEvent, Point3 } from '../../gcode/events.ts';
import { boundsOf } from '../../geometry/polygon.ts';
import type { Point2, Polygon } from '../../geometry/polygon.ts';
import type { LatheStock } from '../../lathe/stock-model.ts';
import { facingOvershootMm } from '../../lathe/operations.ts';
import { cuttingForces } from '../../process.ts';
import type { OperationReport } from '../../program.ts';
import type { PassCheck, ProgramStats } from '../pass.ts';
import { operationReport, round } from '../report.ts';
import type { Fail } from './checks.ts';
import type { LatheVerificationInput, VerificationTool } from './input.ts';
import { finishOperation, startOperation } from './operations.ts';
import type { LatheTally } from './operations.ts';
import { measureCut, rpmAt } from './ratings.ts';
import type { CutJudge } from './ratings.ts';

/** The half-section point of a machine position. */
export const planar = (point: Point3): Point2 => ({ x: point.z, y: point.x / 2 });

/** A tool taken as its tip only (no cutter model): a small square around it. */
const pointShape: Polygon = [
  { x: -0.001, y: -0.001 },
  { x: 0.001, y: -0.001 },
  { x: 0.001, y: 0.001 },
  { x: -0.001, y: 0.001 },
];

/**
 * Points along a lathe arc in the half-section, both ends included, no chord more than 0.001 mm
 * from the arc: the tool sweeps straight between them, and chords of a nose radius's path cut
 * into the corner it rounds by their sagitta.
 */
function arcPath(from: Point3, to: Point3, arc: NonNullable<MotionEvent['arc']>) {
  const center = planar(arc.center);
  const { radius, start, sweep } = circularArc(planar(from), planar(to), center, arc.clockwise);
  return arcPoints(center, radius, start, sweep, 0.001);
}

/**
 * Tool, spindle and feed before a cut: a tool, a turning spindle, a feed per revolution (or a
 * synchronised lead, then at a fixed speed), a speed limit under constant surface speed.
 */
function checkSetup(event: MotionEvent, synchronised: boolean, fail: Fail): void {
  const { line } = event;
  if (event.tool === null) fail('setup', `line ${line}: cutting with no tool selected`);
  if (event.spindle.turning === 'off')
    fail('setup', `line ${line}: cutting with the spindle stopped`);
  if (!synchronised) {
    if (event.feed <= 0) fail('setup', `line ${line}: cutting with no feed rate`);
    if (event.feedMode !== 'per-rev')
      fail('setup', `line ${line}: feed per minute where feed per revolution is expected`);
  } else if (event.spindle.mode === 'css') {
    fail('setup', `line ${line}: threading under constant surface speed (use G97)`);
  }
  if (event.spindle.mode === 'css' && event.spindle.maxRpm === null) {
    fail('setup', `line ${line}: constant surface speed without a spindle speed limit`);
  }
}

/** The process checks of a lathe program, handed each tool call and move by the pass. */
export class LatheProcess implements PassCheck {
  private readonly tools: Map<number, VerificationTool>;
  private readonly judge: CutJudge;
  private readonly tallies: LatheTally[] = [];
  private tally: LatheTally | undefined;
  /** The spindle speeds already reported over the machine's top speed. */
  private readonly overSpeed = new Set<string>();
  /** Z of the chuck jaws' front face in the setup in force. */
  private chuckFaceZ: number;
  /** The setup in force: 2 once the second setup began (setups.ts). */
  private setup: 1 | 2 = 1;
  /** The operation in progress has moved since its tool call. */
  private moved = false;

  /**
   * @param stock - the bar, which each cut is swept through
   */
  constructor(
    private readonly input: LatheVerificationInput,
    private stock: LatheStock,
    private readonly fail: Fail,
  ) {
    this.chuckFaceZ = input.stock.chuckFaceZ;
    this.tools = new Map(input.tools.map((tool) => [tool.number, tool]));
    this.judge = {
      machine: input.machine ?? {},
      force: cuttingForces[input.material ?? 'alloy'],
      fail,
    };
  }

  /** The selected tool of a move, if it is in the tooling. */
  toolOf(event: MotionEvent): VerificationTool | undefined {
    return event.tool === null ? undefined : this.tools.get(event.tool);
  }

  /**
   * The second setup begins (setups.ts): cuts from here on are swept through `stock`, the part
   * turned around, held with the jaws' face at `chuckFaceZ`.
   */
  beginSecondSetup(stock: LatheStock, chuckFaceZ: number): void {
    this.stock = stock;
    this.chuckFaceZ = chuckFaceZ;
    this.setup = 2;
    // A tool called before the second setup's first move is its; the first setup's last
    // operation, when a move to the change position under G55 comes before the next tool call
    // (LinuxCNC), stays the first setup's, checked against its own surfaces.
    if (this.tally && !this.moved) this.tally.setup = 2;
  }

  /** A tool call: the tool is selected, the operation before it ends and the next starts. */
  tool(event: Extract<InterpreterEvent, { type: 'tool' }>): void {
    if (!this.tools.has(event.tool))
      this.fail('tools', `line ${event.line}: T${event.tool} is not in the selected tooling`);
    finishOperation(this.tally, this.input, this.fail);
    this.tally = startOperation(this.input, this.tallies.length, event.tool, this.setup);
    this.tallies.push(this.tally);
    this.moved = false;
  }

  /** A move: envelope and spindle, then a rapid's path, or a cut's setup, sweep and ratings. */
  move(event: MotionEvent): void {
    this.moved = true;
    const tool = this.toolOf(event);
    this.checkEnvelope(event, tool);
    this.checkSpindle(event);
    if (event.kind === 'rapid') {
      this.checkRapid(event, tool);
      return;
    }
    const lead = event.leadMm;
    const synchronised = lead !== undefined && lead > 0;
    checkSetup(event, synchronised, this.fail);
    if (tool?.kind === 'threading' || tool?.kind === 'tap') {
      this.thread(event, synchronised);
      return;
    }
    if (!event.from) {
      this.fail(
        'setup',
        `line ${event.line}: cutting from an unknown position (straight after a reference return)`,
      );
      return;
    }
    this.cut(event, event.from, tool);
  }

  /** Every move within the working envelope: below the change position, off the chuck face. */
  private checkEnvelope(event: MotionEvent, tool: VerificationTool | undefined): void {
    const { to, line } = event;
    const { input } = this;
    const cutter = tool?.cutter;
    const insideBar =
      tool &&
      (tool.kind === 'drill' ||
        tool.kind === 'centreDrill' ||
        tool.kind === 'boring' ||
        tool.kind === 'tap') &&
      to.x < input.stock.diameterMm;
    // Facing goes past the centre until the insert's lowest edge clears it over the whole depth
    // of the pass (lathe/operations.ts facingOvershootMm): at most over its rated depth.
    const lowestX = cutter?.insert
      ? -2 *
        Math.max(
          cutter.insert.noseRadiusMm + 0.5,
          facingOvershootMm(cutter.shape, cutter.rating.maxDepthOfCutMm ?? 0),
        )
      : -1;
    if (
      to.x < lowestX ||
      to.x > input.envelope.xMax ||
      to.z > input.envelope.zMax ||
      (!insideBar && to.z < this.chuckFaceZ)
    ) {
      this.fail(
        'envelope',
        `line ${line}: X${round(to.x)} Z${round(to.z)} is outside the working envelope (chuck face at Z${round(this.chuckFaceZ)})`,
      );
    }
  }

  /** The spindle within the machine's top speed (each speed reported once). */
  private checkSpindle(event: MotionEvent): void {
    const { machine } = this.judge;
    if (machine.maxRpm === undefined || event.spindle.turning === 'off') return;
    const limit =
      event.spindle.mode === 'rpm' ? event.spindle.speed : (event.spindle.maxRpm ?? Infinity);
    if (limit > machine.maxRpm + 0.5) {
      const text =
        event.spindle.mode === 'rpm'
          ? `${round(limit)} rpm`
          : limit === Infinity
            ? 'constant surface speed with no limit'
            : `a constant surface speed limit of ${round(limit)} rpm`;
      if (!this.overSpeed.has(text)) {
        this.overSpeed.add(text);
        this.fail(
          'spindle',
          machine.maxRpmReason
            ? `line ${event.line}: ${text}, above ${machine.maxRpm} rpm, ${machine.maxRpmReason}`
            : `line ${event.line}: ${text}, above ${machine.name ?? 'the machine'}'s ${machine.maxRpm} rpm`,
        );
      }
    }
  }

  /** No rapid through the stock. */
  private checkRapid(event: MotionEvent, tool: VerificationTool | undefined): void {
    const { from, to, line } = event;
    const shape = tool?.cutter?.shape ?? pointShape;
    // A threading tool backing straight out of its pass leaves through the groove it cut.
    const threadRetract =
      tool?.kind === 'threading' && from && Math.abs(to.z - from.z) < 1e-9 && to.x > from.x;
    if (from && !threadRetract && tool?.kind !== 'threading') {
      const met = this.stock.overlap(shape, planar(from), planar(to));
      if (met.areaMm2 > 0.001) {
        const bounds = boundsOf(met.region);
        this.fail(
          'rapids',
          `line ${line}: the rapid to X${round(to.x)} Z${round(to.z)} passes through stock at X${round(2 * bounds.maxY)} Z${round(bounds.maxX)}`,
        );
      }
    }
  }

  /**
   * A threading pass: synchronised with the spindle, and timed at rpm × lead. A thread is a
   * helical groove: the crest stays, so the stock model is not cut (completeness.ts follows the
   * passes to the root).
   */
  private thread(event: MotionEvent, synchronised: boolean): void {
    const { from, to, line } = event;
    if (!synchronised)
      this.fail('setup', `line ${line}: a threading tool or tap feeding unsynchronised`);
    else if (from && this.tally)
      this.tally.cuttingMinutes +=
        Math.abs(to.z - from.z) /
        (event.leadMm! * rpmAt(event, Math.max(from.x, to.x), this.judge.machine));
  }

  /** A cut, piece by piece along arcs: swept through the bar, its holder clear, its ratings. */
  private cut(event: MotionEvent, from: Point3, tool: VerificationTool | undefined): void {
    const { to, line } = event;
    const cutter = tool?.cutter;
    const shape = cutter?.shape ?? pointShape;
    const path =
      event.kind === 'arc' && event.arc ? arcPath(from, to, event.arc) : [planar(from), planar(to)];
    for (let index = 1; index < path.length; index += 1) {
      const a = path[index - 1]!;
      const b = path[index]!;
      const removal = this.stock.cut(shape, a, b, line);
      if (cutter?.holder) {
        const hit = this.stock.overlap(cutter.holder, a, b);
        // Touching the stock's surface is no collision; meeting 0.02 mm of it is.
        if (hit.thicknessMm > 0.02) {
          const bounds = boundsOf(hit.region);
          this.fail(
            'holders',
            `line ${line}: ${cutter.label}: its holder meets the stock at X${round(2 * bounds.minY)} Z${round(bounds.maxX)}`,
          );
        }
      }
      measureCut(this.judge, event, tool, a, b, removal, this.tally);
    }
  }

  /**
   * After the last move: the last operation's finishing allowance, the end, one tool change per
   * operation, the machine's travels and largest turning diameter.
   */
  finish(stats: ProgramStats, ended: boolean): void {
    const { input, fail } = this;
    finishOperation(this.tally, input, fail);
    if (!ended) fail('end', 'the program has no M30 (or M2) end');
    if (input.operations && this.tallies.length !== input.operations.length)
      fail(
        'tools',
        `the program changes tools ${this.tallies.length} times for ${input.operations.length} operations`,
      );
    checkTravels(input, stats.extents, fail);
  }

  /** Each operation as the moves show it. */
  operations(): OperationReport[] {
    const power = this.judge.machine.spindlePowerKw;
    return this.tallies.map((entry) => operationReport(entry, power));
  }
}

/** The program's strokes within the machine's travels, the bar within its turning diameter. */
function checkTravels(
  input: LatheVerificationInput,
  extents: ProgramStats['extents'],
  fail: Fail,
): void {
  const machine = input.machine;
  if (!machine?.travelsMm || !extents) return;
  const name = machine.name ?? 'The machine';
  const xStroke = (extents.xMax - Math.min(0, extents.xMin)) / 2;
  if (xStroke > machine.travelsMm.x + 1e-6)
    fail(
      'travels',
      `the program moves X over ${round(xStroke)} mm on the radius; ${name} travels ${machine.travelsMm.x} mm`,
    );
  const zStroke = extents.zMax - extents.zMin;
  if (zStroke > machine.travelsMm.z + 1e-6)
    fail(
      'travels',
      `the program moves Z over ${round(zStroke)} mm; ${name} travels ${machine.travelsMm.z} mm`,
    );
  if (
    machine.maxTurningDiameterMm !== undefined &&
    input.stock.diameterMm > machine.maxTurningDiameterMm + 1e-6
  )
    fail(
      'travels',
      `the stock Ø${input.stock.diameterMm} mm is larger than ${name}'s largest turning diameter Ø${machine.maxTurningDiameterMm} mm`,
    );
}
