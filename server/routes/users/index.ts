/**
 * Accounts API, mounted at /api/users (spec section 7, "Accounts"; error texts from section 8).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccountByEmail } from '#server/accounts/accounts';
import type { Account } from '#server/accounts/accounts';
import { sendPasswordReset, sendVerification } from '#server/accounts/account-mail';
import { consumeOneTimeToken } from '#server/accounts/one-time-tokens';
import { organizationAdminNames } from '#server/accounts/organizations';
import { hashPassword, verifyPassword } from '#server/accounts/passwords';
import { resetPassword } from '#server/accounts/password-reset';
import { createAccount, joinOrganization } from '#server/accounts/signup';
import { markEmailVerified } from '#server/accounts/users';
import {
  accountMessages,
  accountServerMessages,
  emailBodySchema,
  joinOrganizationBodySchema,
  joinOrganizationResponseSchema,
  oneTimeTokenParamsSchema,
  oneTimeTokenPattern,
  resetPasswordBodySchema,
  signinBodySchema,
  signupBodySchema,
  tokenResponseSchema,
  verifyEmailParamsSchema,
} from '#contracts/accounts';
import { apiErrorSchema, messageResponseSchema } from '#contracts/errors';
import { AppError } from '#server/errors';
import { requireAuth } from '#server/plugins/auth';
import type {
  AttemptLimits,
  CountedRequest,
  PasswordAttemptLimits,
} from '#server/plugins/rate-limit';

const minute = 60_000;
const hour = 60 * minute;

/**
 * Attempts allowed (docs/decisions/004-rate-limits-and-mail.md): generous for a shop behind one
 * address, tight enough to stop password guessing and mail floods. `signin` (also counting
 * join-organization, which checks a password too) limits every attempt per client address and
 * failures per email and client address, so a stranger's wrong passwords never lock the owner
 * out (OWASP ASVS 2.2.1); the mail-sending actions limit attempts per address and per email.
 */
export const accountRateLimits = {
  signin: {
    perAddress: { max: 60, timeWindowMs: 15 * minute },
    failuresPerEmailAndAddress: { max: 10, timeWindowMs: 15 * minute },
  },
  signup: { perAddress: { max: 20, timeWindowMs: hour }, perEmail: { max: 5, timeWindowMs: hour } },
  forgotPassword: {
    perAddress: { max: 20, timeWindowMs: hour },
    perEmail: { max: 5, timeWindowMs: hour },
  },
  resendVerification: {
    perAddress: { max: 20, timeWindowMs: hour },
    perEmail: { max: 5, timeWindowMs: hour },
  },
} satisfies {
  signin: PasswordAttemptLimits;
  signup: AttemptLimits;
  forgotPassword: AttemptLimits;
  resendVerification: AttemptLimits;
};

