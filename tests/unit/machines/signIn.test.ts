import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { accountMessages } from '#contracts/accounts';
import type { JoinOrganizationResponse } from '#contracts/accounts';
import { signInErrorText, signInMachine } from '#machines/signIn';
import type { SignInOutput } from '#machines/signIn';
import { replay, walkChart } from '#tests/helpers/chart-coverage';

/** Actors that never settle: the walk delivers their done and error events itself. */
const pending = () => new Promise<never>(() => undefined);
const machine = signInMachine.provide({
  actors: {
    signIn: fromPromise<SignInOutput, { email: string; password: string }>(pending),
    resendVerification: fromPromise<{ message: string }, { email: string }>(pending),
    joinOrganization: fromPromise<
      JoinOrganizationResponse,
      { email: string; password: string; organization: string }
    >(pending),
  },
});

/** Events of the chart and the done and error events of its invoked actors. */
type WalkEvent = EventObject & Record<string, unknown>;

const notVerified = { status: 403, data: { code: 'not_verified', message: 'verify first' } };
const noOrganization = {
  status: 403,
  data: { code: 'no_organization', message: accountMessages.noOrganization },
};
const wrongPassword = {
  status: 401,
  data: { code: 'invalid_credentials', message: 'The email address or password is incorrect.' },
};

/** Events worth trying in each state: valid and invalid input, and each outcome of each call. */
function eventsFor(snapshot: AnyMachineSnapshot): WalkEvent[] {
  const { email, password, organization } = snapshot.context as {
    email: string;
    password: string;
    organization: string;
  };
  const events: WalkEvent[] = [
    { type: 'form.submitted' },
    { type: 'verification.resend' },
    { type: 'panel.closed' },
    { type: 'organization.submitted' },
  ];
  if (organization === '') events.push({ type: 'organization.changed', value: 'Turner Precision' });
  if (email === '') events.push({ type: 'field.changed', field: 'email', value: 'ada@shop.test' });
  if (password === '') events.push({ type: 'field.changed', field: 'password', value: 'secret' });
  if (snapshot.matches('submitting')) {
    events.push(
      { type: 'xstate.done.actor.signIn', output: { token: 'header.payload.signature' } },
      { type: 'xstate.error.actor.signIn', error: notVerified },
      { type: 'xstate.error.actor.signIn', error: noOrganization },
      { type: 'xstate.error.actor.signIn', error: wrongPassword },
    );
  }
  if (snapshot.matches('joining')) {
    events.push(
      {
        type: 'xstate.done.actor.joinOrganization',
        output: { message: 'Organization created.', token: 'header.payload.signature' },
      },
      { type: 'xstate.done.actor.joinOrganization', output: { message: 'Asked to join.' } },
      { type: 'xstate.error.actor.joinOrganization', error: wrongPassword },
    );
  }
  if (snapshot.matches('resending')) {
    events.push(
      { type: 'xstate.done.actor.resendVerification', output: { message: 'A new link was sent.' } },
      {
        type: 'xstate.error.actor.resendVerification',
        error: { status: 429, data: { message: 'Too many attempts.' } },
      },
    );
  }
  return events;
}

describe('signIn chart', () => {
  const walk = walkChart(machine, eventsFor);

  it('reaches every state', () => {
    expect([...walk.visitedStates].sort()).toEqual([...walk.states].sort());
  });

  it('takes every transition', () => {
    expect([...walk.takenTransitions].sort()).toEqual([...new Set(walk.transitions)].sort());
  });

  it.each(walk.paths.map((path) => [path.transition, path] as const))(
    'a live actor follows the path that takes %s',
    (_name, path) => {
      expect(replay(machine, path.events)).toEqual(path.expectedValue);
    },
  );

  it('refuses to submit an empty form and shows the spec texts', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'form.submitted' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('form');
    expect(snapshot.context.fieldErrors).toEqual({
      email: accountMessages.emailRequired,
      password: accountMessages.passwordRequired,
    });
    actor.send({ type: 'field.changed', field: 'email', value: 'not-an-address' });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().context.fieldErrors.email).toBe(
      accountMessages.emailNotValidAddress,
    );
    actor.stop();
  });
});

describe('an account in no organization', () => {
  const refused = () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'field.changed', field: 'email', value: 'ada@shop.test' });
    actor.send({ type: 'field.changed', field: 'password', value: 'secret' });
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'xstate.error.actor.signIn', error: noOrganization } as never);
    return actor;
  };

  it("keeps the spec's message and asks for an organization, which must not be blank", () => {
    const actor = refused();
    expect(actor.getSnapshot().value).toBe('noOrganization');
    expect(actor.getSnapshot().context.formError).toBe(accountMessages.noOrganization);
    actor.send({ type: 'organization.changed', value: '   ' });
    actor.send({ type: 'organization.submitted' });
    expect(actor.getSnapshot().value).toBe('noOrganization');
    expect(actor.getSnapshot().context.organizationError).toBe('Organization is required.');
    actor.send({ type: 'organization.changed', value: 'Turner Precision' });
    actor.send({ type: 'organization.submitted' });
    expect(actor.getSnapshot().value).toBe('joining');
    actor.stop();
  });

  it('is signed in when it created the organization, and told to wait when it asked to join', () => {
    const creator = refused();
    creator.send({ type: 'organization.changed', value: 'New Shop' });
    creator.send({ type: 'organization.submitted' });
    creator.send({
      type: 'xstate.done.actor.joinOrganization',
      output: { message: 'Organization New Shop created.', token: 'a.b.c' },
    } as never);
    expect(creator.getSnapshot().status).toBe('done');
    expect(creator.getSnapshot().output).toEqual({ token: 'a.b.c' });

    const joiner = refused();
    joiner.send({ type: 'organization.changed', value: 'Old Shop' });
    joiner.send({ type: 'organization.submitted' });
    const message =
      'You asked to join Old Shop. Its admin must approve you before you can sign in.';
    joiner.send({ type: 'xstate.done.actor.joinOrganization', output: { message } } as never);
    expect(joiner.getSnapshot().value).toBe('form');
    expect(joiner.getSnapshot().context.notice).toBe(message);
    expect(joiner.getSnapshot().context.formError).toBeNull();
    joiner.stop();
  });
});

describe('signInErrorText (spec section 8, "Sign in")', () => {
  it('shows the no_organization text', () => {
    expect(signInErrorText({ status: 403, data: { code: 'no_organization', message: 'x' } })).toBe(
      'Your account is not linked to any organization. Please sign up again or contact support.',
    );
  });

  it('names the admins for not_approved', () => {
    expect(
      signInErrorText({
        status: 403,
        data: { code: 'not_approved', admins: ['Ada Turner', 'Bo Lind'] },
      }),
    ).toBe(
      'You have not been added to your organization yet. Please contact Ada Turner, Bo Lind so they can approve your entry into the organization.',
    );
  });

  it("shows the server's message for any other error with data", () => {
    expect(signInErrorText(wrongPassword)).toBe('The email address or password is incorrect.');
  });

  it('falls back to the unknown error without data', () => {
    expect(signInErrorText({})).toBe('An unknown error occurred.');
    expect(signInErrorText(undefined)).toBe('An unknown error occurred.');
  });
});
