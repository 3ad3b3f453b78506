/**
 * The users repository: the writes on the `users` table (an account is read with its membership
 * through ./accounts.ts). Every function takes a database or a transaction.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '#db/schema';
import type { GlobalRole } from '#db/schema';
import type { Executor } from '#server/database';

/** A new user's columns: names, email as written, the password's hash, global roles. */
export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  roles: GlobalRole[];
}

/**
 * Insert a user, unless the email is taken (ignoring case, by the table's unique index).
 * @returns the new user's id, email and first name, or undefined when the email is taken
 * @throws only the driver's errors
 */
export async function insertUser(
  db: Executor,
  user: NewUser,
): Promise<{ id: string; email: string; firstName: string } | undefined> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
  return row;
}

/**
 * Mark the user's address verified now, unless it already is.
 * @throws only the driver's errors
 */
export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/**
 * Set a new password hash from a mailed reset link: every session of the user ends (the session
 * version goes up) and the address counts as verified.
 * @throws only the driver's errors
 */
export async function setPasswordFromLink(
  db: Executor,
  userId: string,
  passwordHash: string,
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      // The link arrived in the user's inbox, which proves the address.
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

/**
 * Change the user's first and last name.
 * @throws only the driver's errors
 */
export async function updateUserNames(
  db: Executor,
  userId: string,
  names: { firstName: string; lastName: string },
): Promise<void> {
  await db
    .update(users)
    .set({ firstName: names.firstName, lastName: names.lastName, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
