import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '#db/schema';
import type { DatabaseHandle } from '#server/database';
import {
  createOrganization,
  createPendingMember,
  createSignedInUser,
  postJson,
} from '../helpers/accounts.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: DatabaseHandle;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
});

afterAll(async () => {
  await t.close();
  await database.close();
});

const call = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, token: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const organizationOf = async (token: string) =>
  (await call('GET', '/api/organization', token)).json<{
    organization: {
      _id: string;
      name: string;
      users: { _id: string; roles: string[] }[];
      admins: { _id: string; firstName: string; email?: string }[];
      pendingUsers: { _id: string }[];
    };
  }>().organization;

describe('GET /api/organization', () => {
  it('shows an admin the active users, the admins and the pending users', async () => {
    const shop = await createOrganization(t, 1);
    const pending = await createPendingMember(t, shop.name);
    const organization = await organizationOf(shop.admin.token);
    expect(organization.name).toBe(shop.name);
    expect(organization.users.map((user) => user._id)).toEqual([
      shop.admin.userId,
      shop.members[0]!.userId,
    ]);
    expect(organization.users[0]).toEqual({
      _id: shop.admin.userId,
      firstName: 'Alma',
      lastName: 'Admin',
      email: shop.admin.email,
      roles: ['admin'],
    });
    expect(organization.admins.map((user) => user._id)).toEqual([shop.admin.userId]);
    expect(organization.pendingUsers.map((user) => user._id)).toEqual([pending.userId]);
  });

  it('hides pending users from members who are not admins', async () => {
    const shop = await createOrganization(t, 1);
    await createPendingMember(t, shop.name);
    const organization = await organizationOf(shop.members[0]!.token);
    expect(organization.users).toHaveLength(2);
    expect(organization.pendingUsers).toEqual([]);
  });

  it("shows a pending member only the organization's name and its admins' names", async () => {
    const shop = await createOrganization(t, 1);
    const pending = await createPendingMember(t, shop.name);
    expect(await organizationOf(pending.token)).toEqual({
      _id: shop.organizationId,
      name: shop.name,
      users: [],
      admins: [{ _id: shop.admin.userId, firstName: 'Alma', lastName: 'Admin' }],
      pendingUsers: [],
    });
  });

  it("answers 404 'Organization data not found.' without an organization", async () => {
    const user = await createSignedInUser(t);
    await t.app.db.delete(memberships).where(eq(memberships.userId, user.userId));
    await t.app.changesHeard();
    const response = await call('GET', '/api/organization', user.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Organization data not found.', code: 'not_found' });
  });
});

describe('POST /api/organization/{orgId}/approve-user/{userId}', () => {
  it('moves a pending user to the active users, who can then sign in', async () => {
    const shop = await createOrganization(t, 0);
    const pending = await createPendingMember(t, shop.name);
    const response = await call(
      'POST',
      `/api/organization/${shop.organizationId}/approve-user/${pending.userId}`,
      shop.admin.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { _id: pending.userId, roles: [] } });
    const organization = await organizationOf(shop.admin.token);
    expect(organization.users.map((user) => user._id)).toContain(pending.userId);
    expect(organization.pendingUsers).toEqual([]);
    expect(
      (await postJson(t, '/api/users/signin', { email: pending.email, password: pending.password }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses non-admins, active users and strangers', async () => {
    const shop = await createOrganization(t, 1);
    const pending = await createPendingMember(t, shop.name);
    const asMember = await call(
      'POST',
      `/api/organization/${shop.organizationId}/approve-user/${pending.userId}`,
      shop.members[0]!.token,
    );
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({
      message: 'You are not authorized to approve users.',
      code: 'forbidden',
    });
    const active = await call(
      'POST',
      `/api/organization/${shop.organizationId}/approve-user/${shop.members[0]!.userId}`,
      shop.admin.token,
    );
    expect(active.statusCode).toBe(409);
    const stranger = await createSignedInUser(t);
    const notMember = await call(
      'POST',
      `/api/organization/${shop.organizationId}/approve-user/${stranger.userId}`,
      shop.admin.token,
    );
    expect(notMember.statusCode).toBe(404);
    const badId = await call(
      'POST',
      `/api/organization/${shop.organizationId}/approve-user/not-a-uuid`,
      shop.admin.token,
    );
    expect(badId.statusCode).toBe(400);
  });
});

describe('PATCH /api/organization/{orgId}/toggle-admin/{userId}', () => {
  it('gives and withdraws admin rights, and the change applies to the next request', async () => {
    const shop = await createOrganization(t, 1);
    const member = shop.members[0]!;
    const url = `/api/organization/${shop.organizationId}/toggle-admin/${member.userId}`;
    const promoted = await call('PATCH', url, shop.admin.token);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ user: { _id: member.userId, roles: ['admin'] } });
    expect((await call('GET', '/api/profile', member.token)).json()).toMatchObject({
      user: { roles: ['admin'] },
    });
    const demoted = await call('PATCH', url, shop.admin.token);
    expect(demoted.json()).toMatchObject({ user: { roles: [] } });
  });

  it('lets an admin drop their own rights only while another admin remains', async () => {
    const shop = await createOrganization(t, 1);
    const own = `/api/organization/${shop.organizationId}/toggle-admin/${shop.admin.userId}`;
    const last = await call('PATCH', own, shop.admin.token);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      message:
        'You are the only admin of this organization. Make another member an admin before giving up your own admin rights.',
      code: 'conflict',
    });
    await call(
      'PATCH',
      `/api/organization/${shop.organizationId}/toggle-admin/${shop.members[0]!.userId}`,
      shop.admin.token,
    );
    const dropped = await call('PATCH', own, shop.admin.token);
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toMatchObject({ user: { roles: [] } });
    const again = await call('PATCH', own, shop.admin.token);
    expect(again.statusCode).toBe(403);
  });

  it('never leaves an organization without an admin when two admins demote each other at once', async () => {
    const shop = await createOrganization(t, 1);
    const other = shop.members[0]!;
    await call(
      'PATCH',
      `/api/organization/${shop.organizationId}/toggle-admin/${other.userId}`,
      shop.admin.token,
    );
    await Promise.all([
      call(
        'PATCH',
        `/api/organization/${shop.organizationId}/toggle-admin/${other.userId}`,
        shop.admin.token,
      ),
      call(
        'PATCH',
        `/api/organization/${shop.organizationId}/toggle-admin/${shop.admin.userId}`,
        other.token,
      ),
    ]);
    const admins = (
      await t.app.db
        .select()
        .from(memberships)
        .where(eq(memberships.organizationId, shop.organizationId))
    ).filter((row) => row.role === 'admin');
    expect(admins.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses non-admins and pending users', async () => {
    const shop = await createOrganization(t, 1);
    const pending = await createPendingMember(t, shop.name);
    const asMember = await call(
      'PATCH',
      `/api/organization/${shop.organizationId}/toggle-admin/${shop.admin.userId}`,
      shop.members[0]!.token,
    );
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({
      message: 'You are not authorized to change admin rights.',
    });
    const pendingTarget = await call(
      'PATCH',
      `/api/organization/${shop.organizationId}/toggle-admin/${pending.userId}`,
      shop.admin.token,
    );
    expect(pendingTarget.statusCode).toBe(409);
    expect(pendingTarget.json()).toMatchObject({
      message: 'Approve this user before making them an admin.',
    });
  });
});

