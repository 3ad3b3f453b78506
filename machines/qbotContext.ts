/**
 * Helpers of the Q-Bot workflow chart (machines/qbotWorkflow.ts, which holds the chart itself):
 * its actors' inputs, outputs and placeholders, its guards, its initial context, the chat message
 * builders, what a Work Tracker reset clears and where it goes, and the step of a snapshot.
 * The vocabulary (context, texts, tracker steps, events) is in contracts/qbot-workflow.ts.
 */
import { fromPromise } from 'xstate';
import type { BlueprintAnalysis, BlueprintDescription, MaterialSize } from '#contracts/blueprint';
import type { CallFailure } from './signIn.ts';
import { jobTypes } from '#contracts/job-types';
import { machineFit, partLengthOf, type MachineFit } from '#contracts/machine-fit';
import type { JobType } from '#contracts/job-types';
import {
  earlierProgramOf,
  programWrittenMessage,
  qbotExtraMessages,
  qbotMessages,
  suggestedSizeText,
  trackerSteps,
} from '#contracts/qbot-workflow';
import {
  blockStockText,
  parseStockSize,
  stockSizeOf,
  withTypedThickness,
} from '#contracts/stock-size';
import type { StockSize } from '#contracts/stock-size';
import type {
  ChatMessage,
  QbotContext,
  QbotEvent,
  SimulationAnalysis,
  TrackerStep,
  MachineChoices,
  WorkflowMachine,
  WorkflowProgram,
  WorkflowTool,
} from '#contracts/qbot-workflow';

// Actors' inputs and outputs, which the UI and the server implement ----------------------------

export type DescribeInput = QbotEvent & { type: 'blueprint.uploaded' };
export interface ReviseInput {
  feedback: string;
  context: QbotContext;
}
/** The values table's description as the operator saved it (docs/decisions/049-values-table.md). */
export interface SaveValuesInput {
  description: BlueprintDescription;
  context: QbotContext;
}
export interface LoadMachinesInput {
  jobType: JobType;
}
export interface LoadToolsInput {
  machine: WorkflowMachine;
}
export interface GenerateInput {
  context: QbotContext;
}
export interface AnalyzeInput {
  feedback: string;
  context: QbotContext;
}

export interface DescribeOutput {
  analysis: BlueprintAnalysis;
  imageUrl: string;
  threadId?: string;
  assistantId?: string;
}

/**
 * The chart's actors as placeholders that declare their input and output types; the UI and the
 * server provide the real ones with `qbotWorkflowMachine.provide({ actors })`.
 */
export const qbotActors = {
  describeBlueprint: fromPromise<DescribeOutput, DescribeInput>(() => {
    throw new Error('describeBlueprint actor not provided');
  }),
  reviseDescription: fromPromise<BlueprintAnalysis, ReviseInput>(() => {
    throw new Error('reviseDescription actor not provided');
  }),
  saveDescriptionValues: fromPromise<BlueprintAnalysis, SaveValuesInput>(() => {
    throw new Error('saveDescriptionValues actor not provided');
  }),
  loadMachines: fromPromise<MachineChoices, LoadMachinesInput>(() => {
    throw new Error('loadMachines actor not provided');
  }),
  loadTools: fromPromise<WorkflowTool[], LoadToolsInput>(() => {
    throw new Error('loadTools actor not provided');
  }),
  generateProgram: fromPromise<WorkflowProgram, GenerateInput>(() => {
    throw new Error('generateProgram actor not provided');
  }),
  analyzeSimulation: fromPromise<SimulationAnalysis, AnalyzeInput>(() => {
    throw new Error('analyzeSimulation actor not provided');
  }),
};

// Guards ---------------------------------------------------------------------------------------

interface GuardArgs {
  context: QbotContext;
  event: QbotEvent;
}

/**
 * The suggested stock as numbers: the analysis's StockSize, or for an analysis saved before
 * decision 039 its words read with `stockSizeOf` (the spec's default text without an analysis).
 */
