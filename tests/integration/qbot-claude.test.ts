/**
 * The Q-Bot workflow through the `claude` provider: the real SDK against a loopback server that
 * speaks the Messages API (tests/helpers/fake-anthropic.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  assistantCalls,
  descriptionVersions,
  programVersions,
  prompts,
  storedFiles,
  threads,
} from '#db/schema';
import { toolDefinitions } from '#server/assistant/claude/tools';
import { claudeMessages } from '#server/assistant/claude/errors';
import type { DatabaseHandle } from '#server/database';
import { createOrganization } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startFakeAnthropic } from '../helpers/fake-anthropic.ts';
import type { FakeAnthropic, RecordedRequest } from '../helpers/fake-anthropic.ts';
import { steppedShaft } from '../helpers/parts.ts';
import { until } from '../helpers/processes.ts';
import { blueprint, chooseJob, qbotClient, tormachWithTools } from '../helpers/qbot.ts';

let database: DatabaseHandle;
let fake: FakeAnthropic;
let t: TestApp;
let shop: Awaited<ReturnType<typeof createOrganization>>;
let machineId: string;
let client: ReturnType<typeof qbotClient>;

const { source: _source, ...shaftDescription } = steppedShaft;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeAnthropic();
  t = await createTestApp(database, {
    ANTHROPIC_API_KEY: 'sk-ant-test-key',
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_MODEL: 'claude-sonnet-5-5',
    ANTHROPIC_TIMEOUT_MS: '1000',
    ANTHROPIC_MAX_RETRIES: '2',
  });
  shop = await createOrganization(t, 1);
  machineId = (await tormachWithTools(t, shop.admin.token))._id;
  client = qbotClient(t, shop.admin.token);
});

afterAll(async () => {
  await t.close();
  await fake.close();
  await database.close();
});

beforeEach(() => {
  fake.faults.length = 0;
  fake.answers.clear();
  fake.answers.set('record_blueprint_description', () => ({
    description: shaftDescription,
    materialSuggestions: [{ name: 'AISI 4140', grade: 'QT', alternates: ['42CrMo4'] }],
  }));
  fake.answers.set('record_plan_advice', () => ({
    notes: ['Hold the Ø36 end in soft jaws.'],
  }));
  fake.answers.set('record_simulation_analysis', () => ({
    analysis: 'Chatter on the Ø20 finishing pass.',
    recommendations: ['Lower the surface speed.'],
    safetyNotes: ['Check the insert.'],
    requiresNewGcode: true,
    suggestedChanges: {
      feedRate: 'No change.',
      spindleSpeed: '20 % lower surface speed.',
      toolPath: 'No change.',
      depthOfCut: 'No change.',
    },
    overrides: { surfaceSpeedFactor: 0.8 },
  }));
  fake.answers.set('reply_to_user', () => ({ message: 'Upload a drawing to start.' }));
});

/** Every request since `from`, with the content blocks of its messages flattened. */
const since = (from: number) => fake.requests.slice(from);
const blocksOf = (request: RecordedRequest) =>
  request.body.messages.flatMap((message) => message.content);

async function uploadDrawing(threadId: string) {
  return client.upload(threadId, 'BM_part.jpg', blueprint('lathe/BM_part.jpg'));
}

async function stepOf(threadId: string) {
  return (await client.get(`/api/qbot/threads/${threadId}`)).json<{ step: string }>().step;
}

