/**
 * One row of the Tooling Pairs table (spec sections 2 "Tooling Pairs", 4 "Tool row", 5, 8).
 *
 * States: view; edit in place (Update); new, added at the end and opened in edit mode; delete
 * through a confirmation ('Delete Tool'). Saving needs all six fields, else the spec's alert.
 *
 * Actors the UI provides: `createTool`, `updateTool`, `deleteTool`. Actions it provides:
 * `alertFieldsMissing` (the spec's alert). Final states: `deleted` and `discarded` (a new row
 * cancelled before it was saved).
 */
import { assign, fromPromise, setup } from 'xstate';
import { shopMessages } from '#contracts/shop';
import type { ToolingPair } from '#contracts/shop';
import type { CallFailure } from './signIn.ts';

/** The six fields of a row, as typed. */
export interface ToolDraft {
  slotNumber: string;
  toolName: string;
  toolDescription: string;
  toolType: string;
  toolManufacturer: string;
  toolHint: string;
}

export const emptyToolDraft: ToolDraft = {
  slotNumber: '',
  toolName: '',
  toolDescription: '',
  toolType: '',
  toolManufacturer: '',
  toolHint: '',
};

export interface ToolRowContext {
  /** The row as saved; null for a new row. */
  tool: ToolingPair | null;
  draft: ToolDraft;
  error: string | null;
  /** How many times the row was saved; the table reloads after each. */
  savedCount: number;
}

export type ToolRowEvent =
  | { type: 'row.edit' }
  | { type: 'field.changed'; field: keyof ToolDraft; value: string }
  | { type: 'row.save' }
  | { type: 'row.cancel' }
  | { type: 'row.delete' }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' };

const draftOf = (tool: ToolingPair | null): ToolDraft =>
  tool
    ? {
        slotNumber: tool.slotNumber,
        toolName: tool.toolName,
        toolDescription: tool.toolDescription,
        toolType: tool.toolType,
        toolManufacturer: tool.toolManufacturer,
        toolHint: tool.toolHint,
      }
    : { ...emptyToolDraft };

/** The spec's rule: all six fields filled (spec section 5, "Tool row save"). */
export const allFieldsFilled = (draft: ToolDraft): boolean =>
  (Object.values(draft) as string[]).every((value) => value.trim() !== '');

/**
 * The row's error line after a failed call: the server's message or the spec's text. A refused
 * field says its own rule ('Tool slot must be T followed by a number, such as T1.'), not the
 * generic 'Please correct the highlighted fields.' of a form the row does not have.
 */
const failureText = (event: unknown, fallback: string): string => {
  const failure = (event as { error?: CallFailure }).error;
  const fieldTexts = Object.values(failure?.data?.errors ?? {});
  const message = fieldTexts.length > 0 ? fieldTexts.join(' ') : failure?.data?.message;
  return message ? shopMessages.errorPrefix(message) : fallback;
};

export const toolRowMachine = setup({
  types: {
    context: {} as ToolRowContext,
    events: {} as ToolRowEvent,
    input: {} as { tool: ToolingPair | null },
  },
  actors: {
    createTool: fromPromise<ToolingPair, ToolDraft>(() => {
      throw new Error('createTool actor not provided');
    }),
    updateTool: fromPromise<ToolingPair, ToolDraft & { toolId: string }>(() => {
      throw new Error('updateTool actor not provided');
    }),
    deleteTool: fromPromise<unknown, { toolId: string }>(() => {
      throw new Error('deleteTool actor not provided');
    }),
  },
  guards: {
    isNew: ({ context }) => context.tool === null,
    draftComplete: ({ context }) => allFieldsFilled(context.draft),
  },
  actions: {
    alertFieldsMissing: (_, _params: { message: string }) => undefined,
    setField: assign({
      draft: ({ context, event }) =>
        event.type === 'field.changed'
          ? { ...context.draft, [event.field]: event.value }
          : context.draft,
    }),
    resetDraft: assign({ draft: ({ context }) => draftOf(context.tool), error: null }),
    storeSaved: assign({
      savedCount: ({ context }) => context.savedCount + 1,
      tool: ({ event }) => (event as { output?: ToolingPair }).output ?? null,
      draft: ({ event }) => draftOf((event as { output?: ToolingPair }).output ?? null),
      error: null,
    }),
    showCreateError: assign({
      error: ({ event }) => failureText(event, shopMessages.submitFailed),
    }),
    showUpdateError: assign({
      error: ({ event }) => failureText(event, shopMessages.submitFailed),
    }),
    showDeleteError: assign({ error: shopMessages.deleteFailed }),
  },
}).createMachine({
  id: 'toolRow',
  context: ({ input }) => ({
    tool: input.tool,
    draft: draftOf(input.tool),
    error: null,
    savedCount: 0,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'A saved row opens in view; a row from Add New Tooling opens in edit mode',
      always: [{ guard: 'isNew', target: 'new' }, { target: 'view' }],
    },
    view: {
      description: 'The saved values with the pencil (edit) and bin (delete) actions',
      on: {
        'row.edit': { target: 'editing', actions: 'resetDraft' },
        'row.delete': { target: 'confirmingDelete' },
      },
    },
    editing: {
      description: 'Edit in place with an Update button',
      on: {
        'field.changed': { actions: 'setField' },
        'row.save': [
          { guard: 'draftComplete', target: 'updating' },
          {
            actions: {
              type: 'alertFieldsMissing',
              params: { message: shopMessages.allFieldsRequired },
            },
          },
        ],
        'row.cancel': { target: 'view', actions: 'resetDraft' },
      },
    },
    new: {
      description: 'A new row at the end of the table, in edit mode',
      on: {
        'field.changed': { actions: 'setField' },
        'row.save': [
          { guard: 'draftComplete', target: 'creating' },
          {
            actions: {
              type: 'alertFieldsMissing',
              params: { message: shopMessages.allFieldsRequired },
            },
          },
        ],
        'row.cancel': { target: 'discarded' },
      },
    },
    updating: {
      description: 'POST edit-tool-and-associate',
      invoke: {
        id: 'updateTool',
        src: 'updateTool',
        input: ({ context }) => ({ ...context.draft, toolId: context.tool?.id ?? '' }),
        onDone: { target: 'view', actions: 'storeSaved' },
        onError: { target: 'editing', actions: 'showUpdateError' },
      },
    },
    creating: {
      description: 'POST add-tool-and-associate',
      invoke: {
        id: 'createTool',
        src: 'createTool',
        input: ({ context }) => context.draft,
        onDone: { target: 'view', actions: 'storeSaved' },
        onError: { target: 'new', actions: 'showCreateError' },
      },
    },
    confirmingDelete: {
      description:
        "The 'Delete Tool' dialog: 'Are you sure you want to delete this tool and its associations?'",
      on: {
        'delete.confirmed': { target: 'deleting' },
        'delete.cancelled': { target: 'view' },
      },
    },
    deleting: {
      description: 'DELETE delete-tool-and-associate',
      invoke: {
        id: 'deleteTool',
        src: 'deleteTool',
        input: ({ context }) => ({ toolId: context.tool?.id ?? '' }),
        onDone: { target: 'deleted' },
        onError: { target: 'view', actions: 'showDeleteError' },
      },
    },
    deleted: {
      description:
        "Gone: the table alerts 'Tool and its associations deleted successfully!' and reloads",
      type: 'final',
    },
    discarded: { description: 'A new row cancelled before it was saved', type: 'final' },
  },
});
