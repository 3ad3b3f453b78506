/**
 * The prompt API (spec sections 6 and 7 "Prompts", docs/decisions/010-prompts.md): who may read,
 * list, add and delete versions, the product default and its `?scope=default`, what is current
 * after a delete, validation, and that one shop never sees or touches another's prompts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prompts, users } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { currentPrompt, shippedPrompt } from '#server/prompts/store';
import {
  approveMembership,
  createOrganization,
  createPendingMember,
  postJson,
  signupBody,
  verifyEmail,
} from '../helpers/accounts.ts';
import { createTestApp, uniqueEmail } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

interface PromptRecord {
  _id: string;
  kind: 'description' | 'blueprint';
  promptText: string;
  createdAt: string;
}
interface Current {
  kind: string;
  promptText: string;
  prompt: PromptRecord | null;
  source: 'organization' | 'default';
}

const superuserEmail = uniqueEmail('superuser');
const ownerEmail = uniqueEmail('prompt-owner');

let database: DatabaseHandle;
let t: TestApp;
/** The first shop: its admin, a plain member, a superuser and the owner account as plain members. */
let shop: { organizationId: string; name: string };
let tokens: {
  admin: string;
  member: string;
  superuser: string;
  owner: string;
  pending: string;
  otherAdmin: string;
};
let otherOrganizationId: string;

/** Join `organizationName` as a plain member, approved, and sign in. */
async function joinAsMember(organizationName: string, email: string): Promise<string> {
  const body = signupBody({ email, organization: organizationName });
  const signup = await postJson(t, '/api/users/signup', body);
  expect(signup.statusCode).toBe(201);
  await verifyEmail(t, email);
  const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await approveMembership(t, user!.id);
  const signin = await postJson(t, '/api/users/signin', { email, password: body.password });
  expect(signin.statusCode).toBe(200);
  return signin.json<{ token: string }>().token;
}

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const current = async (kind: string, token: string, query = '') => {
  const response = await call('GET', `/api/prompts/${kind}${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<Current>();
};

const history = async (kind: string, token: string, query = '') => {
  const response = await call('GET', `/api/prompts/${kind}/history${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<{ prompts: PromptRecord[] }>().prompts;
};

const post = async (kind: string, token: string, promptText: string, query = '') => {
  const response = await call('POST', `/api/prompts/${kind}${query}`, token, { promptText });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ prompt: PromptRecord }>().prompt;
};

const forbidden = (message: string) => ({ message, code: 'forbidden' });
const pendingRefusal = forbidden(
  'Your membership is waiting for approval by an admin of your organization.',
);
const notFound = { message: 'Prompt not found.', code: 'not_found' };

/** Remove every stored version of the first shop and of the product default. */
async function clearPrompts() {
  await t.app.db.delete(prompts).where(eq(prompts.organizationId, shop.organizationId));
  await t.app.db.delete(prompts).where(eq(prompts.organizationId, otherOrganizationId));
  await t.app.db.delete(prompts).where(isNull(prompts.organizationId));
}

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, {
    SUPERUSER_EMAILS: `someone-else@shop.test, ${superuserEmail.toUpperCase()}`,
    PROMPT_OWNER_EMAIL: ownerEmail,
  });
  const first = await createOrganization(t, 1);
  const other = await createOrganization(t, 0);
  shop = { organizationId: first.organizationId, name: first.name };
  otherOrganizationId = other.organizationId;
  tokens = {
    admin: first.admin.token,
    member: first.members[0]!.token,
    superuser: await joinAsMember(first.name, superuserEmail),
    owner: await joinAsMember(first.name, ownerEmail),
    pending: (await createPendingMember(t, first.name)).token,
    otherAdmin: other.admin.token,
  };
});

afterEach(clearPrompts);

afterAll(async () => {
  await t.close();
  await database.close();
});

