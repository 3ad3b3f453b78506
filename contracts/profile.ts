/** Profile API contracts (spec section 7, "Profile"). */
import { z } from 'zod';
import { accountServerMessages } from './accounts.ts';
import { text } from './text.ts';

const personName = (requiredMessage: string) =>
  text({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(100, accountServerMessages.nameTooLong);

export const profileUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Current roles from the database: `superuser` and, for an active organization admin, `admin`. */
  roles: z.array(z.string()),
  organization: z.object({ _id: z.string(), name: z.string() }).nullable(),
  membershipStatus: z.enum(['pending', 'active']).nullable(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

/** GET and PUT /api/profile response. */
export const profileResponseSchema = z.object({ user: profileUserSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** PUT /api/profile body. */
export const profileUpdateBodySchema = z.object({
  firstName: personName(accountServerMessages.firstNameRequired),
  lastName: personName(accountServerMessages.lastNameRequired),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/** GET /api/profile/u response. */
export const profileIdentityResponseSchema = z.object({ userId: z.string(), email: z.string() });
export type ProfileIdentityResponse = z.infer<typeof profileIdentityResponseSchema>;
