/**
 * The workflow runner's chart questions that need no database: a new conversation's first
 * snapshot, and whether the step a snapshot stands at takes an event of a type (the route turns
 * a refusal of such an event into the spec's 400 text instead of the 409).
 */
import { describe, expect, it } from 'vitest';
import { newWorkflowSnapshot, stepTakesEvent } from '#server/qbot/workflow-runner';

describe('the workflow runner', () => {
  it('starts a conversation at its first step with its ids in the context', () => {
    const snapshot = newWorkflowSnapshot({ threadId: 'thread-1', assistantId: 'qbot' }) as {
      value: unknown;
      status: string;
      context: { threadId: string; assistantId: string };
    };
    expect(snapshot.value).toBe('awaiting_response');
    expect(snapshot.status).toBe('active');
    expect(snapshot.context).toMatchObject({ threadId: 'thread-1', assistantId: 'qbot' });
  });

  it("tells the events a step takes from those it does not, whatever the event's content", () => {
    const first = newWorkflowSnapshot({ threadId: 'thread-1', assistantId: 'qbot' });
    expect(stepTakesEvent(first, 'blueprint.uploaded')).toBe(true);
    expect(stepTakesEvent(first, 'workflow.cancelled')).toBe(true);
    expect(stepTakesEvent(first, 'tracker.reset')).toBe(false);
    expect(stepTakesEvent(first, 'material.selected')).toBe(false);
  });

  it('reads a missing snapshot as a conversation at its first step', () => {
    expect(stepTakesEvent(undefined, 'blueprint.uploaded')).toBe(true);
    expect(stepTakesEvent(undefined, 'tools.confirmed')).toBe(false);
  });
});
