/**
 * The Q-Bot workflow's vocabulary shared by its chart (machines/qbotWorkflow.ts), its screen and
 * its server: chat messages, the job's choices, the Work Tracker's 13 steps, the workflow's
 * events and the spec's texts (sections 2, 3, 4, 5 and 8).
 */
import { z } from 'zod';
import { blueprintDescriptionSchema } from './blueprint.ts';
import type { BlueprintAnalysis, MaterialSize } from './blueprint.ts';
import { jobTypes } from './job-types.ts';
import { text } from './text.ts';
import { namesJoined } from './names.ts';
import type { JobType } from './job-types.ts';
import type { MachineLimitsResponse } from './shop.ts';
import { STOCK_THICKNESS_CHANGE_HINT } from './stock-size.ts';
import type { StockSize } from './stock-size.ts';
import type { EarlierProgram, WorkflowProgram } from './written-program.ts';

export { earlierProgramOf } from './written-program.ts';
export type {
  EarlierProgram,
  ProgramOperationReport,
  ProgramStatus,
  WorkflowProgram,
} from './written-program.ts';

export interface ChatMessage {
  id: string;
  sender: 'user' | 'ai' | 'vision';
  message: string;
  type: 'text' | 'image';
  /** Reset and cancel notices are replaced by the next message (spec section 4). */
  notice?: boolean;
  /** Image messages: the uploaded file's name (drawings that are not pictures show as a file). */
  fileName?: string;
  /** 'warning': shown in amber (a program that leaves part of the drawing undone). */
  tone?: 'warning';
}

/** A machine as the workflow offers it (spec 3, "Machine in the by-type list"). */
export interface WorkflowMachine {
  _id: string;
  name: string;
  serialNumber: string;
  /** "Tormach 15L Slant-PRO with Tormach PathPilot": the prompt helper's machineDetails. */
  details: string;
  typeName: string;
  /**
   * The catalog model's limits, when the catalog has them: the machine step tells from them
   * whether the machine takes the stock (contracts/machine-fit.ts). Absent in workflows stored
   * before decision 054.
   */
  limits?: MachineLimitsResponse;
}

/**
 * What the machine step loads: the active machines of the job type, the inactive ones (named, so
 * an empty list says why) and the machine types that serve the job type ("Turning Center").
 */
export interface MachineChoices {
  machines: WorkflowMachine[];
  inactive: { name: string; serialNumber: string }[];
  machineTypes: string[];
}

/** The machine step's choices from a by-type answer (GET my-machines-by-type), on both sides. */
export function machineChoicesOf(response: {
  machines: (Parameters<typeof machineDetailsOf>[0] & {
    _id: string;
    name: string;
    serialNumber: string;
    machineType: { name: string } | null;
    machineModelType: { name: string; limits?: MachineLimitsResponse } | null;
  })[];
  inactiveMachines?: { name: string; serialNumber: string }[];
  machineTypes?: string[];
}): MachineChoices {
  return {
    machines: response.machines.map((machine) => ({
      _id: machine._id,
      name: machine.name,
      serialNumber: machine.serialNumber,
      details: machineDetailsOf(machine),
      typeName: machine.machineType?.name ?? '',
      ...(machine.machineModelType?.limits ? { limits: machine.machineModelType.limits } : {}),
    })),
    inactive: (response.inactiveMachines ?? []).map(({ name, serialNumber }) => ({
      name,
      serialNumber,
    })),
    machineTypes: response.machineTypes ?? [],
  };
}

export interface WorkflowTool {
  id: string;
  slotNumber: string;
  toolName: string;
  toolDescription: string;
  toolType: string;
  /** How the programs read the row (decision 031); absent in workflows stored before it. */
  understood?: { usable: boolean; summary: string };
}

/** `text` ending in one full stop (an entry may end in its own). */
const sentence = (text: string) => `${text.replace(/[.\s]+$/, '')}.`;

