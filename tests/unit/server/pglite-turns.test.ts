/**
 * PGlite with turns (server/pglite-turns.ts), on an in-memory PGlite: a burst of statements
 * leaves the event loop turns between them, runs in the order asked, and a failing statement or
 * transaction spoils nothing after it.
 */
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteTurns } from '#server/pglite-turns';

describe('PgliteTurns', () => {
  let client: PGlite;
  let turns: PgliteTurns;

  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    await client.exec('create table log (id serial primary key, n integer)');
    turns = new PgliteTurns(client);
  });

  afterAll(async () => {
    await client.close();
  });

  it('lets the event loop run between the statements of a burst', async () => {
    const finished: number[] = [];
    let loopTurnAfter: number | undefined;
    const burst = Array.from({ length: 50 }, (_, index) =>
      turns.query('select $1::int as n', [index]).then(() => finished.push(index)),
    );
    // A callback of the event loop's next turn, as a socket's data would be.
    setImmediate(() => (loopTurnAfter = finished.length));
    await Promise.all(burst);
    expect(loopTurnAfter).toBeDefined();
    expect(loopTurnAfter).toBeLessThan(3);
  });

  it('runs statements and transactions in the order asked, and a failure spoils none after it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('insert', 'bad statement', 'transaction', 'failed transaction'), {
          minLength: 1,
          maxLength: 12,
        }),
        async (steps) => {
          await client.exec('delete from log');
          const asked = steps.map((step, index) => {
            switch (step) {
              case 'insert':
                return turns.query('insert into log (n) values ($1)', [index]);
              case 'bad statement':
                return turns.query('insert into no_such_table values (1)');
              case 'transaction':
                return turns.transaction(async (tx) => {
                  await tx.query('insert into log (n) values ($1)', [index]);
                  await tx.query('insert into log (n) values ($1)', [index]);
                });
              default:
                return turns.transaction(async (tx) => {
                  await tx.query('insert into log (n) values ($1)', [index]);
                  throw new Error('rolled back');
                });
            }
          });
          const outcomes = await Promise.allSettled(asked);
          const expected = steps.flatMap((step, index) =>
            step === 'insert' ? [index] : step === 'transaction' ? [index, index] : [],
          );
          const { rows } = await client.query<{ n: number }>('select n from log order by id');
          expect(rows.map((row) => row.n)).toEqual(expected);
          expect(outcomes.map((outcome) => outcome.status)).toEqual(
            steps.map((step) =>
              step === 'insert' || step === 'transaction' ? 'fulfilled' : 'rejected',
            ),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
