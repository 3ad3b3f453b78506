/**
 * Planning a slender part held by the tailstock (docs/decisions/078-tailstock.md): the centre
 * hole drilled after facing, the program stops that bring the tailstock up before the outside is
 * turned and retract it before the part off, and the choice of that plan when the part turned
 * in the chuck alone (or in two chuckings) sticks out too far. The centre hole, the live centre
 * and the rule are in tailstock.ts. Units: mm; coordinates as in program.ts.
 */
import { centreDrillingData } from '../drilling-data.ts';
import { PlanningError } from '../errors.ts';
import type { LathePlanContext, LathePlanInput } from './context.ts';
import { cutterOf } from './context.ts';
import { drillingMoves } from './operations.ts';
import type { LathePlan, Move, Operation } from './program.ts';
import type { LatheTool } from './tooling.ts';
import {
  centreClearanceMm,
  centreSupportFor,
  liveCentre,
  meetsCentre,
  tailstockBackInstructions,
  tailstockUpInstructions,
} from './tailstock.ts';
import type { CentreSupport } from './tailstock.ts';
import { arcPoints, circularArc } from '../gcode/arcs.ts';

/** The 'Centre hole' operation: the centre drill to the seat's depth on the faced free end. */
export function centreHoleOperation(context: LathePlanContext, support: CentreSupport): Operation {
  const { input, overrides } = context;
  const tool = input.tools.find((entry) => entry.number === support.toolNumber)!;
  const data = centreDrillingData(support.pilotMm, input.maxRpm, overrides);
  return {
    name: `Centre hole ${support.label}`,
    role: 'drill',
    tool,
    spindle: { mode: 'rpm', rpm: data.rpm },
    coolant: true,
    moves: drillingMoves(context.setup.path, -support.depthMm, support.depthMm, data.feedPerRev),
    data: { rpm: data.rpm, feedPerRev: data.feedPerRev },
  };
}

/**
 * The moves of an operation with its approach from and return to the change position made over
 * the live centre: along Z at the change position's X first, then in (approach() goes straight
 * to its first point; leave() goes back along Z first, then out).
 */
function overTheCentre(moves: Move[], change: { x: number; z: number }): Move[] {
  const first = moves[0];
  const approach: Move[] =
    first && first.kind === 'rapid' && first.x < change.x - 1e-9
      ? [{ kind: 'rapid', x: change.x, z: first.z }]
      : [];
  const leaving = moves.map((move, index): Move => {
    const before = moves[index - 1];
    return move.kind === 'rapid' && before && move.z >= change.z - 1e-9 && move.x < change.x - 1e-9
      ? { kind: 'rapid', x: change.x, z: before.z }
      : move;
  });
  return [...approach, ...leaving];
}

/**
 * Marks the operations the tailstock holds the part for (`operations[from]` up to
 * `operations[to]`): a stop to bring it up before the first, their approaches and returns made
 * over the centre, and a stop to retract it before `operations[to]` (the part off,
 * or the second setup), when there is one.
 */
export function heldByTailstock(
  operations: Operation[],
  from: number,
  to: number,
  support: CentreSupport,
  change: { x: number; z: number },
): void {
  const first = operations[from];
  if (first) first.stopBefore = tailstockUpInstructions(support);
  for (const operation of operations.slice(from, to))
    operation.moves = overTheCentre(operation.moves, change);
  const after = operations[to];
  if (after) after.stopBefore = tailstockBackInstructions;
}

/** The points (X a diameter, Z) a move runs through, from `from`: arcs within 0.01 mm. */
function pathOf(from: { x: number; z: number }, move: Move): { x: number; z: number }[] {
  if (move.kind !== 'thread' && move.kind !== 'tap' && move.arc) {
    const { center, clockwise } = move.arc;
    const half = (point: { x: number; z: number }) => ({ x: point.z, y: point.x / 2 });
    const centre = half(center);
    const { radius, start, sweep } = circularArc(half(from), half(move), centre, clockwise);
    return arcPoints(centre, radius, start, sweep, 0.01)
      .slice(1)
      .map((point) => ({ x: 2 * point.y, z: point.x }));
  }
  if (move.kind !== 'thread') return [{ x: move.x, z: move.z }];
  const { driveX, startZ, endZ, rootMm } = move.thread;
  return [
    { x: driveX, z: startZ },
    { x: rootMm, z: startZ },
    { x: rootMm, z: endZ },
    { x: driveX, z: endZ },
    { x: driveX, z: startZ },
    { x: from.x, z: from.z },
  ];
}

