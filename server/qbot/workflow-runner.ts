/**
 * Run one workflow event for a conversation on the server, with the same chart the UI runs.
 *
 * The conversation is leased for the time of the request (two requests never run one
 * conversation at once), its persisted snapshot restored, the event refused with 409 when the
 * chart does not allow it in the current step, and otherwise sent; the server's actors do the
 * work; the settled snapshot is saved. An actor's own error (an AppError with its status) is
 * thrown after the failed step is saved, so the HTTP answer fits and the chart stays in step with
 * the UI's.
 */
import { createActor, waitFor } from 'xstate';
import { workflowStepOf } from '#machines/qbotContext';
import { qbotWorkflowMachine } from '#machines/qbotWorkflow';
import type { QbotEvent } from '#contracts/qbot-workflow';
import type { QbotContext } from '#contracts/qbot-workflow';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import {
  claimThread,
  findThreadSnapshot,
  releaseClaim,
  saveClaimedSnapshot,
  threadExists,
} from './threads.ts';

/** The server's implementations of the chart's actors. */
export type ServerActors = Parameters<typeof qbotWorkflowMachine.provide>[0]['actors'];

export const workflowMessages = {
  notFound: 'Conversation not found.',
  busy: 'The workflow is busy with another step. Please wait a moment and try again.',
  outOfOrder: (step: string) => `This step is not available now: the workflow is at "${step}".`,
} as const;

/**
 * How long a request may hold a conversation before another may take it over: longer than the
 * slowest assistant call (ANTHROPIC_TIMEOUT_MS 100 s, two retries with backoff).
 */
const leaseSeconds = 600;

export interface WorkflowResult {
  step: string;
  context: QbotContext;
  snapshot: unknown;
}

async function claim(db: Database, threadId: string, organizationId: string) {
  const claimed = await claimThread(db, { organizationId, threadId }, leaseSeconds);
  if (claimed) return claimed.snapshot;
  if (!(await threadExists(db, { organizationId, threadId })))
    throw new AppError(404, 'not_found', workflowMessages.notFound);
  throw new AppError(409, 'workflow_out_of_order', workflowMessages.busy);
}

/**
 * The conversation's workflow as it stands, without running anything: for a call that must
 * check the step (and read the messages) before asking an assistant provider.
 * @throws AppError 404 for a conversation of another organization or none, 409 when the event
 *   is out of order at this step
 */
export async function peekWorkflow(
  db: Database,
  threadId: string,
  organizationId: string,
  event: QbotEvent,
): Promise<QbotContext> {
  const row = await findThreadSnapshot(db, { organizationId, threadId });
  if (!row) throw new AppError(404, 'not_found', workflowMessages.notFound);
  const actor = createActor(qbotWorkflowMachine, { snapshot: row.snapshot as never, input: {} });
  const snapshot = actor.getSnapshot();
  if (!snapshot.can(event)) {
    throw new AppError(
      409,
      'workflow_out_of_order',
      workflowMessages.outOfOrder(workflowStepOf(snapshot.value)),
    );
  }
  return snapshot.context;
}

/**
 * Send `event` to the conversation's workflow.
 * @throws AppError 404 for a conversation of another organization or none, 409 when it is busy
 *   or the event is out of order, or the failing actor's own error
 */
export async function runWorkflowEvent(
  db: Database,
  threadId: string,
  organizationId: string,
  event: QbotEvent,
  /** Builds the server's actors; each reports its error through `onFailure` before rejecting. */
  makeActors: (onFailure: (error: unknown) => void) => ServerActors,
): Promise<WorkflowResult> {
  const persisted = await claim(db, threadId, organizationId);
  const failures: unknown[] = [];
  let saved = false;
  try {
    const actors = makeActors((error) => failures.push(error));
    const actor = createActor(qbotWorkflowMachine.provide({ actors }), {
      snapshot: persisted as never,
      input: {},
    });
    actor.subscribe({ error: (error) => failures.push(error) });
    actor.start();
    const before = actor.getSnapshot();
    if (!before.can(event)) {
      actor.stop();
      throw new AppError(
        409,
        'workflow_out_of_order',
        workflowMessages.outOfOrder(workflowStepOf(before.value)),
      );
    }
    actor.send(event);
    const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), {
      timeout: leaseSeconds * 1000,
    });
    const snapshot = actor.getPersistedSnapshot();
    actor.stop();
    await saveClaimedSnapshot(db, { organizationId, threadId }, snapshot);
    saved = true;
    if (failures.length > 0) throw failures[0];
    return { step: workflowStepOf(settled.value), context: settled.context, snapshot };
  } finally {
    if (!saved) await releaseClaim(db, { organizationId, threadId });
  }
}
