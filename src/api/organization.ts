/** Organization calls (spec section 7, "Organization"). */
import type { MessageResponse } from '#contracts/errors';
import type { OrganizationResponse, OrganizationUserResponse } from '#contracts/organization';
import { apiRequest } from './client.ts';

export const getOrganization = () => apiRequest<OrganizationResponse>('GET', '/api/organization');

export const toggleAdmin = (organizationId: string, userId: string) =>
  apiRequest<OrganizationUserResponse>(
    'PATCH',
    `/api/organization/${organizationId}/toggle-admin/${userId}`,
  );

export const approveUser = (organizationId: string, userId: string) =>
  apiRequest<OrganizationUserResponse>(
    'POST',
    `/api/organization/${organizationId}/approve-user/${userId}`,
  );

export const removeUser = (organizationId: string, userId: string) =>
  apiRequest<MessageResponse>(
    'DELETE',
    `/api/organization/${organizationId}/remove-user/${userId}`,
  );
