/** Profile API, mounted at /api/profile (spec section 7, "Profile"); every route needs a session. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Account } from '#server/accounts/accounts';
import { updateUserNames } from '#server/accounts/users';
import { apiErrorSchema } from '#contracts/errors';
import {
  profileIdentityResponseSchema,
  profileResponseSchema,
  profileUpdateBodySchema,
} from '#contracts/profile';
import type { ProfileUser } from '#contracts/profile';
import { requireAuth } from '#server/plugins/auth';

function toProfileUser(account: Account): ProfileUser {
  return {
    _id: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    roles: account.roles,
    organization: account.membership
      ? { _id: account.membership.organizationId, name: account.membership.organizationName }
      : null,
    membershipStatus: account.membership?.status ?? null,
  };
}

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      schema: {
        summary: 'The signed-in user',
        security,
        response: { 200: profileResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ user: toProfileUser(requireAuth(request).account) }),
  );

  app.put(
    '/',
    {
      schema: {
        summary: "Change the signed-in user's first and last name",
        security,
        body: profileUpdateBodySchema,
        response: { 200: profileResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { account } = requireAuth(request);
      const { firstName, lastName } = request.body;
      await updateUserNames(app.db, account.id, { firstName, lastName });
      return { user: toProfileUser({ ...account, firstName, lastName }) };
    },
  );

  app.get(
    '/u',
    {
      schema: {
        summary: 'Id and email of the signed-in user',
        security,
        response: { 200: profileIdentityResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { account } = requireAuth(request);
      return { userId: account.id, email: account.email };
    },
  );
};

export default profileRoutes;
