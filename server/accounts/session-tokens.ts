import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** A session lasts one long shift: 12 hours (docs/decisions/003-sessions.md). */
export const sessionLifetimeSeconds = 12 * 60 * 60;

export interface IssuedSessionToken {
  token: string;
  tokenId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** What a valid session token says; the server trusts only `userId`, `tokenId` and `sessionVersion`. */
export interface VerifiedSessionToken {
  userId: string;
  tokenId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  sessionVersion: number;
}

/**
 * Sign a session JWT (HS256) whose payload has the spec's `roles`, `email`, `userId` and `exp`
 * (seconds), plus `jti` for revocation and `sv`, the user's session version.
 */
export async function signSessionToken(
  secret: Uint8Array,
  user: { id: string; email: string; roles: string[]; sessionVersion: number },
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Promise<IssuedSessionToken> {
  const tokenId = randomUUID();
  const expiresAt = nowSeconds + sessionLifetimeSeconds;
  const token = await new SignJWT({
    userId: user.id,
    email: user.email,
    roles: user.roles,
    sv: user.sessionVersion,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setJti(tokenId)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, tokenId, expiresAt };
}

/**
 * Verify a session JWT's signature (HS256 only) and expiry.
 *
 * @returns the session's identity, or undefined for a token that is malformed, forged,
 *   expired or missing a claim
 */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
): Promise<VerifiedSessionToken | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const { sub, jti, exp, sv } = payload;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number')
      return undefined;
    if (typeof sv !== 'number') return undefined;
    return { userId: sub, tokenId: jti, expiresAt: exp, sessionVersion: sv };
  } catch {
    return undefined;
  }
}
