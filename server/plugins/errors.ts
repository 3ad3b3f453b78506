import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages } from '#contracts/errors';
import type { ApiError, ErrorCode } from '#contracts/errors';
import { AppError } from '#server/errors';
import { clientHungUp, newErrorId } from '#server/unhandled-errors';

/** Codes for the 4xx errors Fastify itself raises (bad JSON, wrong content type, too large). */
function codeForStatus(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'validation_failed';
  }
}

/**
 * Turns every error into `{ message, code?, errors? }` with a fitting status: AppError as built,
 * zod validation failures as 400 with one message per field, Fastify's own 4xx errors with their
 * message, and anything else as a logged 500 that shows no internals.
 */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
      const body: ApiError = { message: error.message, code: codeForStatus(statusCode) };
      return reply.code(statusCode).send(body);
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
