/**
 * Organization API, mounted at /api/organization (spec sections 3, 4 "Organization membership",
 * 6 and 7). Only an active admin of the organization approves, removes or toggles; ids of
 * another organization answer 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveMember,
  organizationSeenBy,
  removeMember,
  toggleAdmin,
} from '#server/accounts/members';
import { requireOrganizationAdmin } from '#server/accounts/guards';
import { apiErrorSchema, messageResponseSchema } from '#contracts/errors';
import {
  organizationMemberParamsSchema,
  organizationMessages,
  organizationResponseSchema,
  organizationServerMessages,
  organizationUserResponseSchema,
} from '#contracts/organization';
import { AppError } from '#server/errors';
import { requireAuth } from '#server/plugins/auth';

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
      const organization = await organizationSeenBy(app.db, membership);
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
      const user = await toggleAdmin(app.db, { organizationId: orgId, callerId, userId });
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
      return { user: await approveMember(app.db, orgId, userId) };
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
      await removeMember(app.db, { organizationId: orgId, callerId: caller.account.id, userId });
      return { message: organizationServerMessages.removed };
    },
  );
};

export default organizationRoutes;
