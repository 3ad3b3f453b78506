/**
 * The milling verifier's process checks (a failure means the program must not run as it is),
 * each move as it comes: every tool called is selected; tool, length offset, spindle and feed
 * are set before cutting; every move stays in the working envelope, the machine's travels and
 * top speed; no rapid enters material; every cut keeps within its tool's flute length and rated
 * depth of cut for its engagement, cuts full-width slots at a reduced feed, keeps chip thickness
 * within each tool's range and the cutting power within 80 % of the machine's spindle power, and
 * never takes a tool deeper into material than its flute length (the shank would rub): the
 * ratings of cam/mill/ratings.ts. After the last move: the program ends, changes tools once per
 * operation, and cuts nothing into the part outside its features (gouges, on the finished block).
 *
 * Each cutting move is measured against the stock as it is at that moment (simulation.ts), a
 * tool of diameter D getting the benefit of one grid cell in its radial engagement: checks that
 * a wider cut would fail use ae − cell, the chip thickness floor uses ae + cell.
 *
 * Units: mm, mm/min, rpm, kW; work coordinates (G54), Z0 the finished top.
 */
import type { InterpreterEvent, MotionEvent } from '../../gcode/events.ts';
import { fluteLengthOf } from '../../mill/cutting-data.ts';
import { modelToolOf } from '../../mill/in-process.ts';
import type { Finding } from '../../mill/part-model.ts';
import { judgeCut, rampSlope } from '../../mill/ratings.ts';
import type { RatedTool } from '../../mill/ratings.ts';
import type { Engagement } from '../../mill/stock-model.ts';
import { millToolKindNames } from '../../mill/tooling.ts';
import { cuttingForces, powerShare } from '../../process.ts';
import type { CuttingForce } from '../../process.ts';
import type { OperationReport } from '../../program.ts';
import type { PassCheck, ProgramStats } from '../pass.ts';
import { operationReport, round } from '../report.ts';
import type { OperationTally } from '../report.ts';
import { at } from './checks.ts';
import type { Fail } from './checks.ts';
import type { MillVerificationInput, MillVerificationTool } from './input.ts';
import { cutMove } from './simulation.ts';
import type { MillSimulation } from './simulation.ts';

/** A cutting move's length, drop and speeds, for its tool's ratings. */
interface CutMove {
  lengthMm: number;
  ramp: boolean;
  feed: number;
  rpm: number;
}

/** Every move's end within the working envelope. */
function checkEnvelope(event: MotionEvent, input: MillVerificationInput, fail: Fail): void {
  const { to, line } = event;
  const { envelope } = input;
  if (
    to.x < envelope.xMin - 1e-6 ||
    to.x > envelope.xMax + 1e-6 ||
    to.y < envelope.yMin - 1e-6 ||
    to.y > envelope.yMax + 1e-6 ||
    to.z < envelope.zMin - 1e-6 ||
    to.z > envelope.zMax + 1e-6
  )
    fail(
      'envelope',
      `line ${line}: X${round(to.x)} Y${round(to.y)} Z${round(to.z)} is outside the working envelope`,
    );
}

/** Tool, spindle, feed and tool length compensation set before a cut. */
function checkSetup(event: MotionEvent, fail: Fail): void {
  const { line } = event;
  if (event.tool === null) fail('setup', `line ${line}: cutting with no tool selected`);
  if (event.spindle.turning === 'off')
    fail('setup', `line ${line}: cutting with the spindle stopped`);
  if (event.feed <= 0) fail('setup', `line ${line}: cutting with no feed rate`);
  if (!event.lengthOffset)
    fail('setup', `line ${line}: cutting without tool length compensation (G43 H / D)`);
}

/** The tool in the report's words: "T2 Ø10 end mill". */
const label = (tool: MillVerificationTool) =>
  `T${tool.number} Ø${round(tool.diameterMm)} ${millToolKindNames[tool.kind].replace(/^an? /, '')}`;

/**
 * The process checks of a milling program, handed each tool call and move by the pass
 * (cam/verify/pass.ts), and the report of each operation.
 */
export class MillProcess implements PassCheck {
  private readonly machine: NonNullable<MillVerificationInput['machine']>;
  private readonly tools: Map<number, MillVerificationTool>;
  private readonly rated: Map<number, RatedTool>;
  private readonly force: CuttingForce;
  private readonly limitKw: number;
  /** One per tool change, in program order. */
  private readonly tallies: OperationTally[] = [];

