/**
 * The dispatcher by job type: plan, write and verify the program with the generator of its kind
 * (cam/lathe, cam/mill, cam/wire, cam/sinker), then estimate its cycle time from the interpreted
 * program, write it again with the cycle time in its header, and draw its backplot.
 */
import { backplotSvg } from './backplot.ts';
import { estimateCycleTime, findOperationLines, formatDuration } from './cycle-time.ts';
import type { Dialect, MachineKind } from './gcode/events.ts';
import { interpretProgram } from './gcode/interpreter.ts';
import { outerContour } from './lathe/contour.ts';
import { generateLatheProgram } from './lathe/generate.ts';
import { generateMillProgram } from './mill/generate.ts';
import type { GeneratedProgram, KindProgram, PlotOutline, ProgramJob } from './program.ts';
import { generateSinkerProgram } from './sinker/generate.ts';
import { generateWireProgram } from './wire/generate.ts';
import { PlanningError } from './errors.ts';

const machineKinds: Record<ProgramJob['jobType'], MachineKind> = {
  Lathe: 'lathe',
  Milling: 'mill',
  'Wire EDM': 'wire',
  'Sinker EDM': 'sinker',
};

/** A lathe program in the common shape: the outline is the turned half-profile in (z, radius). */
function latheProgram(job: ProgramJob): KindProgram {
  if (job.stock.shape !== 'round') {
    throw new PlanningError(
      'A lathe job needs round bar stock: give the material size like "Ø20 x 100 round bar".',
    );
  }
  const generated = generateLatheProgram({
    description: job.description,
    material: job.material,
    stock: {
      diameterMm: job.stock.diameterMm,
      ...(job.stock.lengthMm ? { lengthMm: job.stock.lengthMm } : {}),
    },
    machine: job.machine,
    tools: job.tools,
    programVersion: job.programVersion,
    ...(job.overrides ? { overrides: job.overrides } : {}),
    ...(job.partName ? { partName: job.partName } : {}),
    ...(job.headerNotes ? { headerNotes: job.headerNotes } : {}),
  });
  const part = generated.plan.part;
  const contour = outerContour(part);
  const profile = [
    { x: 0, y: 0 },
    ...contour.points.map((point) => ({ x: point.z, y: point.x / 2 })),
    { x: -part.lengthMm, y: 0 },
  ];
  return {
    gcode: generated.gcode,
    fileName: generated.fileName,
    dialect: generated.dialect,
    report: generated.report as KindProgram['report'],
    summary: { jobType: 'Lathe', ...generated.summary },
    outline: { plane: 'XZ', polygons: [profile] } satisfies PlotOutline,
  };
}

function generateKind(job: ProgramJob): KindProgram {
  switch (job.jobType) {
    case 'Lathe':
      return latheProgram(job);
    case 'Milling':
      return generateMillProgram(job);
    case 'Wire EDM':
      return generateWireProgram(job);
    case 'Sinker EDM':
      return generateSinkerProgram(job);
  }
}

/**
 * Plan, write and verify a program for any job type.
 * @returns the verified (or failed) program with its cycle time in the summary and the header,
 *   and its backplot as SVG
 * @throws PartModelError, PrismaticPartError or PlanningError with a message for the user when
 *   the job cannot be planned
 */
export function generateProgram(job: ProgramJob): GeneratedProgram {
  const machine = machineKinds[job.jobType];
  const first = generateKind(job);
  const options = { dialect: first.dialect as Dialect, machine };
  const operations = findOperationLines(
    first.gcode.split('\n'),
    first.summary.operations.map((operation) => operation.name),
  );
  const cycleTime = estimateCycleTime(interpretProgram(first.gcode.split('\n'), options), {
    machine,
    operations,
  });
  const timeNote = `Estimated cycle time ${formatDuration(cycleTime.totalSeconds)}`;
  const program = generateKind({ ...job, headerNotes: [...(job.headerNotes ?? []), timeNote] });
  const seconds = new Map(cycleTime.operations.map((entry) => [entry.name, entry.seconds]));
  return {
    ...program,
    summary: {
      ...program.summary,
      operations: program.summary.operations.map((operation) => ({
        ...operation,
        ...(seconds.has(operation.name) ? { seconds: seconds.get(operation.name)! } : {}),
      })),
      cycleTime,
    },
    backplotSvg: backplotSvg(
      interpretProgram(program.gcode.split('\n'), options),
      program.outline,
      { title: `${program.fileName}: toolpath` },
    ),
  };
}
