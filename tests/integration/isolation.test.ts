/**
 * Every organization, shop, machines, Q-Bot, files and prompts route, called with the first
 * organization's ids by a member of a second organization, by a pending member and by a
 * non-admin: each is refused (403 or 404) or answers without any of the first organization's
 * data, and that data is unchanged afterwards. Routes come from the OpenAPI document, so a new
 * route that is not listed here fails the test.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import { machines, memberships, prompts, storedFiles, threads, toolingPairs } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { createOrganization, createPendingMember } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { blueprint, multipart, qbotClient } from '../helpers/qbot.ts';
import { addMachine, catalogChoice, toolBody, tormach15L } from '../helpers/shop.ts';
import type { CatalogChoice } from '../helpers/shop.ts';

/** What an actor may get: refused, or an answer that holds none of the first shop's data. */
type Expectation = 'refused' | 'noLeak' | 'noLeakOrNotFound' | 'pendingView' | 'notCalled';
type Actor = 'otherOrganization' | 'pending' | 'nonAdmin';

interface RouteCase {
  url: (ids: Ids) => string;
  body?: (ids: Ids) => Record<string, unknown>;
  /** Send the body as multipart with a drawing, as the upload call takes it. */
  multipart?: boolean;
  expect: Record<Actor, Expectation>;
}

interface Ids {
  orgId: string;
  adminId: string;
  memberId: string;
  pendingId: string;
  machineId: string;
  machineSerial: string;
  toolId: string;
  threadId: string;
  fileId: string;
  promptId: string;
  choice: CatalogChoice;
}

const adminRoute = {
  otherOrganization: 'refused',
  pending: 'refused',
  nonAdmin: 'refused',
} as const;
const memberRoute = {
  otherOrganization: 'refused',
  pending: 'refused',
  nonAdmin: 'notCalled',
} as const;
const listRoute = {
  otherOrganization: 'noLeak',
  pending: 'refused',
  nonAdmin: 'notCalled',
} as const;
const catalogRoute = {
  otherOrganization: 'noLeak',
  pending: 'refused',
  nonAdmin: 'notCalled',
} as const;

