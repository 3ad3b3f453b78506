/**
 * The job cam/ plans for a conversation's next program, from the server's own records: the
 * confirmed description and material, the stock as numbers (the size step's StockSize,
 * contracts/stock-size.ts, decision 039), the machine and the selected tools as the shop keeps
 * them, the next version number and the overrides of simulation feedback. Pure: the caller
 * (./programs.ts) reads the rows; nothing here does I/O.
 */
import { suggestedStockSize, stockWords } from '#cam/analysis';
import type { CuttingOverrides, ProgramJob } from '#cam/program';
import type { BlueprintAnalysis, MaterialSize } from '#contracts/blueprint';
import type { QbotContext } from '#contracts/qbot-workflow';
import { qbotMessages } from '#contracts/qbot-workflow';
import type { Machine, ToolingPair } from '#contracts/shop';
import { stockSizeOf, stockSizeSchema } from '#contracts/stock-size';
import type { StockSize } from '#contracts/stock-size';
import { AppError } from '#server/errors';

export const programMessages = {
  blockUnreadable: (size: string) =>
    `I could not read a block size from the stock size "${size}". Reset to "Choose Material Size" and give it like "Plate 180 x 80 x 12 mm" (length x width x thickness).`,
  stockUnreadable: (size: string) =>
    `I could not read a bar diameter from the stock size "${size}". Reset to "Choose Material Size" and give it like "Ø20 x 100 round bar".`,
  toolsChanged:
    'Some of the selected tools are no longer on the machine: press Choose Tools Again and pick them again.',
  notVerified: (failed: string[]) =>
    `The program did not pass verification (${failed.join('; ')}), so it is not offered for download.`,
  notComplete:
    'The job is not complete yet: confirm the description, material, size, job type, machine and tools first.',
} as const;

/** A context whose job is chosen: its description, job type and machine. */
export type CompleteContext = QbotContext & {
  analysis: BlueprintAnalysis;
  jobType: NonNullable<QbotContext['jobType']>;
  machine: NonNullable<QbotContext['machine']>;
};

/**
 * The context, when its description, job type and machine are chosen.
 * @throws AppError 409 `workflow_out_of_order` when one is not
 */
export function completeContext(context: QbotContext): CompleteContext {
  if (!context.analysis || !context.machine || !context.jobType)
    throw new AppError(409, 'workflow_out_of_order', programMessages.notComplete);
  return context as CompleteContext;
}

/** The stock chosen at the size step: its words (for messages) and its numbers. */
export interface ChosenStock {
  words: MaterialSize;
  stock: StockSize;
}

/**
 * The chosen size, or the description's suggestion when the user kept the placeholder. The
 * numbers are the size step's StockSize; a workflow saved before decision 039 has none, and its
 * words are read with `stockSizeOf`.
 */
export function chosenStock(
  context: Pick<QbotContext, 'materialSize' | 'stockSize'> & { analysis: BlueprintAnalysis },
): ChosenStock {
  const size = context.materialSize;
  if (size === null || size === qbotMessages.defaultStockSize) {
    const stock = suggestedStockSize(context.analysis.description);
    return { words: stockWords(stock), stock };
  }
  const stored = stockSizeSchema.safeParse(context.stockSize);
  return { words: size, stock: stored.success ? stored.data : stockSizeOf(size) };
}

/**
 * The stock the planner cuts: for a lathe job the round reading (diameter, and length when
 * given), for the others the block reading "length x width x thickness", mm.
 * @throws AppError 422 `validation_failed` when the size has no reading for the job type (with
 *   the words as the user gave them)
 */
export function plannerStockOf(
  jobType: ProgramJob['jobType'],
  { words, stock }: ChosenStock,
): ProgramJob['stock'] {
  if (jobType === 'Lathe') {
    const round = stock.round;
    if (!round) {
      const text = typeof words === 'string' ? words : `${words.diameter} x ${words.length}`;
      throw new AppError(422, 'validation_failed', programMessages.stockUnreadable(text));
    }
    return {
      shape: 'round',
      diameterMm: round.diameterMm,
      ...(round.lengthMm ? { lengthMm: round.lengthMm } : {}),
    };
  }
  const block = stock.block;
  if (block?.zMm === undefined) {
    const text =
      typeof words === 'string'
        ? words
        : `${words.shape} ${words.diameter} x ${words.length}`.trim();
    throw new AppError(422, 'validation_failed', programMessages.blockUnreadable(text));
  }
  return { shape: 'block', xMm: block.xMm, yMm: block.yMm, zMm: block.zMm };
}

