/**
 * Verify a milling program by reading it back: interpret every line in its dialect
 * (cam/gcode/interpreter.ts, machine 'mill', canned cycles expanded), remove from a model of the
 * block what each tool sweeps (the Z height map of cam/mill/stock-model.ts), and check what a
 * machinist checks before pressing cycle start, against the WHOLE part model (outline, every
 * hole, counterbore, pocket, slot and cut-out), not only what the plan programmed:
 *
 * - process checks (a failure means the program must not run as it is): the program reads,
 *   ends, calls only selected tools, sets tool, length offset, spindle and feed before cutting,
 *   stays in the working envelope and the machine's travels and top speed, never rapids into
 *   material, cuts nothing into the part outside its features (gouges), keeps every cut within
 *   its tool's flute length and rated depth of cut for its engagement, cuts full-width slots at
 *   a reduced feed, keeps chip thickness within each tool's range and the cutting power within
 *   80 % of the machine's spindle power, and never takes a tool deeper into material than its
 *   flute length (the shank would rub): ratings in cam/mill/ratings.ts;
 * - completeness checks (a failure means part of the drawing is left undone): the top faced,
 *   the outline cut free, every hole, thread, pocket, slot and cut-out to its size and depth,
 *   and everything the plan left out ("not programmed"), each in the plan's own sentence (the
 *   feature, why, and what would make it).
 *
 * Each cutting move is measured against the stock as it is at that moment (its ap, ae and the
 * reach its flutes need, stock-model.ts), a tool of diameter D getting the benefit of one grid
 * cell in its radial engagement: checks that a wider cut would fail use ae − cell, the chip
 * thickness floor uses ae + cell. Finished sizes are checked exactly on probe points (the
 * lowest Z any tool reached over each point, from the tool's radius) and everywhere on the
 * height map's cells.
 *
 * Units: mm, mm/min, rpm, kW; work coordinates (G54), Z0 the finished top.
 *
 * The input types are in mill-input.ts, the check ids and titles in mill-checks.ts.
 */
import { interpretProgram } from '../gcode/interpreter.ts';
import type { Point3 } from '../gcode/events.ts';
import { circlePolygon } from '../geometry/polygon.ts';
import type { Point2 } from '../geometry/polygon.ts';
import { fluteLengthOf } from '../mill/cutting-data.ts';
import { modelToolOf } from '../mill/in-process.ts';
import { millToolKindNames } from '../mill/tooling.ts';
import {
  compareWithPart,
  faceOwner,
  outlineOwner,
  partTargets,
  simulatedFromAbove,
} from '../mill/part-model.ts';
import type { Finding } from '../mill/part-model.ts';
import { placeProbes } from '../mill/probes.ts';
import { judgeCut, rampSlope } from '../mill/ratings.ts';
import type { RatedTool } from '../mill/ratings.ts';
import {
  StockModel,
  arcChords,
  cellSizeFor,
  mergeEngagement,
  noEngagement,
} from '../mill/stock-model.ts';
import type { Engagement } from '../mill/stock-model.ts';
import { cuttingForces, powerShare } from '../process.ts';
import type { OperationReport, ProgramReport } from '../program.ts';
import { CheckList, emptyStats } from './checks.ts';
import { checkTitles, completenessChecks, type CheckId } from './mill-checks.ts';
import type { MillVerificationInput, MillVerificationTool } from './mill-input.ts';

const round = (value: number) => Math.round(value * 1000) / 1000;
const at = (point: Point2) => `X${round(point.x)} Y${round(point.y)}`;

/** What one operation did, as the program's moves show it. */
interface Tally {
  name: string;
  tool: string;
  maxAp: number;
  maxAe: number;
  maxChip: number;
  removedMm3: number;
  cuttingMinutes: number;
  maxPowerKw: number;
}

/**
 * Verify a milling program.
 * @param program - the G-code text, or its lines one by one
 */
