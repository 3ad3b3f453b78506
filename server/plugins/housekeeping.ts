import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '#server/database';
import { isDeadHolderOnThisHost } from '#server/qbot/lease-holder';
import { leaseHolders, releaseEveryLease, releaseLeasesOf } from '#server/qbot/threads';
import { sweepAgeMs, sweepStoredFiles } from '#server/storage/sweep';

/** How often the sweep runs after the one at start. */
const sweepEveryMs = 60 * 60 * 1000;

export interface HousekeepingOptions {
  /**
   * Whether the app opened the database itself (no `database` handle was passed to buildApp).
   * PGlite in its data folder can be open in one process only, so at such a start every lease
   * on it was left by a process that stopped.
   */
  ownsDatabase: boolean;
  /** How often the sweep of stored files runs after the one at start (default one hour). */
  sweepEveryMs?: number;
}

/**
 * End the leases left by processes that stopped: with `everyLease` all of them; otherwise those
 * whose holder is a process of this host that no longer runs (server/qbot/lease-holder.ts).
 * Another host's leases, and those of running processes, are kept: they run out by time.
 * @returns the ids of the conversations released
 * @throws only the driver's errors
 */
export async function releaseLeasesOfStoppedProcesses(
  db: Database,
  { everyLease }: { everyLease: boolean },
): Promise<string[]> {
  if (everyLease) return releaseEveryLease(db);
  const released: string[] = [];
  for (const holder of await leaseHolders(db)) {
    if (isDeadHolderOnThisHost(holder)) released.push(...(await releaseLeasesOf(db, holder)));
  }
  return released;
}

/**
 * What a start and the passing hours clean up after a process that was killed
 * (docs/decisions/017-leases-and-sweep.md): at start the conversation leases of stopped
 * processes are ended, so their conversations take requests again at once; at start and every
 * hour the stored files nothing refers to are removed (server/storage/sweep.ts).
 */
async function housekeepingPlugin(
  app: FastifyInstance,
  options: HousekeepingOptions,
): Promise<void> {
  const everyLease = options.ownsDatabase && app.databaseKind === 'pglite';
  const released = await releaseLeasesOfStoppedProcesses(app.db, { everyLease });
  if (released.length > 0) {
    app.log.info(
      { threads: released },
      `released ${released.length} conversation lease(s) of a process that stopped`,
    );
  }

  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= sweepStoredFiles(app.db, app.fileStore, { olderThanMs: sweepAgeMs, log: app.log })
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'the sweep of stored files failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  // The start's sweep runs beside the first requests instead of holding the start back.
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, options.sweepEveryMs ?? sweepEveryMs);
    timer.unref();
  });
  // Before the database closes (onClose hooks run last-registered first).
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}

export default fp(housekeepingPlugin, {
  name: 'housekeeping',
  fastify: '5.x',
  dependencies: ['database', 'services'],
});
