import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { accountRateLimits } from '#server/routes/users/index';
import { createTestApp, goodPassword, uniqueEmail } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const post = (app: TestApp, url: string, payload: Record<string, unknown>, remoteAddress: string) =>
  app.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('rate limits on the accounts endpoints', () => {
  it('limits sign-in attempts per email address, across client addresses', async () => {
    const email = uniqueEmail('target');
    const { max } = accountRateLimits.signin.perEmail;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      const response = await post(
        t,
        '/api/users/signin',
        { email, password: goodPassword },
        `10.1.0.${attempt}`,
      );
      expect(response.statusCode).toBe(401);
    }
    const refused = await post(
      t,
      '/api/users/signin',
      { email: email.toUpperCase(), password: goodPassword },
      '10.1.1.1',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many attempts. Please wait 15 minutes and try again.',
      code: 'rate_limited',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const otherEmail = await post(
      t,
      '/api/users/signin',
      { email: uniqueEmail(), password: goodPassword },
      '10.1.1.1',
    );
    expect(otherEmail.statusCode).toBe(401);
  });

  it('limits forgot-password requests per client address, whatever the email', async () => {
    const { max } = accountRateLimits.forgotPassword.perAddress;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect(
        (await post(t, '/api/users/forgot-password', { email: uniqueEmail() }, '10.2.0.1'))
          .statusCode,
      ).toBe(404);
    }
    const refused = await post(
      t,
      '/api/users/forgot-password',
      { email: uniqueEmail() },
      '10.2.0.1',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(
      'Too many attempts. Please wait 1 hour and try again.',
    );
    expect(
      (await post(t, '/api/users/forgot-password', { email: uniqueEmail() }, '10.2.0.2'))
        .statusCode,
    ).toBe(404);
  });

  it('limits resend-verification per email address', async () => {
    const email = uniqueEmail('resend');
    const { max } = accountRateLimits.resendVerification.perEmail;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect(
        (await post(t, '/api/users/resend-verification', { email }, `10.3.0.${attempt}`))
          .statusCode,
      ).toBe(200);
    }
    expect(
      (await post(t, '/api/users/resend-verification', { email }, '10.3.1.1')).statusCode,
    ).toBe(429);
  });

  it('limits sign-ups per email address', async () => {
    const email = uniqueEmail('signup');
    const { max } = accountRateLimits.signup.perEmail;
    const body = {
      email,
      firstName: 'A',
      lastName: 'B',
      password: goodPassword,
      confirmPassword: goodPassword,
    };
    const codes: number[] = [];
    for (let attempt = 1; attempt <= max + 1; attempt += 1) {
      codes.push((await post(t, '/api/users/signup', body, `10.4.0.${attempt}`)).statusCode);
    }
    expect(codes).toEqual([201, ...Array<number>(max - 1).fill(409), 429]);
  });

  it('shares counters between app processes through the database', async () => {
    const second = await createTestApp(database);
    try {
      const address = '10.5.0.1';
      const { max } = accountRateLimits.resendVerification.perAddress;
      for (let attempt = 1; attempt <= max; attempt += 1) {
        const app = attempt % 2 === 0 ? second : t;
        expect(
          (await post(app, '/api/users/resend-verification', { email: uniqueEmail() }, address))
            .statusCode,
        ).toBe(200);
      }
      expect(
        (await post(second, '/api/users/resend-verification', { email: uniqueEmail() }, address))
          .statusCode,
      ).toBe(429);
      expect(
        (await post(t, '/api/users/resend-verification', { email: uniqueEmail() }, address))
          .statusCode,
      ).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('does not count requests that fail validation', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect(
        (await post(t, '/api/users/forgot-password', { email: 'not-an-email' }, '10.6.0.1'))
          .statusCode,
      ).toBe(400);
    }
    expect(
      (await post(t, '/api/users/forgot-password', { email: uniqueEmail() }, '10.6.0.1'))
        .statusCode,
    ).toBe(404);
  });
});
