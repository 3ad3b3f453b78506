import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Organization, OrganizationUser } from '#contracts/organization';
import { orgStagingMachine } from '#machines/orgStaging';
import type { OrgStagingContext } from '#machines/orgStaging';
import { replay, walkChart } from '#tests/helpers/chart-coverage';

const pending = () => new Promise<never>(() => undefined);
const notified: string[] = [];
const machine = orgStagingMachine.provide({
  actors: {
    fetchOrganization: fromPromise<Organization>(pending),
    toggleAdmin: fromPromise<OrganizationUser, { organizationId: string; userId: string }>(pending),
    approveUser: fromPromise<OrganizationUser, { organizationId: string; userId: string }>(pending),
    removeUser: fromPromise<unknown, { organizationId: string; userId: string }>(pending),
  },
  actions: { notifyNotAuthorized: (_, params) => void notified.push(params.message) },
});

const member = (id: string, admin: boolean): OrganizationUser => ({
  _id: id,
  firstName: id,
  lastName: 'Shop',
  email: `${id}@shop.test`,
  roles: admin ? ['admin'] : [],
});
const organization = (callerIsAdmin: boolean): Organization => ({
  _id: 'org-1',
  name: 'Turner Precision',
  users: [member('me', callerIsAdmin), member('ann', true), member('bob', false)],
  admins: [],
  pendingUsers: [member('pat', false)],
});

type WalkEvent = EventObject & Record<string, unknown>;
const input = { currentUserId: 'me' };

/** Every user event, and each outcome of whichever call the chart is waiting for. */
function eventsFor(snapshot: AnyMachineSnapshot): WalkEvent[] {
  const events: WalkEvent[] = [
    { type: 'admin.toggled', userId: 'me' },
    { type: 'admin.toggled', userId: 'bob' },
    { type: 'warning.proceeded' },
    { type: 'warning.cancelled' },
    { type: 'changes.saved' },
    { type: 'changes.cancelled' },
    { type: 'user.approved', userId: 'pat' },
    { type: 'user.removed', userId: 'bob' },
    { type: 'organization.reloaded' },
  ];
  const context = snapshot.context as OrgStagingContext;
  if (snapshot.matches('loading') || snapshot.matches('refreshing')) {
    events.push({ type: 'xstate.done.actor.fetchOrganization', output: organization(true) });
    events.push({ type: 'xstate.error.actor.fetchOrganization', error: { status: 404 } });
    if (context.organization === null) {
      events.push({ type: 'xstate.done.actor.fetchOrganization', output: organization(false) });
    }
  }
  if (snapshot.matches('togglingOwn')) {
    events.push({ type: 'xstate.done.actor.toggleAdmin', output: member('me', false) });
    events.push({
      type: 'xstate.error.actor.toggleAdmin',
      error: { status: 409, data: { message: 'last admin' } },
    });
  }
  if (snapshot.matches('saving')) {
    events.push({
      type: 'xstate.done.actor.toggleAdmin',
      output: member(context.saveQueue[0] ?? 'me', false),
    });
    events.push({
      type: 'xstate.error.actor.toggleAdmin',
      error: { status: 409, data: { message: 'last admin' } },
    });
  }
  for (const id of ['approveUser', 'removeUser']) {
    if (snapshot.matches(id === 'approveUser' ? 'approving' : 'removing')) {
      events.push({ type: `xstate.done.actor.${id}`, output: member('pat', false) });
      events.push({ type: `xstate.error.actor.${id}`, error: {} });
    }
  }
  return events;
}

describe('orgStaging chart', () => {
  const walk = walkChart(machine, eventsFor, { input });

  it('reaches every state', () => {
    expect([...walk.visitedStates].sort()).toEqual([...walk.states].sort());
  });

  it('takes every transition', () => {
    expect([...walk.takenTransitions].sort()).toEqual([...new Set(walk.transitions)].sort());
  });

  it.each(walk.paths.map((path) => [path.transition, path] as const))(
    'a live actor follows %s',
    (_name, path) => {
      expect(replay(machine, path.events, input)).toEqual(path.expectedValue);
    },
  );
});

