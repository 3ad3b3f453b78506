/**
 * Tool libraries, mounted at /api/tool-library (issue 35, decision 114): POST /preview reads a
 * library file for one of the organization's machines and stores nothing; POST /import adds
 * the rows the shop chose in one transaction; GET /export writes the machine's tools as a
 * library file. Another organization's machine answers 404.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeMemberHook, requireActiveMember } from '#server/accounts/guards';
import { apiErrorSchema } from '#contracts/errors';
import {
  libraryExportQuerySchema,
  libraryImportBodySchema,
  libraryImportResponseSchema,
  libraryMediaTypes,
  libraryPreviewFieldsSchema,
  libraryPreviewResponseSchema,
  maxLibraryBytes,
  toolLibraryMessages as messages,
} from '#contracts/tool-library';
import { sendFile } from '#server/downloads';
import { AppError } from '#server/errors';
import { readParts } from '#server/multipart';
import { exportLibrary, importLibrary, previewLibrary } from '#server/shop/tool-library';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
};

const invalid = (message: string, field: string) =>
  new AppError(400, 'validation_failed', message, { errors: { [field]: message } });

const toolLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: maxLibraryBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', activeMemberHook);
  const security = [{ bearerAuth: [] }];

  app.post(
    '/preview',
    {
      schema: {
        summary:
          'Read a tool library file for a machine (multipart: file, machineId); nothing is stored',
        description:
          'Fusion 360 `.json` or `.tools`, LinuxCNC `.tbl`, or `.csv` with slotNumber, toolName, toolDescription, toolType, toolManufacturer and toolHint. Each tool comes back with what the machine’s job type understands of it, a problem when it cannot be imported as it is, the tool now in its slot, and whether the file gives its slot twice.',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: libraryPreviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', messages.notMultipart);
      const { fields, upload } = await readParts(request, messages);
      const parsed = libraryPreviewFieldsSchema.safeParse(fields);
      if (!parsed.success) throw invalid(messages.machineMissing, 'machineId');
      if (!upload) throw invalid(messages.fileMissing, 'file');
      if (upload.bytes.length === 0) throw invalid(messages.empty, 'file');
      return previewLibrary(app.db, organizationId, parsed.data.machineId, upload);
    },
  );

  app.post(
    '/import',
    {
      schema: {
        summary: 'Add the chosen tools to a machine in one transaction',
        description:
          'Each tool has the six fields of a tool row and `replace`: a tool whose slot holds a tool replaces it only when `replace` is true; otherwise the import is refused with 409 and nothing is written.',
        security,
        body: libraryImportBodySchema,
        response: { 200: libraryImportResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const { machineId, tools } = request.body;
      const { added, replaced } = await importLibrary(app.db, organizationId, machineId, tools);
      return { message: messages.imported(added, replaced), added, replaced };
    },
  );

  app.get(
    '/export',
    {
      schema: {
        summary: "Download a machine's tools as a tool library (json, tools, tbl or csv)",
        security,
        querystring: libraryExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { organizationId } = requireActiveMember(request);
      const { fileName, bytes } = await exportLibrary(app.db, organizationId, request.query);
      const contentType = libraryMediaTypes[request.query.format];
      return sendFile(reply, { fileName, contentType, body: bytes });
    },
  );
};

export default toolLibraryRoutes;
