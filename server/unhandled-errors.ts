/**
 * Helpers for the errors nothing else answered: the id a 500 is logged and answered under, and
 * telling a client that hung up mid-request from a failure on the server's side.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A fresh id for one unhandled error: sent in the 500's body and written on its log line. */
export const newErrorId = (): string => randomUUID();

/** Codes of the errors a request's stream fails with when its client goes away. */
const hangUpCodes = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ABORT_ERR',
]);

/**
 * True when `error` comes from the client closing the connection before the answer (a closed
 * tab, a cancelled upload): the request was aborted or its socket is gone, and the error is the
 * one a broken stream raises (Node's `aborted` ECONNRESET, a premature close, an AbortError).
 * A failure on the server's side while the client was leaving is not one.
 */
export function clientHungUp(request: FastifyRequest, error: unknown): boolean {
  const raw = request.raw;
  const gone = raw.aborted || raw.socket?.destroyed === true;
  if (!gone || typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && hangUpCodes.has(code)) ||
    name === 'AbortError' ||
    message === 'aborted'
  );
}
