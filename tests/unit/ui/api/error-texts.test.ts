import { describe, expect, it } from 'vitest';
import { RequestError } from '#src/api/client.ts';
import {
  forgotPasswordErrorText,
  resetPasswordErrorState,
  signupErrorState,
} from '#src/api/error-texts.ts';
import { describeWait } from '#server/plugins/rate-limit';
import { toolingLoadErrorText } from '#src/api/shop-error-texts.ts';

describe('forgot-password error texts (spec section 8)', () => {
  it.each([
    [
      new RequestError('response', 'x', 404, { message: 'whatever' }),
      'No user found with that email address.',
    ],
    [
      new RequestError('response', 'x', 429, { message: 'Too many attempts.' }),
      'Too many attempts.',
    ],
    [
      new RequestError('response', 'x', 500),
      'An unexpected error occurred while trying to send the reset password email.',
    ],
    [
      new RequestError('network', 'Failed to fetch'),
      'No response from the server. Please check your network connection.',
    ],
    [new RequestError('setup', 'bad body'), 'An error occurred while preparing the request.'],
    [new TypeError('boom'), 'An error occurred while preparing the request.'],
  ])('%s gives %j', (error, text) => {
    expect(forgotPasswordErrorText(error)).toBe(text);
  });
});

describe('reset-password error state', () => {
  it('shows the server message and the field problem, or the fallback', () => {
    expect(
      resetPasswordErrorState(
        new RequestError('response', 'x', 400, {
          message: 'Please correct the highlighted fields.',
          errors: { newPassword: 'rule' },
        }),
      ),
    ).toEqual({ formError: 'Please correct the highlighted fields.', fieldError: 'rule' });
    expect(resetPasswordErrorState(new RequestError('network', 'x'))).toEqual({
      formError: 'An error occurred while trying to reset the password.',
      fieldError: undefined,
    });
  });
});

describe('sign-up error state (spec section 8)', () => {
  it('shows the server message, the field errors, or the unknown error', () => {
    expect(signupErrorState(new RequestError('response', 'x', 409, { message: 'taken' }))).toEqual({
      formError: 'taken',
      fieldErrors: {},
    });
    expect(
      signupErrorState(
        new RequestError('response', 'x', 400, {
          message: '',
          errors: { email: 'Email is not valid.' },
        }),
      ),
    ).toEqual({
      formError: '',
      fieldErrors: { email: 'Email is not valid.' },
    });
    expect(signupErrorState(new RequestError('network', 'x'))).toEqual({
      formError: 'An unknown error occurred.',
      fieldErrors: {},
    });
  });
});

describe('describeWait', () => {
  it.each([
    [400, '1 second'],
    [12_000, '12 seconds'],
    [60_000, '1 minute'],
    [14 * 60_000 + 1, '15 minutes'],
    [3_600_000, '1 hour'],
    [3_600_001, '2 hours'],
  ])('%d ms is %j', (ms, text) => {
    expect(describeWait(ms)).toBe(text);
  });
});

describe('tooling screen load error texts (spec section 8, "Tooling screen")', () => {
  it.each([
    [
      new RequestError('response', 'x', 404, { message: 'Machine not found.' }),
      'Machine not found.',
    ],
    // A machine id that is no id: its field's text, not the highlight text of a form.
    [
      new RequestError('response', 'x', 400, {
        message: 'Please correct the highlighted fields.',
        errors: { machineId: 'Machine not found.' },
      }),
      'Machine not found.',
    ],
    [new RequestError('response', 'x', 500, undefined), 'An error occurred while fetching data'],
    [new RequestError('network', 'offline'), 'No response received'],
    [new Error('boom'), 'Error: boom'],
  ])('%s', (error, text) => {
    expect(toolingLoadErrorText(error)).toBe(text);
  });
});
