import type { ErrorCode } from '#contracts/errors';

/**
 * An error the user may see: the error handler sends `{ message, code, ...extra }` with
 * `statusCode`. Messages are the spec's strings where the spec has one.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** More fields for the response body, such as `admins` or `errors`. */
    readonly extra: Record<string, unknown> = {},
    /** Response headers, such as Retry-After on a 503. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
