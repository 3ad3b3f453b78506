import { Link, createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { accountMessages } from '#contracts/account-rules';
import { signInMachine } from '#machines/signIn';
import { joinOrganization, resendVerification, signin } from '../api/accounts.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { safeRedirect } from '../auth/signin-redirect.ts';
import { FormMessage } from '../components/FormMessage.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';
import { uiMessages } from '../messages.ts';

interface SignInSearch {
  /** Where to go after signing in: the protected page that sent the user here. */
  redirect?: string;
  /** Set by the verification link: 1 verified, 0 invalid or expired. */
  verified?: 0 | 1;
}

export const Route = createFileRoute('/signin')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => {
    const redirect = safeRedirect(search.redirect);
    const verified = Number(search.verified);
    return {
      ...(redirect ? { redirect } : {}),
      ...(verified === 0 || verified === 1 ? { verified } : {}),
    };
  },
  component: SignIn,
});

const verificationNotices = {
  1: uiMessages.emailVerified,
  0: uiMessages.verificationLinkInvalid,
} as const;

function SignIn() {
  const search = Route.useSearch();
  const notice = useLocation({ select: (location) => location.state.notice });
  const navigate = useNavigate();
  const auth = useAuth();

  const machine = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          // A RequestError carries the status and body the chart reads (CallFailure).
          signIn: fromPromise(({ input }) => signin(input)),
          resendVerification: fromPromise(({ input }) => resendVerification(input)),
          joinOrganization: fromPromise(({ input }) => joinOrganization(input)),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const { context } = state;
  const signedInToken = state.matches('signedIn') ? context.token : null;

  const { signIn } = auth;
  const handledToken = useRef<string | null>(null);
  useEffect(() => {
    if (!signedInToken || handledToken.current === signedInToken) return;
    handledToken.current = signedInToken;
    void signIn(signedInToken).then(() =>
      navigate({ to: search.redirect ?? '/qbot', replace: true }),
    );
  }, [signedInToken, signIn, navigate, search.redirect]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submitted' });
  };

  if (state.matches('unverified') || state.matches('resending')) {
    return (
      <section className="card narrow">
        <h1>Sign In</h1>
        <p className="panel-message">{accountMessages.checkEmailToVerify(context.email.trim())}</p>
        <div className="actions">
          <button type="button" className="button" onClick={() => send({ type: 'panel.closed' })}>
            Close
          </button>
          <button
            type="button"
            className="button primary"
            disabled={state.matches('resending')}
            onClick={() => send({ type: 'verification.resend' })}
          >
            {state.matches('resending') ? <Spinner label="Sending" /> : null} Resend Verification
            Email
          </button>
        </div>
      </section>
    );
  }

  if (state.matches('noOrganization') || state.matches('joining')) {
    const joining = state.matches('joining');
    return (
      <section className="card narrow">
        <h1>Sign In</h1>
        <FormMessage error={context.formError} />
        <p>
          Name your shop&apos;s organization to go on: a new name creates it with you as its admin;
          the name of an existing one asks its admin to approve you.
        </p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'organization.submitted' });
          }}
          noValidate
        >
          <TextField
            label="Organization"
            autoComplete="organization"
            autoFocus
            value={context.organization}
            error={context.organizationError ?? undefined}
            onChange={(value) => send({ type: 'organization.changed', value })}
          />
          <div className="actions">
            <button type="button" className="button" onClick={() => send({ type: 'panel.closed' })}>
              Close
            </button>
            <button type="submit" className="button primary" disabled={joining}>
              {joining ? <Spinner label="Joining" /> : null} Join or Create Organization
            </button>
          </div>
        </form>
      </section>
    );
  }

  const busy = state.matches('submitting') || state.matches('signedIn');
  const pageNotice =
    context.notice ??
    notice ??
    (search.verified !== undefined ? verificationNotices[search.verified] : null);
  return (
    <section className="card narrow">
      <h1>Sign In</h1>
      <FormMessage notice={context.formError ? null : pageNotice} />
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          autoFocus
          value={context.email}
          error={context.fieldErrors.email}
          onChange={(value) => send({ type: 'field.changed', field: 'email', value })}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={context.password}
          error={context.fieldErrors.password}
          onChange={(value) => send({ type: 'field.changed', field: 'password', value })}
        />
        <FormMessage error={context.formError} />
        <p>
          <Link to="/forgot-password">Forgot Password?</Link>
        </p>
        <div className="actions">
          <Link to="/" className="button">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? <Spinner label="Signing in" /> : null} Sign In
          </button>
        </div>
      </form>
    </section>
  );
}
