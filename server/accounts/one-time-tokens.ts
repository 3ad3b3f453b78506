/**
 * The one-time tokens repository (`one_time_tokens`): the single-use links mailed for email
 * verification and password resets, stored as SHA-256 hashes only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { oneTimeTokens } from '#db/schema';
import type { Executor } from '#server/database';

export type OneTimeTokenPurpose = 'email_verification' | 'password_reset';

/** How long a mailed link works, in milliseconds. */
export const oneTimeTokenLifetimeMs: Record<OneTimeTokenPurpose, number> = {
  email_verification: 48 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

const sha256 = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Create a one-time token for a user, ending every earlier unused token of the same purpose.
 *
 * @returns the token to put in the link (32 random bytes, base64url); only its SHA-256 is stored
 */
export async function issueOneTimeToken(
  db: Executor,
  userId: string,
  purpose: OneTimeTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + oneTimeTokenLifetimeMs[purpose]),
  });
  return token;
}

/**
 * Use a token once: marks it used and returns its user's id, or undefined when the token is
 * unknown, of another purpose, already used or expired. Safe against two concurrent uses: the
 * update only matches an unused row.
 */
export async function consumeOneTimeToken(
  db: Executor,
  token: string,
  purpose: OneTimeTokenPurpose,
): Promise<string | undefined> {
  const now = new Date();
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/**
 * End every unused token of the user, whatever its purpose, marking it used at `at` (a password
 * reset ends every older link).
 * @throws only the driver's errors
 */
export async function endUnusedTokens(db: Executor, userId: string, at: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
}
