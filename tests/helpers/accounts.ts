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

/** A client address of its own for each simulated person, as on a real network. */
export const randomAddress = (): string =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export const postJson = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: randomAddress(),
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
  // Written behind the app's back, as another process would: wait until the app has heard it.
  await t.app.changesHeard();
}

/**
 * An organization with an admin and `members` more active members (approved through the API),
 * each signed in.
 */
export async function createOrganization(
  t: TestApp,
  members = 1,
  name = `Shop ${uniqueEmail('org')}`,
) {
  const admin = await createSignedInUser(t, {
    organization: name,
    firstName: 'Alma',
    lastName: 'Admin',
  });
  const organizationId = (
    await t.app.inject({
      method: 'GET',
      url: '/api/organization',
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json<{ organization: { _id: string } }>().organization._id;
  const others = [];
  for (let index = 0; index < members; index += 1) {
    const body = signupBody({
      organization: name,
      firstName: `Member${index + 1}`,
      lastName: 'Machinist',
    });
    await postJson(t, '/api/users/signup', body);
    await verifyEmail(t, body.email);
    const [user] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, body.email));
    await t.app.inject({
      method: 'POST',
      url: `/api/organization/${organizationId}/approve-user/${user!.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const signin = await postJson(t, '/api/users/signin', {
      email: body.email,
      password: body.password,
    });
    others.push({ ...body, userId: user!.id, token: signin.json<{ token: string }>().token });
  }
  return { name, organizationId, admin, members: others };
}

/** A member who asked to join `organizationName` and is still pending, with a session token. */
export async function createPendingMember(t: TestApp, organizationName: string) {
  const body = signupBody({
    organization: organizationName,
    firstName: 'Pat',
    lastName: 'Pending',
  });
  await postJson(t, '/api/users/signup', body);
  await verifyEmail(t, body.email);
  const [user] = await t.app.db.select().from(users).where(eq(users.email, body.email));
  // Pending members cannot sign in; a session issued directly stands for one that outlived approval checks.
  const { token } = await t.app.sessions.issue({
    id: user!.id,
    email: user!.email,
    roles: [],
    sessionVersion: user!.sessionVersion,
  });
  return { ...body, userId: user!.id, token };
}
