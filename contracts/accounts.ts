/**
 * Accounts API contracts (spec section 7, "Accounts"): request bodies, responses and the
 * validation texts of spec section 5. The UI validates with the same schemas before sending; the
 * sign-in page checks the same rules with `accounts-mini.ts`.
 */
import { z } from 'zod';
import {
  accountMessages,
  accountServerMessages,
  emailMaxLength,
  emailPattern,
  organizationMaxLength,
  passwordPattern,
} from './account-rules.ts';
import { text } from './text.ts';

export { accountMessages, accountServerMessages, passwordPattern } from './account-rules.ts';

const email = (invalidMessage: string) =>
  text({ error: accountMessages.emailRequired })
    .trim()
    .min(1, accountMessages.emailRequired)
    .max(emailMaxLength, invalidMessage)
    .regex(emailPattern, invalidMessage);

export const newPasswordSchema = text({ error: accountMessages.passwordRule }).regex(
  passwordPattern,
  accountMessages.passwordRule,
);

const personName = (requiredMessage: string) =>
  text({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(100, accountServerMessages.nameTooLong);

/** What the Sign Up form checks before sending (the spec gives names no client rule). */
export const signupFormSchema = z
  .object({
    email: email(accountMessages.emailNotValid),
    password: newPasswordSchema,
    confirmPassword: text({ error: accountMessages.passwordsDoNotMatch }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: accountMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** POST /api/users/signup body: the form's rules plus required names on the server. */
export const signupBodySchema = z
  .object({
    email: email(accountMessages.emailNotValid),
    firstName: personName(accountServerMessages.firstNameRequired),
    lastName: personName(accountServerMessages.lastNameRequired),
    password: newPasswordSchema,
    confirmPassword: text({ error: accountMessages.passwordsDoNotMatch }),
    organization: text()
      .trim()
      .max(organizationMaxLength, accountServerMessages.organizationTooLong)
      .optional()
      .nullable()
      .transform((name) => (name ? name : undefined)),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: accountMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupBody = z.input<typeof signupBodySchema>;

/** POST /api/users/signin body (spec section 5, "Sign in"). */
export const signinBodySchema = z.object({
  email: email(accountMessages.emailNotValidAddress),
  password: text({ error: accountMessages.passwordRequired }).min(
    1,
    accountMessages.passwordRequired,
  ),
});
export type SigninBody = z.input<typeof signinBodySchema>;

/**
 * POST /api/users/join-organization body: a verified account that is in no organization (signed
 * up without naming one) names one with its own credentials, since it cannot sign in yet
 * (docs/decisions/027-no-dead-end-without-organization.md).
 */
export const joinOrganizationBodySchema = signinBodySchema.extend({
  organization: text({ error: accountServerMessages.organizationRequired })
    .trim()
    .min(1, accountServerMessages.organizationRequired)
    .max(organizationMaxLength, accountServerMessages.organizationTooLong),
});
export type JoinOrganizationBody = z.input<typeof joinOrganizationBodySchema>;

/**
 * Its answer: a session token when the account created the organization (and is its admin),
 * else only the message that an admin must approve the request.
 */
export const joinOrganizationResponseSchema = z.object({
  message: z.string(),
  token: z.string().optional(),
});
export type JoinOrganizationResponse = z.infer<typeof joinOrganizationResponseSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Body of resend-verification and forgot-password. */
export const emailBodySchema = z.object({ email: email(accountMessages.emailNotValid) });
export type EmailBody = z.input<typeof emailBodySchema>;

/** POST /api/users/reset-password/{token} body; the server applies the sign-up password rule. */
export const resetPasswordBodySchema = z.object({ newPassword: newPasswordSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The one-time token in mail links: 32 random bytes, base64url (43 characters). */
export const oneTimeTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The path of reset-password/{token}; the route checks the pattern. */
export const oneTimeTokenParamsSchema = z.object({ token: text() });

/**
 * The path of verify-email/{token}: a link opened in the browser, so a token that cannot be
 * stored is read as '' and redirects like any other bad link, instead of answering JSON.
 */
export const verifyEmailParamsSchema = z.object({ token: text().catch('') });
