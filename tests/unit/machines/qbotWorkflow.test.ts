import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { BlueprintAnalysis } from '#contracts/blueprint';
import { emptyDescription } from '#contracts/blueprint';
import { qbotWorkflowMachine } from '#machines/qbotWorkflow';
import { initialQbotContext, programStored, resetContext } from '#machines/qbotContext';
import type {
  AnalyzeInput,
  DescribeInput,
  DescribeOutput,
  GenerateInput,
  LoadMachinesInput,
  LoadToolsInput,
  ReviseInput,
  SaveValuesInput,
} from '#machines/qbotContext';
import {
  STOCK_WITHOUT_THICKNESS,
  qbotMessages,
  trackerIndexOf,
  trackerSteps,
} from '#contracts/qbot-workflow';
import { blockStock, parseStockSize, roundBarStock } from '#contracts/stock-size';
import type {
  MachineChoices,
  QbotContext,
  SimulationAnalysis,
  TrackerStep,
  WorkflowMachine,
  WorkflowProgram,
  WorkflowTool,
} from '#contracts/qbot-workflow';
import { serverActors } from '#server/qbot/server-actors';
import { uiActors } from '#src/qbot/actors.ts';
import { replay, walkChart } from '#tests/helpers/chart-coverage';

const never = () => new Promise<never>(() => undefined);
const stubbed = qbotWorkflowMachine.provide({
  actors: {
    describeBlueprint: fromPromise<DescribeOutput, DescribeInput>(never),
    reviseDescription: fromPromise<BlueprintAnalysis, ReviseInput>(never),
    saveDescriptionValues: fromPromise<BlueprintAnalysis, SaveValuesInput>(never),
    loadMachines: fromPromise<MachineChoices, LoadMachinesInput>(never),
    loadTools: fromPromise<WorkflowTool[], LoadToolsInput>(never),
    generateProgram: fromPromise<WorkflowProgram, GenerateInput>(never),
    analyzeSimulation: fromPromise<SimulationAnalysis, AnalyzeInput>(never),
  },
});
/** The UI's and the server's own implementations (never started by the walk). */
const withUiActors = qbotWorkflowMachine.provide({ actors: uiActors });
const withServerActors = qbotWorkflowMachine.provide({
  actors: serverActors(
    {
      db: undefined as never,
      files: undefined as never,
      jobs: undefined as never,
      provider: undefined as never,
      organizationId: 'o',
      threadId: 't',
    },
    () => undefined,
  ),
});

const analysis: BlueprintAnalysis = {
  description: emptyDescription('A shaft'),
  materials: [{ name: 'Alloy steel 4140', grade: 'AISI 4140', alternates: ['42CrMo4 (1.7225)'] }],
  tools: [],
  materialSize: { shape: 'Round bar', diameter: 'Ø42 mm', length: '120 mm' },
};
/** A plate whose drawing gives no thickness: its suggested stock lacks one. */
const plateAnalysis: BlueprintAnalysis = {
  ...analysis,
  materialSize: `Plate 180 x 80 mm, ${STOCK_WITHOUT_THICKNESS} (give it with 'Change')`,
};
const program: WorkflowProgram = {
  version: 1,
  fileUrl: '/api/files/p1',
  fileName: 'shaft-v1.nc',
  verified: true,
  checks: [],
  operations: [],
  warnings: [],
  notProgrammed: [],
  dialect: 'linuxcnc',
};
const regenerate: SimulationAnalysis = {
  analysis: 'Chatter.',
  recommendations: [],
  safetyNotes: [],
  requiresNewGcode: true,
  suggestedChanges: { feedRate: '', spindleSpeed: '', toolPath: '', depthOfCut: '' },
  overrides: { surfaceSpeedFactor: 0.8 },
};

type WalkEvent = EventObject & Record<string, unknown>;
const failure = { data: { message: 'refused' } };

/**
 * A machine that takes no stock of any job (a lathe turning Ø1 mm, a mill with 1 mm travels):
 * choosing it is refused at the machine step (decision 054).
 */
const tinyMachine: WorkflowMachine = {
  _id: 'tiny',
  name: 'Tiny',
  serialNumber: 'T1',
  details: 'd',
  typeName: 'Turning Center',
  limits: {
    travelsMm: { x: 1, y: 1, z: 1 },
    toolPositions: 1,
    maxTurningDiameterMm: 1,
    source: 'a test',
  },
};

