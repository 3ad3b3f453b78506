import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  sessionLifetimeSeconds,
  signSessionToken,
  verifySessionToken,
} from '#server/accounts/session-tokens';

const secret = new TextEncoder().encode('s'.repeat(40));
const user = {
  id: '6f1c3a9e-1111-4222-8333-944455556666',
  email: 'ada@shop.test',
  roles: ['admin'],
  sessionVersion: 3,
};

describe('session tokens', () => {
  it('carry the spec claims with exp in seconds, 12 hours ahead', async () => {
    const now = 1_800_000_000;
    const { token, tokenId, expiresAt } = await signSessionToken(secret, user, now);
    expect(expiresAt).toBe(now + sessionLifetimeSeconds);
    expect(sessionLifetimeSeconds).toBe(12 * 3600);
    expect(decodeJwt(token)).toMatchObject({
      userId: user.id,
      email: user.email,
      roles: ['admin'],
      exp: now + 12 * 3600,
      iat: now,
      jti: tokenId,
      sub: user.id,
      sv: 3,
    });
  });

  it('verify with the same secret', async () => {
    const { token, tokenId, expiresAt } = await signSessionToken(secret, user);
    expect(await verifySessionToken(secret, token)).toEqual({
      userId: user.id,
      tokenId,
      expiresAt,
      sessionVersion: 3,
    });
  });

  it('are refused when forged, altered, expired or not HS256', async () => {
    const { token } = await signSessionToken(secret, user);
    const other = new TextEncoder().encode('t'.repeat(40));
    expect(await verifySessionToken(other, token)).toBeUndefined();
    const [header, payload, signature] = token.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), roles: ['superuser'] }),
    ).toString('base64url');
    expect(await verifySessionToken(secret, `${header}.${altered}.${signature}`)).toBeUndefined();
    expect(payload).toBeDefined();

    const expired = await signSessionToken(
      secret,
      user,
      Math.floor(Date.now() / 1000) - sessionLifetimeSeconds - 10,
    );
    expect(await verifySessionToken(secret, expired.token)).toBeUndefined();

    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await verifySessionToken(secret, unsigned)).toBeUndefined();

    const hs512 = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode('s'.repeat(64)));
    expect(await verifySessionToken(secret, hs512)).toBeUndefined();
  });

  it('are refused without the session version claim', async () => {
    const token = await new SignJWT({ userId: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setJti('x')
      .setExpirationTime('1h')
      .sign(secret);
    expect(await verifySessionToken(secret, token)).toBeUndefined();
  });
});
