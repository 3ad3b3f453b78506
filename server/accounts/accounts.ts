/**
 * Accounts as every authorization decision reads them: a user with their membership and its
 * organization, by id, by email or with the session's revocation, and the roles they hold now.
 */
import { eq, sql } from 'drizzle-orm';
import { memberships, organizations, revokedSessions, users } from '#db/schema';
import type { GlobalRole } from '#db/schema';
import type { Executor } from '#server/database';

export type MembershipStatus = 'pending' | 'active';
export type MembershipRole = 'member' | 'admin';

export interface AccountMembership {
  organizationId: string;
  organizationName: string;
  status: MembershipStatus;
  role: MembershipRole;
}

/** A user as every authorization decision sees them: read from the database on each request. */
export interface Account {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  globalRoles: GlobalRole[];
  emailVerifiedAt: Date | null;
  sessionVersion: number;
  membership: AccountMembership | null;
  /** `globalRoles` plus `admin` for an active admin of their organization. */
  roles: string[];
}

/** The roles a user holds now: global roles, and `admin` only while an active organization admin. */
export function effectiveRoles(
  globalRoles: readonly string[],
  membership: Pick<AccountMembership, 'status' | 'role'> | null,
): string[] {
  const roles = [...globalRoles];
  if (membership?.status === 'active' && membership.role === 'admin') roles.push('admin');
  return roles;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  passwordHash: users.passwordHash,
  globalRoles: users.roles,
  emailVerifiedAt: users.emailVerifiedAt,
  sessionVersion: users.sessionVersion,
  organizationId: memberships.organizationId,
  organizationName: organizations.name,
  status: memberships.status,
  role: memberships.role,
};

type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

function toAccount(row: AccountRow): Account {
  const membership: AccountMembership | null =
    row.organizationId && row.organizationName && row.status && row.role
      ? {
          organizationId: row.organizationId,
          organizationName: row.organizationName,
          status: row.status,
          role: row.role,
        }
      : null;
  const { globalRoles } = row;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    passwordHash: row.passwordHash,
    globalRoles,
    emailVerifiedAt: row.emailVerifiedAt,
    sessionVersion: row.sessionVersion,
    membership,
    roles: effectiveRoles(globalRoles, membership),
  };
}

function selectAccounts(db: Executor) {
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId));
}

/** The account with this id, or undefined. */
export async function findAccountById(db: Executor, userId: string): Promise<Account | undefined> {
  const [row] = await selectAccounts(db).where(eq(users.id, userId)).limit(1);
  return row ? toAccount(row) : undefined;
}

/**
 * The account behind a session, and whether the session was ended (its token id is in
 * `revoked_sessions`), read in one query; undefined when the user is gone.
 */
export async function findSessionAccount(
  db: Executor,
  userId: string,
  tokenId: string,
): Promise<{ account: Account; revoked: boolean } | undefined> {
  const [row] = await db
    .select({
      ...accountColumns,
      revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.tokenId} = ${tokenId})`,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { account: toAccount(row), revoked: row.revoked } : undefined;
}

/** The account with this email, ignoring case, or undefined. */
export async function findAccountByEmail(
  db: Executor,
  email: string,
): Promise<Account | undefined> {
  const [row] = await selectAccounts(db)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row ? toAccount(row) : undefined;
}
