/**
 * Accounts API contracts (spec section 7, "Accounts"): request bodies, responses and the
 * validation texts of spec section 5. The UI validates with the same schemas before sending.
 */
import { z } from 'zod';
import { text } from './text.ts';

/** Spec section 5 and 8 texts, copied exactly. */
export const accountMessages = {
  emailRequired: 'Email is required.',
  emailNotValid: 'Email is not valid.',
  emailNotValidAddress: 'Email is not a valid email address.',
  passwordRule:
    'Password must be between 8-40 characters and include at least one number and special character.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordRequired: 'Password is required.',
  resetPasswordsDontMatch: "Passwords don't match.",
  noOrganization:
    'Your account is not linked to any organization. Please sign up again or contact support.',
  notApproved: (admins: string) =>
    `You have not been added to your organization yet. Please contact ${admins} so they can approve your entry into the organization.`,
  unknownError: 'An unknown error occurred.',
  forgotNoUser: 'No user found with that email address.',
  forgotUnexpected: 'An unexpected error occurred while trying to send the reset password email.',
  noResponse: 'No response from the server. Please check your network connection.',
  requestSetup: 'An error occurred while preparing the request.',
  resetFailed: 'An error occurred while trying to reset the password.',
  checkEmailToVerify: (email: string) =>
    `Please check your email address ${email} to verify your email.`,
} as const;

/** Texts for outcomes the spec leaves to the server ("not shown"); see docs/decisions. */
export const accountServerMessages = {
  invalidCredentials: 'The email address or password is incorrect.',
  notVerified: 'Please verify your email address before signing in.',
  emailTaken: 'An account with this email address already exists. Please sign in instead.',
  signedUp: (email: string) =>
    `Your account has been created. We sent a link to ${email}: open it to verify your email address, then sign in.`,
  verificationResent: (email: string) =>
    `If ${email} belongs to an account that is not verified yet, a new verification link has been sent to it.`,
  resetLinkSent: (email: string) =>
    `A link to reset your password has been sent to ${email}. It is valid for one hour.`,
  verificationNotSent:
    'We could not send the verification email just now: sign in later and choose Resend Verification Email.',
  mailFailed: 'We could not send the email just now. Please try again in a few minutes.',
  resetDone: 'Your password has been reset. Please sign in with your new password.',
  resetTokenInvalid: 'This password reset link is invalid, has expired or has already been used.',
  loggedOut: 'You have been signed out.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  nameTooLong: 'Names must be at most 100 characters.',
  organizationTooLong: 'Organization names must be at most 200 characters.',
  organizationRequired: 'Organization is required.',
  alreadyInOrganization:
    'Your account already belongs to an organization. Sign in, or ask its admin to approve you.',
  organizationCreated: (organization: string) => `Organization ${organization} created.`,
  joinRequested: (organization: string) =>
    `You asked to join ${organization}. Its admin must approve you before you can sign in.`,
} as const;

/** "text, @, text, dot, text" (spec section 5). */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** At least one letter, one digit and one of !@#$%^&*, 8 to 40 characters (spec sections 5, 9). */
export const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[!@#$%^&*]).{8,40}$/;

const email = (invalidMessage: string) =>
  text({ error: accountMessages.emailRequired })
    .trim()
    .min(1, accountMessages.emailRequired)
    .max(254, invalidMessage)
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
      .max(200, accountServerMessages.organizationTooLong)
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
    .max(200, accountServerMessages.organizationTooLong),
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

/**
 * The session token's payload (JWT, HS256). `exp` and `iat` are seconds since the epoch.
 * The roles only drive the UI: the server reads the user's roles from the database.
 */
export const sessionClaimsSchema = z.object({
  userId: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  exp: z.number(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;