export function verifyMillProgram(
  program: string | Iterable<string>,
  input: MillVerificationInput,
): ProgramReport {
  const machine = input.machine ?? {};
  const checkList = new CheckList(checkTitles(machine), completenessChecks);
  const { fail } = checkList;
  const tolerance = input.toleranceMm;
  const force = cuttingForces[input.material ?? 'alloy'];
  const tools = new Map(input.tools.map((tool) => [tool.number, tool]));
  const { stock } = input;
  const stockTop = stock.origin.z + stock.zMm;
  const cutters = input.tools.filter(
    (tool) => (tool.kind === 'endMill' || tool.kind === 'faceMill') && tool.diameterMm > 0,
  );
  const cell =
    input.cellMm ?? cellSizeFor(stock, Math.min(10, ...cutters.map((tool) => tool.diameterMm)));
  const model = new StockModel(stock, cell);
  const bottom = -input.thicknessMm;

  // The features: what each must have removed, and where it lets the part be cut.
  const features = [
    ...input.holes.map((hole) => ({
      label: hole.label,
      kind: 'hole' as const,
      region: [circlePolygon(hole.center, hole.diameterMm / 2, 0.01)],
      extent: [circlePolygon(hole.center, Math.max(hole.diameterMm, hole.threadMm ?? 0) / 2, 0.01)],
      floorZ: -Math.min(hole.depthMm, input.thicknessMm),
      through: hole.depthMm >= input.thicknessMm - 1e-6,
    })),
    ...input.pockets.map((pocket) => ({
      label: pocket.label,
      kind: 'pocket' as const,
      region: pocket.region,
      extent: pocket.region,
      floorZ: pocket.through ? bottom : -pocket.depthMm,
      through: pocket.through,
    })),
  ];
  const faced = stockTop > 0.005;
  const targets = partTargets(
    model,
    { outline: input.outline, thicknessMm: input.thicknessMm, toleranceMm: tolerance, faced },
    features,
  );

  // Probes: exact finished sizes at points (probes.ts).
  const { probes, tapProbes, outlineOutside, outlineInside, holeProbes, pocketProbes } =
    placeProbes(
      input,
      stockTop,
      features.map((feature) => feature.extent),
    );

  const stats = emptyStats();
  let ended = false;
  const lines = typeof program === 'string' ? program.split(/\r?\n/) : program;
  const counted = (function* count() {
    for (const line of lines) {
      stats.lines += 1;
      yield line;
    }
  })();
  const { envelope } = input;
  const tallies: Tally[] = [];
  const rated = new Map<number, RatedTool>(
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
  const limitKw =
    machine.spindlePowerKw !== undefined ? powerShare * machine.spindlePowerKw : Infinity;
  const label = (tool: MillVerificationTool) =>
    `T${tool.number} Ø${round(tool.diameterMm)} ${millToolKindNames[tool.kind].replace(/^an? /, '')}`;

  /** Judge one cutting move by what it cut (ratings.ts), and add it to its operation's tally. */
  const judge = (
    line: number,
    tool: MillVerificationTool,
    cut: Engagement,
    move: { lengthMm: number; ramp: boolean; feed: number; rpm: number },
    tally: Tally | undefined,
  ) => {
    const judged = judgeCut(rated.get(tool.number)!, label(tool), cut, move, {
      favourMm: cell,
      force,
      limitKw,
      machine: machine.name ? `the ${machine.name}'s` : "the machine's",
    });
    for (const finding of judged.findings) fail(finding.check, `line ${line}: ${finding.message}`);
    if (tally && cut.ae > 0 && cut.ap > 0) {
      tally.maxAp = Math.max(tally.maxAp, cut.ap);
      if (tool.kind === 'endMill' || tool.kind === 'faceMill')
        tally.maxAe = Math.max(tally.maxAe, cut.ae);
      tally.maxChip = Math.max(tally.maxChip, judged.chipMm);
      tally.maxPowerKw = Math.max(tally.maxPowerKw, judged.powerKw);
    }
  };

  for (const event of interpretProgram(counted, { dialect: input.dialect, machine: 'mill' })) {
    if (event.type === 'error') fail('syntax', `line ${event.line}: ${event.message}`);
    else if (event.type === 'end') ended = true;
    else if (event.type === 'tool') {
      stats.toolChanges += 1;
      if (!tools.has(event.tool))
        fail('tools', `line ${event.line}: T${event.tool} is not in the selected tooling`);
      const planned = input.operations?.[tallies.length];
      tallies.push({
        name: planned?.name ?? `T${event.tool}`,
        tool: planned?.tool ?? `T${event.tool}`,
        maxAp: 0,
        maxAe: 0,
        maxChip: 0,
        removedMm3: 0,
        cuttingMinutes: 0,
        maxPowerKw: 0,
      });
    } else if (event.type === 'motion') {
      stats.motions += 1;
      const { to, from, line } = event;
      const e = stats.extents;
      stats.extents = e
        ? {
            xMin: Math.min(e.xMin, to.x),
            xMax: Math.max(e.xMax, to.x),
            yMin: Math.min(e.yMin, to.y),
            yMax: Math.max(e.yMax, to.y),
            zMin: Math.min(e.zMin, to.z),
            zMax: Math.max(e.zMax, to.z),
          }
        : { xMin: to.x, xMax: to.x, yMin: to.y, yMax: to.y, zMin: to.z, zMax: to.z };
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
      const tool = event.tool === null ? undefined : tools.get(event.tool);
      const shape = modelToolOf({ kind: tool?.kind ?? 'other', diameterMm: tool?.diameterMm ?? 0 });
      if (event.kind === 'rapid') {
        stats.rapids += 1;
        // From home (unknown position) the tool comes down from above everything.
        if (!from) continue;
        const hit = model.rapidCollision(from, to, shape.radius, shape.cone);
        if (hit)
          fail(
            'rapids',
            `line ${line}: the rapid to X${round(to.x)} Y${round(to.y)} Z${round(to.z)} enters material ${round(hit.depth)} mm deep at X${round(hit.at.x)} Y${round(hit.at.y)} Z${round(hit.at.z)}`,
          );
        continue;
      }
      stats.feeds += 1;
      if (event.tool === null) fail('setup', `line ${line}: cutting with no tool selected`);
      if (event.spindle.turning === 'off')
        fail('setup', `line ${line}: cutting with the spindle stopped`);
      if (event.feed <= 0) fail('setup', `line ${line}: cutting with no feed rate`);
      if (!event.lengthOffset)
        fail('setup', `line ${line}: cutting without tool length compensation (G43 H / D)`);
      const rpm = event.spindle.mode === 'rpm' ? event.spindle.speed : 0;
      if (machine.maxRpm !== undefined && rpm > machine.maxRpm + 0.5)
        fail(
          'spindle',
          `line ${line}: S${round(rpm)} is faster than the machine's ${machine.maxRpm} rpm`,
        );
      if (!from) {
        fail('setup', `line ${line}: cutting from an unknown position (straight after a home)`);
        continue;
      }
      if (!tool) continue;
      const tally = tallies.at(-1);
      // Chords of arcs, then straight pieces.
      const points: Point3[] =
        event.kind === 'arc' && event.arc && event.arc.plane === 'XY'
          ? arcChords(from, to, event.arc.center, event.arc.clockwise)
          : [to];
      let a: Point3 = from;
      const tapping = tool.kind === 'tap';
      let engagement = noEngagement();
      let lengthMm = 0;
      let removed = 0;
      for (const b of points) {
        engagement = mergeEngagement(engagement, model.engagement(a, b, shape));
        lengthMm += Math.hypot(b.x - a.x, b.y - a.y);
        probes.sweep(a, b, shape.radius, shape.cone);
        if (tapping) tapProbes.sweep(a, b, shape.radius, shape.cone);
        removed += model.sweep(a, b, shape.radius, shape.cone);
        a = b;
      }
      const drop = from.z - to.z;
      if (tally) {
        tally.removedMm3 += removed;
        if (event.feed > 0)
          tally.cuttingMinutes += Math.hypot(lengthMm, to.z - from.z) / event.feed;
      }
      judge(
        line,
        tool,
        engagement,
        {
          lengthMm,
          ramp: drop > 1e-6 && drop > rampSlope * lengthMm,
          feed: event.feed,
          rpm,
        },
        tally,
      );
    }
  }

  if (!ended) fail('end', 'the program has no M30 end');
  if (input.operations && tallies.length !== input.operations.length)
    fail(
      'tools',
      `the program changes tools ${tallies.length} times for ${input.operations.length} operations`,
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

  // The finished part on the height map: material left, and cuts into the part.
  const { left, gouge } = compareWithPart(model, targets);
  const area = (finding: Finding) => round(finding.cells * cell * cell);

  // Process: cuts into the part.
  const z = (index: number) => probes.zs[index]!;
  const probeAt = (index: number) => at({ x: probes.xs[index]!, y: probes.ys[index]! });
  if (gouge)
    fail(
      'gouges',
      `the part is cut to Z${round(gouge.z)} at ${at(gouge.where)}, ${round(gouge.worst)} mm below its surface outside every feature (${area(gouge)} mm²)`,
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

  // Completeness: every feature of the model, in the plan's words when the plan left it out.
  const claimed = new Set<string>();
  const undone = (check: CheckId, gap: string | undefined, own: string) => {
    if (gap) claimed.add(gap);
    fail(check, gap ?? own);
  };
  const leftOn = (key: number, what: string) => {
    const finding = left.get(key);
    return finding
      ? `${what}: material is left up to Z${round(finding.z)} at ${at(finding.where)} (${area(finding)} mm² of its area)`
      : undefined;
  };
  const unfaced = left.get(faceOwner);
  if (faced && unfaced)
    undone(
      'faced',
      input.faceGap,
      `material is left at Z${round(unfaced.z)} over ${at(unfaced.where)}: the top is not faced to Z0`,
    );
  const outside = outlineOutside.find(({ index }) => z(index) > bottom + 1e-3);
  const band = leftOn(outlineOwner, 'The outline');
  if (outside)
    undone(
      'outline',
      input.outlineGap,
      `material remains at Z${round(z(outside.index))} ${tolerance} mm outside the outline at ${at(outside.point)}: the part is not cut free`,
    );
  else if (band) undone('outline', input.outlineGap, band);
  holeProbes.forEach((entry) => {
    const { hole } = entry;
    const f = input.holes.indexOf(hole);
    const depth = Math.min(hole.depthMm, input.thicknessMm);
    let own: string | undefined;
    if (z(entry.centre) > -depth + 0.01)
      own = `${hole.label}: reaches Z${round(z(entry.centre))}, not Z${round(-depth)}`;
    else if (entry.inner.some((index) => z(index) > -depth + tolerance))
      own = `${hole.label}: smaller than Ø${round(hole.diameterMm)} (or not at its position)`;
    else own = leftOn(f, hole.label);
    if (own) {
      undone('holes', hole.gap, own);
      return;
    }
    if (entry.tap !== undefined) {
      const reached = tapProbes.zs[entry.tap]!;
      if (reached > -hole.tapDepthMm! + 0.01)
        undone(
          'threads',
          hole.tapGap,
          `${hole.label}: tapped to Z${round(reached)}, not Z${round(-hole.tapDepthMm!)}`,
        );
    }
  });
  pocketProbes.forEach(({ pocket, floor, inner }, k) => {
    const f = input.holes.length + k;
    const target = pocket.through ? bottom : -pocket.depthMm;
    const limit = target + (pocket.through ? 1e-3 : tolerance);
    const shallow = floor.find((index) => z(index) > limit);
    const wall = inner.find((index) => z(index) > limit);
    const own =
      shallow !== undefined
        ? `${pocket.label}: the floor is at Z${round(z(shallow))} at ${probeAt(shallow)}, not Z${round(target)}`
        : wall !== undefined
          ? `${pocket.label}: material is left on its wall at ${probeAt(wall)} (Z${round(z(wall))}): it is undersize`
          : leftOn(f, pocket.label);
    if (own) undone('pockets', pocket.gap, own);
  });
  // What the plan left out and no feature above claimed.
  const gaps = [
    input.faceGap,
    input.outlineGap,
    ...input.holes.flatMap((hole) => [hole.gap, hole.tapGap]),
    ...input.pockets.map((pocket) => pocket.gap),
    ...(input.otherGaps ?? []),
  ].filter((gap): gap is string => gap !== undefined && !claimed.has(gap));
  for (const gap of new Set(gaps)) fail('drawing', gap);

  const report = checkList.report(
    stats,
    (id) =>
      (id !== 'holes' || input.holes.length > 0) &&
      (id !== 'threads' || input.holes.some((hole) => hole.tapDepthMm !== undefined)) &&
      (id !== 'pockets' || input.pockets.length > 0) &&
      (id !== 'faced' || faced),
  );
  const operations: OperationReport[] = tallies.map((entry) => ({
    name: entry.name,
    tool: entry.tool,
    maxDepthOfCutMm: round(entry.maxAp),
    ...(entry.maxAe > 0 ? { maxRadialMm: round(entry.maxAe) } : {}),
    maxChipThicknessMm: round(entry.maxChip),
    removedCm3: round(entry.removedMm3 / 1000),
    removalRateCm3PerMin:
      entry.cuttingMinutes > 0 ? round(entry.removedMm3 / 1000 / entry.cuttingMinutes) : 0,
    maxPowerKw: round(entry.maxPowerKw),
    ...(machine.spindlePowerKw !== undefined ? { machinePowerKw: machine.spindlePowerKw } : {}),
    cuttingSeconds: Math.round(entry.cuttingMinutes * 60),
  }));
  return { ...report, operations, simulated: simulatedFromAbove(model, targets) };
}
