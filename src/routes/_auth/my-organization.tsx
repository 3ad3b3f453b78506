import { createFileRoute } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { organizationMessages, organizationServerMessages } from '#contracts/organization';
import type { OrganizationUser } from '#contracts/organization';
import { callerIsAdmin, isAdminTicked, orgStagingMachine } from '#machines/orgStaging';
import { approveUser, getOrganization, removeUser, toggleAdmin } from '../../api/organization.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Spinner } from '../../components/Spinner.tsx';

/** Organization management (spec sections 2, 4, 6 and 8), driven by the orgStaging chart. */
export const Route = createFileRoute('/_auth/my-organization')({ component: MyOrganization });

const fullName = (user: Pick<OrganizationUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

function MyOrganization() {
  const { userId, setRoles } = useAuth();
  const machine = useMemo(
    () =>
      orgStagingMachine.provide({
        actors: {
          fetchOrganization: fromPromise(async () => (await getOrganization()).organization),
          toggleAdmin: fromPromise(
            async ({ input }) => (await toggleAdmin(input.organizationId, input.userId)).user,
          ),
          approveUser: fromPromise(
            async ({ input }) => (await approveUser(input.organizationId, input.userId)).user,
          ),
          removeUser: fromPromise(({ input }) => removeUser(input.organizationId, input.userId)),
        },
        actions: { notifyNotAuthorized: (_, params) => window.alert(params.message) },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { currentUserId: userId ?? '' } });
  const { context } = state;
  /** The member whose removal waits for the confirmation dialog. */
  const [removal, setRemoval] = useState<OrganizationUser | null>(null);
  const { organization, staged, ownRoles, error } = context;

  useEffect(() => {
    if (ownRoles) setRoles(ownRoles);
  }, [ownRoles, setRoles]);

  if (state.matches('loading')) {
    return (
      <section className="card">
        <p className="muted">
          <Spinner /> Loading...
        </p>
      </section>
    );
  }
  if (!organization) {
    return (
      <section className="card">
        <h1>Organization</h1>
        <FormMessage error={error ?? organizationMessages.notFound} />
      </section>
    );
  }

  const self = organization.users.find((user) => user._id === context.currentUserId);
  if (!self) {
    // A pending member sees only who can let them in (spec section 2).
    return (
      <section className="card">
        <h1>Organization: {organization.name}</h1>
        <p className="panel-message">
          {organizationMessages.pendingMessage(organization.admins.map(fullName).join(', '))}
        </p>
      </section>
    );
  }

  const isAdmin = callerIsAdmin(context);
  const busy = !state.matches('clean') && !state.matches('staged');
  const hasStaged = Object.keys(staged).length > 0;

  return (
    <section className="card">
      <h1>Organization: {organization.name}</h1>
      <FormMessage error={error} />

      <h2>Active Users</h2>
      <table className="table stack">
        <thead>
          <tr>
            <th>User Name</th>
            <th>User Email</th>
            <th>Admin</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {organization.users.map((user) => {
            const changed = user._id in staged;
            const isUserAdmin = user.roles.includes('admin');
            return (
              <tr key={user._id}>
                <td data-label="User Name">{fullName(user)}</td>
                <td data-label="User Email">{user.email}</td>
                <td data-label="Admin" className={changed ? 'staged' : undefined}>
                  <input
                    type="checkbox"
                    aria-label={`Admin: ${fullName(user)}`}
                    checked={isAdminTicked(context, user._id)}
                    disabled={!isAdmin || busy}
                    data-changed={changed ? 'true' : undefined}
                    onChange={() => send({ type: 'admin.toggled', userId: user._id })}
                  />
                </td>
                <td data-label="Actions">
                  <button
                    type="button"
                    className="button small danger"
                    disabled={!isAdmin || busy || user._id === context.currentUserId || isUserAdmin}
                    onClick={() => {
                      if (!isAdmin) {
                        window.alert(organizationMessages.notAuthorizedRemove);
                        return;
                      }
                      setRemoval(user);
                    }}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      {hasStaged || state.matches('saving') ? (
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => send({ type: 'changes.cancelled' })}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => send({ type: 'changes.saved' })}
          >
            {state.matches('saving') ? <Spinner label="Saving" /> : null} Save
          </button>
        </div>
      ) : null}

      {isAdmin && organization.pendingUsers.length > 0 ? (
        <>
          <h2>Pending Users</h2>
          <table className="table stack">
            <thead>
              <tr>
                <th>User Name</th>
                <th>User Email</th>
                <th>Activate</th>
              </tr>
            </thead>
            <tbody>
              {organization.pendingUsers.map((user) => (
                <tr key={user._id}>
                  <td data-label="User Name">{fullName(user)}</td>
                  <td data-label="User Email">{user.email}</td>
                  <td data-label="Activate">
                    <button
                      type="button"
                      className="button small primary"
                      disabled={busy}
                      onClick={() => send({ type: 'user.approved', userId: user._id })}
                    >
                      Approve
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      {removal && organization ? (
        <Dialog
          title={`Remove ${fullName(removal)}?`}
          onDismiss={() => setRemoval(null)}
          actions={[
            { label: 'Cancel', onClick: () => setRemoval(null) },
            {
              label: 'Remove',
              primary: true,
              danger: true,
              onClick: () => {
                send({ type: 'user.removed', userId: removal._id });
                setRemoval(null);
              },
            },
          ]}
        >
          <p>{`Remove ${fullName(removal)} from ${organization.name}?`}</p>
        </Dialog>
      ) : null}

      {state.matches('warning') ? (
        <Dialog
          title="Remove your own admin rights?"
          onDismiss={() => send({ type: 'warning.cancelled' })}
          actions={[
            { label: 'Cancel', onClick: () => send({ type: 'warning.cancelled' }) },
            {
              label: 'Proceed',
              primary: true,
              danger: true,
              onClick: () => send({ type: 'warning.proceeded' }),
            },
          ]}
        >
          <p>{organizationServerMessages.selfUntickWarning}</p>
        </Dialog>
      ) : null}
    </section>
  );
}
