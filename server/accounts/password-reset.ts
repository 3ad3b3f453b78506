/**
 * A password reset through the mailed link (spec section 5, "Reset password"): the link is used
 * once, the new password ends every session and every older link, in one transaction.
 */
import { accountServerMessages } from '#contracts/accounts';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { consumeOneTimeToken, endUnusedTokens } from './one-time-tokens.ts';
import { setPasswordFromLink } from './users.ts';

/**
 * Set the password hash of the user the reset link `token` was mailed to.
 * @throws AppError 400 `token_invalid` when the link is unknown, used or expired
 */
export async function resetPassword(
  db: Database,
  token: string,
  passwordHash: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'password_reset');
    if (!userId) throw new AppError(400, 'token_invalid', accountServerMessages.resetTokenInvalid);
    const now = new Date();
    await setPasswordFromLink(tx, userId, passwordHash, now);
    await endUnusedTokens(tx, userId, now);
  });
}