/** The prompt helper's machineDetails sentence for a machine of the shop. */
export function machineDetailsOf(machine: {
  machineManufacturer: { name: string } | null;
  machineModelType: { name: string } | null;
  controllerType: { name: string } | null;
  controllerModelType: { name: string } | null;
}): string {
  const name = (reference: { name: string } | null) => reference?.name ?? 'Unknown';
  return `${namesJoined(name(machine.machineManufacturer), name(machine.machineModelType))} with ${namesJoined(name(machine.controllerType), name(machine.controllerModelType))}`;
}

/** The analysis of simulation feedback (spec section 3) with the overrides regeneration applies. */
export const simulationAnalysisSchema = z.object({
  analysis: z.string(),
  recommendations: z.array(z.string()),
  safetyNotes: z.array(z.string()),
  requiresNewGcode: z.boolean(),
  suggestedChanges: z.object({
    feedRate: z.string(),
    spindleSpeed: z.string(),
    toolPath: z.string(),
    depthOfCut: z.string(),
  }),
  overrides: z.record(z.string(), z.number()).optional(),
});
export type SimulationAnalysis = z.infer<typeof simulationAnalysisSchema>;

/** The 13 Work Tracker steps, in order (spec section 4). */
export const trackerSteps = [
  'Upload Blueprint',
  'Analyze Blueprint',
  'Confirm Description',
  'Choose Material Stock',
  'Choose Material Size',
  'Choose Job Type',
  'Choose Machine',
  'Choose Tooling',
  'Confirm Job Summary',
  'Generate G-Code',
  'Download G-Code',
  'Simulate',
  'Fabricate in Machine',
] as const;
export type TrackerStep = (typeof trackerSteps)[number];

/** The workflow step (chart state) each tracker step stands for. */
export const workflowStepsByTracker: Record<TrackerStep, readonly string[]> = {
  'Upload Blueprint': ['awaiting_response', 'reset'],
  'Analyze Blueprint': ['analyzing_blueprint'],
  'Confirm Description': [
    'show_blueprint_description',
    'confirm_blueprint_description',
    'change_blueprint_description',
  ],
  'Choose Material Stock': ['display_material_choices'],
  'Choose Material Size': ['add_material_size'],
  'Choose Job Type': ['show_job_types', 'show_jobs'],
  'Choose Machine': ['show_machines', 'show_machine_types'],
  'Choose Tooling': ['configure_tools'],
  'Confirm Job Summary': ['wrap_up'],
  'Generate G-Code': ['generating_gcode', 'generate_gcode', 'error'],
  'Download G-Code': ['download_gcode'],
  Simulate: ['simulate_in_machine', 'simulation_feedback', 'simulation_error'],
  'Fabricate in Machine': ['fabricate_in_machine'],
};

/** The tracker step index of a workflow step (its top-level state name). */
export function trackerIndexOf(step: string): number {
  return trackerSteps.findIndex((tracker) => workflowStepsByTracker[tracker].includes(step));
}

/** The spec's texts for the Q-Bot screen, copied exactly. */
export const qbotMessages = {
  greeting: [
    "Hello! I'm Q-BOT, your copilot for creating high precision parts.",
    'How can I help you today?',
    'Do you have a blueprint of the part? Please upload it (PNG files please).',
  ],
  workflowInProgress: 'Workflow in progress...',
  typeMessage: 'Type a message...',
  analyzing: 'Analyzing blueprint...',
  descriptionUpdated:
    "I've updated the blueprint description based on your feedback. Please review the changes below.",
  defaultStockSize: 'Default Material Stock Size',
  selectOption: 'Please select an option before confirming.',
  chooseTools: 'You must choose tools for this job.',
  provideFeedback: 'Please provide feedback about the simulation results.',
  selectFileFirst: 'Please select a file first!',
  readyForFabrication: 'Your G-Code is ready for fabrication. Please proceed with machining.',
  regenerating: 'Regenerating G-code with the following feedback',
  notImplemented: 'This functionality is not implemented yet. Would you like to start again?',
  resetTo: (step: string) =>
    `The workflow has been reset to "${step}". You can continue from this point.`,
  cancelled: 'The workflow has been cancelled. You can start a new one by uploading a blueprint.',
  confirmReset: (step: string) => `Are you sure you want to reset the workflow to "${step}"?`,
  confirmCancel: 'Are you sure you want to cancel the workflow? This action cannot be undone.',
  uploadFailed: 'An error occurred while uploading the file. Please try again.',
  uploadFailedClient: 'Failed to upload file',
  generationFailed: 'An error occurred while generating GCode. Please try again.',
  noMachines: (type: string) =>
    `No Machines of type ${type} are currently configured. Please configure in My Shop.`,
  loadFailed: 'Failed to load data.',
  descriptionUpdateFailed: 'Failed to update description. Please try again.',
  invalidResponse: 'Invalid response structure from server.',
  updateFailedStatus: (status: number, statusText: string) =>
    `Failed to update description: ${status} ${statusText}`,
  feedbackFailed: 'An error occurred while submitting feedback',
  feedbackFailedAlt: 'Failed to submit simulation feedback',
  threadMissing: 'Thread ID is not set. Start a conversation first.',
  noDescription: 'No description available',
  alternativeTo: (name: string) => `Alternative to ${name}`,
} as const;

