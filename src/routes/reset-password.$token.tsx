import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { accountMessages } from '#contracts/accounts';
import { resetPassword } from '../api/accounts.ts';
import { resetPasswordErrorState } from '../api/error-texts.ts';
import { FormMessage } from '../components/FormMessage.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';

/** Set a new password with the token from the mailed link (spec sections 2, 5 and 8). */
export const Route = createFileRoute('/reset-password/$token')({ component: ResetPassword });

function ResetPassword() {
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(undefined);
    if (newPassword !== confirmPassword) {
      setError(accountMessages.resetPasswordsDontMatch);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const response = await resetPassword(token, { newPassword });
      await navigate({ to: '/signin', state: { notice: response.message } });
    } catch (failure) {
      const { formError, fieldError: passwordError } = resetPasswordErrorState(failure);
      setFieldError(passwordError);
      setError(formError);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="card narrow">
      <h1>Reset Password</h1>
      <form onSubmit={(event) => void submit(event)}>
        <TextField
          label="New Password:"
          type="password"
          required
          autoFocus
          autoComplete="new-password"
          value={newPassword}
          onChange={setNewPassword}
          error={fieldError}
        />
        <TextField
          label="Confirm New Password:"
          type="password"
          required
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <FormMessage error={error} />
        <div className="actions">
          <button type="submit" className="button primary" disabled={submitting}>
            {submitting ? <Spinner label="Saving" /> : null} Reset Password
          </button>
        </div>
      </form>
    </section>
  );
}
