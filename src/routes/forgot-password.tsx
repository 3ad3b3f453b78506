import { Link, createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { forgotPassword } from '../api/accounts.ts';
import { forgotPasswordErrorText } from '../api/error-texts.ts';
import { FormMessage } from '../components/FormMessage.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';

/** 'Reset Password Request' (spec sections 2, 5 and 8). */
export const Route = createFileRoute('/forgot-password')({ component: ForgotPassword });

function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    setMessage(null);
    try {
      const response = await forgotPassword({ email });
      setMessage(response.message);
    } catch (failure) {
      setError(forgotPasswordErrorText(failure));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="card narrow">
      <h1>Reset Password Request</h1>
      <form onSubmit={(event) => void submit(event)}>
        <TextField
          label="Email"
          type="email"
          required
          autoFocus
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <FormMessage error={error} notice={message} />
        <div className="actions">
          <Link to="/" className="button">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={submitting}>
            {submitting ? <Spinner label="Sending" /> : null} Reset Password
          </button>
        </div>
      </form>
    </section>
  );
}
