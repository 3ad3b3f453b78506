import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, revokedSessions, users } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import { createSignedInUser, postJson } from '../helpers/accounts.ts';
import { createTestApp, uniqueEmail } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { latestLink } from '../helpers/outbox.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { JWT_SECRET: 'integration-secret-that-is-long-enough!' });
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const profile = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/profile',
    headers: { authorization: `Bearer ${token}` },
  });

const resetTokenFrom = async (email: string) =>
  new URL(await latestLink(t.config.dataDir, email, '/reset-password/')).pathname.split('/').pop()!;

describe('POST /api/users/forgot-password', () => {
  it('answers 404 with the spec text for an unknown email', async () => {
    const response = await postJson(t, '/api/users/forgot-password', {
      email: uniqueEmail('ghost'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No user found with that email address.',
      code: 'not_found',
    });
  });

  it('mails a one-hour reset link to the UI page', async () => {
    const user = await createSignedInUser(t);
    const response = await postJson(t, '/api/users/forgot-password', {
      email: user.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `A link to reset your password has been sent to ${user.email}. It is valid for one hour.`,
    });
    const link = await latestLink(t.config.dataDir, user.email, '/reset-password/');
    expect(link).toMatch(/^http:\/\/app\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const lifetime = (
      await t.app.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.userId))
    )
      .filter((token) => token.purpose === 'password_reset')
      .map((token) => token.expiresAt.getTime() - token.createdAt.getTime());
    expect(lifetime).toEqual([3_600_000]);
    // Only the hash is stored.
    const stored = await t.app.db.select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens);
    expect(stored.map((s) => s.hash)).not.toContain(link.split('/').pop());
  });
});

describe('POST /api/users/reset-password/{token}', () => {
  it('sets the new password, once, and ends every earlier session', async () => {
    const user = await createSignedInUser(t);
    await postJson(t, '/api/users/forgot-password', { email: user.email });
    const token = await resetTokenFrom(user.email);
    const response = await postJson(t, `/api/users/reset-password/${token}`, {
      newPassword: 'NewLathe2025!',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your password has been reset. Please sign in with your new password.',
    });

    expect(
      (await postJson(t, '/api/users/signin', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await postJson(t, '/api/users/signin', { email: user.email, password: 'NewLathe2025!' }))
        .statusCode,
    ).toBe(200);
    expect((await profile(user.token)).statusCode).toBe(401);

    const again = await postJson(t, `/api/users/reset-password/${token}`, {
      newPassword: 'Another2025!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This password reset link is invalid, has expired or has already been used.',
      code: 'token_invalid',
    });
  });

  it('ends older links when a newer one is sent', async () => {
    const user = await createSignedInUser(t);
    await postJson(t, '/api/users/forgot-password', { email: user.email });
    const older = await resetTokenFrom(user.email);
    await postJson(t, '/api/users/forgot-password', { email: user.email });
    const newer = await resetTokenFrom(user.email);
    expect(
      (await postJson(t, `/api/users/reset-password/${older}`, { newPassword: 'NewLathe2025!' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await postJson(t, `/api/users/reset-password/${newer}`, { newPassword: 'NewLathe2025!' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const user = await createSignedInUser(t);
    await postJson(t, '/api/users/forgot-password', { email: user.email });
    const token = await resetTokenFrom(user.email);
    await t.app.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.userId, user.userId));
    expect(
      (await postJson(t, `/api/users/reset-password/${token}`, { newPassword: 'NewLathe2025!' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await postJson(t, '/api/users/signin', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses unknown and malformed tokens', async () => {
    for (const token of ['B'.repeat(43), 'short']) {
      const response = await postJson(t, `/api/users/reset-password/${token}`, {
        newPassword: 'NewLathe2025!',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'token_invalid' });
    }
  });

  it('applies the password rule without using up the link', async () => {
    const user = await createSignedInUser(t);
    await postJson(t, '/api/users/forgot-password', { email: user.email });
    const token = await resetTokenFrom(user.email);
    const weak = await postJson(t, `/api/users/reset-password/${token}`, { newPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      errors: {
        newPassword:
          'Password must be between 8-40 characters and include at least one number and special character.',
      },
    });
    expect(
      (await postJson(t, `/api/users/reset-password/${token}`, { newPassword: 'Strong2025!' }))
        .statusCode,
    ).toBe(200);
  });

  it('verifies the address of a user who never opened the verification mail', async () => {
    const email = uniqueEmail('late');
    await postJson(t, '/api/users/signup', {
      email,
      firstName: 'Late',
      lastName: 'Reader',
      password: 'Lathe2024!',
      confirmPassword: 'Lathe2024!',
      organization: `Late Org ${email}`,
    });
    await postJson(t, '/api/users/forgot-password', { email });
    await postJson(t, `/api/users/reset-password/${await resetTokenFrom(email)}`, {
      newPassword: 'NewLathe2025!',
    });
    expect(
      (await postJson(t, '/api/users/signin', { email, password: 'NewLathe2025!' })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/users/logout and session tokens', () => {
  it('revokes the token: it gets 401 afterwards, and other sessions stay', async () => {
    const user = await createSignedInUser(t);
    const second = await postJson(t, '/api/users/signin', {
      email: user.email,
      password: user.password,
    });
    const otherToken = second.json<{ token: string }>().token;
    const response = await postJson(t, '/api/users/logout', {}, user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'You have been signed out.' });
    expect((await profile(user.token)).statusCode).toBe(401);
    expect((await profile(user.token)).json()).toEqual({
      message: 'Your session has ended. Please sign in again.',
      code: 'session_expired',
    });
    expect((await postJson(t, '/api/users/logout', {}, user.token)).statusCode).toBe(401);
    expect((await profile(otherToken)).statusCode).toBe(200);
    const revoked = await t.app.db
      .select()
      .from(revokedSessions)
      .where(eq(revokedSessions.userId, user.userId));
    expect(revoked).toHaveLength(1);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/users/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'Please sign in to continue.',
      code: 'unauthenticated',
    });
  });

  it('refuses forged, expired and malformed tokens, and tokens of deleted users', async () => {
    const user = await createSignedInUser(t);
    const forged = await new SignJWT({
      userId: user.userId,
      email: user.email,
      roles: ['superuser'],
      sv: 0,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.userId)
      .setJti(crypto.randomUUID())
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-of-enough-length!!'));
    const expired = await new SignJWT({ userId: user.userId, email: user.email, roles: [], sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.userId)
      .setJti(crypto.randomUUID())
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode('integration-secret-that-is-long-enough!'));
    for (const token of [forged, expired, 'garbage', `${user.token}x`]) {
      expect((await profile(token)).statusCode).toBe(401);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/profile',
          headers: { authorization: user.token },
        })
      ).statusCode,
    ).toBe(401);
    await t.app.db.delete(users).where(eq(users.id, user.userId));
    await t.app.changesHeard();
    expect((await profile(user.token)).statusCode).toBe(401);
  });
});
