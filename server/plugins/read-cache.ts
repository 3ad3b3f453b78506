import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { ReadCache, tableChangedChannel } from '#server/caching/read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the request path reads on every call, dropped when its tables change. */
    readCache: ReadCache;
    /**
     * Resolves once this process has heard every change notice committed before the call
     * (for code that wrote behind the app's back, such as tests). Clears the cache instead when
     * the notices are not heard within a second.
     */
    changesHeard(): Promise<void>;
  }
}

/** Methods that never write: everything else clears the cache before its answer leaves. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Payloads of our own fences start with this; tables never do. */
const fencePrefix = 'fence:';

/**
 * The read cache (server/caching/read-cache.ts) fed by the database's change notices.
 * - Every app process listens on `table_changed` and drops what it read from a changed table.
 * - A request that may have written (any method but GET, HEAD, OPTIONS) clears this process's
 *   cache before its answer is sent, so the next request here reads what it wrote, whatever the
 *   notices' timing. Other processes hear the notice when the write commits.
 * - While the listening connection is lost, nothing is cached.
 */
async function readCachePlugin(app: FastifyInstance): Promise<void> {
  const cache = new ReadCache();
  const fences = new Map<string, () => void>();
  app.decorate('readCache', cache);

  const stop = await app.listenToDatabase(
    tableChangedChannel,
    (payload) => {
      if (payload.startsWith(fencePrefix)) fences.get(payload)?.();
      else cache.changed(payload);
    },
    (live) => {
      if (!live) app.log.warn('change notices are not heard: the read cache is off until they are');
      cache.setLive(live);
    },
  );
  app.addHook('onClose', async () => {
    await stop();
  });

  app.decorate('changesHeard', async () => {
    const payload = `${fencePrefix}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      fences.set(payload, resolve);
      timer = setTimeout(() => {
        cache.clear();
        resolve();
      }, 1000);
    });
    try {
      await app.db.execute(sql`select pg_notify(${tableChangedChannel}, ${payload})`);
      await heard;
    } finally {
      clearTimeout(timer);
      fences.delete(payload);
    }
  });

  const clearAfterWrites = async (request: { method: string }) => {
    if (!readOnlyMethods.has(request.method)) cache.clear();
  };
  app.addHook('onSend', clearAfterWrites);
  // Again once the answer is out, for answers that skip onSend (a client that hung up).
  app.addHook('onResponse', clearAfterWrites);
}

export default fp(readCachePlugin, {
  name: 'read-cache',
  fastify: '5.x',
  dependencies: ['database'],
});
