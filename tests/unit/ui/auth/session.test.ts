import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOKEN_STORAGE_KEY,
  decodeSessionToken,
  isUnexpired,
  readSession,
  removeToken,
  storeToken,
  subscribeToSession,
} from '#src/auth/session.ts';

const secret = new TextEncoder().encode('x'.repeat(32));
const nowSeconds = () => Math.floor(Date.now() / 1000);

const makeToken = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(secret);

const sessionClaims = (exp: number) => ({
  userId: 'u-1',
  email: 'ada@shop.test',
  roles: ['admin'],
  exp,
});

/** A Storage that lives in memory, as localStorage does in the browser. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('window', new EventTarget());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('decodeSessionToken', () => {
  it('reads roles, email, userId and exp (seconds)', async () => {
    const exp = nowSeconds() + 600;
    expect(decodeSessionToken(await makeToken(sessionClaims(exp)))).toEqual(sessionClaims(exp));
  });

  it('rejects text that is not a JWT, and JWTs without the session claims', async () => {
    expect(decodeSessionToken('not a token')).toBeUndefined();
    expect(decodeSessionToken('a.b.c')).toBeUndefined();
    expect(decodeSessionToken(await makeToken({ email: 'ada@shop.test' }))).toBeUndefined();
  });
});

describe('isUnexpired', () => {
  it('compares exp in seconds with the current time', () => {
    expect(isUnexpired({ exp: 1000 }, 999_999)).toBe(true);
    expect(isUnexpired({ exp: 1000 }, 1_000_000)).toBe(false);
  });
});

describe('readSession', () => {
  it('is signed out without a token', () => {
    expect(readSession()).toBeNull();
  });

  it('is signed in with a decodable, unexpired token', async () => {
    const token = await makeToken(sessionClaims(nowSeconds() + 600));
    storeToken(token);
    expect(readSession()).toMatchObject({ token, email: 'ada@shop.test', roles: ['admin'] });
    expect(readSession()).toBe(readSession());
  });

  it('is signed out once the token has expired, and keeps the token', async () => {
    const token = await makeToken(sessionClaims(nowSeconds() - 1));
    storeToken(token);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('removes an undecodable token', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('subscribeToSession', () => {
  it('tells listeners about changes in this tab and storage events from others', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    storeToken(await makeToken(sessionClaims(nowSeconds() + 600)));
    expect(listener).toHaveBeenCalledTimes(1);
    removeToken();
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(Object.assign(new Event('storage'), { key: TOKEN_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledTimes(3);
    window.dispatchEvent(Object.assign(new Event('storage'), { key: 'something-else' }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    removeToken();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('tells listeners when the token expires', async () => {
    vi.useFakeTimers();
    storeToken(await makeToken(sessionClaims(nowSeconds() + 60)));
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    expect(readSession()).not.toBeNull();
    vi.advanceTimersByTime(61_000);
    expect(listener).toHaveBeenCalled();
    expect(readSession()).toBeNull();
    unsubscribe();
  });
});
