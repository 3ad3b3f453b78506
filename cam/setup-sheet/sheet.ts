/**
 * A program's setup sheet (docs/decisions/107-setup-sheet.md): the job (part, drawing,
 * material, machine, stock), its kind's set-up (zero point, workholding, tools: ./kind.ts), and
 * what every written program has: the operations with their cutting data and times, the cycle
 * time, the verifier's checks and verdict, and the notes to read before running it. The
 * dispatcher (cam/jobs/generate.ts) writes one with every program.
 */
import type { SetupSheet } from '#contracts/setup-sheet';
import { controllerName, namesJoined } from '#contracts/names';
import { formatDuration } from '../cycle-time.ts';
import type { ProgramJob, ProgramReport, ProgramSummary, SummaryOperation } from '../program.ts';
import { mmText } from './kind.ts';
import type { KindSetup } from './kind.ts';

/** An operation's cutting data in words: "180 m/min, 0.25 mm/rev, ap 2 mm". */
export function cuttingDataText(operation: SummaryOperation): string {
  const speed =
    operation.surfaceSpeed !== undefined
      ? `${mmText(operation.surfaceSpeed)} m/min`
      : operation.rpm !== undefined
        ? `${mmText(operation.rpm)} rpm`
        : undefined;
  const feed =
    operation.feedPerRev !== undefined
      ? `${mmText(operation.feedPerRev)} mm/rev`
      : operation.feedMmPerMin !== undefined
        ? `${mmText(operation.feedMmPerMin)} mm/min`
        : undefined;
  return [
    speed,
    feed,
    operation.depthOfCut !== undefined ? `ap ${mmText(operation.depthOfCut)} mm` : undefined,
    operation.raUm !== undefined ? `Ra ${mmText(operation.raUm)} µm` : undefined,
    operation.passes !== undefined ? `${operation.passes} passes` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The drawing a job's description was read from: its number and revision, else its source. */
function drawingOf(job: ProgramJob): string | undefined {
  const block = job.description.titleBlock;
  if (block?.drawingNumber)
    return block.revision ? `${block.drawingNumber} rev ${block.revision}` : block.drawingNumber;
  return job.description.source?.trim() || undefined;
}

/** What a written program brings to its sheet: its name, dialect, report and summary. */
export interface SheetProgram {
  fileName: string;
  dialect: string;
  report: Pick<ProgramReport, 'verified' | 'unfinished' | 'checks'>;
  summary: Pick<
    ProgramSummary,
    'jobType' | 'operations' | 'warnings' | 'limited' | 'stock' | 'cycleTime'
  >;
}

/**
 * The setup sheet of a written program.
 * @param job - the job it was written for (part name, description, material, machine, version)
 * @param setup - its kind's zero point, workholding and tools
 * @param program - the finished program, its summary with the operations' times
 * @param partName - the part's name as the program's header writes it
 * @param operationSetups - per operation of the summary, in order: its setup (2 for a lathe's
 *   second setup), when the kind has more than one
 */
export function setupSheetOf(
  job: ProgramJob,
  setup: KindSetup,
  program: SheetProgram,
  partName: string,
  operationSetups: readonly (number | undefined)[] = [],
): SetupSheet {
  const { summary, report } = program;
  const drawing = drawingOf(job);
  const drawingMaterial =
    job.description.titleBlock?.material ?? job.description.materialSpecs.material;
  return {
    partName,
    ...(drawing ? { drawing } : {}),
    material: job.material,
    ...(drawingMaterial.trim() && drawingMaterial.trim() !== job.material
      ? { drawingMaterial: drawingMaterial.trim() }
      : {}),
    jobType: summary.jobType,
    programVersion: job.programVersion,
    fileName: program.fileName,
    dialect: program.dialect,
    machine: {
      name: job.machine.name,
      model: namesJoined(job.machine.manufacturer, job.machine.model),
      serialNumber: job.machine.serialNumber,
      controller: controllerName(job.machine),
    },
    stock: { size: summary.stock, material: job.material },
    zeroPoint: setup.zeroPoint,
    workholding: setup.workholding,
    tools: setup.tools,
    operations: summary.operations.map((operation, index) => {
      const setupNumber = operationSetups[index];
      return {
        name: operation.name,
        tool: operation.tool,
        cuttingData: cuttingDataText(operation),
        ...(operation.seconds !== undefined ? { seconds: operation.seconds } : {}),
        ...(setupNumber !== undefined ? { setup: setupNumber } : {}),
      };
    }),
    ...(summary.cycleTime
      ? {
          cycleTime: {
            totalSeconds: summary.cycleTime.totalSeconds,
            text: formatDuration(summary.cycleTime.totalSeconds),
          },
        }
      : {}),
    status: report.verified ? 'verified' : 'incomplete',
    checks: report.checks.map((check) => ({
      title: check.title,
      passed: check.passed,
      kind: check.kind ?? 'process',
      details: check.details.slice(0, 20),
    })),
    unfinished: report.unfinished,
    notes: summary.warnings,
    limited: summary.limited ?? [],
  };
}
