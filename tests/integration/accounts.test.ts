import { decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, oneTimeTokens, organizations, users } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { createSignedInUser, postJson, signupBody, verifyEmail } from '../helpers/accounts.ts';
import { createTestApp, goodPassword, uniqueEmail } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { latestLink, readOutbox } from '../helpers/outbox.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { SUPERUSER_EMAILS: 'chief@shop.test' });
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const userByEmail = async (email: string) => {
  const [user] = await t.app.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
};
const membershipOf = async (userId: string) => {
  const [row] = await t.app.db.select().from(memberships).where(eq(memberships.userId, userId));
  return row;
};

describe('POST /api/users/signup', () => {
  it('creates a new organization with the signer as its active admin and mails a verification link', async () => {
    const body = signupBody({ organization: 'Turner Precision' });
    const response = await postJson(t, '/api/users/signup', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: `Your account has been created. We sent a link to ${body.email}: open it to verify your email address, then sign in.`,
    });
    const user = await userByEmail(body.email);
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Turner',
      emailVerifiedAt: null,
      roles: [],
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await membershipOf(user!.id)).toMatchObject({ status: 'active', role: 'admin' });
    const link = await latestLink(t.config.dataDir, body.email, '/api/users/verify-email/');
    expect(link).toMatch(/^http:\/\/app\.test\/api\/users\/verify-email\/[A-Za-z0-9_-]{43}$/);
  });

  it('joins an existing organization, matched ignoring case, as a pending member', async () => {
    await postJson(t, '/api/users/signup', signupBody({ organization: 'Mill Masters' }));
    const body = signupBody({ organization: '  mill MASTERS ' });
    expect((await postJson(t, '/api/users/signup', body)).statusCode).toBe(201);
    const user = await userByEmail(body.email);
    expect(await membershipOf(user!.id)).toMatchObject({ status: 'pending', role: 'member' });
    const orgs = await t.app.db
      .select()
      .from(organizations)
      .where(eq(sql`lower(${organizations.name})`, 'mill masters'));
    expect(orgs).toHaveLength(1);
  });

  it('creates a user without an organization when none is named', async () => {
    const body = signupBody();
    expect((await postJson(t, '/api/users/signup', body)).statusCode).toBe(201);
    expect(await membershipOf((await userByEmail(body.email))!.id)).toBeUndefined();
  });

  it('grants the superuser role to SUPERUSER_EMAILS, ignoring case', async () => {
    expect(
      (await postJson(t, '/api/users/signup', signupBody({ email: 'Chief@Shop.test' }))).statusCode,
    ).toBe(201);
    expect((await userByEmail('chief@shop.test'))!.roles).toEqual(['superuser']);
  });

  it('refuses an email already registered in any letter case with 409, creating nothing', async () => {
    const body = signupBody({ organization: 'Unique Org 409' });
    await postJson(t, '/api/users/signup', body);
    const again = await postJson(t, '/api/users/signup', {
      ...signupBody({ organization: 'Another Org 409' }),
      email: body.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'An account with this email address already exists. Please sign in instead.',
      code: 'conflict',
    });
    const created = await t.app.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Another Org 409'));
    expect(created).toHaveLength(0);
  });

  it.each([
    [{ email: '' }, { email: 'Email is required.' }],
    [{ email: 'ada@shop' }, { email: 'Email is not valid.' }],
    [
      { password: 'short1!', confirmPassword: 'short1!' },
      {
        password:
          'Password must be between 8-40 characters and include at least one number and special character.',
      },
    ],
    [{ confirmPassword: 'Different1!' }, { confirmPassword: 'Passwords do not match.' }],
    [{ firstName: '  ' }, { firstName: 'First name is required.' }],
    [{ lastName: '' }, { lastName: 'Last name is required.' }],
    [
      { organization: 'x'.repeat(201) },
      { organization: 'Organization names must be at most 200 characters.' },
    ],
  ])('answers 400 with field errors for %j', async (change, errors) => {
    const body = { ...signupBody(), ...change };
    const response = await postJson(t, '/api/users/signup', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      code: 'validation_failed',
      errors,
    });
    if (body.email) expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('answers 400 to a missing body and to invalid JSON', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/users/signup' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation_failed',
      errors: { form: expect.any(String) as string },
    });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.any(String) as string,
    });
    expect(broken.body).not.toMatch(/at .*\.js/);
  });
});

