/**
 * The organization screen (spec sections 2 "Organization", 4 "Organization membership", 6, 8).
 *
 * Admin toggles are staged locally and applied only on Save, which toggles each changed user in
 * turn and then refetches; Cancel discards the staged toggles and refetches. Unticking one's own
 * admin box first shows a warning; Proceed toggles the caller's own admin role at once (spec
 * section 4) and reports the caller's new roles in `ownRoles`; other staged toggles stay staged.
 * Approve and Remove act at once, also while toggles are staged, then refetch.
 *
 * Actors the UI provides: `fetchOrganization`, `toggleAdmin`, `approveUser`, `removeUser`.
 * Actions it may provide: `notifyNotAuthorized` (the spec's alert for a non-admin).
 */
import { assign, fromPromise, setup } from 'xstate';
import { organizationMessages } from '#contracts/organization';
import type { Organization, OrganizationUser } from '#contracts/organization';
import type { CallFailure } from './signIn.ts';

export interface OrgStagingContext {
  currentUserId: string;
  organization: Organization | null;
  /** User id to the admin value staged for them, for users whose box differs from the server. */
  staged: Record<string, boolean>;
  /** Users still to toggle while saving, in order. */
  saveQueue: string[];
  /** The caller's roles after a save changed them, for the UI's own roles. */
  ownRoles: string[] | null;
  /** The screen's error line (spec section 8 texts). */
  error: string | null;
}

export type OrgStagingEvent =
  | { type: 'admin.toggled'; userId: string }
  | { type: 'warning.proceeded' }
  | { type: 'warning.cancelled' }
  | { type: 'changes.saved' }
  | { type: 'changes.cancelled' }
  | { type: 'user.approved'; userId: string }
  | { type: 'user.removed'; userId: string }
  | { type: 'organization.reloaded' };

/** Texts the screen shows where the spec has none (docs/decisions/006-organizations.md). */
export const orgStagingMessages = {
  approveFailed: 'Failed to approve the user.',
  removeFailed: 'Failed to remove the user.',
} as const;

const failureOf = (event: unknown): CallFailure => (event as { error?: CallFailure }).error ?? {};
const serverMessage = (event: unknown): string | undefined => failureOf(event).data?.message;

/** Whether the user's box is ticked now: the staged value, else the server's roles. */
export function isAdminTicked(
  context: Pick<OrgStagingContext, 'organization' | 'staged'>,
  userId: string,
): boolean {
  if (userId in context.staged) return context.staged[userId]!;
  const user = context.organization?.users.find((member) => member._id === userId);
  return user?.roles.includes('admin') ?? false;
}

/** Whether the caller is an admin of the loaded organization (server's view, not the staged one). */
export function callerIsAdmin(
  context: Pick<OrgStagingContext, 'organization' | 'currentUserId'>,
): boolean {
  const caller = context.organization?.users.find((member) => member._id === context.currentUserId);
  return caller?.roles.includes('admin') ?? false;
}

const userIdOf = (event: OrgStagingEvent): string => ('userId' in event ? event.userId : '');

/** Approve and Remove act at once, staged toggles or not; a non-admin gets the spec's alert. */
const membersChanged = {
  'user.approved': [
    { guard: 'isAdmin', target: 'approving' },
    {
      actions: {
        type: 'notifyNotAuthorized',
        params: { message: organizationMessages.notAuthorizedApprove },
      },
    },
  ],
  'user.removed': [
    { guard: 'isAdmin', target: 'removing' },
    {
      actions: {
        type: 'notifyNotAuthorized',
        params: { message: organizationMessages.notAuthorizedRemove },
      },
    },
  ],
} as const;

