/**
 * The part Check Program holds a program to when the operator attaches its drawing instead of
 * naming a Q-Bot conversation (issue 35): a DXF or STEP file read by the offline readers in the
 * job pool (the 'read' task, as Q-Bot's offline upload reads it; no assistant is asked), then
 * the job Q-Bot's generation would plan for that description on the machine, with the stock
 * size the operator gave (placed by the planner) and every tool of the machine. The drawing is
 * not kept: on the PostgreSQL job queue its bytes stay in the file store only while the read
 * runs (under a key no row names, which the sweep would remove if the process died).
 *
 * Nothing is guessed silently: when the reading lacks what the plan needs (a lathe's diameters
 * and lengths, a mill's top-view outline) the check is refused with one sentence naming it;
 * what the planner takes from the stock (a plate's thickness: its height less 1 mm facing, as
 * Q-Bot's size step does) is said in the words of what the program was held to.
 */
import { randomUUID } from 'node:crypto';
import { facingAllowanceMm } from '#cam/prismatic/part';
import type { ProgramJob } from '#cam/program';
import type { BlueprintAnalysis, BlueprintDescription } from '#contracts/blueprint';
import type { CheckStockBody } from '#contracts/program-check';
import { programCheckMessages as messages } from '#contracts/program-check';
import type { Machine, ToolingPair } from '#contracts/shop';
import { AppError } from '#server/errors';
import type { JobRunner } from '#server/jobs/pool';
import type { FileStore } from '#server/storage/file-store';
import { givenStock } from './check-part.ts';
import { machineInfoOf } from '#server/qbot/program-job';

/** A drawing attached to a check: its cleaned name, bytes and type. */
export interface AttachedDrawing {
  fileName: string;
  bytes: Buffer;
  type: 'dxf' | 'step';
}

/**
 * Read an attached drawing with the offline readers in the job pool (or queue).
 * @param store - the file store, when the jobs run on the PostgreSQL queue (its workers read a
 *   drawing by key): the bytes are kept there only while the read runs
 * @returns the analysis, as Q-Bot's offline upload makes it (cam/analysis.ts `analysisOf`)
 * @throws AppError 422 with the reader's sentence for a drawing it cannot read, 503 when the
 *   line of jobs is full
 */
export async function readCheckDrawing(
  jobs: JobRunner,
  organizationId: string,
  drawing: AttachedDrawing,
  store?: FileStore,
): Promise<BlueprintAnalysis> {
  const file = { fileName: drawing.fileName, type: drawing.type, bytes: drawing.bytes };
  if (!store) return jobs.run({ kind: 'read', file }, { fileName: drawing.fileName });
  const storageKey = `${organizationId}/${randomUUID()}`;
  await store.put(storageKey, drawing.bytes);
  try {
    return await jobs.run(
      { kind: 'read', file: { ...file, storageKey } },
      { fileName: file.fileName },
    );
  } finally {
    await store.delete(storageKey).catch(() => undefined);
  }
}

const fmt = (mm: number) => String(Math.round(mm * 100) / 100);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the reading lacks that the plan needs, each in words ('the length of Ø42'), for the
 * machine's kind: a lathe's part model gaps (cam/analysis.ts `latheGapsOf`, as Q-Bot asks them
 * at the job type step), a mill's top-view outline.
 */
export function drawingGaps(analysis: BlueprintAnalysis, machineKind: 'mill' | 'lathe'): string[] {
  if (machineKind === 'lathe') return analysis.latheGaps ?? [];
  const outline = analysis.description.prismatic?.outline ?? [];
  return outline.length < 3 ? [messages.noTopView] : [];
}

/** A plate as read, in words: its outline's size, thickness and features. */
function plateWords(description: BlueprintDescription, stock: ProgramJob['stock']): string {
  const prismatic = description.prismatic!;
  const xs = prismatic.outline.map((point) => point.x);
  const ys = prismatic.outline.map((point) => point.y);
  const size = `${fmt(Math.max(...xs) - Math.min(...xs))} x ${fmt(Math.max(...ys) - Math.min(...ys))} mm`;
  const stockZ = stock.shape === 'block' ? stock.zMm : 0;
  const thickness =
    prismatic.thicknessMm !== undefined
      ? `${fmt(prismatic.thicknessMm)} mm thick`
      : `its thickness not on the drawing, so the stock's ${fmt(stockZ)} mm less ${facingAllowanceMm} mm facing`;
  return `a plate ${size} seen from the top, ${thickness}, ${count(prismatic.holes.length, 'hole', 'holes')}, ${count(prismatic.pockets.length, 'pocket or cut-out', 'pockets and cut-outs')}, ${count(prismatic.slots.length, 'slot', 'slots')}`;
}

/** A turned part as read, in words: its length, diameters and bores. */
function turnedWords(description: BlueprintDescription): string {
  const length = description.dimensions.overallLengthMm;
  const diameters = description.outerDiameters.map((feature) => feature.diameter).join(', ');
  return `a turned part${length ? ` ${fmt(length)} mm long` : ''}, ${count(description.outerDiameters.length, 'outer diameter', 'outer diameters')} (${diameters}), ${count(description.innerDiameters.length, 'bore', 'bores')}`;
}

/** What the operator gave beside the drawing: the stock's size (required) and a material. */
export interface GivenForDrawing {
  stock: CheckStockBody;
  material?: string | undefined;
}

/**
 * The job Q-Bot's generation would plan for a drawing's reading on `machine`: its description,
 * the material given (else the drawing's, else 'steel'), the stock size given (placed by the
 * planner), the machine and all its tools, version 1, no overrides.
 * @param analysis - the drawing as read (`readCheckDrawing`)
 * @param jobType - the machine's kind as a job type ('Milling' or 'Lathe')
 * @param tools - every tooling pair of `machine`
 * @returns the job, the part's name (the title block's title, else the file name) and what the
 *   program is held to, in words ("the drawing FLH-001.dxf as read: a plate …")
 * @throws AppError 422 when the reading lacks what the plan needs (`messages.drawingLacks`), a
 *   turned part is checked on a mill, or the given stock has a position
 */
export function drawingJobOf(
  analysis: BlueprintAnalysis,
  fileName: string,
  machine: Machine,
  jobType: 'Milling' | 'Lathe',
  tools: ToolingPair[],
  given: GivenForDrawing,
): { job: ProgramJob; name: string; against: string } {
  const { description } = analysis;
  const machineKind = jobType === 'Lathe' ? 'lathe' : 'mill';
  if (machineKind === 'mill' && description.outerDiameters.length > 0)
    throw new AppError(422, 'validation_failed', messages.drawingTurnedOnMill(fileName));
  const missing = drawingGaps(analysis, machineKind);
  if (missing.length > 0)
    throw new AppError(
      422,
      'validation_failed',
      messages.drawingLacks(fileName, machineKind, missing),
    );
  const stock = givenStock(given.stock);
  const drawn = description.materialSpecs.material.trim();
  const material = given.material || drawn || 'steel';
  const materialWords = given.material
    ? `${material} (given)`
    : drawn
      ? `${material} (the drawing's)`
      : `${material} (none given or on the drawing)`;
  const shape = machineKind === 'mill' ? plateWords(description, stock) : turnedWords(description);
  return {
    name: description.titleBlock?.title?.trim() || fileName,
    against: messages.heldToDrawing(fileName, `${shape}; material ${materialWords}`),
    job: {
      jobType,
      description,
      material,
      stock,
      machine: machineInfoOf(machine),
      tools,
      programVersion: 1,
      partName: fileName.replace(/\.[A-Za-z0-9]+$/, ''),
    },
  };
}