/** The events worth trying in a snapshot: every user event with good and bad content, and each outcome of the running actor. */
function eventsFor(snapshot: AnyMachineSnapshot): WalkEvent[] {
  const events: WalkEvent[] = [
    { type: 'blueprint.uploaded', fileName: 'shaft.dxf' },
    { type: 'chat.exchanged', question: 'hi', answer: 'hello' },
    { type: 'description.confirmed' },
    { type: 'description.change.requested' },
    { type: 'description.change.submitted', feedback: 'Ø40 x 85' },
    { type: 'description.change.submitted', feedback: '   ' },
    { type: 'description.change.cancelled' },
    { type: 'description.values.submitted', description: analysis.description },
    { type: 'material.selected', material: 'Alloy steel 4140' },
    { type: 'material.selected', material: 'Unobtainium' },
    { type: 'size.submitted', size: '' },
    { type: 'size.submitted', size: 'Plate 180 x 80 x 12 mm' },
    { type: 'size.submitted', size: 'Plate 180 x 80 mm' },
    { type: 'jobType.selected', jobType: 'Lathe' },
    { type: 'jobType.selected', jobType: 'Milling' },
    { type: 'jobType.selected', jobType: 'Knitting' },
    { type: 'machine.selected', machineId: 'm1' },
    { type: 'machine.selected', machineId: 'other' },
    { type: 'machine.selected', machineId: 'm2' },
    { type: 'tools.confirmed', toolIds: ['t1'] },
    { type: 'tools.confirmed', toolIds: [] },
    { type: 'summary.confirmed' },
    { type: 'gcode.requested' },
    { type: 'gcode.downloaded' },
    { type: 'simulation.succeeded' },
    { type: 'simulation.failed' },
    { type: 'feedback.submitted', feedback: 'it chattered' },
    { type: 'feedback.cancelled' },
    { type: 'workflow.restarted' },
    { type: 'workflow.cancelled' },
    { type: 'machines.reloaded' },
    { type: 'tools.reloaded' },
    { type: 'tools.rechosen' },
    { type: 'xstate.after.5000.qbot.fabricate_in_machine' },
    ...trackerSteps.map((step) => ({ type: 'tracker.reset', step })),
  ];
  const step = (name: string) => snapshot.matches(name);
  if (step('analyzing_blueprint')) {
    events.push({
      type: 'xstate.done.actor.describeBlueprint',
      output: { analysis, imageUrl: '/api/files/f1', threadId: 't1' },
    });
    events.push({
      type: 'xstate.done.actor.describeBlueprint',
      output: { analysis: plateAnalysis, imageUrl: '/api/files/f1', threadId: 't1' },
    });
    events.push({
      type: 'xstate.done.actor.describeBlueprint',
      output: {
        analysis: { ...analysis, latheGaps: ['the length of Ø42'] },
        imageUrl: '/api/files/f1',
        threadId: 't1',
      },
    });
    events.push({ type: 'xstate.error.actor.describeBlueprint', error: failure });
  }
  if (step('change_blueprint_description.updating')) {
    events.push({ type: 'xstate.done.actor.reviseDescription', output: analysis });
    events.push({ type: 'xstate.error.actor.reviseDescription', error: failure });
  }
  if (step('show_blueprint_description.saving')) {
    events.push({ type: 'xstate.done.actor.saveDescriptionValues', output: analysis });
    events.push({ type: 'xstate.error.actor.saveDescriptionValues', error: failure });
  }
  if (step('show_machines.loading')) {
    events.push({
      type: 'xstate.done.actor.loadMachines',
      output: {
        machines: [
          { _id: 'm1', name: 'Lathe', serialNumber: 'S', details: 'd', typeName: 'Turning Center' },
          { ...tinyMachine, _id: 'm2' },
        ],
        inactive: [],
        machineTypes: ['Turning Center'],
      },
    });
    events.push({
      type: 'xstate.done.actor.loadMachines',
      output: {
        machines: [],
        inactive: [{ name: 'ST-10', serialNumber: 'S2' }],
        machineTypes: ['Turning Center'],
      },
    });
    events.push({ type: 'xstate.error.actor.loadMachines', error: failure });
  }
  if (step('configure_tools.loading')) {
    events.push({
      type: 'xstate.done.actor.loadTools',
      output: [
        { id: 't1', slotNumber: 'T1', toolName: 'CNMG', toolDescription: 'd', toolType: 'Turning' },
      ],
    });
    events.push({ type: 'xstate.error.actor.loadTools', error: failure });
  }
  if (step('generate_gcode')) {
    events.push({ type: 'xstate.done.actor.generateProgram', output: program });
    events.push({ type: 'xstate.error.actor.generateProgram', error: failure });
  }
  if (step('simulation_feedback.analyzing')) {
    events.push({ type: 'xstate.done.actor.analyzeSimulation', output: regenerate });
    events.push({
      type: 'xstate.done.actor.analyzeSimulation',
      output: { ...regenerate, requiresNewGcode: false },
    });
    events.push({ type: 'xstate.error.actor.analyzeSimulation', error: failure });
  }
  return events;
}

