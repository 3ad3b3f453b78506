import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq, lt } from 'drizzle-orm';
import { revokedSessions } from '#db/schema';
import { findAccountById } from '#server/accounts/accounts';
import type { Account } from '#server/accounts/accounts';
import { loadJwtSecret } from '#server/accounts/jwt-secret';
import { signSessionToken, verifySessionToken } from '#server/accounts/session-tokens';
import type { IssuedSessionToken } from '#server/accounts/session-tokens';
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
 * Session tokens: HS256 JWTs (jose) checked on every request against the database, so a logout,
 * a password reset, a removal from the organization or a role change takes effect at once.
 */
async function authPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const secret = await loadJwtSecret(options.config);

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
    const session = await verifySessionToken(secret, match[1]);
    if (!session) throw new AppError(401, 'session_expired', apiMessages.sessionExpired);
    const [account, revoked] = await Promise.all([
      findAccountById(app.db, session.userId),
      app.db
        .select({ tokenId: revokedSessions.tokenId })
        .from(revokedSessions)
        .where(eq(revokedSessions.tokenId, session.tokenId))
        .limit(1),
    ]);
    if (!account || revoked.length > 0 || account.sessionVersion !== session.sessionVersion) {
      throw new AppError(401, 'session_expired', apiMessages.sessionExpired);
    }
    request.auth = { account, tokenId: session.tokenId, expiresAt: session.expiresAt };
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
  dependencies: ['database', 'errors'],
});
