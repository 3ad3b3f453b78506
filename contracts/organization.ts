/** Organization API contracts (spec sections 3 "Organization", 7 "Organization", 8). */
import { z } from 'zod';

/** Spec texts for the organization screen, copied exactly. */
export const organizationMessages = {
  notFound: 'Organization data not found.',
  loadFailed: 'An error occurred while fetching organization data.',
  refreshFailed: 'Failed to refresh data.',
  toggleFailed: 'Failed to toggle admin status.',
  notAuthorizedApprove: 'You are not authorized to approve users.',
  notAuthorizedRemove: 'You are not authorized to remove users.',
  pendingMessage: (adminNames: string) =>
    `Please have your organizational admin ${adminNames} add you to this organization.`,
} as const;

/** Texts for outcomes the spec does not show (docs/decisions/006-organizations.md). */
export const organizationServerMessages = {
  notAuthorizedToggle: 'You are not authorized to change admin rights.',
  memberNotFound: 'That user is not a member of this organization.',
  notPending: 'That user is not waiting for approval.',
  approveFirst: 'Approve this user before making them an admin.',
  cannotRemoveSelf: 'You cannot remove yourself from the organization.',
  cannotRemoveAdmin: 'Admins cannot be removed. Withdraw their admin rights first.',
  lastAdmin:
    'You are the only admin of this organization. Make another member an admin before giving up your own admin rights.',
  pendingMembership: 'Your membership is waiting for approval by an admin of your organization.',
  removed: 'The user has been removed from the organization.',
  selfUntickWarning:
    'You are about to give up your own admin rights. You will no longer be able to approve, remove or change members of this organization. Proceed?',
} as const;

export const organizationUserSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Contains 'admin' for the organization's admins. */
  roles: z.array(z.string()),
});
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

/**
 * GET /api/organization response. Active members see `users` (all active members), `admins` and,
 * for admins, `pendingUsers`. A pending member sees only the name and the admins' names.
 */
export const organizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  users: z.array(organizationUserSchema),
  admins: z.array(organizationUserSchema.partial({ email: true, roles: true })),
  pendingUsers: z.array(organizationUserSchema),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationResponseSchema = z.object({ organization: organizationSchema });
export type OrganizationResponse = z.infer<typeof organizationResponseSchema>;

export const organizationMemberParamsSchema = z.object({
  orgId: z.uuid('Not found.'),
  userId: z.uuid('Not found.'),
});

/** toggle-admin and approve-user responses: the changed member. */
export const organizationUserResponseSchema = z.object({ user: organizationUserSchema });
export type OrganizationUserResponse = z.infer<typeof organizationUserResponseSchema>;
