/**
 * Verify a lathe program by reading it back: interpret every line in its dialect, simulate the
 * material the tools remove, and check what a machinist checks before pressing cycle start.
 * The report is stored with the program; a failed check blocks the download.
 */
import { interpret } from '../gcode/interpreter.ts';
import type { Point } from '../gcode/interpreter.ts';
import type { LatheDialect } from '../post/lathe/index.ts';
import type { ProgramReport } from '../program.ts';
import type { LatheToolKind } from '../tooling.ts';
import { CheckList, emptyStats } from './checks.ts';
import { LatheMaterial } from './material.ts';

export interface VerificationTool {
  number: number;
  kind: LatheToolKind;
  /** Blades: cutting width, mm. */
  widthMm?: number;
  /** Drills: diameter, mm. */
  diameterMm?: number;
}

/** A finished diameter to check: z from `fromZ` (free-end side) down to `toZ`. */
export interface DiameterTarget {
  label: string;
  fromZ: number;
  toZ: number;
  diameterMm: number;
}

export interface LatheVerificationInput {
  dialect: LatheDialect;
  stock: { diameterMm: number; frontFaceZ: number; chuckFaceZ: number };
  lengthMm: number;
  partingWidthMm: number;
  outer: DiameterTarget[];
  inner: DiameterTarget[];
  /** Chamfer lines (z, diameter) to (z, diameter) that the outline must follow. */
  chamfers: { label: string; from: Point; to: Point }[];
  tools: VerificationTool[];
  /** Largest X and Z any move may reach (the tool change position, with a margin). */
  envelope: { xMax: number; zMax: number };
  /** Finished sizes must be within this of the target, on the diameter (mm). */
  sizeToleranceMm?: number;
  /**
   * External threads the program cuts: synchronised passes of a threading tool with this lead
   * must reach the root diameter from `fromZ` (free-end side) to `toZ`.
   */
  threads?: ThreadTarget[];
}

export interface ThreadTarget {
  label: string;
  fromZ: number;
  toZ: number;
  rootMm: number;
  leadMm: number;
}

const checkTitles = {
  syntax: 'Every line is G-code the controller runs',
  end: 'The program ends with M30',
  tools: 'Every tool called is in the selected tooling',
  setup: 'Tool, spindle and feed are set before every cut',
  envelope: 'Every move stays in the working envelope',
  rapids: 'No rapid move enters the stock',
  length: 'The part is faced to length',
  outer: 'Finishing reaches every outer diameter within 0.01 mm',
  inner: 'Finishing reaches every bore diameter within 0.01 mm',
  chamfers: 'Chamfers are cut',
  threads: 'Threads are cut to their root diameter',
  partOff: 'The part is cut off',
} as const;
type CheckId = keyof typeof checkTitles;

/** Sample points along a move at most `stepMm` apart (both ends included). */
function* samples(from: Point, to: Point, stepMm: number): Generator<Point> {
  const length = Math.hypot((to.x - from.x) / 2, to.z - from.z);
  const steps = Math.max(1, Math.ceil(length / stepMm));
  for (let step = 0; step <= steps; step += 1) {
    yield {
      x: from.x + ((to.x - from.x) * step) / steps,
      z: from.z + ((to.z - from.z) * step) / steps,
    };
  }
}

/** Sample points along an arc (center X as a diameter). */
function* arcSamples(
  from: Point,
  to: Point,
  center: Point,
  clockwise: boolean,
  stepMm: number,
): Generator<Point> {
  const radius = Math.hypot(from.x / 2 - center.x / 2, from.z - center.z);
  const start = Math.atan2(from.x / 2 - center.x / 2, from.z - center.z);
  let end = Math.atan2(to.x / 2 - center.x / 2, to.z - center.z);
  if (clockwise && end > start) end -= 2 * Math.PI;
  if (!clockwise && end < start) end += 2 * Math.PI;
  const steps = Math.max(2, Math.ceil((Math.abs(end - start) * radius) / stepMm));
  for (let step = 0; step <= steps; step += 1) {
    const angle = start + ((end - start) * step) / steps;
    yield {
      x: 2 * (center.x / 2 + radius * Math.sin(angle)),
      z: center.z + radius * Math.cos(angle),
    };
  }
}

/**
 * Verify a lathe program.
 * @param program - the G-code text, or its lines one by one
 */
