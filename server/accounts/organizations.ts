/**
 * The organizations repository: the `organizations` and `memberships` tables. An organization's
 * members with their roles, its admins' names, linking a user to an organization by name, and
 * the changes its admins make (lock, role, approval, removal). Every query names the
 * organization; ids of another organization are not found.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { memberships, organizations, users } from '#db/schema';
import { accountServerMessages } from '#contracts/accounts';
import { organizationServerMessages } from '#contracts/organization';
import type { Executor } from '#server/database';
import { AppError } from '#server/errors';
import type { MembershipRole, MembershipStatus } from './accounts.ts';

/** A member of an organization: the user's names, email and global roles, and the membership. */
export interface MemberRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  globalRoles: string[];
  status: MembershipStatus;
  role: MembershipRole;
}

/** Members of an organization in sign-up order; only `userId` when given. */
export function listMembers(
  db: Executor,
  organizationId: string,
  userId?: string,
): Promise<MemberRow[]> {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      globalRoles: users.roles,
      status: memberships.status,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        userId ? eq(memberships.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(memberships.createdAt));
}

/**
 * One member of the organization.
 * @throws AppError 404 `not_found` when the user is not a member of it
 */
export async function findMember(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<MemberRow> {
  const [row] = await listMembers(db, organizationId, userId);
  if (!row) throw new AppError(404, 'not_found', organizationServerMessages.memberNotFound);
  return row;
}

/**
 * Lock the organization's row until the transaction ends, so changes of its admins run one at
 * a time.
 * @param tx - inside a transaction
 * @throws only the driver's errors
 */
export async function lockOrganization(tx: Executor, organizationId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

const membershipOf = (organizationId: string, userId: string) =>
  and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId));

/**
 * Give a member the role (`member` or `admin`).
 * @throws only the driver's errors
 */
export async function setMemberRole(
  db: Executor,
  organizationId: string,
  userId: string,
  role: MembershipRole,
): Promise<void> {
  await db.update(memberships).set({ role }).where(membershipOf(organizationId, userId));
}

/**
 * Make a pending member active, approved now.
 * @throws only the driver's errors
 */
export async function activateMember(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<void> {
  await db
    .update(memberships)
    .set({ status: 'active', approvedAt: new Date() })
    .where(membershipOf(organizationId, userId));
}

/**
 * End a membership (the user stays, in no organization).
 * @throws only the driver's errors
 */
export async function deleteMember(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<void> {
  await db.delete(memberships).where(membershipOf(organizationId, userId));
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
