import { describe, expect, it } from 'vitest';
import { readSessionClaims } from '#contracts/session-claims';

const claims = { userId: 'u-1', email: 'ada@shop.test', roles: ['admin'], exp: 1_900_000_000 };

describe('readSessionClaims', () => {
  it('keeps the four claims the UI uses and drops the others', () => {
    expect(
      readSessionClaims({ ...claims, sub: 'u-1', jti: 't-1', iat: 1_899_000_000, sv: 2 }),
    ).toEqual(claims);
  });

  it.each([
    ['no payload', null],
    ['a string', 'claims'],
    ['no userId', { ...claims, userId: undefined }],
    ['a numeric email', { ...claims, email: 42 }],
    ['roles that are not a list', { ...claims, roles: 'admin' }],
    ['a role that is not text', { ...claims, roles: ['admin', 1] }],
    ['exp as text', { ...claims, exp: '1900000000' }],
    ['exp not finite', { ...claims, exp: Number.POSITIVE_INFINITY }],
  ])('refuses %s', (_case, payload) => {
    expect(readSessionClaims(payload)).toBeUndefined();
  });
});