/** Where a tool first comes within the clearance of the live centre: the tool, and in words. */
export interface CentreMet {
  tool: LatheTool;
  why: string;
}

/**
 * The first place a tool of the operations the tailstock holds the part for comes within the
 * clearance of the live centre; undefined when none does.
 */
export function centreMet(plan: LathePlan, support: CentreSupport): CentreMet | undefined {
  const centre = liveCentre(support);
  let held = false;
  for (const operation of plan.operations) {
    if (operation.stopBefore) held = operation.stopBefore[0] !== tailstockBackInstructions[0];
    if (!held) continue;
    const cutter = cutterOf(operation.tool);
    const shapes = [cutter.shape, ...(cutter.holder ? [cutter.holder] : [])];
    let at = { ...plan.changePosition };
    for (const move of operation.moves) {
      for (const point of pathOf(at, move)) {
        const a = { x: at.z, y: at.x / 2 };
        const b = { x: point.z, y: point.x / 2 };
        if (shapes.some((shape) => meetsCentre(centre, shape, a, b)))
          return {
            tool: operation.tool,
            why: `${operation.name} comes within ${centreClearanceMm} mm of the live centre on its way from X${at.x} Z${at.z} to X${point.x} Z${point.z}`,
          };
        at = point;
      }
    }
  }
  return undefined;
}

/**
 * The held plan with the turning tools that meet the live centre left out in turn: a roughing
 * insert whose trailing edge meets the centre beside a thin free end (an 80° CNMG) leaves the
 * facing and roughing to the next turning tool (a 55° or 35° insert, whose trailing edge rises
 * away from the centre faster than its 60° point). Stops at the first plan that meets nothing,
 * at a tool that is no turning tool, or when no turning tool is left.
 * @returns the plan, the tools it meets the centre with left out, and what met it when it does
 */
function clearOfCentre(
  input: LathePlanInput,
  support: CentreSupport,
  planWith: (support: CentreSupport, tools: LatheTool[]) => LathePlan,
): { plan: LathePlan; leftOut: LatheTool[]; met?: CentreMet } | undefined {
  let tools = input.tools;
  const leftOut: LatheTool[] = [];
  for (;;) {
    let plan: LathePlan;
    try {
      plan = planWith(support, tools);
    } catch (error) {
      if (error instanceof PlanningError) return undefined;
      throw error;
    }
    const met = centreMet(plan, support);
    if (!met) return { plan, leftOut };
    const others = tools.filter((tool) => tool !== met.tool);
    const turningLeft = others.some((tool) => tool.kind === 'turning');
    if (met.tool.kind !== 'turning' || !turningLeft) return { plan, leftOut, met };
    leftOut.push(met.tool);
    tools = others;
  }
}

/**
 * The plan with the tailstock holding the free end (`planWith`), when the part may keep a centre
 * hole there and no tool of the held operations meets the centre; else `whole` with a warning
 * saying what the tailstock would need.
 * @param whole - the plan in the chuck alone, which sticks out too far
 */
export function withTailstock(
  input: LathePlanInput,
  whole: LathePlan,
  planWith: (support: CentreSupport, tools: LatheTool[]) => LathePlan,
): LathePlan {
  const found = centreSupportFor(input.part, input.tools);
  const warn = (why: string) => ({ ...whole, warnings: [...whole.warnings, why] });
  if (!found)
    return input.part.centreHoles === 'not permitted'
      ? whole
      : warn(
          "To hold the free end with the tailstock, the part needs a centre hole there (ISO 6411): if the drawing allows one, say 'centre holes permitted' with Change.",
        );
  if ('missing' in found) return warn(`The tailstock cannot hold the free end: ${found.missing}.`);
  const held = clearOfCentre(input, found.support, planWith);
  if (!held) return whole;
  if (held.met) return warn(`The tailstock cannot hold the free end: ${held.met.why}.`);
  const { plan, leftOut } = held;
  const { label, inBore } = found.support;
  return {
    ...plan,
    warnings: [
      ...plan.warnings,
      ...leftOut.map(
        (tool) =>
          `${tool.label} is left out: beside the live centre its insert or holder would meet it, so the other turning tools do its work.`,
      ),
      inBore
        ? `The tailstock holds the free end in a centre hole ${label} the program drills; the bores, drilled once it is retracted, take it away.`
        : `The tailstock holds the free end in a centre hole ${label} the program drills; it stays in the finished part, as the description permits.`,
    ],
  };
}