/** Each route (OpenAPI path and method) and how each actor must be treated. */
const routes: Record<string, RouteCase> = {
  'GET /api/organization/': {
    url: () => '/api/organization',
    expect: { otherOrganization: 'noLeak', pending: 'pendingView', nonAdmin: 'notCalled' },
  },
  'PATCH /api/organization/{orgId}/toggle-admin/{userId}': {
    url: (ids) => `/api/organization/${ids.orgId}/toggle-admin/${ids.adminId}`,
    expect: adminRoute,
  },
  'POST /api/organization/{orgId}/approve-user/{userId}': {
    url: (ids) => `/api/organization/${ids.orgId}/approve-user/${ids.pendingId}`,
    expect: adminRoute,
  },
  'DELETE /api/organization/{orgId}/remove-user/{userId}': {
    url: (ids) => `/api/organization/${ids.orgId}/remove-user/${ids.memberId}`,
    expect: adminRoute,
  },
  'GET /api/shop/machine-types': { url: () => '/api/shop/machine-types', expect: catalogRoute },
  'GET /api/shop/manufacturers/{machineTypeId}': {
    url: (ids) => `/api/shop/manufacturers/${ids.choice.machineType}`,
    expect: catalogRoute,
  },
  'GET /api/shop/models': {
    url: (ids) =>
      `/api/shop/models?machineTypeId=${ids.choice.machineType}&manufacturerId=${ids.choice.machineManufacturer}`,
    expect: catalogRoute,
  },
  'GET /api/shop/controller-types/{manufacturerId}': {
    url: (ids) => `/api/shop/controller-types/${ids.choice.machineManufacturer}`,
    expect: catalogRoute,
  },
  'GET /api/shop/controller-models': {
    url: (ids) =>
      `/api/shop/controller-models?controllerTypeId=${ids.choice.controllerType}&manufacturerId=${ids.choice.machineManufacturer}`,
    expect: catalogRoute,
  },
  'GET /api/machines/my-machines': { url: () => '/api/machines/my-machines', expect: listRoute },
  'GET /api/machines/my-machines-by-type/{type}': {
    url: () => '/api/machines/my-machines-by-type/Lathe',
    expect: listRoute,
  },
  'GET /api/machines/fun/{machineId}': {
    url: (ids) => `/api/machines/fun/${ids.machineId}`,
    expect: memberRoute,
  },
  'POST /api/machines/add-machine-to-shop': {
    url: () => '/api/machines/add-machine-to-shop',
    // Adds to the caller's own shop, never to the first one.
    body: (ids) => ({ name: 'Copy', serialNumber: 'SECOND-SHOP-SN', ...ids.choice }),
    expect: { otherOrganization: 'noLeak', pending: 'refused', nonAdmin: 'notCalled' },
  },
  'PATCH /api/machines/update-machine/{machineId}': {
    url: (ids) => `/api/machines/update-machine/${ids.machineId}`,
    body: (ids) => ({ name: 'Hijacked', serialNumber: 'HIJACK', ...ids.choice }),
    expect: memberRoute,
  },
  'GET /api/machines/tooling-pairs/{machineId}': {
    url: (ids) => `/api/machines/tooling-pairs/${ids.machineId}`,
    expect: memberRoute,
  },
  'POST /api/machines/add-tool-and-associate': {
    url: () => '/api/machines/add-tool-and-associate',
    body: (ids) =>
      toolBody(
        { serialNumber: ids.machineSerial, machineType: { name: 'Turning Center' } },
        { slotNumber: 'T9' },
      ),
    expect: memberRoute,
  },
  'POST /api/machines/edit-tool-and-associate': {
    url: () => '/api/machines/edit-tool-and-associate',
    body: (ids) => ({
      ...toolBody(
        { serialNumber: ids.machineSerial, machineType: { name: 'Turning Center' } },
        { toolName: 'Hijacked' },
      ),
      toolId: ids.toolId,
    }),
    expect: memberRoute,
  },
  'DELETE /api/machines/delete-tool-and-associate': {
    url: () => '/api/machines/delete-tool-and-associate',
    body: (ids) => ({ toolId: ids.toolId }),
    expect: memberRoute,
  },
  'POST /api/tool-library/preview': {
    url: () => '/api/tool-library/preview',
    body: (ids) => ({ machineId: ids.machineId }),
    multipart: true,
    expect: memberRoute,
  },
  'POST /api/tool-library/import': {
    url: () => '/api/tool-library/import',
    body: (ids) => ({
      machineId: ids.machineId,
      tools: [
        {
          slotNumber: 'T9',
          toolName: 'Hijacked',
          toolDescription: 'Ø6 end mill',
          toolType: 'Milling',
          toolManufacturer: 'Unknown',
          toolHint: 'NOHINT',
          replace: true,
        },
      ],
    }),
    expect: memberRoute,
  },
  'GET /api/tool-library/export': {
    url: (ids) => `/api/tool-library/export?machineId=${ids.machineId}&format=csv`,
    expect: memberRoute,
  },
  'GET /api/qbot/startClaude': { url: () => '/api/qbot/startClaude', expect: listRoute },
  'POST /api/programs/check': {
    url: () => '/api/programs/check',
    body: (ids) => ({
      machineId: ids.machineId,
      stock: JSON.stringify({ shape: 'block', xMm: 100, yMm: 100, zMm: 20 }),
      threadId: ids.threadId,
    }),
    multipart: true,
    expect: memberRoute,
  },
  // The first shop's confirmed conversation is listed to its members only.
  'GET /api/programs/parts': { url: () => '/api/programs/parts', expect: listRoute },
  'POST /api/qbot/uploadBlueprintClaude': {
    url: () => '/api/qbot/uploadBlueprintClaude',
    body: (ids) => ({ threadId: ids.threadId, assistantId: 'qbot' }),
    multipart: true,
    expect: memberRoute,
  },
  'POST /api/qbot/updateDescriptionClaude': {
    url: () => '/api/qbot/updateDescriptionClaude',
    body: (ids) => ({ threadId: ids.threadId, feedback: 'Ø40 x 85' }),
    expect: memberRoute,
  },
  'POST /api/qbot/descriptionValues': {
    url: () => '/api/qbot/descriptionValues',
    body: (ids) => ({
      threadId: ids.threadId,
      description: {
        ...emptyDescription('Shaft'),
        outerDiameters: [
          {
            diameter: 'Ø40',
            type: 'cylinder',
            location: 'from the free end, 0 to 85 mm',
            length: '85 mm',
            diameterMm: 40,
            lengthMm: 85,
          },
        ],
        dimensions: { overallLength: '85 mm', tolerances: '', overallLengthMm: 85 },
      },
    }),
    expect: memberRoute,
  },
  'POST /api/qbot/processBlueprintClaude': {
    url: () => '/api/qbot/processBlueprintClaude',
    body: (ids) => ({ thread_id: ids.threadId, promptHelper: {} }),
    expect: memberRoute,
  },
  'POST /api/qbot/ask': {
    url: () => '/api/qbot/ask',
    body: (ids) => ({ threadId: ids.threadId, message: 'Hello?' }),
    expect: memberRoute,
  },
  'POST /api/qbot/simulationFeedback': {
    url: () => '/api/qbot/simulationFeedback',
    body: (ids) => ({ threadId: ids.threadId, feedback: 'It chattered' }),
    expect: memberRoute,
  },
  'POST /api/qbot/workflow/events': {
    url: () => '/api/qbot/workflow/events',
    body: (ids) => ({ threadId: ids.threadId, event: { type: 'description.confirmed' } }),
    expect: memberRoute,
  },
  'GET /api/qbot/threads/current': {
    url: () => '/api/qbot/threads/current',
    expect: { otherOrganization: 'noLeakOrNotFound', pending: 'refused', nonAdmin: 'notCalled' },
  },
  'GET /api/qbot/threads/{threadId}': {
    url: (ids) => `/api/qbot/threads/${ids.threadId}`,
    expect: memberRoute,
  },
  'GET /api/qbot/threads/{threadId}/analysisProgress': {
    url: (ids) => `/api/qbot/threads/${ids.threadId}/analysisProgress`,
    expect: memberRoute,
  },
  'GET /api/files/{fileId}': { url: (ids) => `/api/files/${ids.fileId}`, expect: memberRoute },
  // Another shop reads and writes its own prompts only; history and changes are for admins.
  'GET /api/prompts/{kind}': { url: () => '/api/prompts/description', expect: listRoute },
  'GET /api/prompts/{kind}/history': {
    url: () => '/api/prompts/description/history',
    expect: { otherOrganization: 'noLeak', pending: 'refused', nonAdmin: 'refused' },
  },
  'POST /api/prompts/{kind}': {
    url: () => '/api/prompts/description',
    body: () => ({ promptText: 'The second shop writes its own prompt.' }),
    expect: { otherOrganization: 'noLeak', pending: 'refused', nonAdmin: 'refused' },
  },
  'DELETE /api/prompts/{id}': { url: (ids) => `/api/prompts/${ids.promptId}`, expect: adminRoute },
};