export function suggestedStockSizeOf(analysis: BlueprintAnalysis | null): StockSize {
  return (
    analysis?.stockSize ?? stockSizeOf(analysis?.materialSize ?? qbotMessages.defaultStockSize)
  );
}

/**
 * What the size step answers a size it cannot take, or undefined when it takes it: a typed size
 * without a number to plan with, or a blank entry whose suggestion has no size or no thickness.
 */
export function sizeRefusal(context: QbotContext, size: string): string | undefined {
  const typed = size.trim();
  if (typed !== '') {
    if (withTypedThickness(typed, suggestedStockSizeOf(context.analysis))) return undefined;
    return parseStockSize(typed).missing.includes('diameter')
      ? qbotExtraMessages.sizeUnreadable(typed)
      : undefined;
  }
  const { missing } = suggestedStockSizeOf(context.analysis);
  if (missing.includes('diameter')) return qbotExtraMessages.sizeNeedsNumbers;
  if (!missing.includes('thickness')) return undefined;
  return qbotExtraMessages.sizeNeedsThickness(suggestedSizeText(context.analysis));
}

/**
 * The size the operator submitted at the size step, as words and numbers: the suggestion when
 * blank; the suggested block with the thickness typed alone ('12 mm') when the suggestion lacks
 * only that; else what was typed.
 */
export function submittedSize(
  context: QbotContext,
  size: string,
): { words: MaterialSize; stock: StockSize } {
  const typed = size.trim();
  const suggested = suggestedStockSizeOf(context.analysis);
  if (typed === '')
    return {
      words: context.analysis?.materialSize ?? qbotMessages.defaultStockSize,
      stock: suggested,
    };
  const completed = withTypedThickness(typed, suggested);
  if (completed?.block?.zMm !== undefined)
    return {
      words: blockStockText({ ...completed.block, zMm: completed.block.zMm }),
      stock: completed,
    };
  return { words: typed, stock: parseStockSize(typed) };
}

/** The stock size chosen at the size step: its numbers, or its words read (an older snapshot). */
export function chosenStockSize(context: QbotContext): StockSize {
  return context.stockSize ?? stockSizeOf(context.materialSize ?? qbotMessages.defaultStockSize);
}

/**
 * Whether `machine` takes the job chosen so far (its type, the stock, the part's length), from
 * its catalog limits (contracts/machine-fit.ts, decision 054).
 */
export function machineFitOf(context: QbotContext, machine: WorkflowMachine): MachineFit {
  const partLengthMm = partLengthOf(context.analysis?.description);
  return machineFit(machine.name, machine.limits, {
    jobType: context.jobType ?? 'Lathe',
    stock: chosenStockSize(context),
    ...(partLengthMm !== undefined ? { partLengthMm } : {}),
  });
}

/** The offered machine an event chose, if any. */
const chosenMachine = (context: QbotContext, event: QbotEvent): WorkflowMachine | undefined =>
  event.type === 'machine.selected'
    ? context.machineOptions.find((machine) => machine._id === event.machineId)
    : undefined;