describe('GET /api/users/verify-email/{token}', () => {
  it('marks the address verified once and redirects to /signin', async () => {
    const body = signupBody({ organization: 'Verify Org' });
    await postJson(t, '/api/users/signup', body);
    const first = await verifyEmail(t, body.email);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/signin?verified=1');
    expect((await userByEmail(body.email))!.emailVerifiedAt).toBeInstanceOf(Date);
    const second = await verifyEmail(t, body.email);
    expect(second.headers.location).toBe('/signin?verified=0');
  });

  it('refuses unknown, malformed and expired links', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token', '%00']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/users/verify-email/${token}`,
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/signin?verified=0');
    }
    const body = signupBody({ organization: 'Expired Verify Org' });
    await postJson(t, '/api/users/signup', body);
    const user = await userByEmail(body.email);
    await t.app.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user!.id));
    expect((await verifyEmail(t, body.email)).headers.location).toBe('/signin?verified=0');
    expect((await userByEmail(body.email))!.emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/users/signin', () => {
  it('returns a JWT with roles, email, userId and exp in seconds', async () => {
    const user = await createSignedInUser(t);
    const claims = decodeJwt(user.token);
    expect(claims).toMatchObject({ email: user.email, userId: user.userId, roles: ['admin'] });
    const lifetime = (claims.exp as number) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(12 * 3600 - 60);
    expect(lifetime).toBeLessThanOrEqual(12 * 3600);
  });

  it('accepts the email in any letter case and with spaces around it', async () => {
    const user = await createSignedInUser(t);
    const response = await postJson(t, '/api/users/signin', {
      email: `  ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('gives one 401 for a wrong password and for an unknown email', async () => {
    const user = await createSignedInUser(t);
    const wrongPassword = await postJson(t, '/api/users/signin', {
      email: user.email,
      password: 'Wrong2024!',
    });
    const unknownEmail = await postJson(t, '/api/users/signin', {
      email: uniqueEmail('ghost'),
      password: goodPassword,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toEqual({
      message: 'The email address or password is incorrect.',
      code: 'invalid_credentials',
    });
  });

  it('answers 403 not_verified before the address is verified', async () => {
    const body = signupBody({ organization: 'Unverified Org' });
    await postJson(t, '/api/users/signup', body);
    const response = await postJson(t, '/api/users/signin', {
      email: body.email,
      password: body.password,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Please verify your email address before signing in.',
      code: 'not_verified',
    });
  });

  it('answers 403 no_organization with the spec text', async () => {
    const body = signupBody();
    await postJson(t, '/api/users/signup', body);
    await verifyEmail(t, body.email);
    const response = await postJson(t, '/api/users/signin', {
      email: body.email,
      password: body.password,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message:
        'Your account is not linked to any organization. Please sign up again or contact support.',
      code: 'no_organization',
    });
  });

  it("answers 403 not_approved naming the organization's admins", async () => {
    const admin = signupBody({
      organization: 'Approval Shop',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    await postJson(t, '/api/users/signup', admin);
    const pending = signupBody({ organization: 'approval shop' });
    await postJson(t, '/api/users/signup', pending);
    await verifyEmail(t, pending.email);
    const response = await postJson(t, '/api/users/signin', {
      email: pending.email,
      password: pending.password,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message:
        'You have not been added to your organization yet. Please contact Grace Hopper so they can approve your entry into the organization.',
      code: 'not_approved',
      admins: ['Grace Hopper'],
    });
  });

  it.each([
    [{ email: '', password: 'x' }, { email: 'Email is required.' }],
    [{ email: 'nope', password: 'x' }, { email: 'Email is not a valid email address.' }],
    [{ email: 'ada@shop.test', password: '' }, { password: 'Password is required.' }],
  ])('answers 400 for %j', async (body, errors) => {
    const response = await postJson(t, '/api/users/signin', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors });
  });
});

describe('POST /api/users/join-organization', () => {
  /** A verified account that signed up without naming an organization. */
  const unlinked = async () => {
    const body = signupBody();
    await postJson(t, '/api/users/signup', body);
    await verifyEmail(t, body.email);
    return body;
  };

  it('creates a new organization with the account as its admin and signs it in', async () => {
    const body = await unlinked();
    const name = `Unlinked Shop ${uniqueEmail('org')}`;
    const response = await postJson(t, '/api/users/join-organization', {
      email: body.email,
      password: body.password,
      organization: `  ${name} `,
    });
    expect(response.statusCode).toBe(200);
    const { token, message } = response.json<{ token?: string; message: string }>();
    expect(message).toBe(`Organization ${name} created.`);
    expect(decodeJwt(token!)).toMatchObject({ email: body.email });
    const user = await userByEmail(body.email);
    expect(await membershipOf(user!.id)).toMatchObject({ status: 'active', role: 'admin' });
    // Now the ordinary sign-in works.
    const signin = await postJson(t, '/api/users/signin', {
      email: body.email,
      password: body.password,
    });
    expect(signin.statusCode).toBe(200);
  });

  it('asks to join an existing organization (any letter case) as a pending member, with no token', async () => {
    const admin = await createSignedInUser(t, { organization: `Joined Shop ${uniqueEmail('o')}` });
    const body = await unlinked();
    const response = await postJson(t, '/api/users/join-organization', {
      email: body.email,
      password: body.password,
      organization: admin.organization!.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `You asked to join ${admin.organization}. Its admin must approve you before you can sign in.`,
    });
    const user = await userByEmail(body.email);
    expect(await membershipOf(user!.id)).toMatchObject({ status: 'pending', role: 'member' });
    const signin = await postJson(t, '/api/users/signin', {
      email: body.email,
      password: body.password,
    });
    expect(signin.json()).toMatchObject({ code: 'not_approved' });
  });

  it('refuses a wrong password, an unverified address, an account already in one, and a blank name', async () => {
    const body = await unlinked();
    const join = (payload: Record<string, unknown>) =>
      postJson(t, '/api/users/join-organization', {
        email: body.email,
        password: body.password,
        organization: 'Somewhere',
        ...payload,
      });
    expect((await join({ password: 'Wrong-pass1!' })).statusCode).toBe(401);
    const blank = await join({ organization: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Organization is required.');
    const unverified = signupBody();
    await postJson(t, '/api/users/signup', unverified);
    expect(
      (
        await postJson(t, '/api/users/join-organization', {
          email: unverified.email,
          password: unverified.password,
          organization: 'Somewhere',
        })
      ).json(),
    ).toMatchObject({ code: 'not_verified' });
    const admin = await createSignedInUser(t);
    const again = await postJson(t, '/api/users/join-organization', {
      email: admin.email,
      password: admin.password,
      organization: 'Another Shop',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message:
        'Your account already belongs to an organization. Sign in, or ask its admin to approve you.',
    });
    // Nothing was half-written: the unlinked account is still in no organization.
    expect(await membershipOf((await userByEmail(body.email))!.id)).toBeUndefined();
  });
});

describe('POST /api/users/resend-verification', () => {
  it('sends a new link that replaces the older one', async () => {
    const body = signupBody({ organization: 'Resend Org' });
    await postJson(t, '/api/users/signup', body);
    const oldLink = await latestLink(t.config.dataDir, body.email, '/verify-email/');
    const response = await postJson(t, '/api/users/resend-verification', { email: body.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `If ${body.email} belongs to an account that is not verified yet, a new verification link has been sent to it.`,
    });
    const newLink = await latestLink(t.config.dataDir, body.email, '/verify-email/');
    expect(newLink).not.toBe(oldLink);
    const old = await t.app.inject({ method: 'GET', url: new URL(oldLink).pathname });
    expect(old.headers.location).toBe('/signin?verified=0');
    const current = await t.app.inject({ method: 'GET', url: new URL(newLink).pathname });
    expect(current.headers.location).toBe('/signin?verified=1');
  });

  it('answers the same for unknown and verified addresses, and mails nothing', async () => {
    const verified = await createSignedInUser(t);
    const before = (await readOutbox(t.config.dataDir)).length;
    const ghost = uniqueEmail('ghost');
    const forGhost = await postJson(t, '/api/users/resend-verification', { email: ghost });
    const forVerified = await postJson(t, '/api/users/resend-verification', {
      email: verified.email,
    });
    expect(forGhost.statusCode).toBe(200);
    expect(forVerified.statusCode).toBe(200);
    expect(forGhost.json<{ message: string }>().message).toContain(ghost);
    expect((await readOutbox(t.config.dataDir)).length).toBe(before);
  });

  it('validates the email', async () => {
    const response = await postJson(t, '/api/users/resend-verification', { email: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { email: 'Email is not valid.' } });
  });
});
