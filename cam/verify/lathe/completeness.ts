/**
 * The lathe verifier's completeness checks (a failure leaves part of the drawing undone; the
 * program still runs safely): every thread cut to its root diameter by the threading passes;
 * then, on the bar as the program left it (cam/lathe/stock-model.ts), the end faced, every
 * diameter, chamfer and bore reached within the size tolerance, the part cut off, and no
 * material left anywhere on the part beyond what the finishing nose radius leaves in inside
 * corners. The same comparison with the part finds what is cut into it (the 'gouges' process
 * check): a face cut too deep, a diameter or chamfer cut undersize, part material gone.
 *
 * Units: mm. Coordinates: X a diameter, Z from the finished free-end face (negative toward the
 * chuck); the bar's half-section is (x = Z, y = radius).
 */
import type { MotionEvent } from '../../gcode/events.ts';
import type { Polygon } from '../../geometry/polygon.ts';
import {
  boundsOf,
  difference,
  intersection,
  offsetPolygons,
  totalArea,
} from '../../geometry/polygon.ts';
import { withCornerRadius } from '../../lathe/profiles.ts';
import { lineThatCut, thicknessOf } from '../../lathe/stock-model.ts';
import type { LatheStock } from '../../lathe/stock-model.ts';
import type { SimulatedPart } from '../../program.ts';
import type { PassCheck } from '../pass.ts';
import { round } from '../report.ts';
import type { Fail } from './checks.ts';
import type {
  DiameterTarget,
  LatheFeature,
  LatheVerificationInput,
  VerificationTool,
} from './input.ts';
import { depthBeyond } from './operations.ts';

/** Material thicker than this beyond the part counts as left, mm; thinner is numerical noise. */
const leftToleranceMm = 0.02;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The threads the program cuts: each synchronised pass of a threading tool with a thread's lead
 * over its length, in the thread's setup (G55 for a far-end thread of the second setup, another
 * offset for the first setup's), takes it toward its root; after the last move, each thread's
 * smallest diameter reached is its root's within 0.02 mm.
 */
export class ThreadPasses implements PassCheck {
  /** The smallest diameter each thread's passes reached (Infinity: none). */
  private readonly reached: number[];

  /** @param toolOf - a move's selected tool, if it is in the tooling */
  constructor(
    private readonly input: LatheVerificationInput,
    private readonly toolOf: (event: MotionEvent) => VerificationTool | undefined,
  ) {
    this.reached = (input.threads ?? []).map(() => Infinity);
  }

  /** A threading pass: the diameter it reaches on each thread it runs along. */
  move(event: MotionEvent): void {
    const { from, to } = event;
    const lead = event.leadMm;
    if (event.kind === 'rapid' || this.toolOf(event)?.kind !== 'threading') return;
    if (lead === undefined || !(lead > 0) || !from) return;
    const second = (event.workOffset ?? 54) === 55;
    (this.input.threads ?? []).forEach((thread, index) => {
      const high = Math.max(from.z, to.z);
      const low = Math.min(from.z, to.z);
      if (
        (thread.setup === 2) === second &&
        Math.abs(lead - thread.leadMm) < 1e-6 &&
        high >= thread.fromZ - 1e-6 &&
        low <= thread.toZ + 1e-6
      )
        this.reached[index] = Math.min(this.reached[index]!, Math.max(from.x, to.x));
    });
  }

