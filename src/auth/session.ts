/**
 * Login state (spec section 4): one localStorage key holds the session token. Signed in means the
 * token exists, decodes, and its `exp` (seconds) is in the future. An undecodable token is removed.
 * The state is re-read when localStorage changes, in this tab or another.
 */
import { decodeJwt } from 'jose/jwt/decode';
import { readSessionClaims } from '#contracts/session-claims';
import type { SessionClaims } from '#contracts/session-claims';

export const TOKEN_STORAGE_KEY = 'qbot.token';

export interface Session extends SessionClaims {
  token: string;
}

const changeEvent = 'qbot:session-changed';

/**
 * Decode a token without checking its signature (the server checks it on every call).
 * @returns the claims, or undefined when the token is not a JWT with the session's claims
 */
export function decodeSessionToken(token: string): SessionClaims | undefined {
  try {
    return readSessionClaims(decodeJwt(token));
  } catch {
    return undefined;
  }
}

/** True while `exp` (seconds) is after `nowMs` (milliseconds). */
export const isUnexpired = (
  claims: Pick<SessionClaims, 'exp'>,
  nowMs: number = Date.now(),
): boolean => claims.exp * 1000 > nowMs;

let cached: { token: string | null; session: Session | null } = { token: null, session: null };

/** The current session, or null when signed out. Returns the same object while nothing changed. */
export function readSession(nowMs: number = Date.now()): Session | null {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token !== cached.token) {
    const claims = token ? decodeSessionToken(token) : undefined;
    if (token && !claims) localStorage.removeItem(TOKEN_STORAGE_KEY);
    cached = {
      token: claims ? token : null,
      session: claims && token ? { ...claims, token } : null,
    };
  }
  if (cached.session && !isUnexpired(cached.session, nowMs)) return null;
  return cached.session;
}

export const isSignedIn = (): boolean => readSession() !== null;

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  window.dispatchEvent(new Event(changeEvent));
}

/**
 * Forget the token. `notify: false` is for a page that is leaving (logout): telling this tab
 * would make protected pages redirect to /signin and cancel the navigation already under way.
 * Other tabs always hear of it through the storage event.
 */
export function removeToken(options: { notify?: boolean } = {}): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  if (options.notify !== false) window.dispatchEvent(new Event(changeEvent));
}

/**
 * Call `listener` whenever the login state may have changed: a storage event from another tab,
 * a change in this tab, or the token's expiry passing.
 */
export function subscribeToSession(listener: () => void): () => void {
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  const armExpiryTimer = () => {
    clearTimeout(expiryTimer);
    const session = readSession();
    if (session) {
      const delay = Math.min(session.exp * 1000 - Date.now() + 50, 2 ** 31 - 1);
      expiryTimer = setTimeout(onChange, Math.max(0, delay));
    }
  };
  const onChange = () => {
    armExpiryTimer();
    listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(changeEvent, onChange);
  armExpiryTimer();
  return () => {
    clearTimeout(expiryTimer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(changeEvent, onChange);
  };
}