export function verifyLatheProgram(
  program: string | Iterable<string>,
  input: LatheVerificationInput,
): ProgramReport {
  const checks = new CheckList(checkTitles);
  const { fail } = checks;
  const tolerance = input.sizeToleranceMm ?? 0.01;
  const tools = new Map(input.tools.map((tool) => [tool.number, tool]));
  const material = new LatheMaterial({
    stockRadiusMm: input.stock.diameterMm / 2,
    frontFaceZ: input.stock.frontFaceZ,
    backZ: input.stock.chuckFaceZ - 10,
  });
  const stats = emptyStats();
  let ended = false;
  /** Per thread target: the deepest synchronised pass seen over its whole length. */
  const threadDepth = (input.threads ?? []).map(() => Infinity);
  const lines = typeof program === 'string' ? program.split(/\r?\n/) : program;
  const counted = (function* count() {
    for (const line of lines) {
      stats.lines += 1;
      yield line;
    }
  })();

  for (const event of interpret(counted, input.dialect)) {
    if (event.type === 'error') fail('syntax', `line ${event.line}: ${event.message}`);
    else if (event.type === 'end') ended = true;
    else if (event.type === 'tool') {
      stats.toolChanges += 1;
      if (!tools.has(event.tool))
        fail('tools', `line ${event.line}: T${event.tool} is not in the selected tooling`);
    } else if (event.type === 'motion') {
      stats.motions += 1;
      const { to, from, line } = event;
      const extents = stats.extents ?? {
        xMin: to.x,
        xMax: to.x,
        yMin: 0,
        yMax: 0,
        zMin: to.z,
        zMax: to.z,
      };
      stats.extents = {
        xMin: Math.min(extents.xMin, to.x),
        xMax: Math.max(extents.xMax, to.x),
        yMin: 0,
        yMax: 0,
        zMin: Math.min(extents.zMin, to.z),
        zMax: Math.max(extents.zMax, to.z),
      };
      const tool = event.tool === null ? undefined : tools.get(event.tool);
      const insideBar =
        tool &&
        (tool.kind === 'drill' || tool.kind === 'centreDrill' || tool.kind === 'boring') &&
        to.x < input.stock.diameterMm;
      if (
        to.x < -1 ||
        to.x > input.envelope.xMax ||
        to.z > input.envelope.zMax ||
        (!insideBar && to.z < input.stock.chuckFaceZ)
      ) {
        fail(
          'envelope',
          `line ${line}: X${round(to.x)} Z${round(to.z)} is outside the working envelope (chuck face at Z${round(input.stock.chuckFaceZ)})`,
        );
      }
      if (event.kind === 'rapid') {
        stats.rapids += 1;
        // A threading tool backing straight out of its pass leaves through the groove it cut.
        const threadRetract =
          tool?.kind === 'threading' && from && Math.abs(to.z - from.z) < 1e-9 && to.x > from.x;
        if (from && !threadRetract) {
          for (const point of samples(from, to, 0.1)) {
            if (material.contains(point.z, point.x / 2)) {
              fail(
                'rapids',
                `line ${line}: the rapid to X${round(to.x)} Z${round(to.z)} passes through stock at X${round(point.x)} Z${round(point.z)}`,
              );
              break;
            }
          }
        }
        continue;
      }
      stats.feeds += 1;
      const lead = event.leadMm;
      const synchronised = lead !== undefined && lead > 0;
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
      if (tool?.kind === 'threading') {
        // A thread is a helical groove: the crest stays, so the material model is not cut.
        if (!synchronised) fail('setup', `line ${line}: a threading tool feeding unsynchronised`);
        else if (from) {
          (input.threads ?? []).forEach((thread, index) => {
            const high = Math.max(from.z, to.z);
            const low = Math.min(from.z, to.z);
            if (
              Math.abs(lead - thread.leadMm) < 1e-6 &&
              high >= thread.fromZ - 1e-6 &&
              low <= thread.toZ + 1e-6
            )
              threadDepth[index] = Math.min(threadDepth[index]!, Math.max(from.x, to.x));
          });
        }
        continue;
      }
      if (!from) {
        fail(
          'setup',
          `line ${line}: cutting from an unknown position (straight after a reference return)`,
        );
        continue;
      }
      const points =
        event.kind === 'arc' && event.arc
          ? arcSamples(from, to, event.arc.center, event.arc.clockwise, material.binMm)
          : samples(from, to, material.binMm);
      for (const point of points) {
        const radius = point.x / 2;
        switch (tool?.kind) {
          case 'grooving':
          case 'parting':
            material.groove(point.z, radius, tool.widthMm ?? 0);
            break;
          case 'drill':
          case 'centreDrill':
            material.bore(point.z, (tool.diameterMm ?? 0) / 2);
            break;
          case 'boring':
            material.bore(point.z, radius);
            break;
          default:
            material.turn(point.z, radius);
        }
      }
    }
  }

  if (!ended) fail('end', 'the program has no M30 (or M2) end');
  (input.threads ?? []).forEach((thread, index) => {
    const reached = threadDepth[index]!;
    if (reached === Infinity)
      fail(
        'threads',
        `${thread.label}: no threading pass covers Z${round(thread.fromZ)} to Z${round(thread.toZ)}`,
      );
    else if (Math.abs(reached - thread.rootMm) > 0.02)
      fail(
        'threads',
        `${thread.label}: the last pass reaches Ø${round(reached)}, the root is Ø${round(thread.rootMm)}`,
      );
  });
  checkFinishedPart(input, material, tolerance, fail);

  return checks.report(
    stats,
    (id) =>
      (id !== 'inner' || input.inner.length > 0) &&
      (id !== 'chamfers' || input.chamfers.length > 0) &&
      (id !== 'threads' || (input.threads ?? []).length > 0),
  );
}