export const orgStagingMachine = setup({
  types: {
    context: {} as OrgStagingContext,
    events: {} as OrgStagingEvent,
    input: {} as { currentUserId: string },
  },
  actors: {
    fetchOrganization: fromPromise<Organization>(() => {
      throw new Error('fetchOrganization actor not provided');
    }),
    toggleAdmin: fromPromise<OrganizationUser, { organizationId: string; userId: string }>(() => {
      throw new Error('toggleAdmin actor not provided');
    }),
    approveUser: fromPromise<OrganizationUser, { organizationId: string; userId: string }>(() => {
      throw new Error('approveUser actor not provided');
    }),
    removeUser: fromPromise<unknown, { organizationId: string; userId: string }>(() => {
      throw new Error('removeUser actor not provided');
    }),
  },
  guards: {
    isOwnUntick: ({ context, event }) =>
      userIdOf(event) === context.currentUserId && isAdminTicked(context, context.currentUserId),
    isAdmin: ({ context }) => callerIsAdmin(context),
    hasStaged: ({ context }) => Object.keys(context.staged).length > 0,
    moreToSave: ({ context }) => context.saveQueue.length > 1,
    isNotFound: ({ event }) => failureOf(event).status === 404,
  },
  actions: {
    notifyNotAuthorized: (_, _params: { message: string }) => undefined,
    setOrganization: assign(({ context, event }) => {
      const organization = (event as { output?: Organization }).output ?? null;
      // Staged toggles of users who left, or whose box the server now has as staged, go.
      const staged = Object.fromEntries(
        Object.entries(context.staged).filter(([userId, admin]) => {
          const user = organization?.users.find((member) => member._id === userId);
          return user !== undefined && user.roles.includes('admin') !== admin;
        }),
      );
      return { organization, staged };
    }),
    stageToggle: assign({
      staged: ({ context, event }) => {
        const userId = userIdOf(event);
        const user = context.organization?.users.find((member) => member._id === userId);
        if (!user) return context.staged;
        const wanted = !isAdminTicked(context, userId);
        const { [userId]: _previous, ...rest } = context.staged;
        return wanted === user.roles.includes('admin') ? rest : { ...rest, [userId]: wanted };
      },
    }),
    // Grants before withdrawals, so an admin who hands over their rights is never the last one.
    queueStaged: assign({
      saveQueue: ({ context }) =>
        Object.entries(context.staged)
          .sort(([, a], [, b]) => Number(b) - Number(a))
          .map(([userId]) => userId),
      error: null,
    }),
    recordToggled: assign(({ context, event }) => {
      const user = (event as { output?: OrganizationUser }).output;
      return {
        saveQueue: context.saveQueue.slice(1),
        ownRoles: user && user._id === context.currentUserId ? user.roles : context.ownRoles,
      };
    }),
    recordOwnToggle: assign(({ context, event }) => {
      const user = (event as { output?: OrganizationUser }).output;
      const { [context.currentUserId]: _own, ...staged } = context.staged;
      return { staged, ownRoles: user?.roles ?? context.ownRoles, error: null };
    }),
    discardStaged: assign({ staged: {}, saveQueue: [] }),
    clearError: assign({ error: null }),
    showLoadError: assign({
      error: ({ event }) =>
        failureOf(event).status === 404
          ? organizationMessages.notFound
          : organizationMessages.loadFailed,
    }),
    showRefreshError: assign({ error: organizationMessages.refreshFailed }),
    showToggleError: assign({
      error: ({ event }) => serverMessage(event) ?? organizationMessages.toggleFailed,
    }),
    showApproveError: assign({
      error: ({ event }) => serverMessage(event) ?? orgStagingMessages.approveFailed,
    }),
    showRemoveError: assign({
      error: ({ event }) => serverMessage(event) ?? orgStagingMessages.removeFailed,
    }),
  },
}).createMachine({
  id: 'orgStaging',
  context: ({ input }) => ({
    currentUserId: input.currentUserId,
    organization: null,
    staged: {},
    saveQueue: [],
    ownRoles: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/organization for the first time',
      invoke: {
        id: 'fetchOrganization',
        src: 'fetchOrganization',
        onDone: { target: 'clean', actions: ['setOrganization', 'clearError'] },
        onError: { target: 'failed', actions: 'showLoadError' },
      },
    },
    failed: {
      description:
        "'Organization data not found.' or the load error; nothing else to do but reload",
      on: { 'organization.reloaded': { target: 'loading' } },
    },
    clean: {
      description: 'The tables as the server has them: no staged toggle, no Save or Cancel',
      on: {
        'admin.toggled': [
          { guard: 'isOwnUntick', target: 'warning' },
          { target: 'checking', actions: 'stageToggle' },
        ],
        ...membersChanged,
      },
    },
    staged: {
      description:
        'Some admin boxes differ from the server (highlighted); Save and Cancel are shown',
      on: {
        'admin.toggled': [
          { guard: 'isOwnUntick', target: 'warning' },
          { target: 'checking', actions: 'stageToggle' },
        ],
        'changes.saved': { target: 'saving', actions: 'queueStaged' },
        'changes.cancelled': { target: 'refreshing', actions: 'discardStaged' },
        ...membersChanged,
      },
    },
    checking: {
      description: 'After a toggle: staged when any box differs from the server, clean otherwise',
      always: [{ guard: 'hasStaged', target: 'staged' }, { target: 'clean' }],
    },
    warning: {
      description:
        'The modal shown when the caller unticks their own admin box, with Cancel and Proceed',
      on: {
        'warning.proceeded': { target: 'togglingOwn' },
        'warning.cancelled': { target: 'checking' },
      },
    },
    togglingOwn: {
      description: 'PATCH toggle-admin for the caller, at once: Proceed in the warning',
      invoke: {
        id: 'toggleAdmin',
        src: 'toggleAdmin',
        input: ({ context }) => ({
          organizationId: context.organization?._id ?? '',
          userId: context.currentUserId,
        }),
        onDone: { target: 'refreshing', actions: 'recordOwnToggle' },
        onError: { target: 'refreshing', actions: 'showToggleError' },
      },
    },
    saving: {
      description: 'PATCH toggle-admin for each staged user in turn',
      invoke: {
        id: 'toggleAdmin',
        src: 'toggleAdmin',
        input: ({ context }) => ({
          organizationId: context.organization?._id ?? '',
          userId: context.saveQueue[0] ?? '',
        }),
        onDone: [
          { guard: 'moreToSave', target: 'saving', reenter: true, actions: 'recordToggled' },
          { target: 'refreshing', actions: ['recordToggled', 'discardStaged'] },
        ],
        onError: { target: 'refreshing', actions: ['showToggleError', 'discardStaged'] },
      },
    },
    refreshing: {
      description:
        'GET /api/organization again after a change, a save or a cancel; toggles still staged stay',
      invoke: {
        id: 'fetchOrganization',
        src: 'fetchOrganization',
        onDone: { target: 'checking', actions: 'setOrganization' },
        onError: { target: 'checking', actions: 'showRefreshError' },
      },
    },
    approving: {
      description: 'POST approve-user for a pending user',
      invoke: {
        id: 'approveUser',
        src: 'approveUser',
        input: ({ context, event }) => ({
          organizationId: context.organization?._id ?? '',
          userId: userIdOf(event),
        }),
        onDone: { target: 'refreshing', actions: 'clearError' },
        onError: { target: 'refreshing', actions: 'showApproveError' },
      },
    },
    removing: {
      description: 'DELETE remove-user for an active member',
      invoke: {
        id: 'removeUser',
        src: 'removeUser',
        input: ({ context, event }) => ({
          organizationId: context.organization?._id ?? '',
          userId: userIdOf(event),
        }),
        onDone: { target: 'refreshing', actions: 'clearError' },
        onError: { target: 'refreshing', actions: 'showRemoveError' },
      },
    },
  },
});