let database: DatabaseHandle;
let t: TestApp;
let ids: Ids;
let tokens: Record<Actor, string>;
/** Strings that belong to the first shop only. */
let secrets: string[];
/** The first shop's members' addresses, which a pending member must not see. */
let memberEmails: string[];

async function firstShopRows() {
  const organizationId = ids.orgId;
  return {
    memberships: await t.app.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, organizationId))
      .orderBy(asc(memberships.id)),
    machines: await t.app.db
      .select()
      .from(machines)
      .where(eq(machines.organizationId, organizationId))
      .orderBy(asc(machines.id)),
    tools: await t.app.db
      .select()
      .from(toolingPairs)
      .where(eq(toolingPairs.organizationId, organizationId))
      .orderBy(asc(toolingPairs.id)),
    threads: (
      await t.app.db
        .select()
        .from(threads)
        .where(eq(threads.organizationId, organizationId))
        .orderBy(asc(threads.id))
    ).map(({ leaseUntil: _lease, ...thread }) => thread),
    files: await t.app.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.organizationId, organizationId))
      .orderBy(asc(storedFiles.id)),
    prompts: await t.app.db
      .select()
      .from(prompts)
      .where(eq(prompts.organizationId, organizationId))
      .orderBy(asc(prompts.id)),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  const first = await createOrganization(t, 1);
  const second = await createOrganization(t, 0);
  const pending = await createPendingMember(t, first.name);
  const choice = await catalogChoice(t, first.admin.token, tormach15L);
  const machine = await addMachine(t, first.admin.token, choice, { serialNumber: 'FIRST-SHOP-SN' });
  const tool = await t.app.inject({
    method: 'POST',
    url: '/api/machines/add-tool-and-associate',
    headers: { authorization: `Bearer ${first.admin.token}` },
    payload: toolBody(machine),
  });
  const conversation = qbotClient(t, first.admin.token);
  const threadId = await conversation.start();
  const upload = await conversation.upload(
    threadId,
    'long_reamer_facer.dxf',
    blueprint('lathe/long_reamer_facer.dxf'),
  );
  const fileId = upload.json<{ imageUrl: string }>().imageUrl.split('/').pop()!;
  // Confirmed, so Check Program's Part select lists it (to the first shop only).
  const confirmed = await conversation.event(threadId, { type: 'description.confirmed' });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
  const prompt = await t.app.inject({
    method: 'POST',
    url: '/api/prompts/description',
    headers: { authorization: `Bearer ${first.admin.token}` },
    payload: { promptText: 'First shop prompt: secret feeds and speeds.' },
  });
  const promptId = prompt.json<{ prompt: { _id: string } }>().prompt._id;
  ids = {
    threadId,
    fileId,
    promptId,
    orgId: first.organizationId,
    adminId: first.admin.userId,
    memberId: first.members[0]!.userId,
    pendingId: pending.userId,
    machineId: machine._id,
    machineSerial: machine.serialNumber,
    toolId: tool.json<{ toolingPair: { id: string } }>().toolingPair.id,
    choice,
  };
  tokens = {
    otherOrganization: second.admin.token,
    pending: pending.token,
    nonAdmin: first.members[0]!.token,
  };
  memberEmails = [first.admin.email, first.members[0]!.email];
  secrets = [
    ids.orgId,
    ids.adminId,
    ids.memberId,
    ids.machineId,
    ids.toolId,
    ids.threadId,
    ids.fileId,
    ids.promptId,
    'First shop prompt: secret feeds and speeds.',
    first.name,
    first.admin.email,
    first.members[0]!.email,
  ];
});