function checkFinishedPart(
  input: LatheVerificationInput,
  material: LatheMaterial,
  tolerance: number,
  fail: (id: CheckId, message: string) => void,
): void {
  const solid = (z: number) => material.outerRadius(z) - material.innerRadius(z) > 1e-6;
  // Faced to length: nothing in front of Z0, material just behind it.
  if (solid(0.02) && input.stock.frontFaceZ > 0.02)
    fail('length', 'material is left in front of Z0: the free end is not faced');
  if (!solid(-0.02))
    fail('length', 'there is no material just behind Z0: the face is cut too deep');
  for (let z = -0.05; z > -input.lengthMm + 0.05; z -= Math.max(0.05, input.lengthMm / 400)) {
    if (!solid(z)) {
      fail('length', `the part is cut through at Z${round(z)}`);
      break;
    }
  }
  const checkTargets = (targets: DiameterTarget[], id: 'outer' | 'inner') => {
    for (const target of targets) {
      const edge = Math.min(0.05, (target.fromZ - target.toZ) / 4);
      let worst: { z: number; diameter: number } | undefined;
      const step =
        material.binMm *
        Math.max(1, Math.floor((target.fromZ - target.toZ) / material.binMm / 2000));
      for (let z = target.fromZ - edge; z >= target.toZ + edge; z -= step) {
        const diameter = 2 * (id === 'outer' ? material.outerRadius(z) : material.innerRadius(z));
        if (
          !worst ||
          Math.abs(diameter - target.diameterMm) > Math.abs(worst.diameter - target.diameterMm)
        )
          worst = { z, diameter };
      }
      if (worst && Math.abs(worst.diameter - target.diameterMm) > tolerance + 1e-9) {
        const verb =
          (id === 'outer') === worst.diameter > target.diameterMm ? 'is left at' : 'is cut to';
        fail(
          id,
          `${target.label}: ${verb} Ø${round(worst.diameter)} at Z${round(worst.z)}, target Ø${round(target.diameterMm)}`,
        );
      }
    }
  };
  checkTargets(input.outer, 'outer');
  checkTargets(input.inner, 'inner');
  for (const chamfer of input.chamfers) {
    for (const share of [0.25, 0.5, 0.75]) {
      const z = chamfer.from.z + (chamfer.to.z - chamfer.from.z) * share;
      const expected = chamfer.from.x + (chamfer.to.x - chamfer.from.x) * share;
      const actual = 2 * material.outerRadius(z);
      if (Math.abs(actual - expected) > 0.02) {
        fail(
          'chamfers',
          `${chamfer.label}: Ø${round(actual)} at Z${round(z)} where the chamfer is Ø${round(expected)}`,
        );
        break;
      }
    }
  }
  const cutOff = -input.lengthMm - input.partingWidthMm / 2;
  if (solid(cutOff))
    fail('partOff', `material remains at Z${round(cutOff)}: the part is still attached to the bar`);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
