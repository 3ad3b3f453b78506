/**
 * The sign-in panel (spec sections 2 "Sign In", 4 "Sign-in screen", 5 "Sign in", 8 "Sign in").
 *
 * Either the normal form, the unverified-email panel, or the organization panel. Resend goes back
 * to the form and shows the server's message; Close goes back to the form. An account in no
 * organization (it signed up without naming one) gets the spec's message and a way on: it names
 * an organization, which it creates (and is signed in as its admin) or asks to join
 * (docs/decisions/027-no-dead-end-without-organization.md). The UI provides the actors
 * (`signIn`, `resendVerification`, `joinOrganization`) with `machine.provide({ actors })`; tests
 * provide stubs.
 */
import { assign, fromPromise, setup } from 'xstate';
import { accountMessages } from '#contracts/account-rules';
import type { JoinOrganizationResponse } from '#contracts/accounts';
import { joinOrganizationFormIssues, signinFormIssues } from '#contracts/sign-in-checks';
import { fieldErrors } from '#contracts/field-errors';

/** What a failed call looks like to the chart: the HTTP status and the response body, if any. */
export interface CallFailure {
  status?: number | undefined;
  data?:
    | {
        message?: string;
        code?: string;
        admins?: string[];
        /** A 400's field name to its first problem (contracts/errors.ts). */
        errors?: Record<string, string>;
      }
    | undefined;
}

export type SignInField = 'email' | 'password';

export interface SignInContext {
  email: string;
  password: string;
  fieldErrors: Partial<Record<SignInField, string>>;
  /** The error under the form, from the spec's sign-in error catalogue. */
  formError: string | null;
  /** A neutral message, such as the server's answer to Resend Verification Email. */
  notice: string | null;
  /** The session token once signed in. */
  token: string | null;
  /** The organization an account in none names (organization panel). */
  organization: string;
  /** The organization panel's error line. */
  organizationError: string | null;
}

export type SignInEvent =
  | { type: 'field.changed'; field: SignInField; value: string }
  | { type: 'form.submitted' }
  | { type: 'verification.resend' }
  | { type: 'panel.closed' }
  | { type: 'organization.changed'; value: string }
  | { type: 'organization.submitted' };

export interface SignInOutput {
  token: string;
}

/** The spec's error catalogue for sign-in (section 8), as the form shows it. */
export function signInErrorText(error: unknown): string {
  const failure = (error ?? {}) as CallFailure;
  const data = failure.data;
  if (data?.code === 'no_organization') return accountMessages.noOrganization;
  if (data?.code === 'not_approved')
    return accountMessages.notApproved((data.admins ?? []).join(', '));
  if (data?.message) return data.message;
  return accountMessages.unknownError;
}

