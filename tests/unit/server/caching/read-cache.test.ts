import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReadCache, announcedTables } from '#server/caching/read-cache';
import type { AnnouncedTable } from '#server/caching/read-cache';

/**
 * A model of the database: each table has a version, raised by every write. A read under a key
 * returns the versions of the tables it depends on, as the database held them when it was read.
 */
type Step =
  | { kind: 'read'; key: number }
  | { kind: 'write'; table: AnnouncedTable; heard: boolean }
  | { kind: 'readDuringWrite'; key: number; table: AnnouncedTable }
  | { kind: 'clear' }
  | { kind: 'live'; live: boolean };

const keys = 4;
/** Key k reads tables k and k+1 (of the first five), so keys share tables. */
const tablesOf = (key: number): AnnouncedTable[] => [
  announcedTables[key]!,
  announcedTables[key + 1]!,
];

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('read' as const), key: fc.nat(keys - 1) }),
  fc.record({
    kind: fc.constant('write' as const),
    table: fc.constantFrom(...announcedTables.slice(0, keys + 1)),
    heard: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('readDuringWrite' as const),
    key: fc.nat(keys - 1),
    table: fc.constantFrom(...announcedTables.slice(0, keys + 1)),
  }),
  fc.record({ kind: fc.constant('clear' as const) }),
  fc.record({ kind: fc.constant('live' as const), live: fc.boolean() }),
);

describe('ReadCache', () => {
  it('never answers with what a table held before a change it heard of', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        const cache = new ReadCache();
        cache.setLive(true);
        const versions = new Map<AnnouncedTable, number>();
        /** Writes not announced yet: the cache may still hold what came before them. */
        const unheard = new Set<AnnouncedTable>();
        const current = (key: number) => tablesOf(key).map((table) => versions.get(table) ?? 0);
        for (const s of steps) {
          if (s.kind === 'read') {
            const value = await cache.read(`k${s.key}`, tablesOf(s.key), async () =>
              current(s.key),
            );
            if (!tablesOf(s.key).some((table) => unheard.has(table)))
              expect(value).toEqual(current(s.key));
          } else if (s.kind === 'write') {
            versions.set(s.table, (versions.get(s.table) ?? 0) + 1);
            if (s.heard) {
              cache.changed(s.table);
              unheard.delete(s.table);
            } else unheard.add(s.table);
          } else if (s.kind === 'readDuringWrite') {
            // The read sees the old state; the write commits and is heard before it returns.
            await cache.read(`k${s.key}`, tablesOf(s.key), async () => {
              const seen = current(s.key);
              versions.set(s.table, (versions.get(s.table) ?? 0) + 1);
              cache.changed(s.table);
              unheard.delete(s.table);
              return seen;
            });
          } else if (s.kind === 'clear') {
            cache.clear();
            unheard.clear();
          } else {
            cache.setLive(s.live);
            unheard.clear();
          }
        }
      }),
    );
  });

  it('keeps a value until a table it was read from changes, and only then reads again', async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('a', ['users', 'memberships'], load)).toBe(1);
    expect(await cache.read('a', ['users', 'memberships'], load)).toBe(1);
    cache.changed('machines');
    expect(await cache.read('a', ['users', 'memberships'], load)).toBe(1);
    cache.changed('memberships');
    expect(await cache.read('a', ['users', 'memberships'], load)).toBe(2);
  });

  it('keeps nothing while change notices are not heard', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => ++loads;
    await cache.read('a', ['users'], load);
    await cache.read('a', ['users'], load);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
    cache.setLive(true);
    await cache.read('a', ['users'], load);
    expect(cache.size).toBe(1);
    cache.setLive(false);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when the read fails', async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    await expect(
      cache.read('a', ['users'], async () => {
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(cache.size).toBe(0);
  });
});
