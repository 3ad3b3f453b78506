/**
 * The assistant's prompts, mounted at /api/prompts (spec sections 3 "Prompt record", 6 and 7
 * "Prompts"; docs/decisions/010-prompts.md). Every call works on the caller's organization, or
 * with `?scope=default` on the product default (superusers only). Any active member reads the
 * current prompts; organization admins, superusers and the PROMPT_OWNER_EMAIL account list,
 * add and delete versions. Another organization's versions answer 404 like missing ones.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeMemberHook, requireActiveMember } from '#server/accounts/guards';
import type { ActiveMember } from '#server/accounts/guards';
import { apiErrorSchema } from '#contracts/errors';
import {
  currentPromptResponseSchema,
  promptBodySchema,
  promptDeleteResponseSchema,
  promptHistoryLimit,
  promptHistoryResponseSchema,
  promptIdParamsSchema,
  promptKindParamsSchema,
  promptMessages,
  promptResponseSchema,
  promptScopeQuerySchema,
  promptServerMessages,
} from '#contracts/prompts';
import type { PromptRecord, PromptScope } from '#contracts/prompts';
import { AppError } from '#server/errors';
import {
  addPrompt,
  currentPromptVersion,
  deletePrompt,
  findPrompt,
  promptHistory,
} from '#server/prompts/store';
import type { StoredPrompt } from '#server/prompts/store';

const toRecord = (row: StoredPrompt): PromptRecord => ({
  _id: row.id,
  kind: row.kind,
  promptText: row.promptText,
  createdAt: row.createdAt.toISOString(),
});

/** What the caller may do with prompts. */
interface PromptRights {
  member: ActiveMember;
  /** A superuser: the organization's prompts and the product default. */
  superuser: boolean;
  /** List, add and delete the organization's versions: admins, superusers, the owner account. */
  managesOrganization: boolean;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

const promptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', activeMemberHook);
  const security = [{ bearerAuth: [] }];

  function rightsOf(request: FastifyRequest): PromptRights {
    const member = requireActiveMember(request);
    const superuser = member.account.globalRoles.includes('superuser');
    const owner = app.config.promptOwnerEmail;
    const isOwner = owner !== undefined && member.account.email.toLowerCase() === owner;
    return { member, superuser, managesOrganization: member.isAdmin || superuser || isOwner };
  }

  /**
   * The organization the call works on: the caller's, or null for the product default.
   * @throws AppError 403 `forbidden` with `message` when the caller may not manage that scope
   */
  function managedScope(rights: PromptRights, scope: PromptScope, message: string): string | null {
    if (scope === 'default') {
      if (!rights.superuser)
        throw new AppError(403, 'forbidden', promptServerMessages.onlySuperusersDefault);
      return null;
    }
    if (!rights.managesOrganization) throw new AppError(403, 'forbidden', message);
    return rights.member.organizationId;
  }

  app.get(
    '/:kind',
    {
      schema: {
        summary:
          "The prompt of a kind the organization's assistant uses now: its own newest version, else the product default",
        security,
        params: promptKindParamsSchema,
        querystring: promptScopeQuerySchema,
        response: { 200: currentPromptResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const rights = rightsOf(request);
      // Every active member reads their organization's prompt; only superusers the default's.
      const organizationId =
        request.query.scope === 'default'
          ? managedScope(rights, 'default', promptServerMessages.onlySuperusersDefault)
          : rights.member.organizationId;
      const current = await currentPromptVersion(app.db, organizationId, kind);
      return {
        kind,
        promptText: current.promptText,
        prompt: current.version ? toRecord(current.version) : null,
        source: current.source,
      };
    },
  );

  app.get(
    '/:kind/history',
    {
      schema: {
        summary: "The organization's (or the product default's) versions of a kind, newest first",
        security,
        params: promptKindParamsSchema,
        querystring: promptScopeQuerySchema,
        response: { 200: promptHistoryResponseSchema, ...errors },
      },
    },
    async (request) => {
      const organizationId = managedScope(
        rightsOf(request),
        request.query.scope,
        promptServerMessages.historyForbidden,
      );
      const rows = await promptHistory(
        app.db,
        organizationId,
        request.params.kind,
        promptHistoryLimit,
      );
      return { prompts: rows.map(toRecord) };
    },
  );

  app.post(
    '/:kind',
    {
      schema: {
        summary: 'Add a version of a prompt; it becomes current for the organization (or default)',
        security,
        params: promptKindParamsSchema,
        querystring: promptScopeQuerySchema,
        body: promptBodySchema,
        response: { 201: promptResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const rights = rightsOf(request);
      const organizationId = managedScope(
        rights,
        request.query.scope,
        promptServerMessages.onlySuperusersModify,
      );
      const row = await addPrompt(app.db, {
        organizationId,
        kind: request.params.kind,
        promptText: request.body.promptText,
        createdBy: rights.member.account.id,
      });
      return reply.code(201).send({ prompt: toRecord(row) });
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary:
          'Delete a version; the previous one, or the product default, is current again. Product-default versions: superusers only',
        security,
        params: promptIdParamsSchema,
        response: { 200: promptDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rights = rightsOf(request);
      const row = await findPrompt(app.db, request.params.id);
      // Another organization's version is answered exactly like a missing one.
      if (
        !row ||
        (row.organizationId !== null && row.organizationId !== rights.member.organizationId)
      )
        throw new AppError(404, 'not_found', promptServerMessages.notFound);
      const allowed = row.organizationId === null ? rights.superuser : rights.managesOrganization;
      if (!allowed) throw new AppError(403, 'forbidden', promptServerMessages.onlySuperusersDelete);
      const deleted = await deletePrompt(app.db, row.id);
      if (!deleted) throw new AppError(404, 'not_found', promptServerMessages.notFound);
      return { message: promptMessages.deleted, prompt: toRecord(deleted) };
    },
  );
};

export default promptsRoutes;