/** The chart's guards, which its config names by string. */
export const qbotGuards = {
  /**
   * A typed size needs a number to plan with; a blank size takes the suggested stock unless the
   * suggestion gives no size at all ('Default Material Stock Size') or lacks the plate's
   * thickness: the step then asks for what is missing (sizeRefusal) instead of a planner
   * failing later.
   */
  sizeIsComplete: ({ context, event }: GuardArgs) =>
    event.type === 'size.submitted' && sizeRefusal(context, event.size) === undefined,
  hasFeedback: ({ event }: GuardArgs) => 'feedback' in event && event.feedback.trim() !== '',
  isKnownMaterial: ({ context, event }: GuardArgs) => {
    if (event.type !== 'material.selected') return false;
    const names = (context.analysis?.materials ?? []).flatMap((choice) => [
      choice.name,
      ...choice.alternates,
    ]);
    return event.material.trim() !== '' && names.includes(event.material);
  },
  isJobType: ({ event }: GuardArgs) =>
    event.type === 'jobType.selected' && (jobTypes as readonly string[]).includes(event.jobType),
  /**
   * A milling or EDM job chosen for a size that gives no block (its three sizes): the size
   * step asks again, instead of the planner refusing the size at generation.
   */
  jobTypeLacksBlock: ({ context, event }: GuardArgs) =>
    event.type === 'jobType.selected' &&
    (jobTypes as readonly string[]).includes(event.jobType) &&
    event.jobType !== 'Lathe' &&
    chosenStockSize(context).block?.zMm === undefined,
  /** Lathe chosen for a description that lacks what a lathe program needs (decision 062). */
  jobTypeLacksLatheValues: ({ context, event }: GuardArgs) =>
    event.type === 'jobType.selected' &&
    event.jobType === 'Lathe' &&
    (context.analysis?.latheGaps?.length ?? 0) > 0,
  isOfferedMachine: ({ context, event }: GuardArgs) => chosenMachine(context, event) !== undefined,
  /** An offered machine that cannot take the stock or the part (decision 054). */
  isUnfitMachine: ({ context, event }: GuardArgs) => {
    const machine = chosenMachine(context, event);
    return machine !== undefined && !machineFitOf(context, machine).usable;
  },
  hasOfferedTools: ({ context, event }: GuardArgs) =>
    event.type === 'tools.confirmed' &&
    event.toolIds.length > 0 &&
    event.toolIds.every((id) => context.toolOptions.some((tool) => tool.id === id)),
  hasMachines: ({ event }: GuardArgs) =>
    ((event as { output?: MachineChoices }).output?.machines ?? []).length > 0,
  requiresNewGcode: ({ event }: GuardArgs) =>
    (event as { output?: SimulationAnalysis }).output?.requiresNewGcode !== false,
  isResetTo: ({ context, event }: GuardArgs, params: { step: TrackerStep }) =>
    event.type === 'tracker.reset' &&
    event.step === params.step &&
    (params.step !== 'Download G-Code' || context.program !== null),
};

// Context and messages -------------------------------------------------------------------------

const greeting = (): ChatMessage[] =>
  qbotMessages.greeting.map((message, index) => ({
    id: `m${index + 1}`,
    sender: 'ai',
    message,
    type: 'text',
  }));

/** A new conversation's context: the spec's greeting and nothing chosen. */
export const initialQbotContext = (): QbotContext => ({
  threadId: null,
  assistantId: null,
  messages: greeting(),
  fileName: null,
  imageUrl: null,
  analysis: null,
  originalAnalysis: null,
  descriptionVersion: 0,
  material: null,
  materialSize: null,
  stockSize: null,
  jobType: null,
  machineOptions: [],
  machine: null,
  toolOptions: [],
  toolIds: [],
  program: null,
  earlierPrograms: [],
  simulationFeedback: null,
  simulationAnalysis: null,
  error: null,
  completed: false,
  nextMessageId: qbotMessages.greeting.length + 1,
});

/** Append messages; a trailing reset or cancel notice is replaced by the next message. */
export function post(
  context: QbotContext,
  ...entries: Omit<ChatMessage, 'id'>[]
): Pick<QbotContext, 'messages' | 'nextMessageId'> {
  let messages = context.messages;
  let next = context.nextMessageId;
  for (const entry of entries) {
    if (messages.at(-1)?.notice) messages = messages.slice(0, -1);
    messages = [...messages, { ...entry, id: `m${next}` }];
    next += 1;
  }
  return { messages, nextMessageId: next };
}

/**
 * Post the messages unless the chat already ends with them (same senders and texts): a step
 * loaded again after a fix ("Check Again") does not repeat its question.
 */
export function postUnlessRepeated(
  context: QbotContext,
  ...entries: Omit<ChatMessage, 'id'>[]
): Partial<Pick<QbotContext, 'messages' | 'nextMessageId'>> {
  const tail = context.messages.slice(-entries.length);
  const repeated =
    tail.length === entries.length &&
    tail.every(
      (message, index) =>
        message.sender === entries[index]!.sender && message.message === entries[index]!.message,
    );
  return repeated ? {} : post(context, ...entries);
}

