/**
 * The whole path's pieces for generated turned parts (tests/integration/whole-path-turned.test.ts):
 * the part the generator drew as a description with every number filled in, a job shop's lathe
 * tooling, the job from a reading (the bar a machinist would saw), and the independent check of
 * a program against the drawn part. The drawing readers are the plate file's
 * (tests/helpers/whole-path.ts `readers`).
 */
import type { InterpreterEvent } from '#cam/gcode/events';
import { interpretProgram } from '#cam/gcode/interpreter';
import { latheVerificationInput, postLatheJob } from '#cam/jobs/lathe';
import { facingAllowanceMm, minimumGripMm } from '#cam/lathe/stock';
import { classifyTool } from '#cam/lathe/tooling';
import type { LathePlan } from '#cam/lathe/program';
import type { GeneratedProgram, ProgramJob, ProgramReport } from '#cam/program';
import { verifyLatheEvents } from '#cam/verify/lathe/index';
import type { LatheVerificationInput } from '#cam/verify/lathe/input';
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import { emptyDescription } from '#contracts/blueprint';
import { mmPerUnit, type SizeTolerance, type TurnedPart } from './drawings/parts.ts';
import { catalogLimits, goldenLatheMachines } from './golden-jobs.ts';
import { toolRow } from './parts.ts';
import { latheToolTable, runRs274, withSetups } from './rs274.ts';

const row = toolRow;

/** A twist drill row: HSS-Co, long series (DIN 1869) flutes, so deep bores are reached. */
const drill = (slot: number, diameterMm: number, fluteMm: number) =>
  row(
    `T${slot}`,
    'Drilling',
    `Drill ${diameterMm}`,
    `HSS-Co twist drill Ø${diameterMm} mm, 118° point, ${fluteMm} mm flute length`,
  );

/** Drill sizes a job shop keeps: a set from Ø3 to Ø13 by 0.5, then the larger sizes. */
const drillSizes = [...Array.from({ length: 21 }, (_, i) => 3 + i * 0.5), 14, 16, 18, 20, 22, 25];
const fluteOf = (diameterMm: number) =>
  diameterMm <= 4 ? 80 : diameterMm <= 6 ? 120 : diameterMm <= 10 ? 170 : 250;

/**
 * What a job shop keeps for a CNC lathe: a roughing and a finishing turning tool, a parting
 * blade that reaches the centre of an Ø85 bar, a grooving blade, centre drills A2.5 and A1.6
 * (the smaller for the tailstock's centre hole in a thin free end), drills from Ø3
 * to Ø25, three boring bars (the largest first: the planner takes the first that enters the
 * drilled hole), external threading inserts for 0.5 to 5 mm pitches and 8 threads per inch,
 * and an internal threading bar.
 */
export const shopLatheTooling = [
  row(
    'T1',
    'Turning',
    'CNMG 120408',
    'External turning, 80° rhombic insert, 0.8 mm nose radius, MCLNR holder',
    'ROUGH',
  ),
  row(
    'T2',
    'Turning',
    'DCMT 11T304',
    'External profiling, 55° insert, 0.4 mm nose radius, SDJCR holder',
    'FINISH',
  ),
  row(
    'T3',
    'Cutting',
    'Parting blade 3 mm',
    'QD parting and grooving blade, 3 mm wide, 50 mm max depth',
  ),
  row(
    'T4',
    'Cutting',
    'DGN 2002J',
    'Grooving insert, 2 mm wide, 12 mm max depth, for O-ring and relief grooves',
  ),
  row('T5', 'Drilling', 'Centre drill A2.5', 'Centre drill DIN 333 A, pilot Ø2.5, body Ø6.3'),
  row(
    'T6',
    'Boring',
    'Boring bar CCMT 09T304',
    'Boring bar S12M, min bore Ø16, 0.4 mm nose radius',
  ),
  row('T7', 'Boring', 'Boring bar CCMT 060204', 'Boring bar Ø8, min bore Ø10, 0.4 mm nose radius'),
  row(
    'T8',
    'Boring',
    'Boring bar CoroTurn XS',
    'Solid carbide boring bar, min bore Ø3, 0.1 mm nose radius',
  ),
  row(
    'T9',
    'Cutting',
    'Threading 16ER AG60',
    'External threading insert, 60° partial profile, 0.5 to 3 mm pitch',
  ),
  row(
    'T10',
    'Cutting',
    'Threading 22ER N60',
    'External threading insert, 60° partial profile, 3.5 to 5 mm pitch',
  ),
  row('T11', 'Cutting', 'Threading 16ER 8UN', 'External threading insert, full profile, 8 TPI UN'),
  row(
    'T12',
    'Cutting',
    'Threading 11IR A60',
    'Internal threading bar, 60° partial profile, 0.5 to 1.5 mm pitch',
  ),
  ...drillSizes.map((diameterMm, i) => drill(13 + i, diameterMm, fluteOf(diameterMm))),
  row('T40', 'Drilling', 'Centre drill A1.6', 'Centre drill DIN 333 A, pilot Ø1.6, body Ø4'),
];

