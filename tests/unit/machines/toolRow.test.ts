import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ToolingPair } from '#contracts/shop';
import { allFieldsFilled, toolRowMachine } from '#machines/toolRow';
import type { ToolDraft, ToolRowContext } from '#machines/toolRow';
import { replay, walkChart } from '#tests/helpers/chart-coverage';

const pending = () => new Promise<never>(() => undefined);
const alerts: string[] = [];
const machine = toolRowMachine.provide({
  actors: {
    createTool: fromPromise<ToolingPair, ToolDraft>(pending),
    updateTool: fromPromise<ToolingPair, ToolDraft & { toolId: string }>(pending),
    deleteTool: fromPromise<unknown, { toolId: string }>(pending),
  },
  actions: { alertFieldsMissing: (_, params) => void alerts.push(params.message) },
});

const saved: ToolingPair = {
  id: 't-1',
  slotNumber: 'T1',
  toolName: 'CNMG 120408',
  toolDescription: '80° rhombic insert, 0.8 mm nose radius',
  toolType: 'Turning',
  toolManufacturer: 'Sandvik',
  toolHint: 'NOHINT',
};

type WalkEvent = EventObject & Record<string, unknown>;

/** The save counter grows without end; the walk tells rows apart without it. */
const withoutCount = (context: unknown) => ({
  ...(context as ToolRowContext),
  savedCount: undefined,
});

function eventsFor(snapshot: AnyMachineSnapshot): WalkEvent[] {
  const { draft } = snapshot.context as ToolRowContext;
  const events: WalkEvent[] = [
    { type: 'row.edit' },
    { type: 'row.save' },
    { type: 'row.cancel' },
    { type: 'row.delete' },
    { type: 'delete.confirmed' },
    { type: 'delete.cancelled' },
  ];
  // Fill the draft in one step, or empty one field, so both sides of the save rule are walked.
  if (!allFieldsFilled(draft)) {
    for (const [field, value] of Object.entries(saved)) {
      if (field !== 'id' && draft[field as keyof ToolDraft] === '')
        events.push({ type: 'field.changed', field, value });
    }
  } else if (draft.toolHint !== '') {
    events.push({ type: 'field.changed', field: 'toolHint', value: '' });
  }
  if (snapshot.matches('creating')) {
    events.push({ type: 'xstate.done.actor.createTool', output: saved });
    events.push({
      type: 'xstate.error.actor.createTool',
      error: { status: 409, data: { message: 'Slot T1 is already used on this machine.' } },
    });
  }
  if (snapshot.matches('updating')) {
    events.push({ type: 'xstate.done.actor.updateTool', output: saved });
    events.push({ type: 'xstate.error.actor.updateTool', error: {} });
  }
  if (snapshot.matches('deleting')) {
    events.push({ type: 'xstate.done.actor.deleteTool', output: {} });
    events.push({ type: 'xstate.error.actor.deleteTool', error: {} });
  }
  return events;
}

describe.each([
  ['a saved row', { tool: saved }],
  ['a new row', { tool: null }],
])('toolRow chart from %s', (_label, input) => {
  const walk = walkChart(machine, eventsFor, { input, serializeContext: withoutCount });

  it.each(walk.paths.map((path) => [path.transition, path] as const))(
    'a live actor follows %s',
    (_name, path) => {
      expect(replay(machine, path.events, input)).toEqual(path.expectedValue);
    },
  );

  it('together with the other start, reaches every state and transition', () => {
    const other = walkChart(machine, eventsFor, {
      input: { tool: input.tool ? null : saved },
      serializeContext: withoutCount,
    });
    const visited = new Set([...walk.visitedStates, ...other.visitedStates]);
    const taken = new Set([...walk.takenTransitions, ...other.takenTransitions]);
    expect([...visited].sort()).toEqual([...walk.states].sort());
    expect([...taken].sort()).toEqual([...new Set(walk.transitions)].sort());
  });
});

describe('toolRow behaviour', () => {
  it("alerts 'All fields must be filled out.' and stays in edit mode", () => {
    alerts.length = 0;
    const actor = createActor(machine, { input: { tool: null } }).start();
    expect(actor.getSnapshot().value).toBe('new');
    actor.send({ type: 'field.changed', field: 'slotNumber', value: 'T3' });
    actor.send({ type: 'row.save' });
    expect(actor.getSnapshot().value).toBe('new');
    expect(alerts).toEqual(['All fields must be filled out.']);
    actor.stop();
  });

  it('treats blank text as missing', () => {
    expect(allFieldsFilled({ ...saved, toolHint: '   ' })).toBe(false);
    expect(allFieldsFilled({ ...saved })).toBe(true);
  });

  it('shows the server message after a failed save, and the spec text otherwise', () => {
    const actor = createActor(machine, { input: { tool: null } }).start();
    for (const [field, value] of Object.entries(saved)) {
      if (field !== 'id' && typeof value === 'string')
        actor.send({ type: 'field.changed', field: field as keyof ToolDraft, value });
    }
    actor.send({ type: 'row.save' });
    actor.send({
      type: 'xstate.error.actor.createTool',
      error: { data: { message: 'Slot T1 is already used on this machine.' } },
    } as never);
    expect(actor.getSnapshot().context.error).toBe(
      'Error: Slot T1 is already used on this machine.',
    );
    actor.send({ type: 'row.save' });
    actor.send({ type: 'xstate.error.actor.createTool', error: {} } as never);
    expect(actor.getSnapshot().context.error).toBe('Error submitting new tool');
    // A refused field says its rule, not the generic text of a form with highlights.
    actor.send({ type: 'row.save' });
    actor.send({
      type: 'xstate.error.actor.createTool',
      error: {
        status: 400,
        data: {
          message: 'Please correct the highlighted fields.',
          errors: { slotNumber: 'Tool slot must be T followed by a number, such as T1.' },
        },
      },
    } as never);
    expect(actor.getSnapshot().context.error).toBe(
      'Error: Tool slot must be T followed by a number, such as T1.',
    );
    actor.stop();
  });

  it('edits in place and cancels back to the saved values', () => {
    const actor = createActor(machine, { input: { tool: saved } }).start();
    actor.send({ type: 'row.edit' });
    actor.send({ type: 'field.changed', field: 'toolName', value: 'DNMG 150608' });
    actor.send({ type: 'row.cancel' });
    expect(actor.getSnapshot().value).toBe('view');
    expect(actor.getSnapshot().context.draft.toolName).toBe('CNMG 120408');
    actor.stop();
  });
});