describe('GET /api/prompts/{kind}', () => {
  it('answers the shipped text while neither the shop nor the product default has a version', async () => {
    for (const kind of ['description', 'blueprint'] as const) {
      expect(await current(kind, tokens.member)).toEqual({
        kind,
        promptText: shippedPrompt(kind),
        prompt: null,
        source: 'default',
      });
    }
    expect(shippedPrompt('description')).not.toBe(shippedPrompt('blueprint'));
  });

  it("lets every active member read the shop's current version, as the assistant uses it", async () => {
    const added = await post('description', tokens.admin, 'Read the drawing in mm.');
    for (const token of [tokens.member, tokens.admin, tokens.superuser, tokens.owner]) {
      expect(await current('description', token)).toEqual({
        kind: 'description',
        promptText: 'Read the drawing in mm.',
        prompt: added,
        source: 'organization',
      });
    }
    expect(await currentPrompt(t.app.db, shop.organizationId, 'description')).toBe(
      'Read the drawing in mm.',
    );
    // The other kind is untouched.
    expect((await current('blueprint', tokens.member)).promptText).toBe(shippedPrompt('blueprint'));
  });

  it('refuses a pending member and a caller without a token, and an unknown kind', async () => {
    const pending = await call('GET', '/api/prompts/description', tokens.pending);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual(pendingRefusal);
    expect((await call('GET', '/api/prompts/description', undefined)).statusCode).toBe(401);
    const unknown = await call('GET', '/api/prompts/tooling', tokens.admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'validation_failed',
      errors: { kind: 'The prompt kind is description or blueprint.' },
    });
  });
});