/** What tells workflow snapshots apart: the choices made, not the growing message log. */
function essentials(context: unknown) {
  const c = context as QbotContext;
  return {
    analysis: c.analysis !== null,
    noThickness:
      typeof c.analysis?.materialSize === 'string' &&
      c.analysis.materialSize.includes(STOCK_WITHOUT_THICKNESS),
    latheGaps: (c.analysis?.latheGaps?.length ?? 0) > 0,
    original: c.originalAnalysis !== null,
    revised: c.descriptionVersion > 1,
    material: c.material,
    size: c.materialSize !== null,
    block: c.stockSize?.block?.zMm !== undefined,
    jobType: c.jobType,
    machines: c.machineOptions.length,
    machine: c.machine?._id ?? null,
    tools: c.toolOptions.length,
    chosen: c.toolIds.length,
    program: c.program !== null,
    feedback: c.simulationFeedback !== null,
    simulation: c.simulationAnalysis?.requiresNewGcode ?? null,
    error: c.error !== null,
    completed: c.completed,
  };
}

describe.each([
  ['the UI', withUiActors],
  ['the server', withServerActors],
] as [string, AnyStateMachine][])('qbotWorkflow chart with the actors of %s', (_side, machine) => {
  const walk = walkChart(machine, eventsFor, { input: {}, serializeContext: essentials });

  it('reaches every state but the two the spec defines and does not use', () => {
    const unused = ['qbot.show_machine_types', 'qbot.show_jobs'];
    expect([...walk.visitedStates].sort()).toEqual(
      walk.states.filter((state) => !unused.includes(state)).sort(),
    );
  });

  it('takes every transition', () => {
    expect([...walk.takenTransitions].sort()).toEqual([...new Set(walk.transitions)].sort());
  });

  it('follows each transition in a live actor', () => {
    for (const path of walk.paths)
      expect(replay(stubbed, path.events, {}), path.transition).toEqual(path.expectedValue);
  });
});

