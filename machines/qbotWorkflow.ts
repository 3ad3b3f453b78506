/**
 * The Q-Bot workflow (spec sections 1, 2 and 4): from an uploaded drawing to a verified program,
 * simulation feedback, and fabrication.
 *
 * The UI runs this chart with actors that call the API; the server runs the same chart, per
 * conversation, with actors that do the work, and refuses any event the chart does not allow in
 * the conversation's current state. Async steps are invoked actors named by string:
 * `describeBlueprint`, `reviseDescription`, `saveDescriptionValues`, `loadMachines`, `loadTools`,
 * `generateProgram`, `analyzeSimulation`. Steps carry the tag `busy` while an actor runs. The actors' types and
 * placeholders, the guards, the initial context, the message builders and the rules of a Work
 * Tracker reset are in qbotContext.ts.
 *
 * Over 500 lines because one chart is one file (DESIGN.md): its states read top to bottom in the
 * order of the spec's steps, and splitting the config would scatter one state's transitions.
 */
import { assign, setup } from 'xstate';
import type { BlueprintDescription } from '#contracts/blueprint';
import { qbotExtraMessages, qbotMessages } from '#contracts/qbot-workflow';
import type {
  MachineChoices,
  QbotContext,
  QbotEvent,
  SimulationAnalysis,
  TrackerStep,
  WorkflowTool,
} from '#contracts/qbot-workflow';
import {
  ai,
  contextAfterReset,
  failureMessage,
  initialQbotContext,
  machineFitOf,
  machineMessages,
  post,
  postUnlessRepeated,
  resetContext,
  programStored,
  qbotActors,
  qbotGuards,
  resetsBefore,
  revisionStored,
  sizeRefusal,
  submittedSize,
  startedAfresh,
  user,
} from './qbotContext.ts';
import type { DescribeInput, DescribeOutput } from './qbotContext.ts';

export type {
  AnalyzeInput,
  DescribeInput,
  DescribeOutput,
  GenerateInput,
  LoadMachinesInput,
  LoadToolsInput,
  ReviseInput,
  SaveValuesInput,
} from './qbotContext.ts';