describe('POST /api/prompts/{kind}', () => {
  it('stores a trimmed version as the newest, with the record fields of the spec', async () => {
    const before = Date.now();
    const added = await post('blueprint', tokens.admin, '  Plan the lathe job.\n\n');
    expect(Object.keys(added).sort()).toEqual(['_id', 'createdAt', 'kind', 'promptText']);
    expect(added).toMatchObject({ kind: 'blueprint', promptText: 'Plan the lathe job.' });
    expect(added._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Date.parse(added.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.app.db.select().from(prompts).where(eq(prompts.id, added._id));
    expect(row).toMatchObject({ organizationId: shop.organizationId, kind: 'blueprint' });
  });

  it('lets the admin, a superuser and the PROMPT_OWNER_EMAIL account add versions', async () => {
    await post('description', tokens.admin, 'By the admin');
    await post('description', tokens.superuser, 'By the superuser');
    expect((await current('description', tokens.member)).promptText).toBe('By the superuser');
    await post('description', tokens.owner, 'By the owner');
    expect((await current('description', tokens.member)).promptText).toBe('By the owner');
  });

  it("refuses a plain member 'Only superusers can modify prompts' and a pending member", async () => {
    const asMember = await call('POST', '/api/prompts/description', tokens.member, {
      promptText: 'Mine now',
    });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual(forbidden('Only superusers can modify prompts'));
    const asPending = await call('POST', '/api/prompts/description', tokens.pending, {
      promptText: 'Mine now',
    });
    expect(asPending.statusCode).toBe(403);
    expect(asPending.json()).toEqual(pendingRefusal);
    expect(await t.app.db.select().from(prompts)).toEqual([]);
  });

  it('answers 400 with a message per field for blank, missing, too long or wrong input', async () => {
    const cases: [unknown, string, string][] = [
      [{ promptText: '   \n ' }, 'promptText', 'Prompt text is required.'],
      [{}, 'promptText', 'Prompt text is required.'],
      [{ promptText: 42 }, 'promptText', 'Prompt text is required.'],
      [
        { promptText: 'x'.repeat(20_001) },
        'promptText',
        'Prompt text must be at most 20,000 characters.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/api/prompts/description', tokens.admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({
        message: 'Please correct the highlighted fields.',
        code: 'validation_failed',
        errors: { [field]: message },
      });
    }
    const badKind = await call('POST', '/api/prompts/gcode', tokens.admin, { promptText: 'x' });
    expect(badKind.statusCode).toBe(400);
    expect(Object.keys(badKind.json<{ errors: object }>().errors)).toEqual(['kind']);
    const badScope = await call('POST', '/api/prompts/description?scope=everyone', tokens.admin, {
      promptText: 'x',
    });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json<{ errors: object }>().errors).toEqual({
      scope: "The scope is 'organization' or 'default'.",
    });
    expect(await t.app.db.select().from(prompts)).toEqual([]);
    // The longest text allowed is stored whole.
    expect((await post('description', tokens.admin, 'y'.repeat(20_000))).promptText).toHaveLength(
      20_000,
    );
  });
});

describe('GET /api/prompts/{kind}/history', () => {
  it("lists the shop's versions of the kind newest first", async () => {
    const first = await post('description', tokens.admin, 'First');
    const second = await post('description', tokens.owner, 'Second');
    await post('blueprint', tokens.admin, 'A blueprint prompt');
    for (const token of [tokens.admin, tokens.superuser, tokens.owner]) {
      expect(await history('description', token)).toEqual([second, first]);
    }
    expect((await history('blueprint', tokens.admin)).map((entry) => entry.promptText)).toEqual([
      'A blueprint prompt',
    ]);
  });

  it('is empty before any version, and refuses plain and pending members', async () => {
    expect(await history('blueprint', tokens.admin)).toEqual([]);
    const asMember = await call('GET', '/api/prompts/description/history', tokens.member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual(
      forbidden('Only organization admins and superusers can view prompt history.'),
    );
    const asPending = await call('GET', '/api/prompts/description/history', tokens.pending);
    expect(asPending.statusCode).toBe(403);
    expect(asPending.json()).toEqual(pendingRefusal);
  });
});

describe('DELETE /api/prompts/{id}', () => {
  it('makes the previous version current again, then the product default', async () => {
    const first = await post('description', tokens.admin, 'First');
    const second = await post('description', tokens.admin, 'Second');
    const removed = await call('DELETE', `/api/prompts/${second._id}`, tokens.admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Prompt deleted successfully', prompt: second });
    expect(await current('description', tokens.member)).toMatchObject({
      promptText: 'First',
      prompt: first,
      source: 'organization',
    });
    expect(await history('description', tokens.admin)).toEqual([first]);
    expect((await call('DELETE', `/api/prompts/${first._id}`, tokens.owner)).statusCode).toBe(200);
    expect(await current('description', tokens.member)).toEqual({
      kind: 'description',
      promptText: shippedPrompt('description'),
      prompt: null,
      source: 'default',
    });
    expect(await currentPrompt(t.app.db, shop.organizationId, 'description')).toBe(
      shippedPrompt('description'),
    );
  });

  it("refuses a plain member 'Only superusers can delete prompts'; a superuser may", async () => {
    const added = await post('blueprint', tokens.admin, 'Keep me');
    const asMember = await call('DELETE', `/api/prompts/${added._id}`, tokens.member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual(forbidden('Only superusers can delete prompts'));
    const asPending = await call('DELETE', `/api/prompts/${added._id}`, tokens.pending);
    expect(asPending.statusCode).toBe(403);
    expect(await history('blueprint', tokens.admin)).toEqual([added]);
    expect((await call('DELETE', `/api/prompts/${added._id}`, tokens.superuser)).statusCode).toBe(
      200,
    );
    expect(await history('blueprint', tokens.admin)).toEqual([]);
  });

  it('answers 404 for a missing or already deleted id and 400 for a malformed one', async () => {
    const missing = await call('DELETE', `/api/prompts/${randomUUID()}`, tokens.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(notFound);
    const added = await post('blueprint', tokens.admin, 'Once');
    expect((await call('DELETE', `/api/prompts/${added._id}`, tokens.admin)).statusCode).toBe(200);
    const again = await call('DELETE', `/api/prompts/${added._id}`, tokens.admin);
    expect(again.statusCode).toBe(404);
    const malformed = await call('DELETE', '/api/prompts/not-an-id', tokens.admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: { id: 'Prompt not found.' } });
  });
});

describe('the product default (?scope=default)', () => {
  it('is edited, listed and deleted by superusers, and used by shops without their own version', async () => {
    const shopVersion = await post('description', tokens.admin, "The shop's own");
    const added = await post(
      'description',
      tokens.superuser,
      'Product default v2',
      '?scope=default',
    );
    expect(
      await t.app.db
        .select({ organizationId: prompts.organizationId })
        .from(prompts)
        .where(eq(prompts.id, added._id)),
    ).toEqual([{ organizationId: null }]);
    expect(await current('description', tokens.superuser, '?scope=default')).toEqual({
      kind: 'description',
      promptText: 'Product default v2',
      prompt: added,
      source: 'default',
    });
    expect(await history('description', tokens.superuser, '?scope=default')).toEqual([added]);
    // The default is not the shop's history, and the shop keeps its own version.
    expect(await history('description', tokens.admin)).toEqual([shopVersion]);
    expect((await current('description', tokens.member)).promptText).toBe("The shop's own");
    // A shop without a version of its own uses the product default.
    expect(await current('description', tokens.otherAdmin)).toEqual({
      kind: 'description',
      promptText: 'Product default v2',
      prompt: added,
      source: 'default',
    });
    // Deleting the shop's version falls back to the product default, not the shipped text.
    await call('DELETE', `/api/prompts/${shopVersion._id}`, tokens.admin);
    expect(await current('description', tokens.member)).toMatchObject({
      promptText: 'Product default v2',
      source: 'default',
    });
    expect(await currentPrompt(t.app.db, shop.organizationId, 'description')).toBe(
      'Product default v2',
    );
    const removed = await call('DELETE', `/api/prompts/${added._id}`, tokens.superuser);
    expect(removed.statusCode).toBe(200);
    expect((await current('description', tokens.otherAdmin)).promptText).toBe(
      shippedPrompt('description'),
    );
  });

  it('refuses admins, the owner account and members, whatever the call', async () => {
    const message = 'Only superusers can change or view the product default prompts.';
    for (const token of [tokens.admin, tokens.owner, tokens.member]) {
      for (const [method, url, payload] of [
        ['POST', '/api/prompts/blueprint?scope=default', { promptText: 'Hijack' }],
        ['GET', '/api/prompts/blueprint/history?scope=default', undefined],
        ['GET', '/api/prompts/blueprint?scope=default', undefined],
      ] as const) {
        const response = await call(method, url, token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual(forbidden(message));
      }
    }
    const productDefault = await post('blueprint', tokens.superuser, 'Default', '?scope=default');
    for (const token of [tokens.admin, tokens.owner, tokens.member, tokens.otherAdmin]) {
      const response = await call('DELETE', `/api/prompts/${productDefault._id}`, token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(forbidden('Only superusers can delete prompts'));
    }
    expect(
      await t.app.db
        .select({ promptText: prompts.promptText })
        .from(prompts)
        .where(and(isNull(prompts.organizationId), eq(prompts.kind, 'blueprint'))),
    ).toEqual([{ promptText: 'Default' }]);
  });
});

describe('organization isolation', () => {
  it("never shows, lists, overwrites or deletes another shop's versions", async () => {
    const secret = await post('description', tokens.admin, 'Secret feeds of the first shop');
    // Read and list: the other shop sees its own (here: the shipped text, an empty history).
    const seen = await call('GET', '/api/prompts/description', tokens.otherAdmin);
    expect(seen.body).not.toContain(secret._id);
    expect(seen.json<Current>()).toMatchObject({
      promptText: shippedPrompt('description'),
      source: 'default',
    });
    expect(await history('description', tokens.otherAdmin)).toEqual([]);
    // Posting writes the other shop's own version only.
    const theirs = await post('description', tokens.otherAdmin, 'Their own');
    expect((await current('description', tokens.member)).promptText).toBe(
      'Secret feeds of the first shop',
    );
    expect(await history('description', tokens.admin)).toEqual([secret]);
    // Deleting the first shop's id answers exactly like a missing id, for every role.
    for (const [token, id] of [
      [tokens.otherAdmin, secret._id],
      [tokens.admin, theirs._id],
      [tokens.superuser, theirs._id],
      [tokens.owner, theirs._id],
    ] as const) {
      const response = await call('DELETE', `/api/prompts/${id}`, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect(await history('description', tokens.admin)).toEqual([secret]);
    expect(await history('description', tokens.otherAdmin)).toEqual([theirs]);
  });
});
