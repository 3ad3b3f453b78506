/**
 * What the organization API does with an organization's members (spec sections 4 and 6): the
 * organization as the caller sees it, and an admin's approving, removing and toggling the admin
 * role, with the rules that keep an organization with at least one admin. The checks that the
 * caller is an active admin of the organization are the route's (server/accounts/guards.ts).
 */
import { organizationServerMessages } from '#contracts/organization';
import type { Organization, OrganizationUser } from '#contracts/organization';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import { effectiveRoles } from './accounts.ts';
import type { AccountMembership } from './accounts.ts';
import {
  activateMember,
  deleteMember,
  findMember,
  listMembers,
  lockOrganization,
  setMemberRole,
} from './organizations.ts';
import type { MemberRow } from './organizations.ts';

/** A member as the organization API sends it, with the roles they hold now. */
export const toOrganizationUser = (row: MemberRow): OrganizationUser => ({
  _id: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  roles: effectiveRoles(row.globalRoles, row),
});

/**
 * The caller's organization: its active members, admins and (for an admin) pending requests for
 * an active member; only the admins' names for a pending one.
 * @throws only the driver's errors
 */
export async function organizationSeenBy(
  db: Database,
  membership: AccountMembership,
): Promise<Organization> {
  const members = await listMembers(db, membership.organizationId);
  const active = members.filter((member) => member.status === 'active');
  const admins = active.filter((member) => member.role === 'admin');
  return membership.status === 'active'
    ? {
        _id: membership.organizationId,
        name: membership.organizationName,
        users: active.map(toOrganizationUser),
        admins: admins.map(toOrganizationUser),
        pendingUsers:
          membership.role === 'admin'
            ? members.filter((member) => member.status === 'pending').map(toOrganizationUser)
            : [],
      }
    : {
        // A pending member sees only who can approve them (spec section 2).
        _id: membership.organizationId,
        name: membership.organizationName,
        users: [],
        admins: admins.map(({ userId, firstName, lastName }) => ({
          _id: userId,
          firstName,
          lastName,
        })),
        pendingUsers: [],
      };
}

/**
 * Give or withdraw a member's admin role, as the admin `callerId`.
 * @returns the member with the new role
 * @throws AppError 403 `forbidden` when the caller is no longer an active admin, 404 `not_found`
 *   for a user who is not a member, 409 `conflict` for a pending member or the last admin
 */
export async function toggleAdmin(
  db: Database,
  {
    organizationId,
    callerId,
    userId,
  }: { organizationId: string; callerId: string; userId: string },
): Promise<OrganizationUser> {
  return db.transaction(async (tx) => {
    // One toggle at a time per organization, so two admins cannot demote each other to none.
    await lockOrganization(tx, organizationId);
    const members = await listMembers(tx, organizationId);
    const caller = members.find((member) => member.userId === callerId);
    if (caller?.status !== 'active' || caller.role !== 'admin') {
      throw new AppError(403, 'forbidden', organizationServerMessages.notAuthorizedToggle);
    }
    const target = await findMember(tx, organizationId, userId);
    if (target.status !== 'active')
      throw new AppError(409, 'conflict', organizationServerMessages.approveFirst);
    const role = target.role === 'admin' ? 'member' : 'admin';
    const adminsLeft = members.filter(
      (member) => member.role === 'admin' && member.status === 'active',
    ).length;
    if (role === 'member' && adminsLeft <= 1) {
      throw new AppError(409, 'conflict', organizationServerMessages.lastAdmin);
    }
    await setMemberRole(tx, organizationId, userId, role);
    return toOrganizationUser({ ...target, role });
  });
}

/**
 * Approve a pending member: they become an active member.
 * @returns the member, now active
 * @throws AppError 404 `not_found` for a user who is not a member, 409 `conflict` for one who is
 *   not pending
 */
export async function approveMember(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<OrganizationUser> {
  const target = await findMember(db, organizationId, userId);
  if (target.status !== 'pending')
    throw new AppError(409, 'conflict', organizationServerMessages.notPending);
  await activateMember(db, organizationId, userId);
  return toOrganizationUser({ ...target, status: 'active' });
}

/**
 * Remove a member (or turn down a pending request), as the admin `callerId`: never oneself or
 * an admin.
 * @throws AppError 403 `forbidden` for oneself or an admin, 404 `not_found` for a user who is
 *   not a member
 */
export async function removeMember(
  db: Database,
  {
    organizationId,
    callerId,
    userId,
  }: { organizationId: string; callerId: string; userId: string },
): Promise<void> {
  if (userId === callerId)
    throw new AppError(403, 'forbidden', organizationServerMessages.cannotRemoveSelf);
  const target = await findMember(db, organizationId, userId);
  if (target.role === 'admin')
    throw new AppError(403, 'forbidden', organizationServerMessages.cannotRemoveAdmin);
  await deleteMember(db, organizationId, userId);
}
