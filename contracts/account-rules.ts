/**
 * The accounts' rules as plain data, with no schema library: the texts of spec sections 5 and 8,
 * the email and password patterns and the length limits. Two sets of schemas read them: the API's
 * in `accounts.ts` (full zod, validated by the server and by the sign-up and reset forms) and the
 * sign-in page's in `accounts-mini.ts` (zod/mini, so the first page a visitor opens does not load
 * full zod; docs/decisions/028-signin-bundle.md).
 */

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
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** At least one letter, one digit and one of !@#$%^&*, 8 to 40 characters (spec sections 5, 9). */
export const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[!@#$%^&*]).{8,40}$/;
/** The longest email address a form or body takes (RFC 5321's path limit). */
export const emailMaxLength = 254;
/** The longest organization name. */
export const organizationMaxLength = 200;