  /** After the last move: every thread passed, its last pass at its root diameter. */
  finish(fail: Fail): void {
    (this.input.threads ?? []).forEach((thread, index) => {
      const reached = this.reached[index]!;
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
  }
}

/**
 * The free end faced to Z0, the face not cut too deep, the part nowhere cut through; with a
 * second setup or from a sawn blank, the parted face (or the blank's stub) faced to the overall
 * length too.
 */
function checkFacedAndWhole(input: LatheVerificationInput, stock: LatheStock, fail: Fail): void {
  const solid = (z: number) => stock.solidAt(z);
  if (solid(0.02) && input.stock.frontFaceZ > 0.02)
    fail('length', 'material is left in front of Z0: the free end is not faced');
  if (!solid(-0.02))
    fail('gouges', 'there is no material just behind Z0: the face is cut too deep');
  const end = -input.lengthMm;
  const sawn = input.stock.lengthMm !== undefined;
  if (input.secondSetup || sawn) {
    if (solid(end - 0.02))
      fail(
        'length',
        sawn
          ? `material is left beyond Z${round(end)}: the sawn blank's stub is not faced off to length in the second setup`
          : `material is left beyond Z${round(end)}: the parted face is not faced to length in the second setup`,
      );
    if (!solid(end + 0.02))
      fail(
        'gouges',
        `there is no material just inside Z${round(end)}: the far face is cut too deep`,
      );
  }
  for (let z = -0.05; z > -input.lengthMm + 0.05; z -= Math.max(0.05, input.lengthMm / 400)) {
    if (!solid(z)) {
      fail('gouges', `the part is cut through at Z${round(z)}`);
      break;
    }
  }
}

/**
 * Each finished diameter (outer) or bore (inner) within the tolerance along its length: left
 * oversize is unfinished, cut undersize a gouge.
 * @param leftLabels - gains the label of each one left oversize
 */
function checkDiameters(
  targets: DiameterTarget[],
  side: 'outer' | 'inner',
  stock: LatheStock,
  tolerance: number,
  fail: Fail,
  leftLabels: Set<string>,
): void {
  for (const target of targets) {
    const edge = Math.min(0.05, (target.fromZ - target.toZ) / 4);
    let worst: { z: number; diameter: number } | undefined;
    const span = target.fromZ - target.toZ - 2 * edge;
    const samples = Math.max(2, Math.min(400, Math.ceil(span / 0.05)));
    for (let index = 0; index <= samples; index += 1) {
      const z = target.fromZ - edge - (span * index) / samples;
      const diameter = 2 * (side === 'outer' ? stock.outerRadius(z) : stock.innerRadius(z));
      if (
        !worst ||
        Math.abs(diameter - target.diameterMm) > Math.abs(worst.diameter - target.diameterMm)
      )
        worst = { z, diameter };
    }
    if (worst && Math.abs(worst.diameter - target.diameterMm) > tolerance + 1e-9) {
      const left = (side === 'outer') === worst.diameter > target.diameterMm;
      const message = `${target.label}: ${left ? 'is left at' : 'is cut to'} Ø${round(worst.diameter)} at Z${round(worst.z)}, target Ø${round(target.diameterMm)}`;
      // Material left is unfinished; a diameter cut below its size is a scrapped part.
      fail(left ? side : 'gouges', message);
      if (left) leftLabels.add(side === 'outer' ? target.label : `the bore ${target.label}`);
    }
  }
}

/** Each chamfer followed within 0.02 mm on the diameter at a quarter, half and three quarters. */
function checkChamfers(input: LatheVerificationInput, stock: LatheStock, fail: Fail): void {
  for (const chamfer of input.chamfers) {
    for (const share of [0.25, 0.5, 0.75]) {
      const z = chamfer.from.z + (chamfer.to.z - chamfer.from.z) * share;
      const expected = chamfer.from.x + (chamfer.to.x - chamfer.from.x) * share;
      const actual = 2 * stock.outerRadius(z);
      if (Math.abs(actual - expected) > 0.02) {
        fail(
          actual > expected ? 'chamfers' : 'gouges',
          `${chamfer.label}: Ø${round(actual)} at Z${round(z)} where the chamfer is Ø${round(expected)}`,
        );
        break;
      }
    }
  }
}

/**
 * Cut off: somewhere under the blade, from the part's end through the cut-off zone, no
 * material is left (the remnant beyond it stays on the bar).
 */
function checkPartedOff(input: LatheVerificationInput, stock: LatheStock, fail: Fail): void {
  const steps = Math.max(2, Math.ceil(input.partingWidthMm / 0.05));
  // With a second setup the part is parted off longer, to be faced to length.
  const length = input.secondSetup?.partedLengthMm ?? input.lengthMm;
  let separated = false;
  for (let index = 1; index < steps && !separated; index += 1)
    separated = !stock.solidAt(-length - (input.partingWidthMm * index) / steps);
  if (!separated)
    fail(
      'partOff',
      `the part off: material remains between Z${round(-length)} and Z${round(-length - input.partingWidthMm)}, so the part is still attached to the bar`,
    );
}

/**
 * The finished sizes, chamfers, faced end and cut-off.
 * @param stock - the part as the program leaves it (first setup's coordinates)
 * @param tolerance - on the diameter, mm
 * @param bar - the bar as the first setup leaves it, where the part off is checked (`stock`
 *   when the program has one setup)
 * @returns the labels of the diameters found left oversize (the completeness check does not name
 *   them again)
 */
export function checkFinishedPart(
  input: LatheVerificationInput,
  stock: LatheStock,
  tolerance: number,
  fail: Fail,
  bar: LatheStock = stock,
): Set<string> {
  const leftLabels = new Set<string>();
  checkFacedAndWhole(input, stock, fail);
  checkDiameters(input.outer, 'outer', stock, tolerance, fail, leftLabels);
  checkDiameters(input.inner, 'inner', stock, tolerance, fail, leftLabels);
  checkChamfers(input, stock, fail);
  // A sawn blank is taken out of the jaws whole: nothing is parted off.
  if (input.stock.lengthMm === undefined) checkPartedOff(input, bar, fail);
  return leftLabels;
}

/** The feature a region of the half-section lies on, by its Z and side. */
function featureOf(
  features: LatheFeature[],
  region: Polygon,
  side: 'outer' | 'inner',
): LatheFeature | undefined {
  const bounds = boundsOf([region]);
  const middle = (bounds.minX + bounds.maxX) / 2;
  const candidates = features.filter((feature) => feature.side === side);
  return (
    candidates.find((feature) => middle <= feature.fromZ + 1e-6 && middle >= feature.toZ - 1e-6) ??
    candidates.reduce<LatheFeature | undefined>((best, feature) => {
      const distance = (entry: LatheFeature) =>
        Math.min(Math.abs(entry.fromZ - middle), Math.abs(entry.toZ - middle));
      return !best || distance(feature) < distance(best) ? feature : best;
    }, undefined)
  );
}

type PartModel = NonNullable<LatheVerificationInput['part']>;

/**
 * Material left beyond the part (inside corners may keep the finishing nose radius), each
 * region named once by the feature it lies on, unless the plan explains it or it was named.
 * @param left - the regions of the made part beyond the best the part can be made
 */
function reportLeft(
  input: LatheVerificationInput,
  part: PartModel,
  stock: LatheStock,
  left: Polygon[],
  alreadyNamed: Set<string>,
  fail: Fail,
): void {
  const explained = (label: string) =>
    (input.notProgrammed ?? []).some((entry) => entry.includes(label));
  const reported = new Set<string>(alreadyNamed);
  for (const ring of left) {
    const bounds = boundsOf([ring]);
    // The thickness of what is left (the part's surface is under it), plus the tolerance taken.
    const depth = thicknessOf([ring]) + leftToleranceMm;
    if (depth < 2 * leftToleranceMm) continue;
    // On the part's end faces the bar has no outside: read it just inside them, so a bore's
    // core left from the face inward is named by its bore.
    const inside = (z: number) => Math.min(-0.001, Math.max(-input.lengthMm + 0.001, z));
    const outerSide =
      bounds.maxY > 0 && ring.some((point) => stock.outerRadius(inside(point.x)) - point.y < 0.01);
    const feature = featureOf(part.features, ring, outerSide ? 'outer' : 'inner');
    const label = feature?.label ?? `Z${round(bounds.maxX)} to Z${round(bounds.minX)}`;
    if (explained(label) || reported.has(label)) continue;
    reported.add(label);
    fail(
      'complete',
      `${label}: up to ${round2(depth)} mm of material is left at Z${round2(bounds.maxX + leftToleranceMm)} to Z${round2(bounds.minX - leftToleranceMm)}; nothing in the program cuts it`,
    );
  }
}

/** Part material that is gone: a gouge, at most the first five regions named. */
function reportGone(
  part: PartModel,
  stock: LatheStock,
  made: Polygon[],
  gone: Polygon[],
  fail: Fail,
): void {
  for (const ring of gone.slice(0, 5)) {
    const bounds = boundsOf([ring]);
    const { depth } = depthBeyond([ring], made.length > 0 ? made : part.region);
    const outerSide = ring.some((point) => point.y > stock.outerRadius(point.x) - 0.01);
    const feature = featureOf(part.features, ring, outerSide ? 'outer' : 'inner');
    const line = lineThatCut(ring, stock.cuts);
    fail(
      'gouges',
      `${line !== undefined ? `line ${line}: ` : ''}${feature?.label ?? 'the part'}: cut ${round(depth + leftToleranceMm)} mm into the part at Z${round(bounds.maxX)} to Z${round(bounds.minX)}`,
    );
  }
}

/**
 * The simulated part against the drawing: material beyond the part (inside corners may keep the
 * finishing nose radius) is left undone; part material that is gone is a gouge.
 * @param alreadyNamed - the labels checkFinishedPart found left oversize
 * @returns the part as the program leaves it, with what is left and what is gone, for the
 *   backplot; undefined without a part model
 */
export function checkCompleteness(
  input: LatheVerificationInput,
  stock: LatheStock,
  fail: Fail,
  alreadyNamed: Set<string>,
): SimulatedPart | undefined {
  const part = input.part;
  if (!part) return undefined;
  const window: Polygon = [
    { x: -input.lengthMm, y: 0 },
    { x: 0, y: 0 },
    { x: 0, y: input.stock.diameterMm },
    { x: -input.lengthMm, y: input.stock.diameterMm },
  ];
  const made = intersection(stock.polygons, [window]);
  const best = withCornerRadius(part.region, part.cornerRadiusMm);
  const either = part.either ?? [];
  const left = difference(
    difference(made, offsetPolygons(best, leftToleranceMm, 0.002)),
    either,
  ).filter((ring) => totalArea([ring]) > 0.0005);
  reportLeft(input, part, stock, left, alreadyNamed, fail);
  // Part material within the noise of the part's surface, or of a region that may be cut or
  // not (a drill point's cone below a flat bottom), is not a gouge.
  const inner = offsetPolygons(part.region, -leftToleranceMm, 0.002);
  const allowed = either.length > 0 ? offsetPolygons(either, leftToleranceMm, 0.002) : [];
  const gone = difference(difference(inner, made), allowed).filter(
    (ring) => totalArea([ring]) > 0.0005,
  );
  const simulated: SimulatedPart = {
    plane: 'XZ',
    part: made,
    left: left.filter((ring) => thicknessOf([ring]) + leftToleranceMm >= 2 * leftToleranceMm),
    gouged: gone,
  };
  reportGone(part, stock, made, gone, fail);
  return simulated;
}