/** Overrides of successive simulation analyses combine: factors multiply, clearances take the larger. */
/**
 * Limits of the combined overrides: however many regenerations multiply them, cutting data stays
 * between a quarter and twice the handbook values, and clearances and allowances stay sensible.
 */
const overrideLimits: Record<string, [number, number]> = {
  surfaceSpeedFactor: [0.25, 2],
  feedFactor: [0.25, 2],
  finishFeedFactor: [0.25, 2],
  depthOfCutFactor: [0.25, 2],
  peckFactor: [0.2, 3],
  clearanceMm: [1, 25],
  finishAllowanceMm: [0.05, 1],
};

/**
 * The overrides of the next program version: factors multiply those of the earlier versions,
 * clearances take the larger value, anything else replaces; each result is clamped to its
 * limits and unknown keys are dropped.
 */
export function combineOverrides(
  previous: CuttingOverrides | undefined,
  next: Record<string, number> | undefined,
): CuttingOverrides {
  const combined: Record<string, number> = { ...(previous as Record<string, number> | undefined) };
  for (const [key, value] of Object.entries(next ?? {})) {
    const limits = overrideLimits[key];
    if (!limits || !Number.isFinite(value)) continue;
    let result = value;
    if (key.endsWith('Factor')) result = (combined[key] ?? 1) * value;
    else if (key === 'clearanceMm') result = Math.max(combined[key] ?? 0, value);
    combined[key] = Math.round(Math.min(limits[1], Math.max(limits[0], result)) * 1000) / 1000;
  }
  return combined;
}

/** The machine as the planner and the post-processor know it, from the shop's record. */
export function machineInfoOf(machine: Machine): ProgramJob['machine'] {
  return {
    name: machine.name,
    manufacturer: machine.machineManufacturer?.name ?? 'Unknown',
    model: machine.machineModelType?.name ?? 'Unknown',
    controllerType: machine.controllerType?.name ?? 'Unknown',
    controllerModel: machine.controllerModelType?.name ?? 'Unknown',
    dialect: machine.controllerModelType?.dialect ?? 'unknown',
    serialNumber: machine.serialNumber,
    ...(machine.machineModelType?.limits ? { limits: machine.machineModelType.limits } : {}),
    ...(machine.machineModelType?.limits?.maxRpm !== undefined
      ? { maxRpm: machine.machineModelType.limits.maxRpm }
      : {}),
  };
}

/**
 * The cam ProgramJob of a conversation's next program version.
 * @param context - the workflow's context, its job chosen
 * @param machine - the chosen machine as the shop keeps it
 * @param tools - the selected tools, as the shop keeps them
 * @param previous - the conversation's latest program version (number and overrides), if any
 * @returns the job: version `previous.version + 1` (1 for the first), the overrides combined
 *   with the simulation analysis's, the stock in mm
 * @throws AppError 409 when the job is not chosen yet, 422 when the size has no reading for the
 *   job type (`programMessages.stockUnreadable` / `blockUnreadable`)
 */
export function programJobOf(
  context: QbotContext,
  machine: Machine,
  tools: ToolingPair[],
  previous: { version: number; overrides: unknown } | undefined,
): ProgramJob {
  const chosen = completeContext(context);
  const overrides = chosen.simulationAnalysis
    ? combineOverrides(
        previous?.overrides as CuttingOverrides | undefined,
        chosen.simulationAnalysis.overrides,
      )
    : ((previous?.overrides as CuttingOverrides | null) ?? undefined);
  return {
    jobType: chosen.jobType,
    description: chosen.analysis.description,
    material: chosen.material ?? chosen.analysis.description.materialSpecs.material,
    stock: plannerStockOf(chosen.jobType, chosenStock(chosen)),
    machine: machineInfoOf(machine),
    tools,
    programVersion: (previous?.version ?? 0) + 1,
    ...(overrides ? { overrides } : {}),
    partName: (chosen.fileName ?? 'part').replace(/\.[A-Za-z0-9]+$/, ''),
  };
}
