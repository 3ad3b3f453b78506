import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/database';
import { accountRateLimits } from '#server/routes/users/index';
import { createSignedInUser, postJson, signupBody, verifyEmail } from '../helpers/accounts.ts';
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
  const wrongPassword = 'Wrong-pass1!';
  const rateLimited = {
    message: 'Too many attempts. Please wait 15 minutes and try again.',
    code: 'rate_limited',
  };
  const signin = (app: TestApp, email: string, password: string, remoteAddress: string) =>
    post(app, '/api/users/signin', { email, password }, remoteAddress);
  const joinOrganization = (email: string, password: string, remoteAddress: string) =>
    post(
      t,
      '/api/users/join-organization',
      { email, password, organization: `Joined ${uniqueEmail('org')}` },
      remoteAddress,
    );
  /** A verified account that signed up without naming an organization. */
  const unlinkedAccount = async () => {
    const body = signupBody();
    expect((await postJson(t, '/api/users/signup', body)).statusCode).toBe(201);
    await verifyEmail(t, body.email);
    return body;
  };

  it("does not let a stranger's wrong passwords lock the owner out (OWASP ASVS 2.2.1)", async () => {
    const owner = await createSignedInUser(t);
    const { max } = accountRateLimits.signin.failuresPerEmailAndAddress;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect((await signin(t, owner.email, wrongPassword, '10.9.0.1')).statusCode).toBe(401);
    }
    // The stranger's address is refused for that email, even with the right password.
    const refused = await signin(t, owner.email.toUpperCase(), owner.password, '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner, from an address that has not failed, gets in at once.
    const ownerSignin = await signin(t, owner.email, owner.password, '10.9.0.2');
    expect(ownerSignin.statusCode).toBe(200);
    expect(ownerSignin.json<{ token: string }>().token).toEqual(expect.any(String));
    // The owner's success does not lift the stranger's block, which holds that email only.
    expect((await signin(t, owner.email, owner.password, '10.9.0.1')).statusCode).toBe(429);
    expect((await signin(t, uniqueEmail(), wrongPassword, '10.9.0.1')).statusCode).toBe(401);
  });

  it('limits every sign-in attempt per client address, whatever the email (spraying)', async () => {
    const owner = await createSignedInUser(t);
    const { max } = accountRateLimits.signin.perAddress;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect((await signin(t, uniqueEmail('spray'), goodPassword, '10.9.1.1')).statusCode).toBe(
        401,
      );
    }
    const refused = await signin(t, uniqueEmail('spray'), goodPassword, '10.9.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await signin(t, owner.email, owner.password, '10.9.1.1')).statusCode).toBe(429);
    expect(
      (await joinOrganization(uniqueEmail('spray'), goodPassword, '10.9.1.1')).statusCode,
    ).toBe(429);
    // Another address is not affected.
    expect((await signin(t, uniqueEmail('spray'), goodPassword, '10.9.1.2')).statusCode).toBe(401);
    expect((await signin(t, owner.email, owner.password, '10.9.1.2')).statusCode).toBe(200);
  });

  it("clears an email's failures from an address once its password matches there", async () => {
    const owner = await createSignedInUser(t);
    const { max } = accountRateLimits.signin.failuresPerEmailAndAddress;
    for (let attempt = 1; attempt < max; attempt += 1) {
      expect((await signin(t, owner.email, wrongPassword, '10.9.2.1')).statusCode).toBe(401);
    }
    expect((await signin(t, owner.email, owner.password, '10.9.2.1')).statusCode).toBe(200);
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect((await signin(t, owner.email, wrongPassword, '10.9.2.1')).statusCode).toBe(401);
    }
    expect((await signin(t, owner.email, owner.password, '10.9.2.1')).statusCode).toBe(429);
  });

  it('counts join-organization failures with sign-in ones', async () => {
    const account = await unlinkedAccount();
    const { max } = accountRateLimits.signin.failuresPerEmailAndAddress;
    for (let attempt = 1; attempt <= max; attempt += 1) {
      const response =
        attempt % 2 === 0
          ? await joinOrganization(account.email, wrongPassword, '10.9.3.1')
          : await signin(t, account.email, wrongPassword, '10.9.3.1');
      expect(response.statusCode).toBe(401);
    }
    const refusedJoin = await joinOrganization(account.email, account.password, '10.9.3.1');
    expect(refusedJoin.statusCode).toBe(429);
    expect(refusedJoin.json()).toEqual(rateLimited);
    expect((await signin(t, account.email, account.password, '10.9.3.1')).statusCode).toBe(429);
    // From an address that has not failed, the right password creates the organization.
    const joined = await joinOrganization(account.email, account.password, '10.9.3.2');
    expect(joined.statusCode).toBe(200);
    expect(joined.json<{ token?: string }>().token).toEqual(expect.any(String));
  });

  it('clears the failures when the password matches, even if the answer is then 403', async () => {
    const account = await unlinkedAccount();
    const { max } = accountRateLimits.signin.failuresPerEmailAndAddress;
    for (let attempt = 1; attempt < max; attempt += 1) {
      expect((await joinOrganization(account.email, wrongPassword, '10.9.4.1')).statusCode).toBe(
        401,
      );
    }
    const noOrganization = await signin(t, account.email, account.password, '10.9.4.1');
    expect(noOrganization.statusCode).toBe(403);
    expect(noOrganization.json()).toMatchObject({ code: 'no_organization' });
    for (let attempt = 1; attempt <= max; attempt += 1) {
      expect((await signin(t, account.email, wrongPassword, '10.9.4.1')).statusCode).toBe(401);
    }
    expect((await joinOrganization(account.email, wrongPassword, '10.9.4.1')).statusCode).toBe(429);
  });

  it('shares sign-in failures between app processes through the database', async () => {
    const second = await createTestApp(database);
    try {
      const owner = await createSignedInUser(t);
      const { max } = accountRateLimits.signin.failuresPerEmailAndAddress;
      for (let attempt = 1; attempt <= max; attempt += 1) {
        const app = attempt % 2 === 0 ? second : t;
        expect((await signin(app, owner.email, wrongPassword, '10.9.5.1')).statusCode).toBe(401);
      }
      expect((await signin(t, owner.email, owner.password, '10.9.5.1')).statusCode).toBe(429);
      expect((await signin(second, owner.email, owner.password, '10.9.5.1')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('counts behind a load balancer on the client address it forwards (TRUST_PROXY)', async () => {
    const balancer = '10.9.6.1';
    const behind = await createTestApp(database, { TRUST_PROXY: balancer });
    try {
      const owner = await createSignedInUser(t);
      const viaBalancer = (password: string, client: string) =>
        behind.app.inject({
          method: 'POST',
          url: '/api/users/signin',
          payload: { email: owner.email, password },
          remoteAddress: balancer,
          headers: { 'x-forwarded-for': client },
        });
      const { max } = accountRateLimits.signin.failuresPerEmailAndAddress;
      for (let attempt = 1; attempt <= max; attempt += 1) {
        expect((await viaBalancer(wrongPassword, '203.0.113.7')).statusCode).toBe(401);
      }
      expect((await viaBalancer(owner.password, '203.0.113.7')).statusCode).toBe(429);
      // The owner comes through the same balancer from another address.
      expect((await viaBalancer(owner.password, '198.51.100.4')).statusCode).toBe(200);
      // Without TRUST_PROXY the header is not believed: a client cannot pick its address.
      for (let attempt = 1; attempt <= max; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/users/signin',
          payload: { email: owner.email, password: wrongPassword },
          remoteAddress: '10.9.6.2',
          headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
        });
        expect(response.statusCode).toBe(401);
      }
      expect((await signin(t, owner.email, owner.password, '10.9.6.2')).statusCode).toBe(429);
    } finally {
      await behind.close();
    }
  });

  it('with TRUST_PROXY as a hop count, counts the address the last proxy saw, not what a client wrote', async () => {
    const behind = await createTestApp(database, { TRUST_PROXY: '1' });
    try {
      const owner = await createSignedInUser(t);
      // The client writes an address of its own choosing first; the one proxy appends the
      // address it saw the request come from.
      const viaProxy = (password: string, written: string, seen: string) =>
        behind.app.inject({
          method: 'POST',
          url: '/api/users/signin',
          payload: { email: owner.email, password },
          remoteAddress: '10.9.7.1',
          headers: { 'x-forwarded-for': `${written}, ${seen}` },
        });
      const { max } = accountRateLimits.signin.failuresPerEmailAndAddress;
      for (let attempt = 1; attempt <= max; attempt += 1) {
        const response = await viaProxy(wrongPassword, `198.51.100.${attempt}`, '203.0.113.9');
        expect(response.statusCode).toBe(401);
      }
      expect((await viaProxy(owner.password, '198.51.100.99', '203.0.113.9')).statusCode).toBe(429);
      expect((await viaProxy(owner.password, '203.0.113.9', '203.0.113.10')).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
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