const [controllerType, controllerModel, manufacturer, model, key] = goldenLatheMachines.linuxcnc;
/** The Tormach 15L Slant-PRO with its catalog limits (PathPilot, LinuxCNC dialect). */
export const latheMachine: ProgramJob['machine'] = {
  name: 'Tormach 15L Slant-PRO',
  serialNumber: 'WP-1',
  dialect: 'linuxcnc',
  controllerType,
  controllerModel,
  manufacturer,
  model,
  limits: catalogLimits(key),
};

/** The tools as the lathe planner and verifier read them. */
export const latheTools = shopLatheTooling.map(classifyTool);

/** Where a part is chucked: the free end is the one away from the largest diameter. */
export function freeEndAtLeft(part: TurnedPart): boolean {
  // As the readers choose it (drawings/describe/profile.ts): the chuck holds the end nearest the
  // largest diameter; on a tie, the right end is chucked.
  const largest = Math.max(...part.steps.map((step) => step.diameter));
  const overall = part.steps.reduce((sum, step) => sum + step.length, 0);
  let start = 0;
  const centres: number[] = [];
  for (const step of part.steps) {
    if (step.diameter >= largest - 1e-9) centres.push(start + step.length / 2);
    start += step.length;
  }
  const nearLeft = Math.min(...centres);
  const nearRight = Math.min(...centres.map((centre) => overall - centre));
  return nearRight <= nearLeft;
}

const round4 = (value: number) => Math.round(value * 10000) / 10000;
const mmText = (value: number) => `${round4(value)}`;

function toleranceOf(tolerance: SizeTolerance | undefined, unit: number) {
  if (!tolerance) return {};
  if (tolerance.kind === 'fit') return { fit: tolerance.fit };
  return {
    tolerance: { upperMm: round4(tolerance.upper * unit), lowerMm: round4(tolerance.lower * unit) },
  };
}

/**
 * The part the generator drew, as a description with every value machine-readable (mm,
 * positions from the free end chosen as the readers choose it): its steps with their
 * tolerances and threads, its bores with the end they open at, its chamfers, its length.
 */
export function truthDescription(part: TurnedPart): BlueprintDescription {
  const unit = mmPerUnit(part.units);
  const atLeft = freeEndAtLeft(part);
  const overall = part.steps.reduce((sum, step) => sum + step.length, 0);
  const overallMm = round4(overall * unit);
  /** A position from the part's left end (part units) measured from the free end, mm. */
  const fromFree = (fromLeft: number) => round4((atLeft ? fromLeft : overall - fromLeft) * unit);
  const description = emptyDescription('Generated turned part (truth)');
  description.materialSpecs.material = part.material;
  description.dimensions.overallLength = `${mmText(overallMm)} mm`;
  description.dimensions.overallLengthMm = overallMm;
  description.dimensions.generalTolerance = part.generalTolerance;
  description.dimensions.tolerances = part.generalTolerance;
  if (part.centreHoles) description.features.centreHoles = part.centreHoles;
  let left = 0;
  const placed = part.steps.map((step) => {
    const entry = { step, fromLeft: left };
    left += step.length;
    return entry;
  });
  const ordered = atLeft ? placed : [...placed].reverse();
  for (const { step, fromLeft } of ordered) {
    const diameterMm = round4(step.diameter * unit);
    const lengthMm = round4(step.length * unit);
    const startMm = fromFree(atLeft ? fromLeft : fromLeft + step.length);
    const feature: DiameterFeature = {
      diameter: step.thread ? step.thread.designation : `Ø${mmText(diameterMm)}`,
      type: step.thread ? `thread ${step.thread.designation}` : step.groove ? 'groove' : 'cylinder',
      location: `from the free end, ${mmText(startMm)} to ${mmText(startMm + lengthMm)} mm`,
      length: `${mmText(lengthMm)} mm`,
      diameterMm,
      lengthMm,
      startMm,
      ...(step.thread ? { thread: step.thread.designation } : toleranceOf(step.tolerance, unit)),
    };
    description.outerDiameters.push(feature);
  }
  for (const bore of part.bores) {
    const diameterMm = round4(bore.diameter * unit);
    const atFree = bore.through || (bore.from === 'left') === atLeft;
    const depthMm = round4(bore.depth * unit);
    const startMm = atFree ? 0 : round4(overallMm - depthMm);
    description.innerDiameters.push({
      diameter: `Ø${mmText(diameterMm)}`,
      type: 'bore',
      location: atFree ? 'from the free end' : 'from the far end',
      length: bore.through ? 'through' : `${mmText(depthMm)} mm`,
      diameterMm,
      ...(bore.through ? { through: true, lengthMm: overallMm } : { lengthMm: depthMm }),
      startMm,
      ...toleranceOf(bore.tolerance, unit),
    });
  }
  for (const chamfer of part.chamfers) {
    const atFree = (chamfer.at === 'left') === atLeft;
    const sizeMm = round4(chamfer.size * unit);
    const end = chamfer.at === 'left' ? part.steps[0]! : part.steps.at(-1)!;
    description.features.chamfers.push({
      dimensions: `${mmText(sizeMm)} x ${chamfer.angleDeg}°`,
      location: `${atFree ? 'free end' : 'other end'}${chamfer.inner ? ', bore mouth' : ''}`,
      sizeMm,
      angleDeg: chamfer.angleDeg,
      atMm: atFree ? 0 : overallMm,
      ...(chamfer.inner ? { inner: true } : { onDiameterMm: round4(end.diameter * unit) }),
    });
  }
  return description;
}

