/**
 * A whole Q-Bot workflow through the `claude` provider, from upload to a regenerated program,
 * against the loopback Messages API of the tests (tests/helpers/fake-anthropic.ts), counting
 * requests and tokens per call. Token figures are the fake API's estimates (4 characters a
 * token, images by pixel area / 750) with the API's prompt-cache accounting; they show how much
 * of each call is read from the cache, not a bill.
 */
import { eq } from 'drizzle-orm';
import { assistantCalls } from '#db/schema';
import { openDatabase } from '#server/database';
import { createOrganization } from '../../tests/helpers/accounts.ts';
import { createTestApp } from '../../tests/helpers/app.ts';
import { startFakeAnthropic } from '../../tests/helpers/fake-anthropic.ts';
import { steppedShaft } from '../../tests/helpers/parts.ts';
import { blueprint, chooseJob, qbotClient, tormachWithTools } from '../../tests/helpers/qbot.ts';

const fake = await startFakeAnthropic();
const database = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined });
await database.migrate();
const t = await createTestApp(database, {
  ANTHROPIC_API_KEY: 'sk-ant-bench',
  ANTHROPIC_BASE_URL: fake.url,
});
try {
  const { source: _source, ...description } = steppedShaft;
  fake.answers.set('record_blueprint_description', () => ({ description }));
  fake.answers.set('record_plan_advice', () => ({ notes: ['Support the part with soft jaws.'] }));
  fake.answers.set('record_simulation_analysis', () => ({
    analysis: 'Chatter on the finishing pass.',
    recommendations: ['Lower the surface speed by 20 %.'],
    safetyNotes: [],
    requiresNewGcode: true,
    suggestedChanges: {
      feedRate: 'No change.',
      spindleSpeed: '20 % lower.',
      toolPath: 'No change.',
      depthOfCut: 'No change.',
    },
    overrides: { surfaceSpeedFactor: 0.8 },
  }));

  const shop = await createOrganization(t, 0);
  const machine = await tormachWithTools(t, shop.admin.token);
  const client = qbotClient(t, shop.admin.token);
  const threadId = await client.start();
  const started = performance.now();
  const expect200 = async (
    what: string,
    response: Promise<{ statusCode: number; body: string }>,
  ) => {
    const result = await response;
    if (result.statusCode !== 200) throw new Error(`${what}: ${result.statusCode} ${result.body}`);
  };
  await expect200('upload', client.upload(threadId, 'LIU0010.jpg', blueprint('lathe/LIU0010.jpg')));
  await expect200('change', client.event(threadId, { type: 'description.change.requested' }));
  await expect200(
    'update',
    client.post('/api/qbot/updateDescriptionClaude', {
      threadId,
      assistantId: 'qbot',
      imageUrl: '',
      originalDescription: {},
      feedback: 'Material AISI 4140',
    }),
  );
  const thread = (await client.get(`/api/qbot/threads/${threadId}`)).json<{
    snapshot: { context: { analysis: { materials: { name: string }[] } } };
  }>();
  await chooseJob(
    client,
    threadId,
    machine._id,
    thread.snapshot.context.analysis.materials[0]!.name,
  );
  const generate = () =>
    client.post('/api/qbot/processBlueprintClaude', {
      thread_id: threadId,
      imageUrl: '',
      promptHelper: {},
    });
  await expect200('program 1', generate());
  await expect200('downloaded', client.event(threadId, { type: 'gcode.downloaded' }));
  await expect200('failed', client.event(threadId, { type: 'simulation.failed' }));
  await expect200(
    'feedback',
    client.post('/api/qbot/simulationFeedback', {
      threadId,
      assistantId: 'qbot',
      gcodePath: '',
      feedback: 'It chattered',
      blueprintDetails: {},
    }),
  );
  await expect200('program 2', generate());
  const elapsed = performance.now() - started;

  const calls = await t.app.db
    .select()
    .from(assistantCalls)
    .where(eq(assistantCalls.threadId, threadId));
  console.info('| call | requests | input | cache write | cache read | output |');
  console.info('| --- | --- | --- | --- | --- | --- |');
  const total = { requests: 0, input: 0, write: 0, read: 0, output: 0 };
  for (const call of calls) {
    console.info(
      `| ${call.operation} | ${call.requests} | ${call.inputTokens} | ${call.cacheCreationInputTokens} | ${call.cacheReadInputTokens} | ${call.outputTokens} |`,
    );
    total.requests += call.requests;
    total.input += call.inputTokens;
    total.write += call.cacheCreationInputTokens;
    total.read += call.cacheReadInputTokens;
    total.output += call.outputTokens;
  }
  console.info(
    `| total (${calls.length} calls) | ${total.requests} | ${total.input} | ${total.write} | ${total.read} | ${total.output} |`,
  );
  // Cache writes cost 1.25 and reads 0.1 of an input token (Anthropic's prompt caching prices).
  const uncached = total.input + total.write + total.read;
  const cached = total.input + 1.25 * total.write + 0.1 * total.read;
  console.info(
    `input-token cost with caching: ${Math.round(cached)} token-equivalents, without: ${uncached} (${Math.round((100 * cached) / uncached)} %); workflow time ${elapsed.toFixed(0)} ms`,
  );
} finally {
  await t.close();
  await database.close();
  await fake.close();
}
