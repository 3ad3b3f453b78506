import { and, asc, eq, sql } from 'drizzle-orm';
import { memberships, organizations, revokedSessions, users } from '#db/schema';
import type { GlobalRole } from '#db/schema';
import type { Executor } from '#server/database';
import { accountServerMessages } from '#contracts/accounts';
import { AppError } from '#server/errors';

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

/** "First Last" of each active admin of an organization, in sign-up order. */
export async function organizationAdminNames(
  db: Executor,
  organizationId: string,
): Promise<string[]> {
  const rows = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        eq(memberships.role, 'admin'),
      ),
    )
    .orderBy(asc(memberships.createdAt));
  return rows.map((row) => `${row.firstName} ${row.lastName}`.trim());
}

/**
 * Links a user who is in no organization to the organization of that name (case-insensitive):
 * a new organization makes the user its admin; an existing one takes the user as pending, for
 * its admins to approve (spec section 4).
 * @param tx - inside a transaction
 * @param name - the organization's name as written (trimmed, 1–200 characters)
 * @returns whether the organization was created, and its id
 * @throws AppError 409 `conflict` when the user already has a membership
 */
export async function linkToOrganization(
  tx: Executor,
  userId: string,
  name: string,
): Promise<{ created: boolean; organizationId: string; name: string }> {
  const [created] = await tx
    .insert(organizations)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: organizations.id, name: organizations.name });
  const existing = created
    ? undefined
    : (
        await tx
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(eq(sql`lower(${organizations.name})`, name.toLowerCase()))
          .limit(1)
      )[0];
  const organization = created ?? existing;
  if (!organization) throw new Error(`organization ${name} vanished while joining it`);
  const [membership] = await tx
    .insert(memberships)
    .values(
      created
        ? {
            userId,
            organizationId: organization.id,
            status: 'active',
            role: 'admin',
            approvedAt: new Date(),
          }
        : { userId, organizationId: organization.id, status: 'pending', role: 'member' },
    )
    .onConflictDoNothing()
    .returning({ id: memberships.id });
  if (!membership) throw new AppError(409, 'conflict', accountServerMessages.alreadyInOrganization);
  return { created: Boolean(created), organizationId: organization.id, name: organization.name };
}
