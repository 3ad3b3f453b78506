import { z } from 'zod';

/**
 * Machine-readable codes on error responses. The UI branches on these, never on message text.
 */
export const errorCodes = [
  'validation_failed',
  'invalid_credentials',
  'not_verified',
  'no_organization',
  'not_approved',
  'unauthenticated',
  'session_expired',
  'forbidden',
  'not_found',
  'conflict',
  'token_invalid',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'workflow_out_of_order',
  'assistant_unavailable',
  'assistant_failed',
  'server_busy',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Every error the API sends: `{ message, code?, errors?, admins?, errorId? }`. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes).optional(),
  /** Field name to the first problem found with it, for 400 validation errors. */
  errors: z.record(z.string(), z.string()).optional(),
  /** Names of the organization's admins, on 403 `not_approved`. */
  admins: z.array(z.string()).optional(),
  /** On a 500 `internal_error`: the id the server logged the failure under, for support. */
  errorId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Texts of the API's own errors that are not in the product spec. */
export const apiMessages = {
  validationFailed: 'Please correct the highlighted fields.',
  unauthenticated: 'Please sign in to continue.',
  sessionExpired: 'Your session has ended. Please sign in again.',
  notFound: 'Not found.',
  internalError: 'Something went wrong on our side. Please try again.',
  /** A 500's message, naming the id its log line carries. */
  internalErrorWithId: (errorId: string) =>
    `Something went wrong on our side. Please try again; if it keeps failing, tell support the error id ${errorId}.`,
  rateLimited: (retryAfter: string) =>
    `Too many attempts. Please wait ${retryAfter} and try again.`,
  /** Requests the framework or the HTTP parser refuses: none repeats the request's address or body. */
  requestUnreadable: 'The request could not be read. Check it and send it again.',
  addressInvalid: 'This address is not valid.',
  addressTooLong: 'This address is too long.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive. Please send it again.',
  bodyEmpty: 'The request has no body: send its fields as JSON.',
  bodyNotJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  contentTypeRefused: 'This kind of content is not accepted here: send JSON (application/json).',
  methodNotAllowed: 'This method is not allowed here.',
} as const;

export { fieldErrors } from './field-errors.ts';