  constructor(
    private readonly input: MillVerificationInput,
    private readonly simulation: MillSimulation,
    private readonly fail: Fail,
  ) {
    this.machine = input.machine ?? {};
    this.tools = new Map(input.tools.map((tool) => [tool.number, tool]));
    this.force = cuttingForces[input.material ?? 'alloy'];
    this.rated = new Map<number, RatedTool>(
      input.tools.map((tool) => [
        tool.number,
        {
          kind: tool.kind,
          diameterMm: tool.diameterMm,
          fluteLengthMm: fluteLengthOf(tool),
          flutes: tool.flutes ?? 4,
          tableChipMm: tool.tableChipMm ?? 0,
        },
      ]),
    );
    this.limitKw =
      this.machine.spindlePowerKw !== undefined
        ? powerShare * this.machine.spindlePowerKw
        : Infinity;
  }

  /** A tool call: the tool is selected, and an operation starts. */
  tool(event: Extract<InterpreterEvent, { type: 'tool' }>): void {
    if (!this.tools.has(event.tool))
      this.fail('tools', `line ${event.line}: T${event.tool} is not in the selected tooling`);
    const planned = this.input.operations?.[this.tallies.length];
    this.tallies.push({
      name: planned?.name ?? `T${event.tool}`,
      tool: planned?.tool ?? `T${event.tool}`,
      maxDepthMm: 0,
      maxRadialMm: 0,
      maxChipMm: 0,
      removedMm3: 0,
      cuttingMinutes: 0,
      maxPowerKw: 0,
    });
  }

  /** A move: the envelope, then a rapid's path or a cut's setup, speed and ratings. */
  move(event: MotionEvent): void {
    checkEnvelope(event, this.input, this.fail);
    const tool = event.tool === null ? undefined : this.tools.get(event.tool);
    if (event.kind === 'rapid') {
      this.checkRapid(event, tool);
      return;
    }
    checkSetup(event, this.fail);
    const rpm = event.spindle.mode === 'rpm' ? event.spindle.speed : 0;
    const { maxRpm } = this.machine;
    if (maxRpm !== undefined && rpm > maxRpm + 0.5)
      this.fail(
        'spindle',
        `line ${event.line}: S${round(rpm)} is faster than the machine's ${maxRpm} rpm`,
      );
    if (!event.from) {
      this.fail(
        'setup',
        `line ${event.line}: cutting from an unknown position (straight after a home)`,
      );
      return;
    }
    if (tool) this.checkCut(event, tool, rpm);
  }

  /** No rapid into material (from home, an unknown position, the tool comes down from above). */
  private checkRapid(event: MotionEvent, tool: MillVerificationTool | undefined): void {
    const { from, to, line } = event;
    if (!from) return;
    const shape = modelToolOf({
      kind: tool?.kind ?? 'other',
      diameterMm: tool?.diameterMm ?? 0,
      ...(tool?.pointAngleDeg !== undefined ? { pointAngleDeg: tool.pointAngleDeg } : {}),
    });
    const hit = this.simulation.model.rapidCollision(from, to, shape.radius, shape.cone);
    if (hit)
      this.fail(
        'rapids',
        `line ${line}: the rapid to X${round(to.x)} Y${round(to.y)} Z${round(to.z)} enters material ${round(hit.depth)} mm deep at X${round(hit.at.x)} Y${round(hit.at.y)} Z${round(hit.at.z)}`,
      );
  }

  /** Cut the move through the block, add it to its operation, and judge it by what it cut. */
  private checkCut(event: MotionEvent, tool: MillVerificationTool, rpm: number): void {
    const from = event.from!;
    const { to } = event;
    const tally = this.tallies.at(-1);
    const shape = modelToolOf(tool);
    const cut = cutMove(this.simulation, event, from, shape, tool.kind === 'tap');
    const drop = from.z - to.z;
    if (tally) {
      tally.removedMm3 += cut.removedMm3;
      if (event.feed > 0)
        tally.cuttingMinutes += Math.hypot(cut.lengthMm, to.z - from.z) / event.feed;
    }
    const move = {
      lengthMm: cut.lengthMm,
      ramp: drop > 1e-6 && drop > rampSlope * cut.lengthMm,
      feed: event.feed,
      rpm,
    };
    this.judge(event.line, tool, cut.engagement, move, tally);
  }