const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl, superuserEmails } = app.config;
  const mail = { db: app.db, mailer: app.mailer, appUrl, log: app.log };

  // Sign-in and join-organization check a password: they share these counters.
  const signinAttempts = app.limitPasswordAttempts('signin', accountRateLimits.signin);

  /**
   * The account the body's credentials open, once its address is verified. The attempt was
   * counted as a failure of the email from the client's address; a right password clears them.
   * @throws AppError 401 `invalid_credentials` (one answer for an unknown address and a wrong
   *   password), 403 `not_verified`
   */
  async function verifiedAccount(
    request: CountedRequest & { body: { email: string; password: string } },
  ): Promise<Account> {
    const { email, password } = request.body;
    const account = await findAccountByEmail(app.db, email);
    const passwordMatches = await verifyPassword(account?.passwordHash, password);
    if (!account || !passwordMatches) {
      throw new AppError(401, 'invalid_credentials', accountServerMessages.invalidCredentials);
    }
    await signinAttempts.clearFailures(request);
    if (!account.emailVerifiedAt) {
      throw new AppError(403, 'not_verified', accountServerMessages.notVerified);
    }
    return account;
  }

  app.post(
    '/signup',
    {
      schema: {
        summary:
          'Create an account; with an organization name, create or ask to join that organization',
        body: signupBodySchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 409, 429) },
      },
      preHandler: app.limitAttempts('signup', accountRateLimits.signup),
    },
    async (request, reply) => {
      const account = await createAccount(app.db, request.body, superuserEmails);
      const sent = await sendVerification(mail, account);
      const message = accountServerMessages.signedUp(account.email);
      return reply.code(201).send({
        message: sent ? message : `${message} ${accountServerMessages.verificationNotSent}`,
      });
    },
  );

  app.post(
    '/signin',
    {
      schema: {
        summary: 'Sign in with email and password; returns the session token',
        body: signinBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
      preHandler: signinAttempts.preHandler,
    },
    async (request) => {
      const account = await verifiedAccount(request);
      if (!account.membership) {
        throw new AppError(403, 'no_organization', accountMessages.noOrganization);
      }
      if (account.membership.status !== 'active') {
        const admins = await organizationAdminNames(app.db, account.membership.organizationId);
        throw new AppError(403, 'not_approved', accountMessages.notApproved(admins.join(', ')), {
          admins,
        });
      }
      const { token } = await app.sessions.issue(account);
      return { token };
    },
  );

  app.post(
    '/join-organization',
    {
      schema: {
        summary:
          'A verified account in no organization names one with its credentials: creates it (and signs in as its admin) or asks to join it',
        body: joinOrganizationBodySchema,
        response: {
          200: joinOrganizationResponseSchema,
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
      // The same attempts as sign-in: it checks a password.
      preHandler: signinAttempts.preHandler,
    },
    async (request) => {
      const { email, organization } = request.body;
      const account = await verifiedAccount(request);
      if (account.membership) {
        throw new AppError(409, 'conflict', accountServerMessages.alreadyInOrganization);
      }
      const linked = await joinOrganization(app.db, account.id, organization);
      if (!linked.created) return { message: accountServerMessages.joinRequested(linked.name) };
      const signedIn = await findAccountByEmail(app.db, email);
      const { token } = await app.sessions.issue(signedIn!);
      return { message: accountServerMessages.organizationCreated(linked.name), token };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'End the session: the token is refused from now on',
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponseSchema, ...errorResponses(401) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      await app.sessions.revoke(requireAuth(request));
      return { message: accountServerMessages.loggedOut };
    },
  );

  app.post(
    '/resend-verification',
    {
      schema: {
        summary: 'Send a new verification link to an unverified address',
        body: emailBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: app.limitAttempts('resend-verification', accountRateLimits.resendVerification),
    },
    async (request) => {
      const { email } = request.body;
      const account = await findAccountByEmail(app.db, email);
      // The same answer whether or not the address has an account (docs/decisions/002-accounts.md).
      if (account && !account.emailVerifiedAt) await sendVerification(mail, account);
      return { message: accountServerMessages.verificationResent(email) };
    },
  );

  app.get(
    '/verify-email/:token',
    {
      schema: {
        summary:
          'The link in the verification mail: marks the address verified, then redirects to /signin',
        params: verifyEmailParamsSchema,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const userId = oneTimeTokenPattern.test(token)
        ? await consumeOneTimeToken(app.db, token, 'email_verification')
        : undefined;
      if (userId) await markEmailVerified(app.db, userId);
      return reply.redirect(userId ? '/signin?verified=1' : '/signin?verified=0', 302);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        summary: 'Mail a one-hour, single-use password reset link',
        body: emailBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 429, 503) },
      },
      preHandler: app.limitAttempts('forgot-password', accountRateLimits.forgotPassword),
    },
    async (request) => {
      const { email } = request.body;
      const account = await findAccountByEmail(app.db, email);
      if (!account) throw new AppError(404, 'not_found', accountMessages.forgotNoUser);
      await sendPasswordReset(mail, account);
      return { message: accountServerMessages.resetLinkSent(account.email) };
    },
  );

  app.post(
    '/reset-password/:token',
    {
      schema: {
        summary: 'Set a new password with the mailed link; ends every session and every older link',
        params: oneTimeTokenParamsSchema,
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.newPassword);
      const { token } = request.params;
      if (!oneTimeTokenPattern.test(token)) {
        throw new AppError(400, 'token_invalid', accountServerMessages.resetTokenInvalid);
      }
      await resetPassword(app.db, token, passwordHash);
      return { message: accountServerMessages.resetDone };
    },
  );
};

export default usersRoutes;
