/**
 * A Check Program request turned into what the 'check' job runs (issue 35): the organization's
 * machine and its kind, the program's text and dialect, the machine's tooling pairs, and the
 * part to hold the program to (a conversation's, check-part.ts, or an attached drawing's,
 * check-drawing.ts), else the stock alone. Every refusal is one 4xx sentence
 * (contracts/program-check.ts); nothing is stored.
 */
import { detectDialect } from '#cam/check/index';
import type { ProgramCheckInput } from '#cam/check/index';
import type { Dialect } from '#cam/gcode/events';
import type { ProgramJob } from '#cam/program';
import {
  programCheckMessages as messages,
  type CheckStockBody,
  type ProgramCheckResponse,
  type programCheckFieldsSchema,
} from '#contracts/program-check';
import type { Machine, ToolingPair } from '#contracts/shop';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import type { JobService } from '#server/jobs/pool';
import { QueueRunner } from '#server/jobs/queue-runner';
import { machineInfoOf } from '#server/qbot/program-job';
import { getMachine } from '#server/shop/machines';
import { listToolingPairs } from '#server/shop/tooling';
import type { FileStore } from '#server/storage/file-store';
import { drawingJobOf, readCheckDrawing } from './check-drawing.ts';
import type { AttachedDrawing } from './check-drawing.ts';
import { partJobOf } from './check-part.ts';

/** What a check needs of the app: its database, job service and file store. */
export interface CheckServices {
  db: Database;
  jobs: JobService;
  fileStore: FileStore;
}

/** A check as the route read it: its checked fields, stock and drawing, and the program. */
export interface CheckUpload {
  fields: ReturnType<typeof programCheckFieldsSchema.parse>;
  stock: CheckStockBody | undefined;
  drawing?: AttachedDrawing | undefined;
  /** The program's text, read once the machine is found. @throws AppError 4xx when not text */
  text: () => string;
}

/** The 'check' job's input, and what the answer says of the part and the dialect. */
export interface CheckRequest {
  input: ProgramCheckInput;
  part?: NonNullable<ProgramCheckResponse['part']>;
  /** True when the dialect was told from the program's text. */
  dialectDetected: boolean;
}

const kindOf = { Milling: 'mill', Lathe: 'lathe' } as const;

const refuse = (message: string) => new AppError(422, 'validation_failed', message);

/**
 * The part the program is held to: a conversation's (`threadId`) or the attached drawing's.
 * @throws AppError as partJobOf, readCheckDrawing and drawingJobOf do; 503 when the job line is
 *   full before the drawing is read
 */
async function partOf(
  services: CheckServices,
  organizationId: string,
  upload: CheckUpload,
  found: { machine: Machine; jobType: 'Milling' | 'Lathe'; tools: ToolingPair[] },
): Promise<{ job: ProgramJob; answer: NonNullable<CheckRequest['part']> } | undefined> {
  const { threadId, material } = upload.fields;
  const { stock, drawing } = upload;
  const { machine, jobType, tools } = found;
  if (threadId) {
    const key = { organizationId, threadId };
    const part = await partJobOf(services.db, key, machine, jobType, tools, { stock, material });
    const against = messages.heldToConversation(part.name);
    return { job: part.job, answer: { threadId, name: part.name, against } };
  }
  if (!drawing || !stock) return undefined;
  const { jobs } = services;
  if (jobs.full) throw jobs.busyError();
  const store = jobs instanceof QueueRunner ? services.fileStore : undefined;
  const analysis = await readCheckDrawing(jobs, organizationId, drawing, store);
  const given = { stock, material };
  const part = drawingJobOf(analysis, drawing.fileName, machine, jobType, tools, given);
  const { name, against } = part;
  return { job: part.job, answer: { drawing: drawing.fileName, name, against } };
}

/**
 * A read upload as the 'check' job's input: the machine found first (another organization's is
 * 404 whatever the file), then the program's text, its dialect and the part.
 * @throws AppError 404 for no such machine, 415/400 for a program that is not text, 422 for a
 *   machine kind Check Program does not read, a stock of the other shape, a dialect the lathe
 *   does not read, and the part's refusals (check-part.ts, check-drawing.ts)
 */
export async function checkRequestOf(
  services: CheckServices,
  organizationId: string,
  upload: CheckUpload,
): Promise<CheckRequest> {
  const machine = await getMachine(services.db, organizationId, upload.fields.machineId);
  const text = upload.text();
  const jobType = machine.machineType?.jobType ?? 'unknown';
  const machineKind = kindOf[jobType as keyof typeof kindOf];
  if (!machineKind) throw refuse(messages.notChecked(jobType));
  const { stock } = upload;
  if (machineKind === 'lathe' && stock && stock.shape !== 'round')
    throw refuse(messages.blockOnLathe);
  if (machineKind === 'mill' && stock && stock.shape !== 'block') throw refuse(messages.barOnMill);
  const info = machineInfoOf(machine);
  const given = upload.fields.dialect;
  const dialect = given ?? detectDialect(text, info.dialect as Dialect);
  if (machineKind === 'lathe' && (dialect === 'heidenhain' || dialect === 'iso-edm'))
    throw refuse(messages.dialectNotRead(dialect));
  const tools = await listToolingPairs(services.db, organizationId, machine._id);
  const partType = jobType as 'Milling' | 'Lathe';
  const part = await partOf(services, organizationId, upload, {
    machine,
    jobType: partType,
    tools,
  });
  return {
    input: {
      text,
      dialect,
      machineKind,
      machine: info,
      tools,
      ...(stock && !part ? { stock } : {}),
      ...(part ? { part: part.job } : {}),
      material: part?.job.material ?? (upload.fields.material || 'steel'),
    },
    ...(part ? { part: part.answer } : {}),
    dialectDetected: given === undefined,
  };
}