describe('orgStaging behaviour', () => {
  const loaded = (callerIsAdmin = true) => {
    const actor = createActor(machine, { input }).start();
    actor.send({
      type: 'xstate.done.actor.fetchOrganization',
      output: organization(callerIsAdmin),
    } as never);
    return actor;
  };

  it('stages toggles, unstages a box ticked back, and saves each changed user in turn', () => {
    const actor = loaded();
    actor.send({ type: 'admin.toggled', userId: 'bob' });
    actor.send({ type: 'admin.toggled', userId: 'ann' });
    expect(actor.getSnapshot().value).toBe('staged');
    expect(actor.getSnapshot().context.staged).toEqual({ bob: true, ann: false });
    actor.send({ type: 'admin.toggled', userId: 'bob' });
    expect(actor.getSnapshot().context.staged).toEqual({ ann: false });
    actor.send({ type: 'admin.toggled', userId: 'ann' });
    expect(actor.getSnapshot().value).toBe('clean');

    actor.send({ type: 'admin.toggled', userId: 'bob' });
    actor.send({ type: 'admin.toggled', userId: 'ann' });
    actor.send({ type: 'changes.saved' });
    // Grants before withdrawals, whatever the order they were staged in.
    expect(actor.getSnapshot().context.saveQueue).toEqual(['bob', 'ann']);
    actor.send({ type: 'xstate.done.actor.toggleAdmin', output: member('bob', true) } as never);
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'xstate.done.actor.toggleAdmin', output: member('ann', false) } as never);
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.staged).toEqual({});
    actor.stop();
  });

  it("toggles the caller's own admin role at once on Proceed, other toggles staying staged", () => {
    const toggled: string[] = [];
    const live = orgStagingMachine.provide({
      actors: {
        fetchOrganization: fromPromise<Organization>(async () => organization(true)),
        toggleAdmin: fromPromise<OrganizationUser, { organizationId: string; userId: string }>(
          async ({ input: call }) => {
            toggled.push(call.userId);
            return member(call.userId, false);
          },
        ),
      },
    });
    const actor = createActor(live, { input }).start();
    return (async () => {
      await waitFor(actor, (s) => s.matches('clean'));
      actor.send({ type: 'admin.toggled', userId: 'bob' });
      actor.send({ type: 'admin.toggled', userId: 'me' });
      expect(actor.getSnapshot().value).toBe('warning');
      actor.send({ type: 'warning.proceeded' });
      expect(actor.getSnapshot().value).toBe('togglingOwn');
      await waitFor(actor, (s) => s.matches('staged'));
      expect(toggled).toEqual(['me']);
      expect(actor.getSnapshot().context.ownRoles).toEqual([]);
      expect(actor.getSnapshot().context.staged).toEqual({ bob: true });
      actor.stop();
    })();
  });

  it('approves and removes at once while toggles are staged, keeping them staged', () => {
    const actor = loaded();
    actor.send({ type: 'admin.toggled', userId: 'bob' });
    actor.send({ type: 'user.removed', userId: 'ann' });
    expect(actor.getSnapshot().value).toBe('removing');
    actor.send({ type: 'xstate.done.actor.removeUser', output: {} } as never);
    const withoutAnn = organization(true);
    withoutAnn.users = withoutAnn.users.filter((user) => user._id !== 'ann');
    actor.send({ type: 'xstate.done.actor.fetchOrganization', output: withoutAnn } as never);
    expect(actor.getSnapshot().value).toBe('staged');
    expect(actor.getSnapshot().context.staged).toEqual({ bob: true });
    // A staged toggle of a user who left goes with them.
    actor.send({ type: 'user.removed', userId: 'bob' });
    actor.send({ type: 'xstate.done.actor.removeUser', output: {} } as never);
    withoutAnn.users = withoutAnn.users.filter((user) => user._id !== 'bob');
    actor.send({ type: 'xstate.done.actor.fetchOrganization', output: withoutAnn } as never);
    expect(actor.getSnapshot().value).toBe('clean');
    actor.stop();
  });

  it('discards staged toggles on cancel and keeps them when the warning is cancelled', () => {
    const actor = loaded();
    actor.send({ type: 'admin.toggled', userId: 'bob' });
    actor.send({ type: 'admin.toggled', userId: 'me' });
    actor.send({ type: 'warning.cancelled' });
    expect(actor.getSnapshot().value).toBe('staged');
    expect(actor.getSnapshot().context.staged).toEqual({ bob: true });
    actor.send({ type: 'changes.cancelled' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.staged).toEqual({});
    actor.stop();
  });

  it("shows the server's toggle error or the spec's text", () => {
    const actor = loaded();
    actor.send({ type: 'admin.toggled', userId: 'bob' });
    actor.send({ type: 'changes.saved' });
    actor.send({ type: 'xstate.error.actor.toggleAdmin', error: {} } as never);
    expect(actor.getSnapshot().context.error).toBe('Failed to toggle admin status.');
    actor.stop();
  });

  it('alerts a non-admin who tries to approve or remove', () => {
    notified.length = 0;
    const actor = loaded(false);
    actor.send({ type: 'user.approved', userId: 'pat' });
    actor.send({ type: 'user.removed', userId: 'bob' });
    expect(actor.getSnapshot().value).toBe('clean');
    expect(notified).toEqual([
      'You are not authorized to approve users.',
      'You are not authorized to remove users.',
    ]);
    actor.stop();
  });

  it('reports a missing organization with the spec text', () => {
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'xstate.error.actor.fetchOrganization', error: { status: 404 } } as never);
    expect(actor.getSnapshot().context.error).toBe('Organization data not found.');
    const other = createActor(machine, { input }).start();
    other.send({ type: 'xstate.error.actor.fetchOrganization', error: { status: 500 } } as never);
    expect(other.getSnapshot().context.error).toBe(
      'An error occurred while fetching organization data.',
    );
    actor.stop();
    other.stop();
  });
});