export const qbotWorkflowMachine = setup({
  types: {
    context: {} as QbotContext,
    events: {} as QbotEvent,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- declares the input type
    input: {} as { threadId?: string | null; assistantId?: string | null },
    tags: {} as 'busy' | 'active',
  },
  actors: qbotActors,
  guards: qbotGuards,
  actions: {
    startUpload: assign(({ event }) => {
      if (event.type !== 'blueprint.uploaded') return {};
      const fresh = initialQbotContext();
      return {
        ...fresh,
        fileName: event.fileName,
        imageUrl: event.imageUrl ?? null,
        ...(event.threadId ? { threadId: event.threadId } : {}),
        ...post(fresh, {
          sender: 'user',
          message: event.imageUrl ?? '',
          type: 'image',
          fileName: event.fileName,
        }),
      };
    }),
    storeAnalysis: assign(({ context, event }) => {
      const output = (event as { output?: DescribeOutput }).output!;
      // The stored drawing replaces the local preview in the chat.
      const messages = context.messages.map((message) =>
        message.type === 'image' ? { ...message, message: output.imageUrl } : message,
      );
      return {
        analysis: output.analysis,
        originalAnalysis: output.analysis,
        descriptionVersion: 1,
        imageUrl: output.imageUrl,
        threadId: output.threadId ?? context.threadId,
        assistantId: output.assistantId ?? context.assistantId,
        error: null,
        ...post(
          { ...context, messages },
          ai(qbotExtraMessages.described(context.fileName ?? 'the drawing')),
        ),
      };
    }),
    showUploadError: assign(({ context, event }) => ({
      error: qbotMessages.uploadFailed,
      ...post(context, ai(qbotMessages.uploadFailed), {
        sender: 'vision',
        message: failureMessage(event) ?? qbotMessages.uploadFailedClient,
        type: 'text',
      }),
    })),
    storeRevision: assign(({ context, event }) =>
      revisionStored(context, event, qbotMessages.descriptionUpdated),
    ),
    storeEditedValues: assign(({ context, event }) =>
      revisionStored(context, event, qbotExtraMessages.valuesSaved),
    ),
    postFeedback: assign(({ context, event }) =>
      event.type === 'description.change.submitted'
        ? post(context, user(event.feedback.trim()))
        : {},
    ),
    showRevisionError: assign({
      error: ({ event }) => failureMessage(event) ?? qbotMessages.descriptionUpdateFailed,
    }),
    clearError: assign({ error: null }),
    postExchange: assign(({ context, event }) =>
      event.type === 'chat.exchanged' ? post(context, user(event.question), ai(event.answer)) : {},
    ),
    askMaterial: assign(({ context }) => post(context, ai(qbotExtraMessages.chooseMaterial))),
    announceTools: assign(({ context }) =>
      postUnlessRepeated(context, ai(qbotExtraMessages.chooseTools)),
    ),
    chooseMaterial: assign(({ context, event }) =>
      event.type === 'material.selected'
        ? {
            material: event.material,
            ...post(context, user(event.material), ai(qbotExtraMessages.chooseSize)),
          }
        : {},
    ),
    askForMissingSize: assign(({ context, event }) => {
      if (event.type !== 'size.submitted') return {};
      const refusal = sizeRefusal(context, event.size);
      return refusal ? post(context, ai(refusal)) : {};
    }),
    chooseSize: assign(({ context, event }) => {
      if (event.type !== 'size.submitted') return {};
      const { words: size, stock } = submittedSize(context, event.size);
      const shown =
        typeof size === 'string' ? size : `${size.shape} ${size.diameter} x ${size.length}`;
      return {
        materialSize: size,
        // The size as numbers, read once here (decision 039); a blank one is the suggestion's.
        stockSize: stock,
        ...post(context, user(shown), ai(qbotExtraMessages.chooseJobType)),
      };
    }),
    /** Back to the description, whose values a lathe program lacks, asking for them by name. */
    askForLatheValues: assign(({ context, event }) => {
      if (event.type !== 'jobType.selected') return {};
      return {
        ...resetContext(context, 'Choose Material Stock'),
        ...post(
          context,
          user(event.jobType),
          ai(qbotExtraMessages.latheValuesNeeded(context.analysis?.latheGaps ?? [])),
        ),
      };
    }),
    askForBlockSize: assign(({ context, event }) => {
      if (event.type !== 'jobType.selected') return {};
      const size = context.materialSize ?? qbotMessages.defaultStockSize;
      const shown =
        typeof size === 'string' ? size : `${size.shape} ${size.diameter} x ${size.length}`;
      return {
        materialSize: null,
        stockSize: null,
        ...post(
          context,
          user(event.jobType),
          ai(qbotExtraMessages.blockSizeNeeded(event.jobType, shown)),
        ),
      };
    }),
    chooseJobType: assign(({ context, event }) =>
      event.type === 'jobType.selected'
        ? { jobType: event.jobType, ...post(context, user(event.jobType)) }
        : {},
    ),
    storeMachines: assign({
      machineOptions: ({ event }) => (event as { output?: MachineChoices }).output?.machines ?? [],
      error: null,
    }),
    announceMachines: assign(({ context, event }) =>
      postUnlessRepeated(context, ...machineMessages(context.jobType ?? '', event)),
    ),
    announceNoMachines: assign(({ context, event }) => ({
      machineOptions: [],
      error: null,
      ...postUnlessRepeated(context, ...machineMessages(context.jobType ?? '', event)),
    })),
    showLoadError: assign({ error: qbotMessages.loadFailed }),
    chooseMachine: assign(({ context, event }) => {
      if (event.type !== 'machine.selected') return {};
      const machine = context.machineOptions.find((entry) => entry._id === event.machineId) ?? null;
      return {
        machine,
        ...post(
          context,
          user(machine ? `${machine.name} (${machine.serialNumber})` : event.machineId),
        ),
      };
    }),
    refuseUnfitMachine: assign(({ context, event }) => {
      if (event.type !== 'machine.selected') return {};
      const machine = context.machineOptions.find((entry) => entry._id === event.machineId);
      if (!machine) return {};
      const fit = machineFitOf(context, machine);
      const named = `${machine.name} (${machine.serialNumber})`;
      return fit.usable
        ? {}
        : post(context, user(named), ai(qbotExtraMessages.machineUnfit(named, fit.reason)));
    }),
    storeTools: assign({
      toolOptions: ({ event }) => (event as { output?: WorkflowTool[] }).output ?? [],
      error: null,
    }),
    chooseTools: assign(({ context, event }) => {
      if (event.type !== 'tools.confirmed') return {};
      const chosen = context.toolOptions.filter((tool) => event.toolIds.includes(tool.id));
      return {
        toolIds: event.toolIds,
        ...post(
          context,
          user(chosen.map((tool) => `${tool.slotNumber} ${tool.toolName}`).join(', ')),
          ai(qbotExtraMessages.summary),
        ),
      };
    }),
    storeProgram: assign(({ context, event }) => programStored(context, event)),
    showGenerationError: assign(({ context, event }) => {
      const detail = failureMessage(event);
      return {
        error: detail ?? qbotMessages.generationFailed,
        ...post(
          context,
          ai(qbotMessages.generationFailed),
          ...(detail
            ? [{ sender: 'vision' as const, message: detail, type: 'text' as const }]
            : []),
        ),
      };
    }),
    askSimulation: assign(({ context }) => post(context, ai(qbotExtraMessages.simulateQuestion))),
    askIssues: assign(({ context }) => ({
      simulationAnalysis: null,
      ...post(context, ai(qbotExtraMessages.describeIssues)),
    })),
    storeFeedback: assign(({ context, event }) =>
      event.type === 'feedback.submitted'
        ? {
            simulationFeedback: event.feedback.trim(),
            error: null,
            ...post(context, user(event.feedback.trim())),
          }
        : {},
    ),
    storeAnalysisOfSimulation: assign(({ context, event }) => {
      const analysis = (event as { output?: SimulationAnalysis }).output!;
      return { simulationAnalysis: analysis, ...post(context, ai(analysis.analysis)) };
    }),
    showFeedbackError: assign({
      error: ({ event }) => failureMessage(event) ?? qbotMessages.feedbackFailed,
    }),
    postRegenerating: assign(({ context }) =>
      post(
        context,
        user(`${qbotMessages.regenerating}\n${context.simulationAnalysis?.analysis ?? ''}`.trim()),
      ),
    ),
    complete: assign(({ context }) => ({
      completed: true,
      ...post(context, ai(qbotMessages.readyForFabrication)),
    })),
    clearCompleted: assign({ completed: false }),
    restart: assign(() => initialQbotContext()),
    cancel: assign(() => startedAfresh(qbotMessages.cancelled)),
    resetTo: assign(({ context }, params: { step: TrackerStep }) =>
      contextAfterReset(context, params.step),
    ),
  },
}).createMachine({
  id: 'qbot',
  context: ({ input }) => ({
    ...initialQbotContext(),
    threadId: input.threadId ?? null,
    assistantId: input.assistantId ?? null,
  }),
  initial: 'awaiting_response',
  on: {
    'workflow.cancelled': { target: '.reset', actions: 'cancel' },
  },
  states: {
    awaiting_response: {
      description: 'Waiting for a drawing; the chat input is enabled ("Type a message...")',
      on: {
        'blueprint.uploaded': { target: 'analyzing_blueprint', actions: 'startUpload' },
        'chat.exchanged': { actions: 'postExchange' },
      },
    },
    analyzing_blueprint: {
      description: "The drawing is uploaded and read; the loader says 'Analyzing blueprint...'",
      tags: ['busy', 'active'],
      invoke: {
        id: 'describeBlueprint',
        src: 'describeBlueprint',
        input: ({ event }) => event as DescribeInput,
        onDone: { target: 'show_blueprint_description', actions: 'storeAnalysis' },
        onError: { target: 'awaiting_response', actions: 'showUploadError' },
      },
    },
    show_blueprint_description: {
      description: 'The description and its values table, with Confirm, Change and Save values',
      tags: ['active'],
      on: { 'tracker.reset': resetsBefore('Confirm Description') },
      initial: 'reviewing',
      states: {
        reviewing: {
          on: {
            'description.confirmed': { target: '#qbot.confirm_blueprint_description' },
            'description.change.requested': {
              target: '#qbot.change_blueprint_description',
              actions: 'clearError',
            },
            'description.values.submitted': { target: 'saving', actions: 'clearError' },
          },
        },
        saving: {
          description: 'The edited values are checked and the analysis made anew from them',
          tags: ['busy'],
          invoke: {
            id: 'saveDescriptionValues',
            src: 'saveDescriptionValues',
            input: ({ context, event }) => ({
              description: (event as { description?: BlueprintDescription }).description!,
              context,
            }),
            onDone: { target: 'reviewing', actions: 'storeEditedValues' },
            onError: { target: 'reviewing', actions: 'showRevisionError' },
          },
        },
      },
    },
    confirm_blueprint_description: {
      description: 'The confirmed description is kept; on to the material',
      tags: ['active'],
      always: { target: 'display_material_choices', actions: 'askMaterial' },
    },
    change_blueprint_description: {
      description: 'A box for what to change; the submit button is disabled while empty or busy',
      tags: ['active'],
      on: { 'tracker.reset': resetsBefore('Confirm Description') },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'description.change.submitted': {
              guard: 'hasFeedback',
              target: 'updating',
              actions: ['postFeedback', 'clearError'],
            },
            'description.change.cancelled': {
              target: '#qbot.show_blueprint_description',
              actions: 'clearError',
            },
          },
        },
        updating: {
          tags: ['busy'],
          invoke: {
            id: 'reviseDescription',
            src: 'reviseDescription',
            input: ({ context, event }) => ({
              feedback: (event as { feedback?: string }).feedback ?? '',
              context,
            }),
            onDone: { target: '#qbot.show_blueprint_description', actions: 'storeRevision' },
            onError: { target: 'editing', actions: 'showRevisionError' },
          },
        },
      },
    },
    display_material_choices: {
      description: 'Material choices with their alternates; confirming needs a selection',
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Choose Material Stock'),
        'material.selected': {
          guard: 'isKnownMaterial',
          target: 'add_material_size',
          actions: 'chooseMaterial',
        },
      },
    },
    add_material_size: {
      description: "The stock size; blank uses the suggested size or 'Default Material Stock Size'",
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Choose Material Size'),
        'size.submitted': [
          { guard: 'sizeIsComplete', target: 'show_job_types', actions: 'chooseSize' },
          { actions: 'askForMissingSize' },
        ],
      },
    },
    show_job_types: {
      description: 'Lathe, Milling, Wire EDM or Sinker EDM; confirming needs a selection',
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Choose Job Type'),
        'jobType.selected': [
          {
            guard: 'jobTypeLacksLatheValues',
            target: 'show_blueprint_description',
            actions: 'askForLatheValues',
          },
          { guard: 'jobTypeLacksBlock', target: 'add_material_size', actions: 'askForBlockSize' },
          { guard: 'isJobType', target: 'show_machines', actions: 'chooseJobType' },
        ],
      },
    },
    show_machines: {
      description: "The shop's active machines of the job type",
      tags: ['active'],
      on: { 'tracker.reset': resetsBefore('Choose Machine') },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadMachines',
            src: 'loadMachines',
            input: ({ context }) => ({ jobType: context.jobType ?? 'Lathe' }),
            onDone: [
              {
                guard: 'hasMachines',
                target: 'choosing',
                actions: ['storeMachines', 'announceMachines'],
              },
              { target: 'none', actions: 'announceNoMachines' },
            ],
            onError: { target: 'failed', actions: 'showLoadError' },
          },
        },
        choosing: {
          on: {
            'machine.selected': [
              { guard: 'isUnfitMachine', actions: 'refuseUnfitMachine' },
              {
                guard: 'isOfferedMachine',
                target: '#qbot.configure_tools',
                actions: 'chooseMachine',
              },
            ],
          },
        },
        none: {
          description:
            "'No Machines of type {type} are currently configured. Please configure in My Shop.', the inactive ones named, and Check Again after the fix",
          on: { 'machines.reloaded': { target: 'loading' } },
        },
        failed: {
          description: "'Failed to load data.' and Check Again",
          on: { 'machines.reloaded': { target: 'loading', actions: 'clearError' } },
        },
      },
    },
    configure_tools: {
      description: "The chosen machine's tools as checkboxes; confirming needs at least one",
      tags: ['active'],
      on: { 'tracker.reset': resetsBefore('Choose Tooling') },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadTools',
            src: 'loadTools',
            input: ({ context }) => ({ machine: context.machine! }),
            onDone: { target: 'choosing', actions: ['storeTools', 'announceTools'] },
            onError: { target: 'failed', actions: 'showLoadError' },
          },
        },
        choosing: {
          on: {
            'tools.confirmed': {
              guard: 'hasOfferedTools',
              target: '#qbot.wrap_up',
              actions: 'chooseTools',
            },
            'tools.reloaded': { target: 'loading' },
          },
        },
        failed: {
          description: "'Failed to load data.' and Check Again",
          on: { 'tools.reloaded': { target: 'loading', actions: 'clearError' } },
        },
      },
    },
    wrap_up: {
      description: "The job summary with 'Confirm Description'",
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Confirm Job Summary'),
        'summary.confirmed': { target: 'generating_gcode' },
      },
    },
    generating_gcode: {
      description: "Offers 'Generate G-Code'",
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Generate G-Code'),
        'gcode.requested': { target: 'generate_gcode', actions: 'clearError' },
      },
    },
    generate_gcode: {
      description: 'The program is planned, written and verified',
      tags: ['busy', 'active'],
      invoke: {
        id: 'generateProgram',
        src: 'generateProgram',
        input: ({ context }) => ({ context }),
        onDone: { target: 'download_gcode', actions: 'storeProgram' },
        onError: { target: 'error', actions: 'showGenerationError' },
      },
    },
    download_gcode: {
      description: 'Download, with the verification summary beside it',
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Download G-Code'),
        'gcode.downloaded': { target: 'simulate_in_machine', actions: 'askSimulation' },
      },
    },
    simulate_in_machine: {
      description: "'Yes, Simulation Successful' or 'No, Found Issues'",
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Simulate'),
        'simulation.succeeded': { target: 'fabricate_in_machine', actions: 'complete' },
        'simulation.failed': { target: 'simulation_feedback', actions: 'askIssues' },
      },
    },
    simulation_feedback: {
      description: 'What went wrong, its analysis, and regeneration with the changes',
      tags: ['active'],
      on: { 'tracker.reset': resetsBefore('Simulate') },
      initial: 'describing',
      states: {
        describing: {
          on: {
            'feedback.submitted': {
              guard: 'hasFeedback',
              target: 'analyzing',
              actions: 'storeFeedback',
            },
            'feedback.cancelled': { target: '#qbot.simulate_in_machine', actions: 'clearError' },
          },
        },
        analyzing: {
          tags: ['busy'],
          invoke: {
            id: 'analyzeSimulation',
            src: 'analyzeSimulation',
            input: ({ context }) => ({ feedback: context.simulationFeedback ?? '', context }),
            onDone: [
              {
                guard: 'requiresNewGcode',
                target: 'reviewing',
                actions: 'storeAnalysisOfSimulation',
              },
              { target: '#qbot.simulation_error', actions: 'storeAnalysisOfSimulation' },
            ],
            onError: { target: 'describing', actions: 'showFeedbackError' },
          },
        },
        reviewing: {
          description: "The analysis with 'Regenerate G-Code with Changes' and Cancel",
          on: {
            'gcode.requested': { target: '#qbot.generate_gcode', actions: 'postRegenerating' },
            'feedback.cancelled': { target: '#qbot.simulate_in_machine' },
          },
        },
      },
    },
    simulation_error: {
      description:
        "'This functionality is not implemented yet. Would you like to start again?' with Start Again",
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Simulate'),
        'workflow.restarted': { target: 'reset', actions: 'restart' },
      },
    },
    fabricate_in_machine: {
      description:
        "'Your G-Code is ready for fabrication. Please proceed with machining.' and Upload Another Blueprint",
      tags: ['active'],
      after: { 5000: { actions: 'clearCompleted' } },
      on: {
        'tracker.reset': resetsBefore('Fabricate in Machine'),
        'workflow.restarted': { target: 'reset', actions: 'restart' },
      },
    },
    error: {
      description: "'An error occurred while generating GCode. Please try again.'",
      tags: ['active'],
      on: {
        'tracker.reset': resetsBefore('Generate G-Code'),
        'gcode.requested': { target: 'generate_gcode', actions: 'clearError' },
        'tools.rechosen': { target: 'configure_tools', actions: 'clearError' },
      },
    },
    reset: {
      description: 'Everything cleared; back to waiting for a drawing',
      always: { target: 'awaiting_response' },
    },
    show_machine_types: { description: 'Defined by the spec but not used' },
    show_jobs: { description: 'Defined by the spec but not used' },
  },
});

export type QbotWorkflowMachine = typeof qbotWorkflowMachine;