/** The bar a machinist saws: 3 mm over the largest diameter, long enough (cam/lathe/stock.ts). */
export function barFor(part: TurnedPart): { diameterMm: number; lengthMm: number } {
  const unit = mmPerUnit(part.units);
  const largest = Math.max(...part.steps.map((step) => step.diameter)) * unit;
  const length = part.steps.reduce((sum, step) => sum + step.length, 0) * unit;
  const diameterMm = Math.ceil(largest + 3);
  const grip = Math.max(minimumGripMm, diameterMm);
  const lengthMm = Math.ceil((length + facingAllowanceMm + 3 + grip) / 5) * 5;
  return { diameterMm, lengthMm };
}

/** The job of a reading: the shop's lathe and tooling, the bar for the drawn part. */
export function latheJobFor(part: TurnedPart, description: BlueprintDescription): ProgramJob {
  return {
    jobType: 'Lathe',
    description,
    material: part.material,
    stock: { shape: 'round', ...barFor(part) },
    machine: latheMachine,
    tools: shopLatheTooling,
    programVersion: 1,
    partName: 'Generated turned part',
  };
}

/** The truth planned with the job's bar, machine and tools, or why it cannot be. */
export type TruthPlan = { plan: LathePlan } | { refused: string };

export function planTruth(part: TurnedPart, job: ProgramJob): TruthPlan {
  try {
    return { plan: postLatheJob({ ...job, description: truthDescription(part) }).plan };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * What the independent check holds a program to: the verification input of the plan of the
 * true part, with nothing excused (no 'not programmed' entries), and the program's own
 * operations with their roles (from the plan of the reading, which the program was written
 * from); undefined when the truth cannot be planned.
 */
export function strictInput(truth: LathePlan, job: ProgramJob): LatheVerificationInput {
  const input = latheVerificationInput(truth, 'linuxcnc', latheTools, job);
  const reading = postLatheJob(job).plan;
  return {
    ...input,
    operations: reading.operations.map((operation) => ({
      name: operation.name,
      role: operation.role,
      tool: operation.tool.label,
      ...(operation.setup ? { setup: operation.setup } : {}),
    })),
    notProgrammed: [],
  };
}

/** The independent check's verdict: the report against the truth, and what fails it. */
export interface IndependentVerdict {
  verified: boolean;
  /** What the drawn part shows wrong or undone, when not verified. */
  reasons: string[];
  report?: ProgramReport;
}

/** The failed checks of a report, in words. */
export const failures = (report: ProgramReport): string[] =>
  report.checks
    .filter((check) => !check.passed)
    .map((check) => `${check.title}: ${check.details.join('; ')}`);

/**
 * The program's moves verified against the drawn part, nothing excused: the program is right
 * only when every check of the truth's plan passes on its moves and the truth's own plan leaves
 * nothing out (what it leaves out, no program of this planner makes: a program that does not
 * make it leaves the drawn part unfinished).
 * @param events - the moves to check (default: our interpreter's reading of the program)
 */
export function independentCheck(
  generated: GeneratedProgram,
  part: TurnedPart,
  job: ProgramJob,
  events?: Iterable<InterpreterEvent>,
): IndependentVerdict {
  const truth = planTruth(part, job);
  if ('refused' in truth)
    return { verified: false, reasons: [`the drawn part cannot be planned: ${truth.refused}`] };
  const input = strictInput(truth.plan, job);
  const moves =
    events ??
    interpretProgram(generated.gcode.split('\n'), { dialect: 'linuxcnc', machine: 'lathe' });
  const report = verifyLatheEvents(moves, input);
  const reasons = [
    ...failures(report),
    ...truth.plan.notProgrammed.map((entry) => `the drawn part has ${entry}`),
  ];
  return { verified: report.verified && reasons.length === 0, reasons, report };
}

/** The tool table rs274 reads for the shop's tooling. */
export const rs274ToolTable = latheToolTable(latheTools);

/**
 * A program as LinuxCNC's rs274 reads it: its status, error output, and its canonical moves
 * as events, with the program stop and the second setup's work offset (G55) put back where
 * rs274 reports them (its canonical moves carry neither), for the verifier to replay.
 */
export function readWithRs274(gcode: string, workDir?: string) {
  const run = runRs274(gcode, {
    machine: 'lathe',
    toolTable: rs274ToolTable,
    ...(workDir ? { workDir } : {}),
  });
  const { events } = withSetups(run);
  return { status: run.status, output: run.output, events };
}