/** The suggestion's words for a plate without thickness: kept in contracts/stock-size.ts. */
export { STOCK_WITHOUT_THICKNESS } from './stock-size.ts';

/** Texts of the workflow where the spec shows none (docs/decisions/008-qbot-workflow.md). */
export const qbotExtraMessages = {
  described: (file: string) =>
    `I read ${file}. Please review the description below: confirm it, or change what is wrong or missing.`,
  /** After a save of the values table (decision 049), as the spec's message after Change. */
  valuesSaved:
    "I've updated the blueprint description with the values you entered. Please review the changes below.",
  chooseMaterial: 'Which material will you machine this part from?',
  chooseSize: 'What size is the stock? Leave it blank to use the suggested size.',
  sizeNeedsThickness: (suggested: string) =>
    `The drawing gives no thickness for the suggested stock (${suggested}): how thick is the plate? Type its thickness, such as '12 mm', or the whole size, such as 'Plate 180 x 80 x 12 mm'.`,
  sizeNeedsNumbers:
    "The drawing gives no stock size to suggest: type the stock's size, such as 'Ø20 x 100 round bar' or 'Plate 180 x 80 x 12 mm'.",
  sizeUnreadable: (typed: string) =>
    `I could not read a size from "${typed}": type the stock's size with its numbers, such as 'Ø20 x 100 round bar' or 'Plate 180 x 80 x 12 mm'.`,
  chooseJobType: 'Which kind of job is this?',
  blockSizeNeeded: (jobType: string, size: string) =>
    `A ${jobType} job is machined from a block, and "${size}" does not give its length, width and thickness: type the stock's size, such as 'Plate 180 x 80 x 12 mm'.`,
  /** Lathe chosen for a description that lacks what a lathe program needs (decision 062). */
  latheValuesNeeded: (gaps: readonly string[]) =>
    `A lathe program needs what the description does not give: ${gaps.join('; ')}. Give it with Change or in the values table, such as 'Ø42 x 30 long', then confirm the description again.`,
  chooseMachine: (type: string) => `Which ${type} machine will run it?`,
  /** A machine chosen that cannot take the stock (decision 054). */
  machineUnfit: (machine: string, reason: string) =>
    `${machine} cannot take this job: ${reason}. Choose another machine, or go back to Choose Material Size for other stock.`,
  inactiveNotOffered: (type: string, inactive: readonly { name: string; serialNumber: string }[]) =>
    `${inactive.length === 1 ? `1 inactive ${type} machine is` : `${inactive.length} inactive ${type} machines are`} not offered: ${inactive.map((machine) => `${machine.name} (${machine.serialNumber})`).join(', ')}. Set a machine's Status to Active in My Shop to use it.`,
  noActiveMachines: (
    type: string,
    inactive: readonly { name: string; serialNumber: string }[],
    machineTypes: readonly string[],
  ) =>
    `${type} jobs run on machines of type ${machineTypes.length > 0 ? machineTypes.map((name) => `'${name}'`).join(' or ') : `'${type}'`}. ${
      inactive.length > 0
        ? `Your shop has ${inactive.length === 1 ? 'one, but it is' : `${inactive.length}, but they are`} Inactive: ${inactive.map((machine) => `${machine.name} (${machine.serialNumber})`).join(', ')}. Set ${inactive.length === 1 ? 'its' : "a machine's"} Status to Active in My Shop`
        : 'Add one in My Shop with Add Machine'
    }, then choose Check Again.`,
  generationFixes:
    'Fix the tools in Tooling Pairs and choose Try Again, or choose the tools again for this job.',
  chooseTools: 'Which of its tools may the program use?',
  summary: 'Here is the job. Confirm it, and I will write the G-code.',
  generated: (version: number, file: string) =>
    `Program version ${version} is written and verified: ${file}. Download it, then run it in your machine's simulator or dry-run it.`,
  generatedIncomplete: (version: number, file: string, unfinished: readonly string[]) =>
    `Program version ${version} is written but not verified: it leaves ${unfinished.length === 1 ? 'one thing' : `${unfinished.length} things`} of the drawing undone. ${unfinished.map((entry) => `Left undone: ${sentence(entry)}`).join(' ')} Download ${file} only if you will finish ${unfinished.length === 1 ? 'it' : 'them'} another way.`,
  limitedByMachine: (notes: readonly string[]) =>
    `The machine limits what you asked for: ${notes.join(' ')}`,
  simulateQuestion: 'Did the simulation run correctly?',
  describeIssues: 'What went wrong in the simulation? Describe what you saw.',
  programReady: 'The program is ready.',
} as const;

