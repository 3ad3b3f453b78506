/**
 * The mails an account is sent with a one-time link (spec section 5): the address verification,
 * whose failure is logged and reported but never fatal, and the password reset, whose failure
 * the caller is told about.
 */
import type { FastifyBaseLogger } from 'fastify';
import { accountServerMessages } from '#contracts/accounts';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import type { Mailer } from '#server/plugins/mailer';
import type { Account } from './accounts.ts';
import { passwordResetMail, verificationMail } from './mail-templates.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';

/** What sending an account's mail needs: the tokens' database, the mailer, the app's address. */
export interface AccountMailDeps {
  db: Database;
  mailer: Mailer;
  /** The address links in mail point at (APP_URL). */
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Send a verification mail with a new 48-hour link; a failure is logged and reported, never
 * fatal to the caller.
 * @returns whether the mail was sent
 */
export async function sendVerification(
  deps: AccountMailDeps,
  account: Pick<Account, 'id' | 'email' | 'firstName'>,
): Promise<boolean> {
  const token = await issueOneTimeToken(deps.db, account.id, 'email_verification');
  try {
    await deps.mailer.send(
      verificationMail(
        account.email,
        account.firstName,
        `${deps.appUrl}/api/users/verify-email/${token}`,
      ),
    );
    return true;
  } catch (error) {
    deps.log.error({ err: error }, 'could not send the verification mail');
    return false;
  }
}

/**
 * Mail a one-hour, single-use password reset link.
 * @throws AppError 503 `internal_error` when the mail cannot be sent (the failure is logged)
 */
export async function sendPasswordReset(
  deps: AccountMailDeps,
  account: Pick<Account, 'id' | 'email' | 'firstName'>,
): Promise<void> {
  const token = await issueOneTimeToken(deps.db, account.id, 'password_reset');
  try {
    await deps.mailer.send(
      passwordResetMail(account.email, account.firstName, `${deps.appUrl}/reset-password/${token}`),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'could not send the password reset mail');
    throw new AppError(503, 'internal_error', accountServerMessages.mailFailed);
  }
}