describe('the Q-Bot workflow through Claude', () => {
  it('reads the drawing, revises, advises and analyses with the drawing paid for once', async () => {
    const first = fake.requests.length;
    const threadId = await client.start();
    const upload = await uploadDrawing(threadId);
    expect(upload.statusCode).toBe(200);
    const analysis = upload.json<{
      description: { overview: string; source: string };
      materials: { name: string }[];
      materialSize: unknown;
    }>();
    expect(analysis.description.overview).toBe('Stepped shaft');
    expect(analysis.description.source).toBe('Claude (claude-sonnet-5-5): BM_part.jpg');
    expect(analysis.materials[0]!.name).toBe('AISI 4140');
    expect(analysis.materialSize).toMatchObject({ shape: 'Round bar', diameter: 'Ø38 mm' });

    // The request: model, key, the tools made from the zod schemas, the image, the breakpoints.
    const [describe] = since(first);
    // This SDK sends the key as a bearer token (older ones as x-api-key).
    const { authorization, 'x-api-key': apiKey } = describe!.headers;
    expect(apiKey ?? authorization).toMatch(/^(Bearer )?sk-ant-test-key$/);
    expect(describe!.headers['anthropic-version']).toBeTruthy();
    expect(describe!.body.model).toBe('claude-sonnet-5-5');
    expect(describe!.body.tools).toEqual(toolDefinitions);
    expect(describe!.body.tool_choice).toEqual({ type: 'any' });
    expect(describe!.body.system?.[0]?.cache_control).toEqual({ type: 'ephemeral' });
    expect(describe!.body.system?.[0]?.text).toContain('Never invent a dimension.');
    const image = blocksOf(describe!).find((block) => block.type === 'image')!;
    expect(image.cache_control).toEqual({ type: 'ephemeral' });
    const png = Buffer.from(String((image.source as { data: string }).data), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(Math.max(png.readUInt32BE(16), png.readUInt32BE(20))).toBe(1568);
    expect(describe!.tool).toBe('record_blueprint_description');

    // A change: the drawing is not sent again as a new block; the history holding it is re-sent.
    const change = await client.event(threadId, { type: 'description.change.requested' });
    expect(change.statusCode).toBe(200);
    fake.answers.set('record_blueprint_description', () => ({
      description: { ...shaftDescription, overview: 'Stepped shaft, Ø36 end knurled' },
    }));
    const revised = await client.post('/api/qbot/updateDescriptionClaude', {
      threadId,
      assistantId: 'qbot',
      imageUrl: '',
      originalDescription: {},
      feedback: 'The Ø36 end is knurled',
    });
    expect(revised.statusCode).toBe(200);
    expect(revised.json<{ description: { overview: string } }>().description.overview).toBe(
      'Stepped shaft, Ø36 end knurled',
    );
    const revise = since(first)[1]!;
    const images = blocksOf(revise).filter((block) => block.type === 'image');
    expect(images).toHaveLength(1);
    expect(images[0]).toEqual(image);
    // The earlier answer is answered with a tool result before the new request.
    const lastTurn = revise.body.messages.at(-1)!.content;
    expect(lastTurn[0]).toMatchObject({ type: 'tool_result', content: 'Recorded.' });
    expect(JSON.stringify(lastTurn)).toContain('The Ø36 end is knurled');

    // The job, the program with Claude's advice, feedback and a regenerated program.
    await chooseJob(client, threadId, machineId, 'AISI 4140');
    const program = await client.post('/api/qbot/processBlueprintClaude', {
      thread_id: threadId,
      imageUrl: '',
      promptHelper: {},
    });
    expect(program.statusCode).toBe(200);
    expect(program.json()).toMatchObject({
      version: 1,
      verified: true,
      advice: ['Hold the Ø36 end in soft jaws.'],
    });
    for (const event of [{ type: 'gcode.downloaded' }, { type: 'simulation.failed' }])
      expect((await client.event(threadId, event)).statusCode).toBe(200);
    const feedback = await client.post('/api/qbot/simulationFeedback', {
      threadId,
      assistantId: 'qbot',
      gcodePath: '',
      feedback: 'It chattered',
      blueprintDetails: {},
    });
    expect(feedback.statusCode).toBe(200);
    expect(feedback.json()).toMatchObject({
      requiresNewGcode: true,
      overrides: { surfaceSpeedFactor: 0.8 },
    });
    const analyse = since(first).at(-1)!;
    expect(analyse.tool).toBe('record_simulation_analysis');
    const analyseText = JSON.stringify(blocksOf(analyse).at(-2));
    expect(analyseText).toContain('It chattered');
    expect(analyseText).toContain('G96 D2500');
    const second = await client.post('/api/qbot/processBlueprintClaude', {
      thread_id: threadId,
      imageUrl: '',
      promptHelper: {},
    });
    expect(second.json()).toMatchObject({ version: 2, verified: true });

    // Calls and tokens: the drawing's tokens are written to the cache once and read after.
    const calls = await t.app.db
      .select()
      .from(assistantCalls)
      .where(eq(assistantCalls.threadId, threadId));
    expect(calls.map((call) => [call.operation, call.outcome, call.requests])).toEqual([
      ['describeBlueprint', 'ok', 1],
      ['reviseDescription', 'ok', 1],
      ['advisePlan', 'ok', 1],
      ['analyzeSimulation', 'ok', 1],
      ['advisePlan', 'ok', 1],
    ]);
    const imageTokens = Math.ceil((1568 * png.readUInt32BE(20)) / 750);
    expect(calls[0]!.cacheCreationInputTokens).toBeGreaterThan(imageTokens);
    // Each later call reads at least everything the first one wrote, drawing included.
    for (const call of calls.slice(1))
      expect(call.cacheReadInputTokens).toBeGreaterThanOrEqual(calls[0]!.cacheCreationInputTokens);
    const [, ...later] = calls;
    expect(later.every((call) => call.cacheCreationInputTokens < imageTokens)).toBe(true);
    const usage = (await client.get(`/api/qbot/threads/${threadId}`)).json<{
      usage: { calls: number; cacheReadInputTokens: number };
    }>().usage;
    expect(usage.calls).toBe(5);
    expect(usage.cacheReadInputTokens).toBe(
      calls.reduce((sum, call) => sum + call.cacheReadInputTokens, 0),
    );
  });

  it.each([
    ['lathe/Gripper.PDF', 'document'],
    ['lathe/long_reamer_facer.dxf', 'dxf'],
    ['lathe/shaft.step', 'step'],
  ])('sends %s as Claude reads it', async (path, kind) => {
    const first = fake.requests.length;
    const threadId = await client.start();
    const name = path.split('/').pop()!;
    expect((await client.upload(threadId, name, blueprint(path))).statusCode).toBe(200);
    const blocks = blocksOf(since(first)[0]!);
    const text = JSON.stringify(blocks.filter((block) => block.type === 'text'));
    if (kind === 'document') {
      const document = blocks.find((block) => block.type === 'document')!;
      expect(document.source).toMatchObject({ type: 'base64', media_type: 'application/pdf' });
      expect(document.cache_control).toEqual({ type: 'ephemeral' });
    }
    if (kind === 'dxf') {
      // The offline reader's description, and the rendering of its lines, cached.
      expect(text).toContain('Ø11.11');
      const image = blocks.find((block) => block.type === 'image')!;
      expect(
        Buffer.from(String((image.source as { data: string }).data), 'base64')
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      expect(image.cache_control).toEqual({ type: 'ephemeral' });
    }
    if (kind === 'step') {
      expect(text).toContain('Cylindrical faces, diameters (mm)');
      expect(blocks.some((block) => block.type === 'image' || block.type === 'document')).toBe(
        false,
      );
    }
  });

  it("uses the organization's own prompts", async () => {
    await t.app.db.insert(prompts).values({
      organizationId: shop.organizationId,
      kind: 'description',
      promptText: 'Read drawings of hydraulic fittings with extra care for thread callouts.',
    });
    const first = fake.requests.length;
    const threadId = await client.start();
    expect((await uploadDrawing(threadId)).statusCode).toBe(200);
    expect(since(first)[0]!.body.system?.[0]?.text).toContain(
      'Read drawings of hydraulic fittings with extra care for thread callouts.',
    );
  });

  it("advises once the conversation's lease is released, and shows the advice as before", async () => {
    const threadId = await client.start();
    expect((await uploadDrawing(threadId)).statusCode).toBe(200);
    await chooseJob(client, threadId, machineId, 'AISI 4140');
    const first = fake.requests.length;
    fake.faults.push({ delayMs: 600 });
    const answering = client.post('/api/qbot/processBlueprintClaude', {
      thread_id: threadId,
      imageUrl: '',
      promptHelper: {},
    });
    // While Claude advises, the program version is kept and the conversation is not leased.
    await until(() => since(first).some((request) => request.tool === 'record_plan_advice'), {
      what: 'the advice request',
    });
    const [thread] = await t.app.db
      .select({ leaseUntil: threads.leaseUntil })
      .from(threads)
      .where(eq(threads.id, threadId));
    expect(thread!.leaseUntil).toBeNull();
    const versionRow = () =>
      t.app.db.select().from(programVersions).where(eq(programVersions.threadId, threadId));
    expect((await versionRow())[0]!.summary).toMatchObject({ advice: [] });

    const answer = await answering;
    expect(answer.statusCode).toBe(200);
    const advice = ['Hold the Ø36 end in soft jaws.'];
    expect(answer.json()).toMatchObject({ version: 1, advice });
    // The advice is in the saved workflow and the program version, as when it came first.
    const saved = (await client.get(`/api/qbot/threads/${threadId}`)).json<{
      step: string;
      snapshot: { context: { program: { advice: string[] } } };
    }>();
    expect(saved.step).toBe('download_gcode');
    expect(saved.snapshot.context.program.advice).toEqual(advice);
    expect((await versionRow())[0]!.summary).toMatchObject({ advice });
  });

  it('answers a question in the conversation', async () => {
    const threadId = await client.start();
    const answer = await client.post('/api/qbot/ask', { threadId, message: 'What can you do?' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Upload a drawing to start.' });
    const request = fake.requests.at(-1)!;
    expect(request.tool).toBe('reply_to_user');
    expect(JSON.stringify(request.body.messages)).toContain('What can you do?');
  });
});

describe('when Claude fails', () => {
  it.each([
    ['429 rate limited', { status: 429 } as const, 503, claudeMessages.rateLimited],
    ['500 server error', { status: 500 } as const, 502, claudeMessages.serviceFailed],
    ['529 overloaded', { status: 529 } as const, 503, claudeMessages.overloaded],
    ['a timeout', { delayMs: 1500 } as const, 503, claudeMessages.timedOut],
  ])(
    'after the retries, %s ends in a clear message, keeps the workflow and a retry works',
    async (_name, fault, status, message) => {
      const threadId = await client.start();
      const first = fake.requests.length;
      fake.faults.push(fault, fault, fault);
      const failed = await uploadDrawing(threadId);
      expect(failed.statusCode).toBe(status);
      expect(failed.json()).toMatchObject({ message });
      expect(since(first)).toHaveLength(3); // the request and the SDK's two retries
      expect(await stepOf(threadId)).toBe('awaiting_response');
      const kept = await t.app.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.organizationId, shop.organizationId));
      expect(kept.filter((file) => file.threadId === threadId)).toEqual([]);
      const [call] = await t.app.db
        .select()
        .from(assistantCalls)
        .where(and(eq(assistantCalls.threadId, threadId), eq(assistantCalls.outcome, 'error')));
      expect(call).toMatchObject({ operation: 'describeBlueprint', error: message });

      const retried = await uploadDrawing(threadId);
      expect(retried.statusCode).toBe(200);
      expect(await stepOf(threadId)).toBe('show_blueprint_description');
    },
  );

  it('sends an answer that breaks the schema back once, and uses the corrected one', async () => {
    const threadId = await client.start();
    const first = fake.requests.length;
    fake.faults.push({ invalidInput: { description: { overview: 42 } } });
    const upload = await uploadDrawing(threadId);
    expect(upload.statusCode).toBe(200);
    const [bad, corrected] = since(first);
    expect(bad).toBeDefined();
    const feedback = corrected!.body.messages.at(-1)!.content;
    expect(feedback[0]).toMatchObject({ type: 'tool_result', is_error: true });
    expect(String(feedback[0]!.content)).toContain('does not match its schema');
    const [version] = await t.app.db
      .select()
      .from(descriptionVersions)
      .where(eq(descriptionVersions.threadId, threadId));
    expect(version!.version).toBe(1);
  });

  it('fails clearly when the answer breaks the schema twice, and the workflow stays usable', async () => {
    const threadId = await client.start();
    expect((await uploadDrawing(threadId)).statusCode).toBe(200);
    expect(
      (await client.event(threadId, { type: 'description.change.requested' })).statusCode,
    ).toBe(200);
    fake.faults.push({ invalidInput: { nope: true } }, { invalidInput: { nope: true } });
    const change = () =>
      client.post('/api/qbot/updateDescriptionClaude', {
        threadId,
        assistantId: 'qbot',
        imageUrl: '',
        originalDescription: {},
        feedback: 'Material is 42CrMo4',
      });
    const failed = await change();
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ message: claudeMessages.badAnswer });
    expect(await stepOf(threadId)).toBe('change_blueprint_description');
    expect((await change()).statusCode).toBe(200);
    expect(await stepOf(threadId)).toBe('show_blueprint_description');
  });
});
