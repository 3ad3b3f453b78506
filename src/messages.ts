/** Texts the UI shows where the spec says "not shown" (docs/decisions/002-accounts.md). */
export const uiMessages = {
  emailVerified: 'Your email address is verified. You can sign in now.',
  verificationLinkInvalid:
    'This verification link is invalid or has expired. Sign in to get a new one.',
  profileSaved: 'Your profile has been saved.',
} as const;