describe('the workflow', () => {
  const started = (read: BlueprintAnalysis = analysis) => {
    const actor = createActor(stubbed, { input: {} }).start();
    actor.send({ type: 'blueprint.uploaded', fileName: 'shaft.dxf' });
    actor.send({
      type: 'xstate.done.actor.describeBlueprint',
      output: { analysis: read, imageUrl: '/api/files/f1', threadId: 't1' },
    } as never);
    return actor;
  };

  it('greets like the spec and shows the upload as an image message', () => {
    const actor = createActor(stubbed, { input: {} }).start();
    expect(actor.getSnapshot().context.messages.map((message) => message.message)).toEqual(
      qbotMessages.greeting,
    );
    actor.send({ type: 'blueprint.uploaded', fileName: 'shaft.dxf', imageUrl: 'blob:local' });
    expect(actor.getSnapshot().value).toBe('analyzing_blueprint');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({
      sender: 'user',
      type: 'image',
      message: 'blob:local',
    });
  });

  it('uses the suggested size for a blank entry', () => {
    const actor = started();
    actor.send({ type: 'description.confirmed' });
    actor.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    actor.send({ type: 'size.submitted', size: '  ' });
    expect(actor.getSnapshot().context.materialSize).toEqual(analysis.materialSize);
    expect(actor.getSnapshot().value).toBe('show_job_types');
  });

  it("asks how thick the plate is when the suggestion lacks the plate's thickness", () => {
    const actor = started(plateAnalysis);
    actor.send({ type: 'description.confirmed' });
    actor.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    actor.send({ type: 'size.submitted', size: '  ' });
    expect(actor.getSnapshot().value).toBe('add_material_size');
    expect(actor.getSnapshot().context.materialSize).toBeNull();
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({
      sender: 'ai',
      // The size step asks for the thickness itself: no hint to give it with Change.
      message: `The drawing gives no thickness for the suggested stock (Plate 180 x 80 mm, thickness not on the drawing): how thick is the plate? Type its thickness, such as '12 mm', or the whole size, such as 'Plate 180 x 80 x 12 mm'.`,
    });
    actor.send({ type: 'size.submitted', size: 'Plate 180 x 80 x 12 mm' });
    expect(actor.getSnapshot().value).toBe('show_job_types');
    expect(actor.getSnapshot().context.materialSize).toBe('Plate 180 x 80 x 12 mm');
  });

  it('completes the suggested plate with a thickness typed alone', () => {
    for (const [typed, zMm] of [
      ['12', 12],
      ['12 mm', 12],
      ['thickness 10', 10],
      ['THK 8', 8],
      ['1/2"', 12.7],
      ['15 thick', 15],
    ] as const) {
      const actor = started(plateAnalysis);
      actor.send({ type: 'description.confirmed' });
      actor.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
      actor.send({ type: 'size.submitted', size: typed });
      expect(actor.getSnapshot().value, typed).toBe('show_job_types');
      expect(actor.getSnapshot().context.stockSize).toEqual(blockStock(180, 80, zMm));
      expect(actor.getSnapshot().context.materialSize).toBe(`Plate 180 x 80 x ${zMm} mm`);
    }
    // A round bar's suggestion is not completed by a lone number: it is read as a diameter.
    const bar = started();
    bar.send({ type: 'description.confirmed' });
    bar.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    bar.send({ type: 'size.submitted', size: '12' });
    expect(bar.getSnapshot().context.stockSize?.block?.zMm).toBeUndefined();
  });

  it('asks for a size when the drawing suggests none, and for numbers when a typed size has none', () => {
    const actor = started({ ...analysis, materialSize: qbotMessages.defaultStockSize });
    actor.send({ type: 'description.confirmed' });
    actor.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    actor.send({ type: 'size.submitted', size: '' });
    expect(actor.getSnapshot().value).toBe('add_material_size');
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({
      sender: 'ai',
      message:
        "The drawing gives no stock size to suggest: type the stock's size, such as 'Ø20 x 100 round bar' or 'Plate 180 x 80 x 12 mm'.",
    });
    actor.send({ type: 'size.submitted', size: ' round bar ' });
    expect(actor.getSnapshot().value).toBe('add_material_size');
    expect(actor.getSnapshot().context).toMatchObject({ materialSize: null, stockSize: null });
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({
      sender: 'ai',
      message: `I could not read a size from "round bar": type the stock's size with its numbers, such as 'Ø20 x 100 round bar' or 'Plate 180 x 80 x 12 mm'.`,
    });
    actor.send({ type: 'size.submitted', size: 'Ø45 x 150 round bar' });
    expect(actor.getSnapshot().value).toBe('show_job_types');
    expect(actor.getSnapshot().context.stockSize).toEqual(roundBarStock(45, 150));
  });

  it('asks for the block again when a milling or EDM job is chosen for a size without one', () => {
    for (const jobType of ['Milling', 'Wire EDM', 'Sinker EDM'] as const) {
      const actor = started();
      actor.send({ type: 'description.confirmed' });
      actor.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
      actor.send({ type: 'size.submitted', size: 'Plate 180 x 80 mm' });
      actor.send({ type: 'jobType.selected', jobType });
      expect(actor.getSnapshot().value).toBe('add_material_size');
      expect(actor.getSnapshot().context).toMatchObject({ materialSize: null, stockSize: null });
      expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({
        sender: 'ai',
        message: `A ${jobType} job is machined from a block, and "Plate 180 x 80 mm" does not give its length, width and thickness: type the stock's size, such as 'Plate 180 x 80 x 12 mm'.`,
      });
      actor.send({ type: 'size.submitted', size: 'Plate 180 x 80 x 12 mm' });
      actor.send({ type: 'jobType.selected', jobType });
      expect(actor.getSnapshot().matches('show_machines')).toBe(true);
    }
    // A lathe turns the same words as a bar: Ø180 x 80.
    const lathe = started();
    lathe.send({ type: 'description.confirmed' });
    lathe.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    lathe.send({ type: 'size.submitted', size: 'Plate 180 x 80 mm' });
    lathe.send({ type: 'jobType.selected', jobType: 'Lathe' });
    expect(lathe.getSnapshot().matches('show_machines')).toBe(true);
  });

  it('goes back to the description, naming what a lathe lacks, when Lathe is chosen without it', () => {
    const gaps = ['the length of Ø42', 'the length of M42x4.5'];
    const actor = started({ ...analysis, latheGaps: gaps });
    actor.send({ type: 'description.confirmed' });
    actor.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    actor.send({ type: 'size.submitted', size: '' });
    actor.send({ type: 'jobType.selected', jobType: 'Lathe' });
    expect(actor.getSnapshot().matches('show_blueprint_description')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ material: null, materialSize: null });
    expect(actor.getSnapshot().context.messages.at(-1)).toMatchObject({
      sender: 'ai',
      message:
        "A lathe program needs what the description does not give: the length of Ø42; the length of M42x4.5. Give it with Change or in the values table, such as 'Ø42 x 30 long', then confirm the description again.",
    });
    // A milling job does not need them.
    const milled = started({ ...analysis, latheGaps: gaps });
    milled.send({ type: 'description.confirmed' });
    milled.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    milled.send({ type: 'size.submitted', size: 'Plate 180 x 80 x 12 mm' });
    milled.send({ type: 'jobType.selected', jobType: 'Milling' });
    expect(milled.getSnapshot().matches('show_machines')).toBe(true);
  });

  it('keeps the size as numbers beside its words (decision 039)', () => {
    const typed = started();
    typed.send({ type: 'description.confirmed' });
    typed.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    typed.send({ type: 'size.submitted', size: ' 4 x 2 x 0,5 in ' });
    expect(typed.getSnapshot().context).toMatchObject({
      materialSize: '4 x 2 x 0,5 in',
      stockSize: parseStockSize('4 x 2 x 0,5 in'),
    });
    expect(typed.getSnapshot().context.stockSize?.block).toEqual({
      xMm: 101.6,
      yMm: 50.8,
      zMm: 12.7,
    });
    // A blank size is the suggestion's: its own numbers, or its words read (an older analysis).
    const bar = roundBarStock(45, 150);
    for (const [read, stock] of [
      [{ ...analysis, stockSize: bar }, bar],
      [analysis, roundBarStock(42, 120)],
    ] as const) {
      const actor = started(read);
      actor.send({ type: 'description.confirmed' });
      actor.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
      actor.send({ type: 'size.submitted', size: '' });
      expect(actor.getSnapshot().context.stockSize).toEqual(stock);
      actor.send({ type: 'tracker.reset', step: 'Choose Material Size' });
      expect(actor.getSnapshot().context).toMatchObject({ materialSize: null, stockSize: null });
    }
  });

  it("asks the suggestion's numbers whether the plate's thickness is missing", () => {
    const actor = started({
      ...analysis,
      materialSize: 'Plate 180 x 80 mm',
      stockSize: blockStock(180, 80),
    });
    actor.send({ type: 'description.confirmed' });
    actor.send({ type: 'material.selected', material: '42CrMo4 (1.7225)' });
    actor.send({ type: 'size.submitted', size: '' });
    expect(actor.getSnapshot().value).toBe('add_material_size');
  });

  it('resets to an earlier tracker step only, and replaces a trailing reset notice', () => {
    const actor = started();
    actor.send({ type: 'description.confirmed' });
    actor.send({ type: 'material.selected', material: 'Alloy steel 4140' });
    expect(actor.getSnapshot().can({ type: 'tracker.reset', step: 'Choose Job Type' })).toBe(false);
    actor.send({ type: 'tracker.reset', step: 'Choose Material Stock' });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe('display_material_choices');
    expect(context.material).toBeNull();
    expect(context.messages.at(-1)).toMatchObject({
      message:
        'The workflow has been reset to "Choose Material Stock". You can continue from this point.',
      notice: true,
    });
    actor.send({ type: 'material.selected', material: 'Alloy steel 4140' });
    const messages = actor.getSnapshot().context.messages.map((message) => message.message);
    expect(messages).not.toContain(
      'The workflow has been reset to "Choose Material Stock". You can continue from this point.',
    );
  });

  it('cancels back to waiting with the spec text, and clears the completed flag after 5 s', () => {
    const actor = started();
    actor.send({ type: 'workflow.cancelled' });
    expect(actor.getSnapshot().value).toBe('awaiting_response');
    expect(actor.getSnapshot().context.messages.at(-1)?.message).toBe(
      'The workflow has been cancelled. You can start a new one by uploading a blueprint.',
    );
    expect(trackerIndexOf('wrap_up')).toBe(8);
  });
});

