/**
 * Malformed requests against every route the app has (issue 13): bodies built from each route's
 * schema with hostile values put in, hostile path parameters and query strings, bodies that are
 * not JSON, multipart with random bytes. Every answer is below 500. The routes come from the
 * app's OpenAPI document and the cases from tests/helpers/fuzz.ts; FUZZ_RUNS sets how many
 * (2,000 by default). `npm run bench` runs 10,000 and counts the answers by status.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstorableTextMessage } from '#contracts/text';
import type { DatabaseHandle } from '#server/database';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import {
  createErrorLog,
  createFuzzWorld,
  describeCase,
  encodeLoosely,
  multipartBody,
  steppedShaftDxf,
  fuzzCases,
  fuzzEnv,
  fuzzRoutes,
  fuzzRuns,
  sendCase,
} from '../helpers/fuzz.ts';
import type { FuzzRoute, FuzzWorld } from '../helpers/fuzz.ts';

let database: DatabaseHandle;
let t: TestApp;
let world: FuzzWorld;
let routes: FuzzRoute[];
const errorLog = createErrorLog();

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, fuzzEnv, { beforeReady: errorLog.hook });
  world = await createFuzzWorld(t);
  routes = fuzzRoutes(t.app);
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const runs = fuzzRuns();

/** Requests of issue 13 that answered 500, as JSON with the admin's session. */
const issueRequests: [method: 'POST' | 'PUT' | 'GET', url: string, body: unknown, field: string][] =
  [
    ['POST', '/api/users/signup', { email: 'a\u0000@shop.test', password: 'x' }, 'email'],
    ['POST', '/api/users/signin', { email: '\u0000@shop.test', password: 'Lathe2024!' }, 'email'],
    ['POST', '/api/users/resend-verification', { email: 'a@shop.test\u0000' }, 'email'],
    ['POST', '/api/users/forgot-password', { email: 'a\ud800@shop.test' }, 'email'],
    ['PUT', '/api/profile', { firstName: 'Ada\u0000', lastName: 'Turner' }, 'firstName'],
    ['POST', '/api/prompts/description', { promptText: 'Read\u0000' }, 'promptText'],
    ['GET', `/api/machines/my-machines-by-type/${encodeLoosely('\u0000')}`, undefined, 'type'],
  ];

describe('the fuzz', () => {
  it('knows the routes from the app and has a real id for each path parameter', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toContain(
      'GET /api/machines/my-machines-by-type/{type}',
    );
    const params = new Set(routes.flatMap((route) => route.pathParams));
    for (const param of params)
      if (param !== 'kind') expect(world.values[param], param).not.toEqual([]);
  });

  it.each(issueRequests)(
    '%s %s answers 400 naming the field that cannot be stored',
    async (method, url, body, field) => {
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${world.token}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: { [field]: unstorableTextMessage },
      });
    },
  );

  it('refuses a question with a lone surrogate and a workflow event with a NUL, naming the field', async () => {
    const [threadId] = world.values.threadId!;
    const headers = { authorization: `Bearer ${world.token}` };
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/qbot/ask',
      headers,
      payload: { threadId, message: 'What is \ud800?' },
    });
    expect(ask.statusCode).toBe(400);
    expect(ask.json()).toMatchObject({ errors: { message: unstorableTextMessage } });
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/qbot/workflow/events',
      headers,
      payload: { threadId, event: { type: 'material.selected', material: 'Steel\u0000' } },
    });
    expect(event.statusCode).toBe(400);
    expect(event.json()).toMatchObject({ errors: { event: unstorableTextMessage } });
  });

  it('reads the stepped shaft whose bore came out 0 mm deep, and answers 200', async () => {
    const headers = { authorization: `Bearer ${world.token}` };
    const start = await t.app.inject({ method: 'GET', url: '/api/qbot/startClaude', headers });
    const upload = multipartBody(
      { threadId: start.json<{ thread_id: string }>().thread_id },
      { name: 'stepped-shaft.dxf', bytes: Buffer.from(steppedShaftDxf) },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/qbot/uploadBlueprintClaude',
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { description } = response.json<{
      description: { innerDiameters: { diameter: string; lengthMm?: number }[] };
    }>();
    expect(description.innerDiameters).toMatchObject([{ diameter: 'Ø8', lengthMm: 6 }]);
  });

  it(
    `answers ${runs} malformed requests below 500`,
    async () => {
      const statuses = new Map<string, Set<number>>();
      await fc.assert(
        fc.asyncProperty(fuzzCases(routes, world), async (fuzzCase) => {
          const response = await sendCase(t.app, world, fuzzCase);
          statuses.set(
            fuzzCase.route,
            (statuses.get(fuzzCase.route) ?? new Set()).add(response.statusCode),
          );
          const error = errorLog.take();
          expect(
            response.statusCode,
            `${describeCase(fuzzCase)} answered ${response.body.slice(0, 300)}: ${String(error)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: runs },
      );
      // Each route was fuzzed, and the session let some cases past authentication.
      if (runs >= 2000) {
        for (const route of routes) {
          const seen = statuses.get(`${route.method} ${route.path}`);
          expect(seen, `${route.method} ${route.path}`).toBeDefined();
          if (route.secured)
            expect(
              [...seen!].some((status) => status !== 401),
              route.path,
            ).toBe(true);
        }
      }
    },
    Math.max(60_000, runs * 100),
  );
});
