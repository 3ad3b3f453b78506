/**
 * What the per-blueprint integration tests (lathe-drawings, mill-drawings) share: the demo shop
 * started once per file with one of its machines chosen, and the drawings of one folder of
 * ../shared/blueprints.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import type { TestApp } from './app.ts';
import { createTestDatabase } from './database.ts';
import { blueprintsDir } from './paths.ts';
import { demoShopClient, type qbotClient } from './qbot.ts';

/** The demo shop of the file's tests: its API client and the chosen machine's id. */
export interface DemoShopRun {
  client: ReturnType<typeof qbotClient>;
  machineId: string;
}

/**
 * Start the demo shop before the file's tests (and close it after them), with the demo machine
 * whose name matches `machine`. The returned object is filled in by then.
 */
export function useDemoShop(machine: RegExp): DemoShopRun {
  const run = {} as DemoShopRun;
  let database: DatabaseHandle;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    const demo = await demoShopClient(database);
    t = demo.t;
    run.client = demo.client;
    run.machineId = [...demo.machineIds].find(([name]) => machine.test(name))![1];
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await database.close();
  });
  return run;
}

/** The drawing files of a folder of ../shared/blueprints ('lathe', 'mill-edm'). */
export const drawingsIn = (folder: string): string[] =>
  readdirSync(new URL(`${folder}/`, blueprintsDir)).filter((name) =>
    /\.(dxf|pdf|jpe?g|png|step|stp)$/i.test(name),
  );
