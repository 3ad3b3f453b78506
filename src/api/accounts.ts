/** Accounts and profile calls (spec section 7). */
import type {
  EmailBody,
  JoinOrganizationBody,
  JoinOrganizationResponse,
  ResetPasswordBody,
  SigninBody,
  SignupBody,
  TokenResponse,
} from '#contracts/accounts';
import type { MessageResponse } from '#contracts/errors';
import type {
  ProfileIdentityResponse,
  ProfileResponse,
  ProfileUpdateBody,
} from '#contracts/profile';
import { apiRequest } from './client.ts';

export const signup = (body: SignupBody) =>
  apiRequest<MessageResponse & Partial<TokenResponse>>('POST', '/api/users/signup', {
    body,
    auth: false,
  });

export const signin = (body: SigninBody) =>
  apiRequest<TokenResponse>('POST', '/api/users/signin', { body, auth: false });

/** An account in no organization names one: created (with a token) or asked to join. */
export const joinOrganization = (body: JoinOrganizationBody) =>
  apiRequest<JoinOrganizationResponse>('POST', '/api/users/join-organization', {
    body,
    auth: false,
  });

export const logout = () => apiRequest<MessageResponse>('POST', '/api/users/logout');

export const resendVerification = (body: EmailBody) =>
  apiRequest<MessageResponse>('POST', '/api/users/resend-verification', { body, auth: false });

export const forgotPassword = (body: EmailBody) =>
  apiRequest<MessageResponse>('POST', '/api/users/forgot-password', { body, auth: false });

export const resetPassword = (token: string, body: ResetPasswordBody) =>
  apiRequest<MessageResponse>('POST', `/api/users/reset-password/${encodeURIComponent(token)}`, {
    body,
    auth: false,
  });

export const getProfileIdentity = () =>
  apiRequest<ProfileIdentityResponse>('GET', '/api/profile/u');

export const getProfile = () => apiRequest<ProfileResponse>('GET', '/api/profile');

export const updateProfile = (body: ProfileUpdateBody) =>
  apiRequest<ProfileResponse>('PUT', '/api/profile', { body });
