/**
 * An account's way into the product and into an organization (spec section 4): sign-up creates
 * the user and, with an organization name, creates or asks to join that organization, all in one
 * transaction; a verified account in no organization joins one later by name.
 */
import { accountServerMessages } from '#contracts/accounts';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { linkToOrganization } from './organizations.ts';
import { hashPassword } from './passwords.ts';
import { insertUser } from './users.ts';

/** What a sign-up form gives: names, email, password and maybe an organization's name. */
export interface SignupDetails {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  organization?: string | undefined;
}

/**
 * Create the account (the password hashed with argon2id; the superuser role for an address in
 * `superuserEmails`, lower case) and, with an organization name, link it to that organization.
 * @returns the new user's id, email and first name, for the verification mail
 * @throws AppError 409 `conflict` when the email is taken
 */
export async function createAccount(
  db: Database,
  details: SignupDetails,
  superuserEmails: readonly string[],
): Promise<{ id: string; email: string; firstName: string }> {
  const { email, firstName, lastName, password, organization } = details;
  const passwordHash = await hashPassword(password);
  const roles = superuserEmails.includes(email.toLowerCase()) ? (['superuser'] as const) : [];
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email,
      firstName,
      lastName,
      passwordHash,
      roles: [...roles],
    });
    if (!user) throw new AppError(409, 'conflict', accountServerMessages.emailTaken);
    if (organization) await linkToOrganization(tx, user.id, organization);
    return user;
  });
}

/**
 * Link a user who is in no organization to the organization of that name: a new one makes them
 * its admin, an existing one takes them as pending.
 * @returns whether the organization was created, its id and its name
 * @throws AppError 409 `conflict` when the user already has a membership
 */
export function joinOrganization(
  db: Database,
  userId: string,
  name: string,
): Promise<{ created: boolean; organizationId: string; name: string }> {
  return db.transaction((tx) => linkToOrganization(tx, userId, name));
}
