/** Stored drawings, programs and backplots, mounted at /api/files: only for members of the owning organization. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeMemberHook, requireActiveMember } from '#server/accounts/guards';
import { apiErrorSchema } from '#contracts/errors';
import { sendFile } from '#server/downloads';
import { AppError } from '#server/errors';
import { isRecordedProgramFile } from '#server/qbot/program-versions';
import { findStoredFile } from '#server/storage/stored-files';

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', activeMemberHook);

  app.get(
    '/:fileId',
    {
      schema: {
        summary:
          'Download a stored drawing, a program (verified, or incomplete on purpose) or its backplot (SVG)',
        security: [{ bearerAuth: [] }],
        params: z.object({ fileId: z.uuid('File not found.') }),
        response: { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireActiveMember(request);
      const file = await findStoredFile(app.db, organizationId, request.params.fileId);
      if (!file) throw new AppError(404, 'not_found', 'File not found.');
      // A program file is offered once its version is recorded: verified, or incomplete (it
      // runs safely and its header and the chat say what it leaves undone). Programs that fail
      // a process check are never stored.
      if (file.kind === 'program' && !(await isRecordedProgramFile(app.db, file.id)))
        throw new AppError(404, 'not_found', 'File not found.');
      // Streamed from the store (a file, or the S3 object's body) to the response: a large
      // program or drawing is never held whole in memory here.
      const { stream, sizeBytes } = await app.fileStore.getStream(file.storageKey);
      return sendFile(reply, {
        fileName: file.fileName,
        contentType: file.contentType,
        body: stream,
        sizeBytes,
        inline: file.kind !== 'program',
      });
    },
  );
};

export default filesRoutes;
