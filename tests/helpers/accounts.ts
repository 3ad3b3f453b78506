import { eq } from 'drizzle-orm';
import { memberships, users } from '#db/schema';
import type { TestApp } from './app.ts';
import { goodPassword, uniqueEmail } from './app.ts';
import { latestLink } from './outbox.ts';

export interface SignupInput {
  email?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  confirmPassword?: string;
  organization?: string;
}

export function signupBody(input: SignupInput = {}) {
  const password = input.password ?? goodPassword;
  return {
    email: input.email ?? uniqueEmail(),
    firstName: input.firstName ?? 'Ada',
    lastName: input.lastName ?? 'Turner',
    password,
    confirmPassword: input.confirmPassword ?? password,
    ...(input.organization === undefined ? {} : { organization: input.organization }),
  };
}

export const postJson = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** Open the newest verification link mailed to `email`, as the browser would. */
export async function verifyEmail(t: TestApp, email: string) {
  const link = await latestLink(t.config.dataDir, email, '/api/users/verify-email/');
  return t.app.inject({ method: 'GET', url: new URL(link).pathname });
}

/** Sign up, verify and sign in; returns the session token. */
export async function createSignedInUser(t: TestApp, input: SignupInput = {}) {
  const body = signupBody({ organization: `Shop ${uniqueEmail('org')}`, ...input });
  const signup = await postJson(t, '/api/users/signup', body);
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.body}`);
  await verifyEmail(t, body.email);
  const signin = await postJson(t, '/api/users/signin', {
    email: body.email,
    password: body.password,
  });
  if (signin.statusCode !== 200) throw new Error(`sign-in failed: ${signin.body}`);
  const { token } = signin.json<{ token: string }>();
  const [user] = await t.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, body.email));
  return { ...body, token, userId: user!.id };
}

/** Make a pending member active, as an admin's approval does. */
export async function approveMembership(t: TestApp, userId: string) {
  await t.app.db
    .update(memberships)
    .set({ status: 'active', approvedAt: new Date() })
    .where(eq(memberships.userId, userId));
}
