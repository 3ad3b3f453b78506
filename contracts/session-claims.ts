/**
 * The session token's claims as the browser reads them. The server signs the token
 * (`server/accounts/session-tokens.ts`) and checks it on every call; the browser only decodes it
 * to know who is signed in until when. Plain checks with no schema library: every page reads the
 * session before it draws, so this runs on the first page a visitor opens, which loads no zod
 * (docs/decisions/028-signin-bundle.md).
 */

/**
 * The claims the UI uses. `exp` is seconds since the epoch. The roles only drive the UI: the
 * server reads the user's roles from the database.
 */
export interface SessionClaims {
  userId: string;
  email: string;
  roles: string[];
  exp: number;
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The session claims of a decoded JWT payload, without its other claims (`sub`, `jti`, `iat`,
 * `sv`).
 * @returns the claims, or undefined when one is missing or of the wrong type
 */
export function readSessionClaims(payload: unknown): SessionClaims | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { userId, email, roles, exp } = payload as Record<string, unknown>;
  if (typeof userId !== 'string' || typeof email !== 'string' || !isFiniteNumber(exp))
    return undefined;
  if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) return undefined;
  return { userId, email, roles, exp };
}