afterAll(async () => {
  await t.close();
  await database.close();
});

describe('organization isolation', () => {
  it('covers every organization, shop, machines, tool library, Q-Bot, files, prompts and programs route of the API', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const scoped = Object.entries(document.paths)
      .filter(([path]) =>
        /^\/api\/(organization|shop|machines|tool-library|qbot|files|prompts|programs)\b/.test(
          path,
        ),
      )
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect(scoped.sort()).toEqual(Object.keys(routes).sort());
  });

  it('refuses or reveals nothing to another shop, a pending member and a non-admin, and changes nothing', async () => {
    const before = await firstShopRows();
    const failures: string[] = [];
    for (const [route, routeCase] of Object.entries(routes)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE';
      for (const actor of Object.keys(tokens) as Actor[]) {
        const expectation = routeCase.expect[actor];
        if (expectation === 'notCalled') continue;
        const form = routeCase.multipart
          ? multipart(routeCase.body!(ids) as Record<string, string>, {
              name: 'flange.dxf',
              bytes: blueprint('mill-edm/flange.dxf'),
            })
          : undefined;
        const response = await t.app.inject({
          method,
          url: routeCase.url(ids),
          headers: { authorization: `Bearer ${tokens[actor]}`, ...form?.headers },
          ...(form
            ? { payload: form.payload }
            : routeCase.body
              ? { payload: routeCase.body(ids) }
              : {}),
        });
        const said = `${route} as ${actor}: ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (expectation === 'refused' && ![403, 404].includes(response.statusCode))
          failures.push(`not refused: ${said}`);
        const notFoundIsFine = expectation === 'noLeakOrNotFound' && response.statusCode === 404;
        if (expectation !== 'refused' && response.statusCode >= 400 && !notFoundIsFine)
          failures.push(`failed: ${said}`);
        if (
          (expectation === 'noLeak' || expectation === 'noLeakOrNotFound') &&
          secrets.some((secret) => response.body.includes(secret))
        )
          failures.push(`leaked: ${said}`);
        if (expectation === 'pendingView') {
          const body = response.json<{
            organization: { users: unknown[]; pendingUsers: unknown[] };
          }>();
          const emails = memberEmails;
          if (
            body.organization.users.length > 0 ||
            body.organization.pendingUsers.length > 0 ||
            emails.some((email) => response.body.includes(email))
          ) {
            failures.push(`pending member saw members: ${said}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await firstShopRows()).toEqual(before);
  });

  it("lists a shop's confirmed conversation as a part to its own members only", async () => {
    const parts = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/programs/parts',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await parts(tokens.nonAdmin)).body).toContain(ids.threadId);
    expect((await parts(tokens.otherOrganization)).body).not.toContain(ids.threadId);
  });

  it("lets another shop use the same serial number, and tools then go to that shop's own machine", async () => {
    const before = await firstShopRows();
    const headers = { authorization: `Bearer ${tokens.otherOrganization}` };
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/machines/add-machine-to-shop',
      headers,
      payload: { name: 'Twin', serialNumber: ids.machineSerial, ...ids.choice },
    });
    expect(added.statusCode).toBe(201);
    const tool = await t.app.inject({
      method: 'POST',
      url: '/api/machines/add-tool-and-associate',
      headers,
      payload: toolBody({
        serialNumber: ids.machineSerial,
        machineType: { name: 'Turning Center' },
      }),
    });
    expect(tool.statusCode).toBe(201);
    expect(await firstShopRows()).toEqual(before);
  });
});
