import { Link, createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { fieldErrors } from '#contracts/errors';
import { profileUpdateBodySchema } from '#contracts/profile';
import { getProfile, updateProfile } from '../../api/accounts.ts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { TextField } from '../../components/TextField.tsx';
import { uiMessages } from '../../messages.ts';

/** Profile edit (spec section 2). Load and save failures are only logged (spec section 8). */
export const Route = createFileRoute('/_auth/my-profile')({ component: MyProfile });

function MyProfile() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getProfile()
      .then(({ user }) => {
        if (!current) return;
        setFirstName(user.firstName);
        setLastName(user.lastName);
        setLoaded(true);
      })
      .catch((error: unknown) => console.error('Could not load the profile', error));
    return () => {
      current = false;
    };
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const checked = profileUpdateBodySchema.safeParse({ firstName, lastName });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { user } = await updateProfile(checked.data);
      setFirstName(user.firstName);
      setLastName(user.lastName);
      setNotice(uiMessages.profileSaved);
    } catch (error) {
      console.error('Could not save the profile', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card narrow">
      <h1>My Profile</h1>
      <form onSubmit={(event) => void save(event)} noValidate aria-busy={!loaded}>
        <TextField
          label="First Name"
          autoComplete="given-name"
          value={firstName}
          onChange={setFirstName}
          error={errors.firstName}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          value={lastName}
          onChange={setLastName}
          error={errors.lastName}
        />
        <FormMessage notice={notice} />
        <div className="actions">
          <Link to="/qbot" className="button">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={saving || !loaded}>
            {saving ? <Spinner label="Saving" /> : null} Save Changes
          </button>
        </div>
      </form>
    </section>
  );
}
