import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { createSignedInUser } from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { SUPERUSER_EMAILS: 'owner@profile.test' });
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const call = (
  method: 'GET' | 'PUT',
  url: string,
  token: string | undefined,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

describe('GET /api/profile', () => {
  it('returns the user with names, roles and organization', async () => {
    const user = await createSignedInUser(t, {
      organization: 'Profile Shop',
      firstName: 'Ada',
      lastName: 'Turner',
    });
    const response = await call('GET', '/api/profile', user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        _id: user.userId,
        email: user.email,
        firstName: 'Ada',
        lastName: 'Turner',
        roles: ['admin'],
        organization: { _id: expect.any(String) as string, name: 'Profile Shop' },
        membershipStatus: 'active',
      },
    });
  });

  it('reads roles from the database, not from the token, as soon as a change is heard', async () => {
    const user = await createSignedInUser(t, { email: 'owner@profile.test' });
    expect((await call('GET', '/api/profile', user.token)).json()).toMatchObject({
      user: { roles: ['superuser', 'admin'] },
    });
    await t.app.db
      .update(memberships)
      .set({ role: 'member' })
      .where(eq(memberships.userId, user.userId));
    await t.app.changesHeard();
    expect((await call('GET', '/api/profile', user.token)).json()).toMatchObject({
      user: { roles: ['superuser'] },
    });
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/profile', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/api/profile/u', undefined)).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/profile', undefined, { firstName: 'A', lastName: 'B' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/profile/u', () => {
  it('returns userId and email', async () => {
    const user = await createSignedInUser(t);
    expect((await call('GET', '/api/profile/u', user.token)).json()).toEqual({
      userId: user.userId,
      email: user.email,
    });
  });
});

describe('PUT /api/profile', () => {
  it('changes first and last name, trimmed', async () => {
    const user = await createSignedInUser(t);
    const response = await call('PUT', '/api/profile', user.token, {
      firstName: ' Grace ',
      lastName: 'Hopper ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { firstName: 'Grace', lastName: 'Hopper', email: user.email },
    });
    expect((await call('GET', '/api/profile', user.token)).json()).toMatchObject({
      user: { firstName: 'Grace', lastName: 'Hopper' },
    });
  });

  it('refuses blank or over-long names and keeps the old ones', async () => {
    const user = await createSignedInUser(t, { firstName: 'Kept', lastName: 'Name' });
    const blank = await call('PUT', '/api/profile', user.token, { firstName: ' ', lastName: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      code: 'validation_failed',
      errors: { firstName: 'First name is required.', lastName: 'Last name is required.' },
    });
    const long = await call('PUT', '/api/profile', user.token, {
      firstName: 'x'.repeat(101),
      lastName: 'Ok',
    });
    expect(long.statusCode).toBe(400);
    expect((await call('GET', '/api/profile', user.token)).json()).toMatchObject({
      user: { firstName: 'Kept', lastName: 'Name' },
    });
  });

  it('ignores fields other than the names', async () => {
    const user = await createSignedInUser(t);
    const response = await call('PUT', '/api/profile', user.token, {
      firstName: 'Ada',
      lastName: 'Turner',
      email: 'hijack@shop.test',
      roles: ['superuser'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { email: user.email, roles: ['admin'] } });
  });
});
