/**
 * Run one workflow event for a conversation on the server, with the same chart the UI runs.
 *
 * The conversation is leased for the time of the request (two requests never run one
 * conversation at once; the lease is renewed while the request works and runs out soon after a
 * process dies), its persisted snapshot restored, the event refused with 409 when the
 * chart does not allow it in the current step, and otherwise sent; the server's actors do the
 * work; the settled snapshot is saved. An actor's own error (an AppError with its status) is
 * thrown after the failed step is saved, so the HTTP answer fits and the chart stays in step with
 * the UI's.
 *
 * This is the only module of the server that creates the chart's actors: a new conversation's
 * first snapshot and the question whether a step takes an event are asked here too.
 */
import { createActor, getNextTransitions, waitFor } from 'xstate';
import { workflowStepOf } from '#machines/qbotContext';
import { qbotWorkflowMachine } from '#machines/qbotWorkflow';
import type { QbotEvent } from '#contracts/qbot-workflow';
import type { QbotContext } from '#contracts/qbot-workflow';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { collectReleasedWork, doReleasedWork } from './after-release.ts';
import { leaseHolder } from './lease-holder.ts';
import {
  claimThread,
  findThreadSnapshot,
  releaseClaim,
  renewLease,
  saveClaimedSnapshot,
  threadExists,
} from './threads.ts';
import type { Lease, ThreadKey } from './threads.ts';

/** The server's implementations of the chart's actors. */
export type ServerActors = Parameters<typeof qbotWorkflowMachine.provide>[0]['actors'];

export const workflowMessages = {
  notFound: 'Conversation not found.',
  busy: 'The workflow is busy with another step. Please wait a moment and try again.',
  outOfOrder: (step: string) => `This step is not available now: the workflow is at "${step}".`,
} as const;

/** Added to one job's time limit to make the lease: the database writes around the job. */
export const leaseMarginMs = 30_000;

/** One job's time limit when the caller names none (JOB_TIMEOUT_MS's default). */
const defaultJobTimeoutMs = 150_000;

/**
 * The longest a step may work before the request gives up on it (the lease is renewed all that
 * time): a drawing read's job plus the slowest assistant call (ANTHROPIC_TIMEOUT_MS 100 s, two
 * retries with backoff).
 */
const settleTimeoutMs = 600_000;

export interface WorkflowRunOptions {
  /**
   * One job's time limit (`config.jobs.timeoutMs`); the lease is this plus `leaseMarginMs`, so a
   * dead process's conversation is free again within about one job's time.
   */
  jobTimeoutMs?: number;
  /** The lease in ms, instead of `jobTimeoutMs + leaseMarginMs` (tests). */
  leaseMs?: number;
}

/** The lease a run takes: `leaseMs`, else one job's time limit plus the margin. */
export const leaseMsOf = (options: WorkflowRunOptions = {}): number =>
  options.leaseMs ?? (options.jobTimeoutMs ?? defaultJobTimeoutMs) + leaseMarginMs;

/**
 * Renew the lease every third of its length until `stop()`, so a request that works longer than
 * one lease (an assistant call after a job) keeps it; `stop()` resolves once no renewal is on the
 * way, so none lands after the lease is ended. A renewal that fails is tried again at the next beat.
 */
function heartbeat(db: Database, key: ThreadKey, lease: Lease) {
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renewing.then(() => renewLease(db, key, lease)).catch(() => undefined);
    },
    Math.max(1, Math.floor(lease.ms / 3)),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

export interface WorkflowResult {
  step: string;
  context: QbotContext;
  snapshot: unknown;
}

async function claim(db: Database, key: ThreadKey, lease: Lease) {
  const claimed = await claimThread(db, key, lease);
  if (claimed) return claimed.snapshot;
  if (!(await threadExists(db, key)))
    throw new AppError(404, 'not_found', workflowMessages.notFound);
  throw new AppError(409, 'workflow_out_of_order', workflowMessages.busy);
}

/**
 * The persisted snapshot of a new conversation's workflow, at its first step, to keep in the new
 * `threads` row.
 */
export function newWorkflowSnapshot(input: { threadId: string; assistantId: string }): unknown {
  const actor = createActor(qbotWorkflowMachine, { input });
  actor.start();
  const snapshot = actor.getPersistedSnapshot();
  actor.stop();
  return snapshot;
}

/**
 * Whether the step the persisted snapshot stands at has a transition for events of this type
 * (whatever their content): an event the step takes but refused for its content, rather than
 * one out of order.
 */
export function stepTakesEvent(snapshot: unknown, eventType: QbotEvent['type']): boolean {
  const actor = createActor(qbotWorkflowMachine, { snapshot: snapshot as never, input: {} });
  return getNextTransitions(actor.getSnapshot()).some(
    (transition) => transition.eventType === eventType,
  );
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

/** Builds the server's actors; each reports its error through `onFailure` before rejecting. */
type MakeActors = (onFailure: (error: unknown) => void) => ServerActors;

/**
 * Send `event` to the conversation's workflow. The conversation is leased to this process for
 * `leaseMsOf(options)`, renewed every third of that while the step works, and released when it
 * settles (docs/decisions/017-leases-and-sweep.md). Work the step left for after the release
 * (./after-release.ts, such as the advice on a written program: decision 039) is done then, and
 * its changes are in the answer and the saved snapshot.
 * @throws AppError 404 for a conversation of another organization or none, 409 when it is busy
 *   or the event is out of order, or the failing actor's own error
 */
export async function runWorkflowEvent(
  db: Database,
  threadId: string,
  organizationId: string,
  event: QbotEvent,
  makeActors: MakeActors,
  options: WorkflowRunOptions = {},
): Promise<WorkflowResult> {
  const key = { organizationId, threadId };
  const lease = { ms: leaseMsOf(options), holder: leaseHolder };
  const { value: result, queued } = await collectReleasedWork(() =>
    runLeased(db, key, lease, event, makeActors),
  );
  if (queued.length === 0) return result;
  const done = await doReleasedWork(db, key, lease, queued, result.context);
  return { ...result, ...done };
}

/** Claim the conversation, run the step with the server's actors, save it and release it. */
async function runLeased(
  db: Database,
  key: ThreadKey,
  lease: Lease,
  event: QbotEvent,
  makeActors: MakeActors,
): Promise<WorkflowResult> {
  const persisted = await claim(db, key, lease);
  const beat = heartbeat(db, key, lease);
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
      timeout: settleTimeoutMs,
    });
    const snapshot = actor.getPersistedSnapshot();
    actor.stop();
    await beat.stop();
    await saveClaimedSnapshot(db, key, snapshot);
    saved = true;
    if (failures.length > 0) throw failures[0];
    return { step: workflowStepOf(settled.value), context: settled.context, snapshot };
  } finally {
    await beat.stop();
    if (!saved) await releaseClaim(db, key);
  }
}