describe('a Work Tracker reset', () => {
  /** The rules by tracker index that the named table replaced, kept to check it against. */
  function indexRules(context: QbotContext, step: TrackerStep): Partial<QbotContext> {
    const index = trackerSteps.indexOf(step);
    const cleared: Partial<QbotContext> = { error: null, completed: false };
    if (index <= 9)
      Object.assign(cleared, {
        program: null,
        earlierPrograms: [],
        simulationFeedback: null,
        simulationAnalysis: null,
      });
    if (index <= 7) Object.assign(cleared, { toolIds: [], toolOptions: [] });
    if (index <= 6) Object.assign(cleared, { machine: null, machineOptions: [] });
    if (index <= 5) Object.assign(cleared, { jobType: null });
    if (index <= 4) Object.assign(cleared, { materialSize: null, stockSize: null });
    if (index <= 3) Object.assign(cleared, { material: null });
    if (index <= 1)
      Object.assign(cleared, { analysis: context.originalAnalysis, descriptionVersion: 1 });
    return cleared;
  }

  const machine: WorkflowMachine = {
    _id: 'm1',
    name: 'Lathe',
    serialNumber: 'S',
    details: 'd',
    typeName: 'Turning Center',
  };
  const tool: WorkflowTool = {
    id: 't1',
    slotNumber: 'T1',
    toolName: 'CNMG',
    toolDescription: 'd',
    toolType: 'Turning',
  };
  /** A context with every choice made, a revised description, an error and the completed flag. */
  const chosen: QbotContext = {
    ...initialQbotContext(),
    analysis: { ...analysis, description: emptyDescription('A revised shaft') },
    originalAnalysis: analysis,
    descriptionVersion: 3,
    material: 'Alloy steel 4140',
    materialSize: analysis.materialSize,
    jobType: 'Lathe',
    machineOptions: [machine],
    machine,
    toolOptions: [tool],
    toolIds: ['t1'],
    program,
    simulationFeedback: 'it chattered',
    simulationAnalysis: regenerate,
    error: 'refused',
    completed: true,
  };

  it.each(trackerSteps)('to "%s" clears exactly what the tracker-index rules cleared', (step) => {
    expect(resetContext(chosen, step)).toStrictEqual(indexRules(chosen, step));
  });

  it('clears, for each step, the fields chosen at that step or later', () => {
    const sorted = (fields: string[]) => [...fields].sort();
    const programFields = [
      'program',
      'earlierPrograms',
      'simulationFeedback',
      'simulationAnalysis',
    ];
    const toolFields = ['toolIds', 'toolOptions', ...programFields];
    const machineFields = ['machine', 'machineOptions', ...toolFields];
    const jobTypeFields = ['jobType', ...machineFields];
    const sizeFields = ['materialSize', 'stockSize', ...jobTypeFields];
    const materialFields = ['material', ...sizeFields];
    const descriptionFields = ['analysis', 'descriptionVersion', ...materialFields];
    const cleared = Object.fromEntries(
      trackerSteps.map((step) => [
        step,
        sorted(
          Object.keys(resetContext(chosen, step)).filter(
            (field) => field !== 'error' && field !== 'completed',
          ),
        ),
      ]),
    );
    expect(cleared).toEqual({
      'Upload Blueprint': sorted(descriptionFields),
      'Analyze Blueprint': sorted(descriptionFields),
      'Confirm Description': sorted(materialFields),
      'Choose Material Stock': sorted(materialFields),
      'Choose Material Size': sorted(sizeFields),
      'Choose Job Type': sorted(jobTypeFields),
      'Choose Machine': sorted(machineFields),
      'Choose Tooling': sorted(toolFields),
      'Confirm Job Summary': sorted(programFields),
      'Generate G-Code': sorted(programFields),
      'Download G-Code': [],
      Simulate: [],
      'Fabricate in Machine': [],
    });
    expect(resetContext(chosen, 'Analyze Blueprint')).toMatchObject({
      analysis,
      descriptionVersion: 1,
      error: null,
      completed: false,
    });
  });
});

