/**
 * What the user is told when Claude cannot answer (after the SDK's own retries with backoff),
 * as AppErrors: 503 when the service is busy or slow and a later try may work, 502 when it
 * answered in a way the product cannot use. The workflow shows the spec's text for the step
 * ('An error occurred while uploading the file. Please try again.' and the like) with this
 * message as the detail.
 */
import Anthropic from '@anthropic-ai/sdk';
import { AppError } from '#server/errors';

export const claudeMessages = {
  rateLimited:
    'The assistant is receiving too many requests right now. Please try again in a minute.',
  overloaded: 'The assistant is overloaded right now. Please try again in a few minutes.',
  timedOut: 'The assistant did not answer in time. Please try again.',
  unreachable: 'The assistant could not be reached. Please try again.',
  serviceFailed: 'The assistant service failed. Please try again.',
  rejectedKey:
    'The assistant refused the API key. Ask your administrator to check ANTHROPIC_API_KEY.',
  badAnswer: 'The assistant answered in a form the product cannot use. Please try again.',
  refused: (reason: string) => `The assistant could not work on this request: ${reason}`,
} as const;

/** The AppError for a failed Messages API call. */
export function claudeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Anthropic.APIConnectionTimeoutError)
    return new AppError(503, 'assistant_unavailable', claudeMessages.timedOut);
  if (error instanceof Anthropic.APIConnectionError)
    return new AppError(503, 'assistant_unavailable', claudeMessages.unreachable);
  if (error instanceof Anthropic.APIError) {
    const status: number = typeof error.status === 'number' ? error.status : 0;
    if (status === 429)
      return new AppError(503, 'assistant_unavailable', claudeMessages.rateLimited);
    if (status === 529 || status === 503)
      return new AppError(503, 'assistant_unavailable', claudeMessages.overloaded);
    if (status === 401 || status === 403)
      return new AppError(502, 'assistant_failed', claudeMessages.rejectedKey);
    if (status === 400 || status === 413 || status === 422) {
      const detail = (error.error as { error?: { message?: string } } | undefined)?.error?.message;
      return new AppError(502, 'assistant_failed', claudeMessages.refused(detail ?? error.message));
    }
    return new AppError(502, 'assistant_failed', claudeMessages.serviceFailed);
  }
  return new AppError(502, 'assistant_failed', claudeMessages.serviceFailed);
}
