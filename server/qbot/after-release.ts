/**
 * Work a workflow step leaves for after its conversation's lease is released (decision 039): a
 * slow call whose answer only adds to what the step saved, such as the assistant's advice on a
 * written program, so that the conversation is not held while it runs. `runWorkflowEvent`
 * (./workflow-runner.ts) runs a step inside `collectReleasedWork`; an actor queues work with
 * `afterRelease`; once the step's snapshot is saved and the lease released, the runner does the
 * queued work with `doReleasedWork`: each piece gives a change of the context, which goes into
 * the answer and, under a lease of a moment, into the saved snapshot.
 *
 * The queue travels with the step's promises (node:async_hooks AsyncLocalStorage), so the
 * chart's actors, whose types the UI shares, need not carry it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { QbotContext } from '#contracts/qbot-workflow';
import type { Database } from '#server/database';
import { claimThread, saveClaimedSnapshot } from './threads.ts';
import type { Lease, ThreadKey } from './threads.ts';

/** A change of a conversation's context: the fields to set, given the context as it stands. */
export type ContextChange = (context: QbotContext) => Partial<QbotContext>;

/** Work for after the release: resolves to a change of the context, or undefined for none. */
export type ReleasedWork = () => Promise<ContextChange | undefined>;

const queues = new AsyncLocalStorage<ReleasedWork[]>();

/**
 * Run a step, collecting the work it leaves for after the release.
 * @returns the step's value and the work queued, in order
 * @throws what the step throws (its queued work is dropped)
 */
export async function collectReleasedWork<T>(
  step: () => Promise<T>,
): Promise<{ value: T; queued: ReleasedWork[] }> {
  const queued: ReleasedWork[] = [];
  const value = await queues.run(queued, step);
  return { value, queued };
}

/**
 * Leave work for after the conversation's lease is released.
 * @throws Error outside a step run by `runWorkflowEvent` (a programming error)
 */
export function afterRelease(work: ReleasedWork): void {
  const queued = queues.getStore();
  if (!queued) throw new Error('afterRelease is only for a step that runWorkflowEvent runs.');
  queued.push(work);
}

/** How often, and how far apart, a change is tried on a conversation another request holds. */
const claimTries = 5;
const claimRetryMs = 400;

/**
 * Apply `change` to the saved snapshot's context, leasing the conversation for the moment it
 * takes; when another request holds it, tried again a few times (2 s), then left.
 * @returns the saved snapshot, or undefined when it was not changed
 * @throws only the driver's errors
 */
async function changeSavedContext(
  db: Database,
  key: ThreadKey,
  lease: Lease,
  change: ContextChange,
): Promise<unknown> {
  for (let attempt = 0; attempt < claimTries; attempt++) {
    const claimed = await claimThread(db, key, lease);
    if (claimed) {
      const persisted = claimed.snapshot as { context: QbotContext };
      const snapshot = {
        ...persisted,
        context: { ...persisted.context, ...change(persisted.context) },
      };
      await saveClaimedSnapshot(db, key, snapshot);
      return snapshot;
    }
    await sleep(claimRetryMs);
  }
  return undefined;
}

/**
 * Do the queued work in order, after the step's snapshot is saved and its lease released, and
 * apply each change to `context` and to the saved snapshot.
 * @returns the changed context, and the saved snapshot when it was changed
 * @throws what a piece of work throws, or the driver's errors
 */
export async function doReleasedWork(
  db: Database,
  key: ThreadKey,
  lease: Lease,
  queued: ReleasedWork[],
  context: QbotContext,
): Promise<{ context: QbotContext; snapshot?: unknown }> {
  const changes: ContextChange[] = [];
  for (const work of queued) {
    const change = await work();
    if (change) changes.push(change);
  }
  if (changes.length === 0) return { context };
  const changed = (start: QbotContext): QbotContext =>
    changes.reduce((current, next) => ({ ...current, ...next(current) }), start);
  const snapshot = await changeSavedContext(db, key, lease, changed);
  return { context: changed(context), ...(snapshot === undefined ? {} : { snapshot }) };
}