describe('no dead end at the machine, tool and generation steps', () => {
  /** A chart whose machine list, tools and generation answer from these queues, in order. */
  function scripted(machineAnswers: MachineChoices[], generations: (WorkflowProgram | Error)[]) {
    let toolLoads = 0;
    const chart = qbotWorkflowMachine.provide({
      actors: {
        describeBlueprint: fromPromise<DescribeOutput, DescribeInput>(async () => ({
          analysis,
          imageUrl: '/api/files/f1',
          threadId: 't1',
        })),
        reviseDescription: fromPromise<BlueprintAnalysis, ReviseInput>(never),
        loadMachines: fromPromise<MachineChoices, LoadMachinesInput>(async () =>
          machineAnswers.shift()!,
        ),
        loadTools: fromPromise<WorkflowTool[], LoadToolsInput>(async () => {
          toolLoads += 1;
          return [
            {
              id: '00000000-0000-4000-8000-000000000001',
              slotNumber: 'T1',
              toolName: 'CNMG 120408',
              toolDescription: 'd',
              toolType: 'Turning',
            },
          ];
        }),
        generateProgram: fromPromise<WorkflowProgram, GenerateInput>(async () => {
          const next = generations.shift()!;
          if (next instanceof Error) throw next;
          return next;
        }),
        analyzeSimulation: fromPromise<SimulationAnalysis, AnalyzeInput>(never),
      },
    });
    return { chart, toolLoads: () => toolLoads };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const lathe = { _id: '00000000-0000-4000-8000-0000000000aa', name: 'ST-10', serialNumber: 'S2' };

  async function toMachineStep(chart: typeof qbotWorkflowMachine) {
    const actor = createActor(chart, { input: {} }).start();
    actor.send({ type: 'blueprint.uploaded', fileName: 'shaft.dxf' });
    await settle();
    actor.send({ type: 'description.confirmed' });
    actor.send({ type: 'material.selected', material: 'Alloy steel 4140' });
    actor.send({ type: 'size.submitted', size: '' });
    actor.send({ type: 'jobType.selected', jobType: 'Lathe' });
    await settle();
    return actor;
  }

  it('names the inactive machines and the machine types, and continues after Check Again', async () => {
    const { chart } = scripted(
      [
        { machines: [], inactive: [lathe], machineTypes: ['Turning Center'] },
        { machines: [], inactive: [lathe], machineTypes: ['Turning Center'] },
        {
          machines: [{ ...lathe, details: 'd', typeName: 'Turning Center' }],
          inactive: [],
          machineTypes: ['Turning Center'],
        },
      ],
      [],
    );
    const actor = await toMachineStep(chart);
    expect(actor.getSnapshot().matches({ show_machines: 'none' })).toBe(true);
    const texts = () => actor.getSnapshot().context.messages.map((message) => message.message);
    expect(texts().slice(-2)).toEqual([
      qbotMessages.noMachines('Lathe'),
      "Lathe jobs run on machines of type 'Turning Center'. Your shop has one, but it is Inactive: ST-10 (S2). Set its Status to Active in My Shop, then choose Check Again.",
    ]);
    const before = texts().length;
    // Checked again before the fix: the same answer is not repeated.
    actor.send({ type: 'machines.reloaded' });
    await settle();
    expect(actor.getSnapshot().matches({ show_machines: 'none' })).toBe(true);
    expect(texts()).toHaveLength(before);
    // After the machine is set Active, the same step offers it.
    actor.send({ type: 'machines.reloaded' });
    await settle();
    expect(actor.getSnapshot().matches({ show_machines: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().context.machineOptions.map((machine) => machine._id)).toEqual([
      lathe._id,
    ]);
    actor.stop();
  });

  it('refuses a machine that cannot take the stock, by name and why, and takes one that can', async () => {
    const { chart, toolLoads } = scripted(
      [
        {
          machines: [tinyMachine, { ...lathe, details: 'd', typeName: 'Turning Center' }],
          inactive: [],
          machineTypes: ['Turning Center'],
        },
      ],
      [],
    );
    const actor = await toMachineStep(chart);
    actor.send({ type: 'machine.selected', machineId: tinyMachine._id });
    await settle();
    expect(actor.getSnapshot().matches({ show_machines: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().context.machine).toBeNull();
    const texts = actor.getSnapshot().context.messages.map((message) => message.message);
    expect(texts.slice(-2)).toEqual([
      'Tiny (T1)',
      expect.stringMatching(
        /^Tiny \(T1\) cannot take this job: the stock Ø\d+ mm is larger than Tiny turns \(Ø1 mm\)\. Choose another machine, or go back to Choose Material Size for other stock\.$/,
      ),
    ]);
    actor.send({ type: 'machine.selected', machineId: lathe._id });
    await settle();
    expect(actor.getSnapshot().matches({ configure_tools: 'choosing' })).toBe(true);
    expect(toolLoads()).toBe(1);
    actor.stop();
  });

  it('after a failed generation, goes back to the tools without a tracker reset', async () => {
    const { chart, toolLoads } = scripted(
      [
        {
          machines: [{ ...lathe, details: 'd', typeName: 'Turning Center' }],
          inactive: [],
          machineTypes: ['Turning Center'],
        },
      ],
      [new Error('This part needs tools the selected ones do not give: (1) a parting tool.')],
    );
    const actor = await toMachineStep(chart);
    actor.send({ type: 'machine.selected', machineId: lathe._id });
    await settle();
    actor.send({ type: 'tools.confirmed', toolIds: ['00000000-0000-4000-8000-000000000001'] });
    actor.send({ type: 'summary.confirmed' });
    actor.send({ type: 'gcode.requested' });
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    const failures = actor
      .getSnapshot()
      .context.messages.filter((message) => message.message.includes('a parting tool'));
    expect(failures).toHaveLength(1);
    actor.send({ type: 'tools.rechosen' });
    await settle();
    expect(actor.getSnapshot().matches({ configure_tools: 'choosing' })).toBe(true);
    expect(toolLoads()).toBe(2);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});

describe('the programs of a job', () => {
  const written = (version: number): WorkflowProgram => ({
    version,
    fileUrl: `/api/files/f${version}`,
    fileName: `part-v${version}.nc`,
    verified: version !== 2,
    status: version === 2 ? 'incomplete' : 'verified',
    checks: [],
    operations: [],
    warnings: [],
    notProgrammed: [],
    dialect: 'linuxcnc',
  });

  it('keeps every earlier version to download again, and a reset to Generate G-Code clears them', () => {
    let context: QbotContext = initialQbotContext();
    for (const version of [1, 2, 3])
      context = { ...context, ...programStored(context, { output: written(version) }) };
    expect(context.program?.version).toBe(3);
    expect(context.earlierPrograms).toEqual([
      {
        version: 1,
        fileUrl: '/api/files/f1',
        fileName: 'part-v1.nc',
        verified: true,
        status: 'verified',
        dialect: 'linuxcnc',
      },
      {
        version: 2,
        fileUrl: '/api/files/f2',
        fileName: 'part-v2.nc',
        verified: false,
        status: 'incomplete',
        dialect: 'linuxcnc',
      },
    ]);
    // A workflow stored before the field existed starts its list at the next program.
    const stored = { ...context, earlierPrograms: undefined };
    expect(programStored(stored, { output: written(4) }).earlierPrograms).toHaveLength(1);
    expect(resetContext(context, 'Generate G-Code').earlierPrograms).toEqual([]);
  });
});
