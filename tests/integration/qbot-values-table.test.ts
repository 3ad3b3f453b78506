/**
 * The values table over the API (decision 049): POST /api/qbot/descriptionValues saves the edited
 * description as a new version, the overview's first sentence and the stock suggestion follow the
 * values, and a refused set of values gets one sentence and leaves nothing stored.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlueprintAnalysis, BlueprintDescription } from '#contracts/blueprint';
import { qbotExtraMessages } from '#contracts/qbot-workflow';
import { descriptionVersions } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { blueprint, qbotClient } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let client: ReturnType<typeof qbotClient>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  const shop = await createOrganization(t, 0);
  client = qbotClient(t, shop.admin.token);
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const versions = async (threadId: string) =>
  (
    await database.db
      .select({ version: descriptionVersions.version })
      .from(descriptionVersions)
      .where(eq(descriptionVersions.threadId, threadId))
  ).length;

describe('the values table over the API', () => {
  it('saves edited values; the overview, the stock size and the chart follow; bad values are refused', async () => {
    const threadId = await client.start();
    const upload = await client.upload(
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    expect(upload.statusCode).toBe(200);
    const read = upload.json<BlueprintAnalysis>();
    expect(read.materialSize).toMatchObject({ diameter: 'Ø16 mm' });

    // Ø15.48 becomes Ø24: the overview names it and the bar suggested grows.
    const edited: BlueprintDescription = structuredClone(read.description);
    const largest = edited.outerDiameters.findIndex((d) => d.diameterMm === 15.48);
    edited.outerDiameters[largest] = {
      ...edited.outerDiameters[largest]!,
      diameterMm: 24,
      diameter: 'Ø24',
    };
    edited.dimensions.generalTolerance = 'ISO 2768-f';
    const saved = await client.post('/api/qbot/descriptionValues', {
      threadId,
      description: edited,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const analysis = saved.json<BlueprintAnalysis>();
    expect(analysis.description.overview).toMatch(
      /^Turned part, [\d.]+ mm long: 3 outer diameters \([^)]*Ø24[^)]*\)/,
    );
    expect(analysis.materialSize).toMatchObject({ shape: 'Round bar' });
    expect((analysis.materialSize as { diameter: string }).diameter).not.toBe('Ø16 mm');
    expect(analysis.description.dimensions.generalTolerance).toBe('ISO 2768-f');

    const thread = await client.get(`/api/qbot/threads/${threadId}`);
    const snapshot = thread.json<{
      step: string;
      snapshot: { context: { analysis: BlueprintAnalysis; messages: { message: string }[] } };
    }>();
    expect(snapshot.step).toBe('show_blueprint_description');
    expect(snapshot.snapshot.context.analysis.description.overview).toBe(
      analysis.description.overview,
    );
    expect(snapshot.snapshot.context.messages.at(-1)?.message).toBe(qbotExtraMessages.valuesSaved);
    const stored = await versions(threadId);
    expect(stored).toBe(2);

    // A bore wider than the diameter it runs in: one sentence, nothing stored.
    const wide = structuredClone(analysis.description);
    wide.innerDiameters = [
      {
        diameter: 'Ø30',
        type: 'bore',
        location: '',
        length: '10 mm',
        diameterMm: 30,
        lengthMm: 10,
        startMm: 0,
      },
    ];
    const refused = await client.post('/api/qbot/descriptionValues', {
      threadId,
      description: wide,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Inner diameter 1 \(Ø30\) must be smaller than outer diameter \d \(Ø[\d.]+\), which it runs in\.$/,
    );
    const broken = await client.post('/api/qbot/descriptionValues', {
      threadId,
      description: {
        ...analysis.description,
        dimensions: { ...analysis.description.dimensions, overallLengthMm: -4 },
      },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ message: string }>().message).toBe(
      'Overall length must be more than 0: the values were not saved.',
    );
    // A NUL in any text (the fuzz found one in a chamfer's words): a 400 sentence, not a 500.
    const nul = structuredClone(analysis.description);
    nul.features.chamfers.push({ dimensions: '\u0000', location: 'Ø0 x 0', inner: true });
    const unstorable = await client.post('/api/qbot/descriptionValues', {
      threadId,
      description: nul,
    });
    expect(unstorable.statusCode, unstorable.body).toBe(400);
    expect(unstorable.json<{ message: string }>().message).toMatch(
      /^Chamfer \d+ .*holds a character that cannot be stored \(NUL or a broken surrogate\): the values were not saved\.$/,
    );
    expect(await versions(threadId)).toBe(stored);
    const after = await client.get(`/api/qbot/threads/${threadId}`);
    expect(after.json<{ snapshot: unknown }>().snapshot).toEqual(snapshot.snapshot);

    // Random diameters: each either saved and sent back as given, or refused with nothing stored.
    await fc.assert(
      fc.asyncProperty(fc.double({ min: -5, max: 40, noNaN: true }), async (diameterMm) => {
        const before = await versions(threadId);
        const description = structuredClone(analysis.description);
        description.outerDiameters[0] = { ...description.outerDiameters[0]!, diameterMm };
        const answer = await client.post('/api/qbot/descriptionValues', { threadId, description });
        if (answer.statusCode === 200) {
          expect(answer.json<BlueprintAnalysis>().description.outerDiameters[0]!.diameterMm).toBe(
            diameterMm,
          );
          expect(await versions(threadId)).toBe(before + 1);
        } else {
          expect([400, 422]).toContain(answer.statusCode);
          expect(answer.json<{ message: string }>().message).toMatch(/^[A-Z].*\.$/);
          expect(await versions(threadId)).toBe(before);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('takes two tabs saving the values at once: each answer a save or a 4xx sentence, the thread whole', async () => {
    const threadId = await client.start();
    const upload = await client.upload(
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    expect(upload.statusCode).toBe(200);
    const read = upload.json<BlueprintAnalysis>();
    const tab = (diameterMm: number) => {
      const description = structuredClone(read.description);
      description.outerDiameters[0] = { ...description.outerDiameters[0]!, diameterMm };
      return client.post('/api/qbot/descriptionValues', { threadId, description });
    };
    const answers = await Promise.all([tab(12), tab(13)]);
    const saved = answers.filter((answer) => answer.statusCode === 200);
    expect(saved.length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json<{ message: string }>().message).toMatch(/^[A-Z].*\.$/);
    }
    // One version per save, and the thread shows the last one saved.
    expect(await versions(threadId)).toBe(1 + saved.length);
    const thread = await client.get(`/api/qbot/threads/${threadId}`);
    const shown = thread.json<{ snapshot: { context: { analysis: BlueprintAnalysis } } }>().snapshot
      .context.analysis.description.outerDiameters[0]!.diameterMm;
    expect(
      saved.map(
        (answer) => answer.json<BlueprintAnalysis>().description.outerDiameters[0]!.diameterMm,
      ),
    ).toContain(shown);
    expect(thread.json<{ step: string }>().step).toBe('show_blueprint_description');
  });

  it('documents the route in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = doc.json<{ paths: Record<string, { post?: { summary?: string } }> }>().paths;
    expect(paths['/api/qbot/descriptionValues']?.post?.summary).toMatch(/values table/);
  });

  it('refuses the values at a step that does not show the description', async () => {
    const threadId = await client.start();
    const answer = await client.post('/api/qbot/descriptionValues', {
      threadId,
      description: { ...emptyShaft() },
    });
    expect(answer.statusCode).toBe(409);
  });
});

function emptyShaft(): BlueprintDescription {
  return {
    overview: '',
    materialSpecs: { material: '', heatTreatment: '', hardness: '' },
    outerDiameters: [],
    innerDiameters: [],
    features: { chamfers: [], fillets: [] },
    dimensions: { overallLength: '', tolerances: '' },
    surfaceFinish: { requirements: '', concentricity: '' },
  };
}
