/**
 * The answers to requests that Fastify or Node's HTTP parser refuse before any route runs: a
 * malformed `%`-escape (`FST_ERR_BAD_URL`), a path parameter over the router's limit (414),
 * headers over Node's limit (431), a request that never finishes arriving (408). They carry the
 * same security headers as every other answer and a sentence of our own, never the request's
 * address or body (issue 31; decision 037).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { apiMessages } from '#contracts/errors';
import type { ApiError, ErrorCode } from '#contracts/errors';
import { securityHeaders } from '#server/plugins/security-headers';

/** Our sentence and code for a refusal by the framework, by Fastify's code, else by status. */
const byFastifyCode: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_BAD_URL: { message: apiMessages.addressInvalid, code: 'validation_failed' },
  FST_ERR_MAX_PARAM_LENGTH: { message: apiMessages.addressTooLong, code: 'validation_failed' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: apiMessages.bodyEmpty, code: 'validation_failed' },
  FST_ERR_CTP_INVALID_JSON_BODY: { message: apiMessages.bodyNotJson, code: 'validation_failed' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: apiMessages.bodyTooLarge, code: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: apiMessages.contentTypeRefused,
    code: 'unsupported_media_type',
  },
};

const byStatus: Record<number, { message: string; code: ErrorCode }> = {
  400: { message: apiMessages.requestUnreadable, code: 'validation_failed' },
  401: { message: apiMessages.unauthenticated, code: 'unauthenticated' },
  403: { message: apiMessages.requestUnreadable, code: 'forbidden' },
  404: { message: apiMessages.notFound, code: 'not_found' },
  405: { message: apiMessages.methodNotAllowed, code: 'validation_failed' },
  408: { message: apiMessages.requestTimeout, code: 'validation_failed' },
  413: { message: apiMessages.bodyTooLarge, code: 'payload_too_large' },
  414: { message: apiMessages.addressTooLong, code: 'validation_failed' },
  415: { message: apiMessages.contentTypeRefused, code: 'unsupported_media_type' },
  431: { message: apiMessages.headersTooLarge, code: 'validation_failed' },
};

/**
 * The body of a 4xx the framework raised: a sentence of ours for its Fastify code or its status
 * (a JSON parser's message quotes the body; Fastify's quote the address or a header).
 * @param statusCode - 400 to 499
 * @param fastifyCode - the error's `code`, such as `FST_ERR_CTP_INVALID_MEDIA_TYPE`
 */
export function frameworkErrorBody(statusCode: number, fastifyCode?: string): ApiError {
  const known = (fastifyCode && byFastifyCode[fastifyCode]) || byStatus[statusCode];
  return known ?? { message: apiMessages.requestUnreadable, code: 'validation_failed' };
}

/**
 * Fastify's `frameworkErrors`: the router's refusals before any hook runs (a bad `%`-escape,
 * an over-long parameter, a failed constraint).
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(statusCode)
    .headers(securityHeaders())
    .send(frameworkErrorBody(statusCode, error.code));
}

/** A refusal by Node's HTTP parser: its status, by the parser's error code. */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (headers too large, a
 * malformed request line, a request that never finished). Writes one answer with the security
 * headers and closes the connection, as Node does.
 */
export const answerClientError: NonNullable<FastifyServerOptions['clientErrorHandler']> =
  function answerClientError(error: Error & { code?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = clientErrorStatus(error.code);
    const body = JSON.stringify(frameworkErrorBody(status));
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
        ...Object.entries(securityHeaders()).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        '',
        body,
      ];
      socket.write(lines.join('\r\n'));
    }
    socket.destroy();
  };
