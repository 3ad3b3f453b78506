import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { lt } from 'drizzle-orm';
import { revokedSessions } from '#db/schema';
import { findSessionAccount } from '#server/accounts/accounts';
import type { Account } from '#server/accounts/accounts';
import { loadJwtSecret } from '#server/accounts/jwt-secret';
import { sessionTables } from '#server/caching/read-cache';
import { signSessionToken, verifySessionToken } from '#server/accounts/session-tokens';
import type { IssuedSessionToken, VerifiedSessionToken } from '#server/accounts/session-tokens';
import type { Config } from '#server/config';
import { apiMessages } from '#contracts/errors';
import { AppError } from '#server/errors';

/** Who is calling, read from the database for this request. */
export interface AuthContext {
  account: Account;
  tokenId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless the bearer token is valid, unrevoked and its user still exists. */
    authenticate: onRequestAsyncHookHandler;
    sessions: {
      issue(
        account: Pick<Account, 'id' | 'email' | 'roles' | 'sessionVersion'>,
      ): Promise<IssuedSessionToken>;
      revoke(auth: AuthContext): Promise<void>;
    };
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes without it. */
    auth: AuthContext | null;
  }
}

/** The caller on a route guarded by `authenticate`. @throws AppError 401 when the hook did not run */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'unauthenticated', apiMessages.unauthenticated);
  return request.auth;
}

const bearerPattern = /^Bearer\s+(\S+)$/i;

/**
 * Tokens whose signature this process has checked, so a token is verified once, not on every
 * request (HMAC through WebCrypto is the dearest step of an authenticated read). The secret does
 * not change while the process runs; the expiry is checked on every use.
 */
class VerifiedTokens {
  readonly #tokens = new LRUCache<string, VerifiedSessionToken>({ max: 10_000 });

  constructor(private readonly secret: Uint8Array) {}

  /** The token's identity, or undefined when it is forged, malformed or expired. */
  async verify(token: string): Promise<VerifiedSessionToken | undefined> {
    const known = this.#tokens.get(token);
    if (known) return known.expiresAt * 1000 > Date.now() ? known : undefined;
    const session = await verifySessionToken(this.secret, token);
    if (session) this.#tokens.set(token, session);
    return session;
  }
}

/**
 * Session tokens: HS256 JWTs (jose) checked on every request against the database's state (read
 * through the read cache, which drops it the moment those tables change), so a logout, a
 * password reset, a removal from the organization or a role change takes effect at once.
 */
async function authPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  // On PostgreSQL the generated secret is shared by every app process through the database.
  const secret = await loadJwtSecret(
    options.config,
    app.databaseKind === 'postgres' ? app.db : undefined,
  );
  const verifiedTokens = new VerifiedTokens(secret);

  app.decorateRequest('auth', null);

  app.decorate('sessions', {
    issue: (account) => signSessionToken(secret, account),
    async revoke(auth) {
      await app.db
        .insert(revokedSessions)
        .values({
          tokenId: auth.tokenId,
          userId: auth.account.id,
          expiresAt: new Date(auth.expiresAt * 1000),
        })
        .onConflictDoNothing();
    },
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const match = bearerPattern.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError(401, 'unauthenticated', apiMessages.unauthenticated);
    const session = await verifiedTokens.verify(match[1]);
    if (!session) throw new AppError(401, 'session_expired', apiMessages.sessionExpired);
    // One query, kept in the read cache until a user, membership, organization or revocation
    // changes (docs/decisions/032-lean-request-path.md).
    const found = await app.readCache.read(
      `session:${session.userId}:${session.tokenId}`,
      sessionTables,
      () => findSessionAccount(app.db, session.userId, session.tokenId),
    );
    if (!found || found.revoked || found.account.sessionVersion !== session.sessionVersion) {
      throw new AppError(401, 'session_expired', apiMessages.sessionExpired);
    }
    request.auth = {
      account: found.account,
      tokenId: session.tokenId,
      expiresAt: session.expiresAt,
    };
  });

  // Revocations are only needed until the token would have expired anyway.
  const purge = () =>
    app.db
      .delete(revokedSessions)
      .where(lt(revokedSessions.expiresAt, new Date()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not purge revoked sessions'));
  const timer = setInterval(() => void purge(), 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', () => clearInterval(timer));
}

export default fp(authPlugin, {
  name: 'auth',
  fastify: '5.x',
  dependencies: ['database', 'errors', 'read-cache'],
});
