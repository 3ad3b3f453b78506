import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { signupFormSchema } from '#contracts/accounts';
import { fieldErrors } from '#contracts/errors';
import { signup } from '../api/accounts.ts';
import { signupErrorState } from '../api/error-texts.ts';
import { storeToken } from '../auth/session.ts';
import { FormMessage } from '../components/FormMessage.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';

/** Sign Up (spec sections 2, 5 and 8). After sign-up the user goes to /signin. */
export const Route = createFileRoute('/signup')({ component: SignUp });

type Field = 'email' | 'firstName' | 'lastName' | 'password' | 'confirmPassword' | 'organization';

function SignUp() {
  const navigate = useNavigate();
  const [form, setForm] = useState<Record<Field, string>>({
    email: '',
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
    organization: '',
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const field = (name: Field) => ({
    value: form[name],
    error: errors[name],
    onChange: (value: string) => {
      setForm((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = signupFormSchema.safeParse(form);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      setFormError(null);
      return;
    }
    setSubmitting(true);
    setFormError(null);
    try {
      const response = await signup({
        ...form,
        organization: form.organization.trim() || undefined,
      });
      if (response.token) storeToken(response.token);
      await navigate({ to: '/signin', state: { notice: response.message } });
    } catch (error) {
      const state = signupErrorState(error);
      setErrors(state.fieldErrors);
      setFormError(state.formError);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="card narrow">
      <h1>Sign Up</h1>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Email" type="email" autoComplete="email" autoFocus {...field('email')} />
        <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...field('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <TextField
          label="Organization (optional)"
          autoComplete="organization"
          placeholder="Your shop's name"
          {...field('organization')}
        />
        <FormMessage error={formError} />
        <div className="actions">
          <Link to="/" className="button">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={submitting}>
            {submitting ? <Spinner label="Signing up" /> : null} Sign Up
          </button>
        </div>
      </form>
    </section>
  );
}