/** What the chat says of a written program: verified, or incomplete with what it leaves. */
export const programWrittenMessage = (program: WorkflowProgram): string =>
  program.status === 'incomplete'
    ? qbotExtraMessages.generatedIncomplete(
        program.version,
        program.fileName,
        program.unfinished ?? [],
      )
    : qbotExtraMessages.generated(program.version, program.fileName);

/** Everything the workflow holds: its messages, the drawing, the job's choices and its program. */
export interface QbotContext {
  threadId: string | null;
  assistantId: string | null;
  messages: ChatMessage[];
  fileName: string | null;
  imageUrl: string | null;
  analysis: BlueprintAnalysis | null;
  /** The first description, which a reset to "Analyze Blueprint" goes back to. */
  originalAnalysis: BlueprintAnalysis | null;
  descriptionVersion: number;
  material: string | null;
  materialSize: MaterialSize | null;
  /**
   * The chosen size as numbers, made at the size step from `materialSize`'s words (decision
   * 039). Absent in workflows saved before it: read `materialSize` with `stockSizeOf` then.
   */
  stockSize?: StockSize | null;
  jobType: JobType | null;
  machineOptions: WorkflowMachine[];
  machine: WorkflowMachine | null;
  toolOptions: WorkflowTool[];
  toolIds: string[];
  program: WorkflowProgram | null;
  /**
   * The programs written before `program` in this job, oldest first, each downloadable again
   * (issue 34); absent in workflows stored before it.
   */
  earlierPrograms?: EarlierProgram[];
  simulationFeedback: string | null;
  simulationAnalysis: SimulationAnalysis | null;
  /** The step widget's error line. */
  error: string | null;
  /** Set on reaching fabrication, cleared after 5000 ms (spec section 9). */
  completed: boolean;
  /** Counter for message ids, so both sides number messages alike. */
  nextMessageId: number;
}

/** The job prompt helper (spec section 3), built from the context. */
export function promptHelperOf(context: QbotContext) {
  return {
    jobType: context.jobType ?? '',
    machineDetails: context.machine?.details ?? '',
    materialStock: context.material ?? '',
    stockSize: context.materialSize ?? qbotMessages.defaultStockSize,
    selectedToolingPairs: context.toolOptions.filter((tool) => context.toolIds.includes(tool.id)),
    ...(context.simulationAnalysis ? { simulationFeedback: context.simulationAnalysis } : {}),
  };
}