  /** Judge one cutting move by what it cut (ratings.ts), and add it to its operation's tally. */
  private judge(
    line: number,
    tool: MillVerificationTool,
    cut: Engagement,
    move: CutMove,
    tally: OperationTally | undefined,
  ): void {
    const { machine } = this;
    const judged = judgeCut(this.rated.get(tool.number)!, label(tool), cut, move, {
      favourMm: this.simulation.cell,
      force: this.force,
      limitKw: this.limitKw,
      machine: machine.name ? `the ${machine.name}'s` : "the machine's",
    });
    for (const finding of judged.findings)
      this.fail(finding.check, `line ${line}: ${finding.message}`);
    if (tally && cut.ae > 0 && cut.ap > 0) {
      tally.maxDepthMm = Math.max(tally.maxDepthMm, cut.ap);
      if (tool.kind === 'endMill' || tool.kind === 'faceMill')
        tally.maxRadialMm = Math.max(tally.maxRadialMm, cut.ae);
      tally.maxChipMm = Math.max(tally.maxChipMm, judged.chipMm);
      tally.maxPowerKw = Math.max(tally.maxPowerKw, judged.powerKw);
    }
  }

  /** After the last move: the end, one tool change per operation, the machine's travels. */
  finish(stats: ProgramStats, ended: boolean): void {
    const { input, machine, fail } = this;
    if (!ended) fail('end', 'the program has no M30 end');
    if (input.operations && this.tallies.length !== input.operations.length)
      fail(
        'tools',
        `the program changes tools ${this.tallies.length} times for ${input.operations.length} operations`,
      );
    const extents = stats.extents;
    if (machine.travelsMm && extents) {
      const spans = {
        x: extents.xMax - extents.xMin,
        y: extents.yMax - extents.yMin,
        z: extents.zMax - extents.zMin,
      };
      for (const axis of ['x', 'y', 'z'] as const)
        if (spans[axis] > machine.travelsMm[axis] + 1e-6)
          fail(
            'travels',
            `the program spans ${round(spans[axis])} mm in ${axis.toUpperCase()}, more than the machine's ${machine.travelsMm[axis]} mm travel`,
          );
    }
  }

  /** Each operation as the moves show it. */
  operations(): OperationReport[] {
    return this.tallies.map((entry) => operationReport(entry, this.machine.spindlePowerKw));
  }
}

/**
 * Cuts into the part, on the finished block: outside every feature on the height map, and
 * exactly on the probes inside the outline, outside each hole and beyond each pocket's walls.
 * @param gouge - the height map's cut into the part (compareWithPart), if any
 */
export function checkGouges(
  input: MillVerificationInput,
  simulation: MillSimulation,
  gouge: Finding | undefined,
  fail: Fail,
): void {
  const tolerance = input.toleranceMm;
  const { cell } = simulation;
  const { probes, outlineInside, holeProbes, pocketProbes } = simulation.probes;
  const z = (index: number) => probes.zs[index]!;
  const probeAt = (index: number) => at({ x: probes.xs[index]!, y: probes.ys[index]! });
  // The features are the holes, then the pockets (simulation.ts): a blind hole's drill point
  // that runs out of the bottom is named with its hole.
  const blind = gouge?.owner !== undefined ? input.holes[gouge.owner] : undefined;
  // The line of the move that cut deepest into the part, when the model kept it.
  const onLine = gouge?.line ? `line ${gouge.line}: ` : '';
  if (gouge && blind)
    fail(
      'gouges',
      `${onLine}${blind.label}: the part's bottom is cut through under it at ${at(gouge.where)} (Z${round(gouge.z)}): a blind hole's drill point runs out of the part`,
    );
  else if (gouge)
    fail(
      'gouges',
      `${onLine}the part is cut to Z${round(gouge.z)} at ${at(gouge.where)}, ${round(gouge.worst)} mm below its surface outside every feature (${round(gouge.cells * cell * cell)} mm²)`,
    );
  for (const { point, index } of outlineInside)
    if (z(index) < -0.005) {
      fail(
        'gouges',
        `the outline is cut more than ${tolerance} mm inside at ${at(point)}, to Z${round(z(index))}`,
      );
      break;
    }
  for (const entry of holeProbes)
    if (entry.outer.some((index) => z(index) < (entry.hole.outsideFloorZ ?? 0) - 0.01))
      fail(
        'gouges',
        `${entry.hole.label}: cut larger than Ø${round(entry.hole.diameterMm)} (or not at its position)`,
      );
  for (const { pocket, walls } of pocketProbes) {
    const wall = walls.find((index) => z(index) < -0.005);
    if (wall !== undefined)
      fail(
        'gouges',
        `${pocket.label}: the wall is cut more than ${tolerance} mm too far at ${probeAt(wall)}`,
      );
  }
}
