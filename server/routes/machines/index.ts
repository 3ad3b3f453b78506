/**
 * The shop's machines and their tools, mounted at /api/machines (spec section 7, "Shop and
 * machines"). Everything is scoped to the caller's organization: another shop's ids answer 404.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeMemberHook, requireActiveMember } from '#server/accounts/guards';
import { apiErrorSchema, apiMessages, messageResponseSchema } from '#contracts/errors';
import {
  machineBodySchema,
  machineParamsSchema,
  machineResponseSchema,
  machinesByTypeParamsSchema,
  machinesByTypeResponseSchema,
  machinesResponseSchema,
  shopMessages,
  shopServerMessages,
  toolBodySchema,
  toolDeleteBodySchema,
  toolingPairResponseSchema,
  toolingPairsResponseSchema,
} from '#contracts/shop';
import type { ToolBody } from '#contracts/shop';
import { jsonSerializer, sendCachedJson } from '#server/caching/cached-json';
import { machineTables, toolingTables } from '#server/caching/read-cache';
import { AppError } from '#server/errors';
import {
  checkMachineReferences,
  getMachine,
  insertMachine,
  listMachines,
  machineChoicesByType,
  updateMachine,
} from '#server/shop/machines';
import {
  deleteToolingPair,
  getToolingPair,
  readMachineTooling,
  saveTool,
} from '#server/shop/tooling';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const serializeMachines = jsonSerializer(
  machinesResponseSchema,
  'GET',
  '/api/machines/my-machines',
);
const serializeTooling = jsonSerializer(
  toolingPairsResponseSchema,
  'GET',
  '/api/machines/tooling-pairs/:machineId',
);

const machinesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', activeMemberHook);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/my-machines',
    {
      schema: {
        summary: "The organization's machines",
        security,
        response: { 200: machinesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireActiveMember(request);
      // Kept serialized until a machine or the catalog changes: the list is read on every
      // visit to the shop and the workflow.
      return sendCachedJson(
        app.readCache,
        reply as FastifyReply,
        `machines:${organizationId}`,
        machineTables,
        serializeMachines,
        async () => ({ machines: await listMachines(app.db, organizationId) }),
      );
    },
  );

  app.get(
    '/my-machines-by-type/:type',
    {
      schema: {
        summary:
          'Active machines for a job type (Lathe, Milling, Wire EDM, Sinker EDM) or machine type name',
        security,
        params: machinesByTypeParamsSchema,
        response: { 200: machinesByTypeResponseSchema, ...errors },
      },
    },
    async (request) =>
      machineChoicesByType(
        app.db,
        requireActiveMember(request).organizationId,
        request.params.type,
      ),
  );

  app.get(
    '/fun/:machineId',
    {
      schema: {
        summary: 'One machine with its catalog references',
        security,
        params: machineParamsSchema,
        response: { 200: machineResponseSchema, ...errors },
      },
    },
    async (request) => ({
      machine: await getMachine(
        app.db,
        requireActiveMember(request).organizationId,
        request.params.machineId,
      ),
    }),
  );

  app.post(
    '/add-machine-to-shop',
    {
      schema: {
        summary: 'Add a machine to the shop',
        security,
        body: machineBodySchema,
        response: { 201: machineResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireActiveMember(request);
      await checkMachineReferences(app.db, request.body);
      const id = await insertMachine(app.db, organizationId, request.body);
      return reply.code(201).send({ machine: await getMachine(app.db, organizationId, id) });
    },
  );

  app.patch(
    '/update-machine/:machineId',
    {
      schema: {
        summary: 'Change a machine of the shop',
        security,
        params: machineParamsSchema,
        body: machineBodySchema,
        response: { 200: machineResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const { machineId } = request.params;
      await getMachine(app.db, organizationId, machineId);
      await checkMachineReferences(app.db, request.body);
      await updateMachine(app.db, organizationId, machineId, request.body);
      return { machine: await getMachine(app.db, organizationId, machineId) };
    },
  );

  app.get(
    '/tooling-pairs/:machineId',
    {
      schema: {
        summary: 'The tools loaded in a machine, by slot',
        security,
        params: machineParamsSchema,
        response: { 200: toolingPairsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireActiveMember(request);
      const { machineId } = request.params;
      // Kept serialized, with the tools' readings, until a tool, a machine or the catalog
      // changes; another shop's machine id is a key of its own, and answers 404.
      return sendCachedJson(
        app.readCache,
        reply as FastifyReply,
        `tooling:${organizationId}:${machineId}`,
        toolingTables,
        serializeTooling,
        () => readMachineTooling(app.db, organizationId, machineId),
      );
    },
  );

  app.post(
    '/add-tool-and-associate',
    {
      schema: {
        summary: 'Load a tool into a slot of the machine named by serial number and type',
        security,
        body: toolBodySchema,
        response: { 201: toolingPairResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireActiveMember(request);
      return reply
        .code(201)
        .send({ toolingPair: await saveTool(app.db, organizationId, request.body) });
    },
  );

  app.post(
    '/edit-tool-and-associate',
    {
      schema: {
        summary: 'Change a tool row (toolId) of the machine named by serial number and type',
        security,
        body: toolBodySchema,
        response: { 200: toolingPairResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const { toolId } = request.body satisfies ToolBody;
      if (!toolId) {
        throw new AppError(400, 'validation_failed', apiMessages.validationFailed, {
          errors: { toolId: shopServerMessages.toolNotFound },
        });
      }
      await getToolingPair(app.db, organizationId, toolId);
      return { toolingPair: await saveTool(app.db, organizationId, request.body, toolId) };
    },
  );

  app.delete(
    '/delete-tool-and-associate',
    {
      schema: {
        summary: 'Unload a tool from its machine',
        security,
        body: toolDeleteBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      await getToolingPair(app.db, organizationId, request.body.toolId);
      await deleteToolingPair(app.db, organizationId, request.body.toolId);
      return { message: shopMessages.toolDeleted };
    },
  );
};

export default machinesRoutes;