describe('DELETE /api/organization/{orgId}/remove-user/{userId}', () => {
  it('removes a member, whose session then loses the organization at once', async () => {
    const shop = await createOrganization(t, 1);
    const member = shop.members[0]!;
    const response = await call(
      'DELETE',
      `/api/organization/${shop.organizationId}/remove-user/${member.userId}`,
      shop.admin.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'The user has been removed from the organization.',
    });
    expect((await call('GET', '/api/organization', member.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/machines/my-machines', member.token)).statusCode).toBe(403);
    expect((await organizationOf(shop.admin.token)).users.map((user) => user._id)).toEqual([
      shop.admin.userId,
    ]);
  });

  it('turns down a pending request', async () => {
    const shop = await createOrganization(t, 0);
    const pending = await createPendingMember(t, shop.name);
    expect(
      (
        await call(
          'DELETE',
          `/api/organization/${shop.organizationId}/remove-user/${pending.userId}`,
          shop.admin.token,
        )
      ).statusCode,
    ).toBe(200);
    expect((await organizationOf(shop.admin.token)).pendingUsers).toEqual([]);
  });

  it('never removes oneself or another admin, and only admins remove', async () => {
    const shop = await createOrganization(t, 2);
    const self = await call(
      'DELETE',
      `/api/organization/${shop.organizationId}/remove-user/${shop.admin.userId}`,
      shop.admin.token,
    );
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      message: 'You cannot remove yourself from the organization.',
    });
    const [first, second] = shop.members;
    await call(
      'PATCH',
      `/api/organization/${shop.organizationId}/toggle-admin/${first!.userId}`,
      shop.admin.token,
    );
    const admin = await call(
      'DELETE',
      `/api/organization/${shop.organizationId}/remove-user/${first!.userId}`,
      shop.admin.token,
    );
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({
      message: 'Admins cannot be removed. Withdraw their admin rights first.',
    });
    const byMember = await call(
      'DELETE',
      `/api/organization/${shop.organizationId}/remove-user/${first!.userId}`,
      second!.token,
    );
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ message: 'You are not authorized to remove users.' });
    expect((await organizationOf(shop.admin.token)).users).toHaveLength(3);
  });
});
