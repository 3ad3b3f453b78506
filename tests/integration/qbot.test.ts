import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptionVersions, programVersions, storedFiles } from '#db/schema';
import type { SetupSheet } from '#contracts/setup-sheet';
import type { DatabaseHandle } from '#server/database';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import {
  blueprint,
  chooseJob,
  generateProgram,
  qbotClient,
  tormachWithTools,
} from '../helpers/qbot.ts';

let database: DatabaseHandle;
let t: TestApp;
let shop: Awaited<ReturnType<typeof createOrganization>>;
let machineId: string;
let client: ReturnType<typeof qbotClient>;
const secret = 'a-jwt-secret-shared-by-both-processes!';

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { JWT_SECRET: secret });
  shop = await createOrganization(t, 0);
  machineId = (await tormachWithTools(t, shop.admin.token))._id;
  client = qbotClient(t, shop.admin.token);
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const sValues = (gcode: string) =>
  [...gcode.matchAll(/G96 D\d+ S(\d+)/g)].map((match) => Number(match[1]));

describe('the Q-Bot workflow over the API', () => {
  it('goes from the reamer DXF to a verified LinuxCNC program, and regenerates after feedback', async () => {
    const threadId = await client.start();
    const upload = await client.upload(
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    expect(upload.statusCode).toBe(200);
    const analysis = upload.json<{
      description: { outerDiameters: { diameterMm: number }[] };
      materials: { name: string }[];
      imageUrl: string;
      materialSize: unknown;
    }>();
    expect(analysis.description.outerDiameters.map((feature) => feature.diameterMm)).toEqual([
      11.11, 8.85, 15.48,
    ]);
    expect(analysis.imageUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    expect(analysis.materialSize).toMatchObject({ shape: 'Round bar', diameter: 'Ø16 mm' });

    // The reamer is "875 mm or longer (not to scale)": only its end is turned, from bar.
    const first = await generateProgram(client, threadId, machineId, analysis);
    expect(first.statusCode).toBe(200);
    const program = first.json<{
      fileUrl: string;
      version: number;
      verified: boolean;
      dialect: string;
      checks: { passed: boolean }[];
      warnings: string[];
    }>();
    expect(program).toMatchObject({
      version: 1,
      verified: true,
      status: 'verified',
      unfinished: [],
      dialect: 'linuxcnc',
    });
    expect(program.checks.every((check) => check.passed)).toBe(true);
    // The reamer's end sticks out past 3 x D, and neither support holds it: said (decision 108).
    expect(program.warnings.join(' ')).toMatch(
      /Workholding: the part sticks out 69 mm, .* so it is turned in the chuck alone/,
    );
    // The setup sheet comes with the program (decision 107): its tools are the program's.
    const { setupSheet } = first.json<{ setupSheet: SetupSheet }>();
    expect(setupSheet).toMatchObject({ programVersion: 1, jobType: 'Lathe', dialect: 'linuxcnc' });
    expect(setupSheet.tools.length).toBeGreaterThan(0);
    expect(setupSheet.notes).toEqual(program.warnings);
    const firstCode = (await client.get(program.fileUrl)).body;
    expect(firstCode).toMatch(/^%\n\(Part: long_reamer_facer\)/);

    for (const event of [{ type: 'gcode.downloaded' }, { type: 'simulation.failed' }])
      expect((await client.event(threadId, event)).statusCode).toBe(200);
    const feedback = await client.post('/api/qbot/simulationFeedback', {
      threadId,
      assistantId: 'qbot',
      gcodePath: program.fileUrl,
      feedback: 'The long bar chattered badly',
      blueprintDetails: {},
    });
    expect(feedback.statusCode).toBe(200);
    expect(feedback.json()).toMatchObject({
      requiresNewGcode: true,
      overrides: { surfaceSpeedFactor: 0.8, depthOfCutFactor: 0.7 },
    });

    const second = await client.post('/api/qbot/processBlueprintClaude', {
      thread_id: threadId,
      imageUrl: analysis.imageUrl,
      promptHelper: {},
    });
    expect(second.statusCode).toBe(200);
    const regenerated = second.json<{ fileUrl: string; version: number; limited: string[] }>();
    expect(regenerated.version).toBe(2);
    const secondCode = (await client.get(regenerated.fileUrl)).body;
    const before = sValues(firstCode);
    const after = sValues(secondCode);
    expect(after).toHaveLength(before.length);
    // Every surface speed is lower, or kept where the machine already limited it, and then the
    // answer says so.
    after.forEach((speed, index) => expect(speed).toBeLessThanOrEqual(before[index]!));
    const kept = after.filter((speed, index) => speed === before[index]).length;
    if (kept > 0) expect(regenerated.limited.length).toBeGreaterThan(0);

    for (const event of [{ type: 'gcode.downloaded' }, { type: 'simulation.succeeded' }])
      expect((await client.event(threadId, event)).statusCode).toBe(200);
    const thread = (await client.get(`/api/qbot/threads/${threadId}`)).json<{
      step: string;
      snapshot: {
        context: {
          messages: { message: string }[];
          program: { setupSheet: SetupSheet };
          earlierPrograms: { setupSheet: SetupSheet; backplotUrl: string }[];
        };
      };
    }>();
    expect(thread.step).toBe('fabricate_in_machine');
    // Each version keeps its setup sheet and backplot in the conversation.
    expect(thread.snapshot.context.program.setupSheet.programVersion).toBe(2);
    expect(thread.snapshot.context.earlierPrograms.map((entry) => entry.setupSheet)).toEqual([
      setupSheet,
    ]);
    expect(thread.snapshot.context.earlierPrograms[0]!.backplotUrl).toMatch(/^\/api\/files\//);
    expect(thread.snapshot.context.messages.at(-1)?.message).toBe(
      'Your G-Code is ready for fabrication. Please proceed with machining.',
    );
    expect((await client.event(threadId, { type: 'workflow.restarted' })).json()).toMatchObject({
      step: 'awaiting_response',
    });

    const versions = await t.app.db
      .select()
      .from(programVersions)
      .where(eq(programVersions.threadId, threadId));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
    expect(
      (versions.find((row) => row.version === 1)!.summary as { setupSheet: SetupSheet }).setupSheet,
    ).toEqual(setupSheet);
    expect(versions.find((row) => row.version === 2)!.overrides).toEqual({
      surfaceSpeedFactor: 0.8,
      depthOfCutFactor: 0.7,
    });
  });

  it('reads an image by OCR, lists what it could not read, and takes a plain-text description', async () => {
    const threadId = await client.start();
    const upload = await client.upload(threadId, 'flange.png', blueprint('mill-edm/flange.png'));
    expect(upload.statusCode).toBe(200);
    const read = upload.json<{ description: { source: string; unresolved: string[] } }>();
    expect(read.description.source).toBe(
      'PNG image (offline reader, OCR and line work): flange.png',
    );
    expect(read.description.unresolved.length).toBeGreaterThan(0);
    expect(
      (await client.event(threadId, { type: 'description.change.requested' })).statusCode,
    ).toBe(200);
    const revised = await client.post('/api/qbot/updateDescriptionClaude', {
      threadId,
      feedback: 'Ø40 h7 x 85 long, bore Ø20 x 30 deep, chamfer 1x45 both ends, 4140 steel',
    });
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toMatchObject({
      description: {
        outerDiameters: [{ diameterMm: 40, lengthMm: 85 }],
        innerDiameters: [{ diameterMm: 20 }],
      },
    });
    const versions = await t.app.db
      .select()
      .from(descriptionVersions)
      .where(eq(descriptionVersions.threadId, threadId));
    expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
    await chooseJob(
      client,
      threadId,
      machineId,
      revised.json<{ materials: { name: string }[] }>().materials[0]!.name,
    );
    const program = await client.post('/api/qbot/processBlueprintClaude', {
      thread_id: threadId,
      promptHelper: {},
    });
    expect(program.statusCode).toBe(200);
    // The chamfer on the parted-off end is cut by the parting blade before it parts off
    // (decision 052): nothing is left, and the program is verified.
    expect(program.json()).toMatchObject({ verified: true, status: 'verified', unfinished: [] });
    expect(program.json<{ operations: string[] }>().operations.join('\n')).toMatch(
      /^Chamfer and part off: /m,
    );
  });
  it('numbers each description the conversation keeps, across a reset and a cancel', async () => {
    const threadId = await client.start();
    const reamer = blueprint('lathe/long_reamer_facer.dxf');
    const change = async (feedback: string) => {
      const asked = await client.event(threadId, { type: 'description.change.requested' });
      expect(asked.statusCode, asked.body).toBe(200);
      return client.post('/api/qbot/updateDescriptionClaude', { threadId, feedback });
    };
    expect((await client.upload(threadId, 'reamer.dxf', reamer)).statusCode).toBe(200);
    expect((await change('overall length 60')).statusCode).toBe(200);
    // A reset to "Analyze Blueprint" starts the chart's count again; the kept versions do not.
    const reset = await client.event(threadId, {
      type: 'tracker.reset',
      step: 'Analyze Blueprint',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const afterReset = await change('overall length 62');
    expect(afterReset.statusCode, afterReset.body).toBe(200);
    // A cancel starts the workflow afresh in the same conversation: a new drawing is read.
    expect((await client.event(threadId, { type: 'workflow.cancelled' })).statusCode).toBe(200);
    const again = await client.upload(threadId, 'reamer-again.dxf', reamer);
    expect(again.statusCode, again.body).toBe(200);

    const versions = await t.app.db
      .select()
      .from(descriptionVersions)
      .where(eq(descriptionVersions.threadId, threadId));
    expect(
      versions
        .sort((a, b) => a.version - b.version)
        .map((row) => [row.version, row.source, row.feedback]),
    ).toEqual([
      [1, 'reader', null],
      [2, 'revision', 'overall length 60'],
      [3, 'revision', 'overall length 62'],
      [4, 'reader', null],
    ]);
  });
});

describe('bad input', () => {
  it('refuses files that are empty, not drawings, too large, missing, or unreadable, and keeps none of them', async () => {
    const threadId = await client.start();
    const files = async () =>
      (
        await t.app.db
          .select()
          .from(storedFiles)
          .where(eq(storedFiles.organizationId, shop.organizationId))
      ).length;
    const before = await files();
    const cases: [string, Buffer, number, RegExp][] = [
      ['empty.dxf', Buffer.alloc(0), 400, /The file is empty/],
      ['notes.txt', Buffer.from('just some notes'), 415, /not a drawing Q-Bot reads/],
      [
        'fake.png',
        Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00'),
        415,
        /not a drawing Q-Bot reads/,
      ],
      ['cut.dxf', blueprint('lathe/long_reamer_facer.dxf').subarray(0, 5000), 422, /./],
      [
        'huge.pdf',
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(26 * 1024 * 1024)]),
        413,
        /larger than 25 MB/,
      ],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await client.upload(threadId, name, bytes);
      expect(response.statusCode, name).toBe(status);
      expect(response.json<{ message: string }>().message, name).toMatch(message);
    }
    expect(await files()).toBe(before);
    const thread = (await client.get(`/api/qbot/threads/${threadId}`)).json<{ step: string }>();
    expect(thread.step).toBe('awaiting_response');
    // The workflow is still usable.
    expect(
      (
        await client.upload(
          threadId,
          'long_reamer_facer.dxf',
          blueprint('lathe/long_reamer_facer.dxf'),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses calls out of order with 409 and a clear message', async () => {
    const threadId = await client.start();
    const early = await client.post('/api/qbot/processBlueprintClaude', {
      thread_id: threadId,
      promptHelper: {},
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      message: 'This step is not available now: the workflow is at "awaiting_response".',
      code: 'workflow_out_of_order',
    });
    expect((await client.event(threadId, { type: 'summary.confirmed' })).statusCode).toBe(409);
  });

  it('refuses choices that are not offered with the spec texts', async () => {
    const threadId = await client.start();
    await client.upload(
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    await client.event(threadId, { type: 'description.confirmed' });
    const material = await client.event(threadId, {
      type: 'material.selected',
      material: 'Unobtainium',
    });
    expect(material.statusCode).toBe(400);
    expect(material.json()).toMatchObject({
      message: 'Please select an option before confirming.',
    });
    const tools = await client.event(threadId, { type: 'tools.confirmed', toolIds: [] });
    expect(tools.statusCode).toBe(400);
    expect(tools.json()).toMatchObject({ errors: { event: expect.any(String) as string } });
    const blank = await client.post('/api/qbot/updateDescriptionClaude', {
      threadId,
      feedback: '   ',
    });
    expect(blank.statusCode).toBe(400);
  });

  it("keeps other organizations' conversations and files out of reach", async () => {
    const threadId = await client.start();
    const upload = await client.upload(
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    const imageUrl = upload.json<{ imageUrl: string }>().imageUrl;
    const other = await createOrganization(t, 0);
    const stranger = qbotClient(t, other.admin.token);
    expect((await stranger.get(`/api/qbot/threads/${threadId}`)).statusCode).toBe(404);
    expect((await stranger.get(imageUrl)).statusCode).toBe(404);
    expect((await stranger.event(threadId, { type: 'description.confirmed' })).statusCode).toBe(
      404,
    );
    expect(
      (await stranger.post('/api/qbot/updateDescriptionClaude', { threadId, feedback: 'Ø10 x 10' }))
        .statusCode,
    ).toBe(404);
    expect((await client.get(imageUrl)).statusCode).toBe(200);
  });
});

describe('resuming', () => {
  it('answers 204 with no body to a member with no conversation yet, then their latest', async () => {
    const newShop = await createOrganization(t, 0);
    const fresh = qbotClient(t, newShop.admin.token);
    const none = await fresh.get('/api/qbot/threads/current');
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const threadId = await fresh.start();
    const latest = await fresh.get('/api/qbot/threads/current');
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({ threadId });
  });

  it('resumes a conversation at the same step with the same choices after a restart', async () => {
    const threadId = await client.start();
    await client.upload(
      threadId,
      'long_reamer_facer.dxf',
      blueprint('lathe/long_reamer_facer.dxf'),
    );
    await client.event(threadId, { type: 'description.confirmed' });
    const material = (await client.get(`/api/qbot/threads/${threadId}`)).json<{
      snapshot: { context: { analysis: { materials: { name: string }[] } } };
    }>().snapshot.context.analysis.materials[0]!.name;
    await client.event(threadId, { type: 'material.selected', material });

    const restarted = await createTestApp(database, { JWT_SECRET: secret });
    try {
      const current = await restarted.app.inject({
        method: 'GET',
        url: '/api/qbot/threads/current',
        headers: { authorization: `Bearer ${shop.admin.token}` },
      });
      expect(current.statusCode).toBe(200);
      expect(current.json()).toMatchObject({
        threadId,
        step: 'add_material_size',
        snapshot: { context: { material } },
      });
      const next = await restarted.app.inject({
        method: 'POST',
        url: '/api/qbot/workflow/events',
        headers: { authorization: `Bearer ${shop.admin.token}` },
        payload: { threadId, event: { type: 'size.submitted', size: 'Ø16 x 950' } },
      });
      expect(next.json()).toMatchObject({ step: 'show_job_types' });
    } finally {
      await restarted.close();
    }
  });
});
