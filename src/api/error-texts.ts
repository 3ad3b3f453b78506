/** How the screens turn failed calls into the spec's texts (spec section 8). */
import { accountMessages } from '#contracts/account-rules';
import { RequestError } from './client.ts';

/** Forgot password: 404, other server errors, no response, request setup (spec section 8). */
export function forgotPasswordErrorText(error: unknown): string {
  if (!(error instanceof RequestError) || error.kind === 'setup')
    return accountMessages.requestSetup;
  if (error.kind === 'network') return accountMessages.noResponse;
  if (error.status === 404) return accountMessages.forgotNoUser;
  return error.data?.message ?? accountMessages.forgotUnexpected;
}

/** Reset password: the server message or the spec's fallback, plus the field's own problem. */
export function resetPasswordErrorState(error: unknown): {
  formError: string;
  fieldError: string | undefined;
} {
  const data = error instanceof RequestError ? error.data : undefined;
  return {
    formError: data?.message ?? accountMessages.resetFailed,
    fieldError: data?.errors?.newPassword,
  };
}

/**
 * Sign up: the server's message as the form error, its field errors under the fields, and
 * 'An unknown error occurred.' when the answer has neither (docs/decisions/002-accounts.md).
 */
export function signupErrorState(error: unknown): {
  formError: string | null;
  fieldErrors: Record<string, string>;
} {
  const data = error instanceof RequestError ? error.data : undefined;
  const fieldErrors = data?.errors ?? {};
  const formError = data?.message ?? (data?.errors ? null : accountMessages.unknownError);
  return { formError, fieldErrors };
}