const isCallFailureWithCode = (error: unknown, code: string): boolean =>
  (error as CallFailure | undefined)?.data?.code === code;

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    output: {} as SignInOutput,
  },
  actors: {
    signIn: fromPromise<SignInOutput, { email: string; password: string }>(() => {
      throw new Error('signIn actor not provided');
    }),
    resendVerification: fromPromise<{ message: string }, { email: string }>(() => {
      throw new Error('resendVerification actor not provided');
    }),
    joinOrganization: fromPromise<
      JoinOrganizationResponse,
      { email: string; password: string; organization: string }
    >(() => {
      throw new Error('joinOrganization actor not provided');
    }),
  },
  guards: {
    formIsValid: ({ context }) =>
      signinFormIssues({ email: context.email, password: context.password }).length === 0,
    isNotVerified: ({ event }) =>
      isCallFailureWithCode((event as { error?: unknown }).error, 'not_verified'),
    hasNoOrganization: ({ event }) =>
      isCallFailureWithCode((event as { error?: unknown }).error, 'no_organization'),
    organizationIsValid: ({ context }) =>
      joinOrganizationFormIssues({
        email: context.email,
        password: context.password,
        organization: context.organization,
      }).length === 0,
    joinedWithToken: ({ event }) =>
      Boolean((event as { output?: JoinOrganizationResponse }).output?.token),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const { [event.field]: _cleared, ...otherErrors } = context.fieldErrors;
      return { [event.field]: event.value, fieldErrors: otherErrors };
    }),
    showFieldErrors: assign(({ context }) => {
      const issues = signinFormIssues({ email: context.email, password: context.password });
      return {
        fieldErrors: fieldErrors(issues),
        formError: null,
      };
    }),
    clearMessages: assign({ fieldErrors: {}, formError: null, notice: null }),
    showSignInError: assign(({ event }) => ({
      formError: signInErrorText((event as { error?: unknown }).error),
    })),
    showResendError: assign(({ event }) => ({
      formError: signInErrorText((event as { error?: unknown }).error),
    })),
    storeToken: assign(({ event }) => ({
      token: (event as { output?: SignInOutput }).output?.token ?? null,
    })),
    showResendMessage: assign(({ event }) => ({
      notice: (event as { output?: { message?: string } }).output?.message ?? null,
    })),
    setOrganization: assign(({ event }) =>
      event.type === 'organization.changed'
        ? { organization: event.value, organizationError: null }
        : {},
    ),
    showOrganizationRequired: assign({
      organizationError: ({ context }) => {
        const issues = joinOrganizationFormIssues({
          email: context.email,
          password: context.password,
          organization: context.organization,
        });
        return issues[0]?.message ?? null;
      },
    }),
    showJoinError: assign(({ event }) => ({
      organizationError: signInErrorText((event as { error?: unknown }).error),
    })),
    showJoinRequested: assign(({ event }) => ({
      notice: (event as { output?: JoinOrganizationResponse }).output?.message ?? null,
      organization: '',
      organizationError: null,
    })),
  },
}).createMachine({
  id: 'signIn',
  context: {
    email: '',
    password: '',
    fieldErrors: {},
    formError: null,
    notice: null,
    token: null,
    organization: '',
    organizationError: null,
  },
  initial: 'form',
  states: {
    form: {
      description: 'The Email Address and Password form with Cancel, Sign In and Forgot Password?',
      on: {
        'field.changed': { actions: 'setField' },
        'form.submitted': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearMessages' },
          { actions: 'showFieldErrors' },
        ],
      },
    },
    submitting: {
      description: 'Waiting for POST /api/users/signin; the Sign In button shows a spinner',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: { target: 'signedIn', actions: 'storeToken' },
        onError: [
          { guard: 'isNotVerified', target: 'unverified' },
          { guard: 'hasNoOrganization', target: 'noOrganization', actions: 'showSignInError' },
          { target: 'form', actions: 'showSignInError' },
        ],
      },
    },
    noOrganization: {
      description:
        "The spec's 'not linked to any organization' message with an Organization field: Join or Create Organization, and Close",
      on: {
        'organization.changed': { actions: 'setOrganization' },
        'organization.submitted': [
          { guard: 'organizationIsValid', target: 'joining' },
          { actions: 'showOrganizationRequired' },
        ],
        'panel.closed': { target: 'form' },
      },
    },
    joining: {
      description: 'Waiting for POST /api/users/join-organization',
      invoke: {
        id: 'joinOrganization',
        src: 'joinOrganization',
        input: ({ context }) => ({
          email: context.email.trim(),
          password: context.password,
          organization: context.organization.trim(),
        }),
        onDone: [
          { guard: 'joinedWithToken', target: 'signedIn', actions: 'storeToken' },
          { target: 'form', actions: ['clearMessages', 'showJoinRequested'] },
        ],
        onError: { target: 'noOrganization', actions: 'showJoinError' },
      },
    },
    unverified: {
      description:
        "'Please check your email address {email} to verify your email.' with Resend and Close",
      on: {
        'verification.resend': { target: 'resending' },
        'panel.closed': { target: 'form' },
      },
    },
    resending: {
      description: 'Waiting for POST /api/users/resend-verification',
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'form', actions: 'showResendMessage' },
        onError: { target: 'form', actions: 'showResendError' },
      },
    },
    signedIn: {
      description: 'The token is stored; the page goes to the remembered location or /qbot',
      type: 'final',
    },
  },
  output: ({ context }) => ({ token: context.token ?? '' }),
});