/**
 * The size the material step suggests: the reader's suggestion (without the description's hint
 * to give a missing thickness with Change, which the size step asks for itself), or the spec's
 * default text.
 */
export function suggestedSizeText(analysis: BlueprintAnalysis | null): string {
  const size = analysis?.materialSize;
  if (!size) return qbotMessages.defaultStockSize;
  if (typeof size === 'string') {
    return size.replace(STOCK_THICKNESS_CHANGE_HINT, '').trim() || qbotMessages.defaultStockSize;
  }
  return `${size.shape} ${size.diameter} x ${size.length}`;
}

// Events --------------------------------------------------------------------------------------

/** A required text: trimmed, not empty (`message` when it is), at most `max` characters. */
export const requiredText = (max: number, message: string) =>
  text({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

const selectOption = qbotMessages.selectOption;
const signal = <Type extends string>(type: Type) => z.object({ type: z.literal(type) });

/**
 * The workflow events the UI takes on its own and posts to the server
 * (POST /api/qbot/workflowEvents); the API calls carry the others.
 */
export const workflowEventSchema = z.discriminatedUnion('type', [
  signal('description.confirmed'),
  signal('description.change.requested'),
  signal('description.change.cancelled'),
  z.object({ type: z.literal('material.selected'), material: requiredText(200, selectOption) }),
  z.object({
    type: z.literal('size.submitted'),
    size: text().trim().max(200, 'At most 200 characters.'),
  }),
  z.object({
    type: z.literal('jobType.selected'),
    jobType: z.enum(jobTypes, { error: selectOption }),
  }),
  z.object({ type: z.literal('machine.selected'), machineId: z.uuid(selectOption) }),
  z.object({
    type: z.literal('tools.confirmed'),
    toolIds: z.array(z.uuid()).min(1, qbotMessages.chooseTools).max(200),
  }),
  /** Beyond the spec (decision 031): the machine and tool steps load again after a fix in My Shop. */
  signal('machines.reloaded'),
  signal('tools.reloaded'),
  /** After a failed generation: back to the tool step, without a tracker reset. */
  signal('tools.rechosen'),
  signal('summary.confirmed'),
  signal('gcode.downloaded'),
  signal('simulation.succeeded'),
  signal('simulation.failed'),
  signal('feedback.cancelled'),
  signal('workflow.restarted'),
  signal('workflow.cancelled'),
  z.object({
    type: z.literal('tracker.reset'),
    // The chart refuses a step that is not earlier than the current one (409).
    step: z.enum(trackerSteps),
  }),
]);
export type WorkflowEventBody = z.infer<typeof workflowEventSchema>;

/** The types of {@link workflowEventSchema}: the events the UI posts to the server itself. */
export const workflowEventTypes: ReadonlySet<string> = new Set(
  workflowEventSchema.options.map((option) => option.shape.type.value),
);

/**
 * Every event of the Q-Bot chart: the workflow events above and those the API calls carry.
 * `blueprint.uploaded`: in the UI `file` is the browser File; on the server `fileId` is the
 * stored upload.
 */
export const qbotEventSchema = z.discriminatedUnion('type', [
  ...workflowEventSchema.options,
  z.object({
    type: z.literal('blueprint.uploaded'),
    fileName: z.string(),
    file: z.unknown().optional(),
    fileId: z.string().optional(),
    threadId: z.string().optional(),
    imageUrl: z.string().optional(),
  }),
  /** A free question and the assistant's answer, outside a workflow. */
  z.object({ type: z.literal('chat.exchanged'), question: z.string(), answer: z.string() }),
  z.object({ type: z.literal('description.change.submitted'), feedback: z.string() }),
  /** The values table saved (POST /api/qbot/descriptionValues, decision 049). */
  z.object({
    type: z.literal('description.values.submitted'),
    description: blueprintDescriptionSchema,
  }),
  signal('gcode.requested'),
  z.object({ type: z.literal('feedback.submitted'), feedback: z.string() }),
  signal('error.dismissed'),
]);
export type QbotEvent = z.infer<typeof qbotEventSchema>;
