/**
 * Organization API, mounted at /api/organization (spec sections 3, 4 "Organization membership",
 * 6 and 7). Only an active admin of the organization approves, removes or toggles; ids of
 * another organization answer 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { memberships, organizations, users } from '#db/schema';
import { effectiveRoles } from '#server/accounts/accounts';
import { requireOrganizationAdmin } from '#server/accounts/guards';
import { apiErrorSchema, messageResponseSchema } from '#contracts/errors';
import {
  organizationMemberParamsSchema,
  organizationMessages,
  organizationResponseSchema,
  organizationServerMessages,
  organizationUserResponseSchema,
} from '#contracts/organization';
import type { Organization, OrganizationUser } from '#contracts/organization';
import type { Executor } from '#server/database';
import { AppError } from '#server/errors';
import { requireAuth } from '#server/plugins/auth';

interface MemberRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  globalRoles: string[];
  status: 'pending' | 'active';
  role: 'member' | 'admin';
}

/** Members of an organization in sign-up order; only `userId` when given. */
function listMembers(db: Executor, organizationId: string, userId?: string): Promise<MemberRow[]> {
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

const toOrganizationUser = (row: MemberRow): OrganizationUser => ({
  _id: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  roles: effectiveRoles(row.globalRoles, row),
});

async function findMember(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<MemberRow> {
  const [row] = await listMembers(db, organizationId, userId);
  if (!row) throw new AppError(404, 'not_found', organizationServerMessages.memberNotFound);
  return row;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      schema: {
        summary:
          "The caller's organization: members for active members, admins' names for pending ones",
        security,
        response: { 200: organizationResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { membership } = requireAuth(request).account;
      if (!membership) throw new AppError(404, 'not_found', organizationMessages.notFound);
      const members = await listMembers(app.db, membership.organizationId);
      const active = members.filter((member) => member.status === 'active');
      const admins = active.filter((member) => member.role === 'admin');
      const organization: Organization =
        membership.status === 'active'
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
      return { organization };
    },
  );

  app.patch(
    '/:orgId/toggle-admin/:userId',
    {
      schema: {
        summary: "Give or withdraw a member's admin role; the last admin cannot drop their own",
        security,
        params: organizationMemberParamsSchema,
        response: { 200: organizationUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { orgId, userId } = request.params;
      requireOrganizationAdmin(request, orgId, organizationServerMessages.notAuthorizedToggle);
      const callerId = requireAuth(request).account.id;
      const user = await app.db.transaction(async (tx) => {
        // One toggle at a time per organization, so two admins cannot demote each other to none.
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, orgId))
          .for('update');
        const members = await listMembers(tx, orgId);
        const caller = members.find((member) => member.userId === callerId);
        if (caller?.status !== 'active' || caller.role !== 'admin') {
          throw new AppError(403, 'forbidden', organizationServerMessages.notAuthorizedToggle);
        }
        const target = await findMember(tx, orgId, userId);
        if (target.status !== 'active')
          throw new AppError(409, 'conflict', organizationServerMessages.approveFirst);
        const role = target.role === 'admin' ? 'member' : 'admin';
        const adminsLeft = members.filter(
          (member) => member.role === 'admin' && member.status === 'active',
        ).length;
        if (role === 'member' && adminsLeft <= 1) {
          throw new AppError(409, 'conflict', organizationServerMessages.lastAdmin);
        }
        await tx
          .update(memberships)
          .set({ role })
          .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)));
        return toOrganizationUser({ ...target, role });
      });
      return { user };
    },
  );

  app.post(
    '/:orgId/approve-user/:userId',
    {
      schema: {
        summary: 'Approve a pending member: they become an active member',
        security,
        params: organizationMemberParamsSchema,
        response: { 200: organizationUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { orgId, userId } = request.params;
      requireOrganizationAdmin(request, orgId, organizationMessages.notAuthorizedApprove);
      const target = await findMember(app.db, orgId, userId);
      if (target.status !== 'pending')
        throw new AppError(409, 'conflict', organizationServerMessages.notPending);
      await app.db
        .update(memberships)
        .set({ status: 'active', approvedAt: new Date() })
        .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)));
      return { user: toOrganizationUser({ ...target, status: 'active' }) };
    },
  );

  app.delete(
    '/:orgId/remove-user/:userId',
    {
      schema: {
        summary: 'Remove a member (or turn down a pending request); never oneself or an admin',
        security,
        params: organizationMemberParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { orgId, userId } = request.params;
      const caller = requireOrganizationAdmin(
        request,
        orgId,
        organizationMessages.notAuthorizedRemove,
      );
      if (userId === caller.account.id)
        throw new AppError(403, 'forbidden', organizationServerMessages.cannotRemoveSelf);
      const target = await findMember(app.db, orgId, userId);
      if (target.role === 'admin')
        throw new AppError(403, 'forbidden', organizationServerMessages.cannotRemoveAdmin);
      await app.db
        .delete(memberships)
        .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)));
      return { message: organizationServerMessages.removed };
    },
  );
};

export default organizationRoutes;
