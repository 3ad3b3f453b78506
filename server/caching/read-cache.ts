/**
 * The read cache of the request path (docs/decisions/032-lean-request-path.md): what a request
 * reads on every call (the caller's account and session, an organization's machine list) is
 * kept in this process's memory, each entry tagged with the tables it was read from, and
 * dropped the moment one of those tables changes.
 *
 * The database stays the only place where state lives. Changes reach the cache as notices on
 * the PostgreSQL channel `table_changed` (sent by triggers, db/migrations/0008), and this
 * process also clears the cache before it answers any request that may have written
 * (server/plugins/read-cache.ts). While the notices cannot be heard (the listening connection is
 * lost), nothing is kept and every read goes to the database.
 */
import { LRUCache } from 'lru-cache';

/** What a request's caller (account, membership, organization, session) is read from. */
export const sessionTables = ['users', 'memberships', 'organizations', 'revoked_sessions'] as const;

/** What an organization's machine list is read from (server/shop/machines.ts). */
export const machineTables = [
  'machines',
  'machine_types',
  'manufacturers',
  'machine_models',
  'controller_types',
  'controller_models',
] as const;

/** What a machine's tool list and readings are read from. */
export const toolingTables = [...machineTables, 'tooling_pairs'] as const;

/** Tables whose changes PostgreSQL announces on `table_changed` (db/migrations/0008). */
export const announcedTables = [...sessionTables, ...toolingTables] as const;

export type AnnouncedTable = (typeof announcedTables)[number];

/** The channel the triggers notify on; the payload is the table's name. */
export const tableChangedChannel = 'table_changed';

export interface ReadCacheOptions {
  /** Entries kept at most; the least recently used go first. Default 10,000. */
  maxEntries?: number;
  /**
   * Longest an entry is kept, ms, even without a change notice: a backstop, not the mechanism.
   * Default 60,000.
   */
  maxAgeMs?: number;
}

interface Entry {
  value: unknown;
  tables: readonly AnnouncedTable[];
}

/**
 * Values read from the database, by key, each dropped when a table it was read from changes.
 * A value is shared by every caller that reads it: treat it as read-only.
 */
export class ReadCache {
  readonly #entries: LRUCache<string, Entry>;
  /** Raised by every change and clear, so a read that overlapped one is not kept. */
  #generation = 0;
  #live = false;

  constructor(options: ReadCacheOptions = {}) {
    this.#entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 10_000,
      ttl: options.maxAgeMs ?? 60_000,
      ttlAutopurge: false,
    });
  }

  /** Whether change notices are heard, so entries may be kept. */
  get live(): boolean {
    return this.#live;
  }

  /** Entries held now (for tests and the bench). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The value under `key`, or what `load` reads, kept when the notices are heard and no table
   * changed while it was read.
   * @param tables - every table `load` reads from; each must be one of {@link announcedTables}
   * @throws whatever `load` throws (nothing is kept)
   */
  async read<T>(
    key: string,
    tables: readonly AnnouncedTable[],
    load: () => Promise<T>,
  ): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit) return hit.value as T;
    const generation = this.#generation;
    const value = await load();
    if (this.#live && generation === this.#generation) this.#entries.set(key, { value, tables });
    return value;
  }

  /** `table` changed: drop every entry read from it. Unknown names drop nothing. */
  changed(table: string): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries.entries()) {
      if ((entry.tables as readonly string[]).includes(table)) this.#entries.delete(key);
    }
  }

  /** Drop everything (this process may have written, or notices may have been missed). */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /**
   * Whether change notices are heard from now on. Either way everything is dropped: going
   * live, notices sent while not listening are lost; going dark, none will come.
   */
  setLive(live: boolean): void {
    this.#live = live;
    this.clear();
  }
}