/**
 * What the machine step says once its list is loaded (`event` is loadMachines' done event): the
 * question, naming the inactive machines not offered; or with no active machine the spec's
 * message, then the machine types that serve the job type and the inactive ones (decision 031).
 */
export function machineMessages(type: string, event: unknown): Omit<ChatMessage, 'id'>[] {
  const choices = (event as { output?: MachineChoices }).output;
  const inactive = choices?.inactive ?? [];
  if ((choices?.machines ?? []).length === 0)
    return [
      ai(qbotMessages.noMachines(type)),
      ai(qbotExtraMessages.noActiveMachines(type, inactive, choices?.machineTypes ?? [])),
    ];
  const question = qbotExtraMessages.chooseMachine(type);
  return [
    ai(
      inactive.length > 0
        ? `${question} ${qbotExtraMessages.inactiveNotOffered(type, inactive)}`
        : question,
    ),
  ];
}

/** A text message of the assistant; `notice` marks a reset or cancel notice. */
export const ai = (message: string, notice = false): Omit<ChatMessage, 'id'> => ({
  sender: 'ai',
  message,
  type: 'text',
  ...(notice ? { notice } : {}),
});

/** A text message of the user. */
export const user = (message: string): Omit<ChatMessage, 'id'> => ({
  sender: 'user',
  message,
  type: 'text',
});

/** The message of a failed actor's error event: the server's message, else the error's own. */
export const failureMessage = (event: unknown): string | undefined => {
  const failure = (event as { error?: CallFailure & { message?: string } }).error;
  return (
    failure?.data?.message ?? (typeof failure?.message === 'string' ? failure.message : undefined)
  );
};

/**
 * The context after a new description version (a Change or a values-table save): the actor's
 * analysis, one version more, no error, and `message` in the chat.
 */
export function revisionStored(
  context: QbotContext,
  event: unknown,
  message: string,
): Partial<QbotContext> {
  return {
    analysis: (event as { output?: BlueprintAnalysis }).output!,
    descriptionVersion: context.descriptionVersion + 1,
    error: null,
    ...post(context, ai(message)),
  };
}

/** What the chat says of a written program: verified, or incomplete with what it leaves. */
export function programStored(context: QbotContext, event: unknown): Partial<QbotContext> {
  const program = (event as { output?: WorkflowProgram }).output!;
  const written = programWrittenMessage(program);
  const limited = program.limited ?? [];
  const earlier = context.earlierPrograms ?? [];
  return {
    program,
    earlierPrograms: context.program ? [...earlier, earlierProgramOf(context.program)] : earlier,
    error: null,
    ...post(
      context,
      program.status === 'incomplete' ? { ...ai(written), tone: 'warning' as const } : ai(written),
      ...(limited.length > 0 ? [ai(qbotExtraMessages.limitedByMachine(limited))] : []),
    ),
  };
}

// Work Tracker resets (spec section 4) -----------------------------------------------------------

/**
 * Each group of context fields with the tracker step that chooses it, and the value a reset
 * gives it back. A reset to step S clears every group whose step is S or a later one in
 * `trackerSteps`; it always clears `error` and `completed`. So, step by step:
 *
 * | Reset to              | Clears                                                          |
 * | --------------------- | --------------------------------------------------------------- |
 * | Upload Blueprint      | everything (`contextAfterReset` starts a new conversation)      |
 * | Analyze Blueprint     | description back to the original, and all below                |
 * | Confirm Description   | material, materialSize, jobType, machine, tools, program        |
 * | Choose Material Stock | material, materialSize, jobType, machine, tools, program        |
 * | Choose Material Size  | materialSize, jobType, machine, tools, program                  |
 * | Choose Job Type       | jobType, machine, tools, program                                |
 * | Choose Machine        | machine (and its options), tools, program                       |
 * | Choose Tooling        | tools (toolIds and toolOptions), program                        |
 * | Confirm Job Summary   | program, its earlier versions, the feedback and its analysis    |
 * | Generate G-Code       | program, its earlier versions, the feedback and its analysis    |
 * | Download G-Code       | nothing but `error` and `completed`                             |
 * | Simulate              | nothing but `error` and `completed`                             |
 * | Fabricate in Machine  | nothing but `error` and `completed`                             |
 *
 * `stockSize`, the size as numbers, is cleared with `materialSize`, its words.
 */
