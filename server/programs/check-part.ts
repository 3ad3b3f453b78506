/**
 * The part Check Program holds a program to (issue 35): a Q-Bot conversation of the caller's
 * organization whose description is confirmed, turned into the job Q-Bot's generation would plan
 * for it on the machine the program runs on (cam/check/part.ts plans it in the job pool). Also
 * the list of such conversations for the screen's Part select. Every read is scoped by the
 * organization: another organization's conversation is not found, as one that does not exist.
 */
import type { ProgramJob } from '#cam/program';
import type { CheckPart, CheckStockBody } from '#contracts/program-check';
import { programCheckMessages as messages } from '#contracts/program-check';
import type { QbotContext } from '#contracts/qbot-workflow';
import { trackerIndexOf, trackerSteps } from '#contracts/qbot-workflow';
import type { Machine, ToolingPair } from '#contracts/shop';
import { workflowStepOf } from '#machines/qbotContext';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { chosenStock, machineInfoOf, plannerStockOf } from '#server/qbot/program-job';
import { latestProgramVersion } from '#server/qbot/program-versions';
import { findThread, latestThreads } from '#server/qbot/threads';
import type { Thread, ThreadKey } from '#server/qbot/threads';

/** How many of the organization's latest conversations the Part select offers. */
const partListLimit = 200;

/** A conversation's context with its confirmed description. */
type PartContext = QbotContext & { analysis: NonNullable<QbotContext['analysis']> };

/** The tracker index of the first step after the description is confirmed. */
const confirmedIndex = trackerSteps.indexOf('Choose Material Stock');
/** The tracker index of the step after the size is chosen. */
const sizedIndex = trackerSteps.indexOf('Choose Job Type');

/** The conversation's step and context when its description is confirmed, else undefined. */
function confirmed(row: Pick<Thread, 'snapshot'>) {
  const snapshot = row.snapshot as { value?: unknown; context?: QbotContext } | null;
  const context = snapshot?.context;
  if (!snapshot || !context?.analysis) return undefined;
  const step = workflowStepOf(snapshot.value);
  if (trackerIndexOf(step) < confirmedIndex) return undefined;
  return { step, context: context as PartContext };
}

/** The part's name: the title block's title, else the drawing's file name, else "Part". */
function partName(context: PartContext): string {
  const title = context.analysis.description.titleBlock?.title?.trim();
  return title || context.fileName || 'Part';
}

/** A size as the workflow keeps it, in words. */
const wordsOf = (size: NonNullable<QbotContext['materialSize']>): string =>
  typeof size === 'string' ? size : `${size.shape} ${size.diameter} x ${size.length}`.trim();

/** The chosen size in words, when the conversation has passed the size step. */
function sizeWords(step: string, context: PartContext): string | null {
  if (trackerIndexOf(step) < sizedIndex || !context.materialSize) return null;
  return wordsOf(context.materialSize);
}

/**
 * The organization's conversations with a confirmed description, latest first (at most 200).
 * @returns each with its thread id, part name, chosen job type, material and size (null until
 *   chosen) and when it was last changed (ISO 8601)
 * @throws only the driver's errors
 */
export async function listCheckParts(db: Database, organizationId: string): Promise<CheckPart[]> {
  const rows = await latestThreads(db, organizationId, partListLimit);
  return rows.flatMap((row) => {
    const part = confirmed(row);
    if (!part) return [];
    const { step, context } = part;
    return [
      {
        threadId: row.id,
        name: partName(context),
        jobType: context.jobType ?? null,
        material: context.material ?? null,
        stockSize: sizeWords(step, context),
        updatedAt: new Date(row.updatedAt).toISOString(),
      },
    ];
  });
}

/** What the operator gave beside the part: a stock size and a material, each optional. */
export interface GivenForPart {
  stock?: CheckStockBody | undefined;
  material?: string | undefined;
}

/**
 * A stock as the operator gave it beside a part, as the planner takes it (its position is the
 * planner's): a block's X, Y, Z or a bar's diameter and length, mm.
 * @throws AppError 422 (`messages.partStockPlaced`) when a position is given with it
 */
export function givenStock(stock: CheckStockBody): ProgramJob['stock'] {
  const placed =
    stock.shape === 'block'
      ? stock.x0Mm !== undefined || stock.y0Mm !== undefined || stock.topZMm !== undefined
      : stock.stickOutMm !== undefined || stock.faceZMm !== undefined;
  if (placed) throw new AppError(422, 'validation_failed', messages.partStockPlaced);
  return stock.shape === 'block'
    ? { shape: 'block', xMm: stock.xMm, yMm: stock.yMm, zMm: stock.zMm }
    : { shape: 'round', diameterMm: stock.diameterMm, lengthMm: stock.lengthMm };
}

/**
 * The stock of the conversation, as generation reads it for the job type.
 * @throws AppError 422 when no size is chosen yet or it has no reading for the job type
 */
function conversationStock(
  step: string,
  context: PartContext,
  jobType: ProgramJob['jobType'],
): ProgramJob['stock'] {
  if (trackerIndexOf(step) < sizedIndex)
    throw new AppError(422, 'validation_failed', messages.partNoStock);
  const chosen = chosenStock(context);
  try {
    return plannerStockOf(jobType, chosen);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const words = wordsOf(chosen.words);
    throw new AppError(422, 'validation_failed', messages.partStockUnreadable(words));
  }
}

/**
 * The job Q-Bot's generation would plan for a conversation's part on `machine`: its confirmed
 * description, the material given (else the conversation's, else the drawing's), the stock size
 * given (else the conversation's), the machine, and the tools the conversation selected when it
 * chose this machine and they are all still on it (else every tool of the machine), with the
 * overrides of its latest program version.
 * @param jobType - the machine's kind as a job type ('Milling' or 'Lathe')
 * @param tools - every tooling pair of `machine`
 * @returns the job and the part's name
 * @throws AppError 404 when the organization has no such conversation, 422 when its description
 *   is not confirmed, it has no stock size and none is given, the size has no reading for the
 *   machine, or the given stock has a position
 */
export async function partJobOf(
  db: Database,
  key: ThreadKey,
  machine: Machine,
  jobType: 'Milling' | 'Lathe',
  tools: ToolingPair[],
  given: GivenForPart,
): Promise<{ job: ProgramJob; name: string }> {
  const row = await findThread(db, key);
  if (!row) throw new AppError(404, 'not_found', messages.partNotFound);
  const part = confirmed(row);
  if (!part) throw new AppError(422, 'validation_failed', messages.partNotConfirmed);
  const { step, context } = part;
  const stock = given.stock ? givenStock(given.stock) : conversationStock(step, context, jobType);
  const selected = tools.filter((tool) => context.toolIds.includes(tool.id));
  const sameTools =
    context.machine?._id === machine._id &&
    selected.length > 0 &&
    selected.length === context.toolIds.length;
  const previous = await latestProgramVersion(db, key);
  const overrides = previous?.overrides as ProgramJob['overrides'] | null | undefined;
  return {
    name: partName(context),
    job: {
      jobType,
      description: context.analysis.description,
      material:
        given.material || context.material || context.analysis.description.materialSpecs.material,
      stock,
      machine: machineInfoOf(machine),
      tools: sameTools ? selected : tools,
      programVersion: previous?.version ?? 1,
      ...(overrides ? { overrides } : {}),
      partName: (context.fileName ?? 'part').replace(/\.[A-Za-z0-9]+$/, ''),
    },
  };
}
