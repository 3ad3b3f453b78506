/**
 * PGlite with turns: the client drizzle is given on PGlite (server/database.ts).
 *
 * PGlite runs each statement on this thread, and its own lock hands the engine to the next
 * waiting statement at once, in a chain of promises: while a burst of queries lasts, the event
 * loop reads no socket, so every request waits behind the burst, even one that needs no query
 * (a cached list, a static file). Measured: 50 connections asking for an uncached machine list
 * held a cached one for about 0.8 s.
 *
 * Here statements (and whole transactions) reach PGlite one at a time, in the order asked, and
 * before each the event loop gets a turn (`setImmediate`), so requests are read and cached
 * answers sent between two queries. Order and atomicity are PGlite's as before: a transaction
 * is one turn, and its own statements run inside it.
 */
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

type QueryArgs = Parameters<PGlite['query']>;

/** What drizzle's PGlite driver calls on its client: `query` and `transaction`. */
export class PgliteTurns {
  /** Settles when the last turn asked for is done. */
  #last: Promise<unknown> = Promise.resolve();

  constructor(readonly client: PGlite) {}

  /** Run `work` after every turn asked for before it, and after the event loop has had one. */
  #turn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#last
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(work);
    this.#last = result.catch(() => undefined);
    return result;
  }

  /** PGlite's `query`, in turn. */
  query<T>(...args: QueryArgs): Promise<Results<T>> {
    return this.#turn(() => this.client.query<T>(...args));
  }

  /** PGlite's `transaction`, the whole of it one turn. */
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#turn(() => this.client.transaction(callback));
  }
}