export const resetGroups: readonly {
  step: TrackerStep;
  cleared: (context: QbotContext) => Partial<QbotContext>;
}[] = [
  {
    step: 'Analyze Blueprint',
    cleared: (context) => ({ analysis: context.originalAnalysis, descriptionVersion: 1 }),
  },
  { step: 'Choose Material Stock', cleared: () => ({ material: null }) },
  { step: 'Choose Material Size', cleared: () => ({ materialSize: null, stockSize: null }) },
  { step: 'Choose Job Type', cleared: () => ({ jobType: null }) },
  { step: 'Choose Machine', cleared: () => ({ machine: null, machineOptions: [] }) },
  { step: 'Choose Tooling', cleared: () => ({ toolIds: [], toolOptions: [] }) },
  {
    step: 'Generate G-Code',
    cleared: () => ({
      program: null,
      earlierPrograms: [],
      simulationFeedback: null,
      simulationAnalysis: null,
    }),
  },
];

/** What a tracker reset to `step` changes in the context: it keeps everything chosen before. */
export function resetContext(context: QbotContext, step: TrackerStep): Partial<QbotContext> {
  const index = trackerSteps.indexOf(step);
  const cleared: Partial<QbotContext> = { error: null, completed: false };
  for (const group of resetGroups)
    if (trackerSteps.indexOf(group.step) >= index) Object.assign(cleared, group.cleared(context));
  return cleared;
}

/** A new conversation that shows the greeting and then `notice` (a reset or cancel notice). */
export function startedAfresh(notice: string): QbotContext {
  const fresh = initialQbotContext();
  return { ...fresh, ...post(fresh, ai(notice, true)) };
}

/**
 * The context after a tracker reset to `step`, with the reset notice in the chat: Upload
 * Blueprint starts a new conversation, any other step clears what {@link resetContext} says.
 */
export function contextAfterReset(context: QbotContext, step: TrackerStep): Partial<QbotContext> {
  if (step === 'Upload Blueprint') return startedAfresh(qbotMessages.resetTo(step));
  return { ...resetContext(context, step), ...post(context, ai(qbotMessages.resetTo(step), true)) };
}

/** The chart state a tracker reset to each step goes to. */
export const resetTargets: Record<TrackerStep, string> = {
  'Upload Blueprint': 'reset',
  'Analyze Blueprint': 'show_blueprint_description',
  'Confirm Description': 'show_blueprint_description',
  'Choose Material Stock': 'display_material_choices',
  'Choose Material Size': 'add_material_size',
  'Choose Job Type': 'show_job_types',
  'Choose Machine': 'show_machines',
  'Choose Tooling': 'configure_tools',
  'Confirm Job Summary': 'wrap_up',
  'Generate G-Code': 'generating_gcode',
  'Download G-Code': 'download_gcode',
  Simulate: 'simulate_in_machine',
  'Fabricate in Machine': 'fabricate_in_machine',
};

/**
 * The tracker resets a step allows: to every earlier tracker step (spec section 4: only a step
 * earlier than the current one can be clicked).
 */
export const resetsBefore = (current: TrackerStep) =>
  trackerSteps.slice(0, trackerSteps.indexOf(current)).map((step) => ({
    guard: { type: 'isResetTo' as const, params: { step } },
    target: `#qbot.${resetTargets[step]}`,
    actions: { type: 'resetTo' as const, params: { step } },
  }));

/** The top-level step of a snapshot value: "show_machines" for { show_machines: 'choosing' }. */
export function workflowStepOf(value: unknown): string {
  return typeof value === 'string'
    ? value
    : (Object.keys(value as object)[0] ?? 'awaiting_response');
}
