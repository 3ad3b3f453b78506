/**
 * Issue 7's "done when": without an API key, every drawing in ../shared/blueprints/lathe reaches
 * a verified program after at most one 'Change', through the API as the browser drives it (the
 * demo shop's Tormach 15L, the offline provider). Each drawing's one change, when it needs one,
 * is what an operator reading the drawing would type for what the reader left open.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import type { DatabaseHandle } from '#server/database';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { blueprintsDir } from '../helpers/paths.ts';
import { blueprint, chooseJob, demoShopClient, type qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let client: ReturnType<typeof qbotClient>;
let latheId: string;

/**
 * The one change per drawing (read off the drawing by a person), or none when the reader's
 * description is enough. Only what the reader could not determine is given.
 */
const changes: Record<string, string | undefined> = {
  // OCR reads the sizes; text alone cannot say which length belongs to which diameter.
  'Candle_holder.jpg': 'Ø42 x 33 long, Ø38 x 5 long, bore Ø38 H12 x 16 deep, bore Ø21.5 through',
  // The drawing names no material ('Reference only'): the shop chooses one.
  'BM_part.jpg': 'Ø60 x 40 long, Ø140 x 20 long, bore Ø40 through, material C45 steel',
  'LIU0010.jpg': 'Ø19.9 x 12.5 long, Ø16.5 x 2.5 long, Ø19.9 x 10 long, tapped M8 x 16 deep',
};

beforeAll(async () => {
  database = await createTestDatabase();
  const demo = await demoShopClient(database);
  t = demo.t;
  client = demo.client;
  latheId = [...demo.machineIds].find(([name]) => /15L/.test(name))![1];
}, 120_000);

afterAll(async () => {
  await t.close();
  await database.close();
});

const drawings = readdirSync(new URL('lathe/', blueprintsDir)).filter((name) =>
  /\.(dxf|pdf|jpe?g|png|step|stp)$/i.test(name),
);

describe('every lathe drawing to a verified program with at most one change', () => {
  it('finds the lathe drawings', () => {
    expect(drawings.length).toBeGreaterThanOrEqual(8);
  });

  it.each(drawings)(
    '%s',
    async (name) => {
      const threadId = await client.start();
      const upload = await client.upload(threadId, name, blueprint(`lathe/${name}`));
      expect(upload.statusCode, upload.body).toBe(200);
      let analysis = upload.json<{
        description: BlueprintDescription;
        materials: { name: string }[];
        imageUrl: string;
      }>();
      const change = changes[name];
      if (change) {
        expect(
          (await client.event(threadId, { type: 'description.change.requested' })).statusCode,
        ).toBe(200);
        const revised = await client.post('/api/qbot/updateDescriptionClaude', {
          threadId,
          feedback: change,
        });
        expect(revised.statusCode, revised.body).toBe(200);
        analysis = { ...analysis, ...revised.json<typeof analysis>() };
      }
      expect(analysis.description.outerDiameters.length).toBeGreaterThan(0);
      await chooseJob(client, threadId, latheId, analysis.materials[0]!.name);
      const response = await client.post('/api/qbot/processBlueprintClaude', {
        thread_id: threadId,
        imageUrl: analysis.imageUrl,
        promptHelper: {},
      });
      expect(response.statusCode, response.body).toBe(200);
      const program = response.json<{ verified: boolean; checks: { passed: boolean }[] }>();
      expect(program.verified, response.body).toBe(true);
    },
    180_000,
  );
});
