import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages } from '#contracts/errors';
import type { ApiError } from '#contracts/errors';
import { AppError } from '#server/errors';
import { frameworkErrorBody } from '#server/framework-answers';
import { clientHungUp, newErrorId } from '#server/unhandled-errors';

/** Whether the request announced a body (a length above 0, or chunks) that has not all arrived. */
function bodyStillArriving(request: FastifyRequest): boolean {
  const { headers } = request;
  const announced =
    headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
  return announced && !request.raw.complete;
}

/**
 * An error answered before the request's body was read to its end (a multipart body the parser
 * refused halfway, a 401 before a 25 MB upload) closes the connection once sent. Otherwise the
 * rest of the body stays on the socket, and the client's next request waits behind it until the
 * keep-alive timeout (issue 31); the client opens a new connection instead.
 */
function closeWhenBodyUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (bodyStillArriving(request)) void reply.header('connection', 'close');
}

/**
 * Turns every error into `{ message, code?, errors? }` with a fitting status: AppError as built,
 * zod validation failures as 400 with one message per field, Fastify's own 4xx errors with a
 * sentence of ours for their code or status, and anything else as a logged 500 that shows no internals.
 */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    closeWhenBodyUnread(request, reply);
    if (error instanceof AppError) {
      const body: ApiError & Record<string, unknown> = {
        ...error.extra,
        message: error.message,
        code: error.code,
      };
      return reply.code(error.statusCode).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/')[1] || 'form';
        errors[field] ??=
          field === 'form'
            ? `The request ${error.validationContext ?? 'body'} must be a JSON object with the form's fields.`
            : (issue.message ?? apiMessages.validationFailed);
      }
      const body: ApiError = {
        message: apiMessages.validationFailed,
        code: 'validation_failed',
        errors,
      };
      return reply.code(400).send(body);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      // A sentence of ours: the framework's and the parsers' messages quote the body or a header.
      return reply.code(statusCode).send(frameworkErrorBody(statusCode, error.code));
    }
    if (clientHungUp(request, error)) {
      // A closed tab or a cancelled upload: nobody to answer and nothing broken on our side.
      request.log.info(
        { reason: error.code ?? error.message },
        'the client closed the connection before the answer',
      );
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    // The id is in the body (and its message) and on the log line, so support can find one
    // from the other; the log line carries no query values (server/logging.ts).
    const errorId = newErrorId();
    request.log.error({ err: error, errorId }, 'unhandled error');
    const body: ApiError = {
      message: apiMessages.internalErrorWithId(errorId),
      code: 'internal_error',
      errorId,
    };
    return reply.code(500).send(body);
  });
}

export default fp(errorsPlugin, { name: 'errors', fastify: '5.x' });
