/**
 * Catalog lookups for the machine form, mounted at /api/shop (spec section 7). The catalog is
 * shared by every organization; only active members use it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeMemberHook } from '#server/accounts/guards';
import {
  listControllerModels,
  listControllerTypes,
  listMachineTypes,
  listManufacturers,
  listModels,
} from '#server/catalog/lookups';
import { apiErrorSchema } from '#contracts/errors';
import {
  controllerModelLookupSchema,
  controllerModelsQuerySchema,
  controllerTypesQuerySchema,
  lookupSchema,
  machineTypeLookupSchema,
  machineTypeParamsSchema,
  manufacturerLookupSchema,
  manufacturerParamsSchema,
  modelsQuerySchema,
} from '#contracts/shop';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', activeMemberHook);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/machine-types',
    {
      schema: {
        summary: 'Machine types',
        security,
        response: { 200: z.array(machineTypeLookupSchema), ...errors },
      },
    },
    () => listMachineTypes(app.db),
  );

  app.get(
    '/manufacturers/:machineTypeId',
    {
      schema: {
        summary: 'Manufacturers that make the machine type',
        security,
        params: machineTypeParamsSchema,
        response: { 200: z.array(manufacturerLookupSchema), ...errors },
      },
    },
    (request) => listManufacturers(app.db, request.params.machineTypeId),
  );

  app.get(
    '/models',
    {
      schema: {
        summary: "The manufacturer's models of the machine type",
        security,
        querystring: modelsQuerySchema,
        response: { 200: z.array(lookupSchema), ...errors },
      },
    },
    (request) => listModels(app.db, request.query.machineTypeId, request.query.manufacturerId),
  );

  app.get(
    '/controller-types/:manufacturerId',
    {
      schema: {
        summary: "Controller types the manufacturer's machines are sold with",
        security,
        params: manufacturerParamsSchema,
        querystring: controllerTypesQuerySchema,
        response: { 200: z.array(lookupSchema), ...errors },
      },
    },
    (request) =>
      listControllerTypes(app.db, request.params.manufacturerId, request.query.machineTypeId),
  );

  app.get(
    '/controller-models',
    {
      schema: {
        summary: "Controller models of the type that the manufacturer's machines are sold with",
        security,
        querystring: controllerModelsQuerySchema,
        response: { 200: z.array(controllerModelLookupSchema), ...errors },
      },
    },
    (request) =>
      listControllerModels(
        app.db,
        request.query.controllerTypeId,
        request.query.manufacturerId,
        request.query.machineTypeId,
      ),
  );
};

export default shopRoutes;
