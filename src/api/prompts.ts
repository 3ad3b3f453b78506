/** Prompt calls (spec section 7, "Prompts"; docs/decisions/010-prompts.md). */
import type {
  CurrentPromptResponse,
  PromptDeleteResponse,
  PromptHistoryResponse,
  PromptKind,
  PromptResponse,
} from '#contracts/prompts';
import { apiRequest } from './client.ts';

/** The prompt of a kind the caller's organization uses now. */
export const getPrompt = (kind: PromptKind) =>
  apiRequest<CurrentPromptResponse>('GET', `/api/prompts/${kind}`);

/** The organization's versions of a kind, newest first (admins and superusers). */
export const getPromptHistory = (kind: PromptKind) =>
  apiRequest<PromptHistoryResponse>('GET', `/api/prompts/${kind}/history`);

/** Add a version of the organization's prompt; it becomes the current one. */
export const updatePrompt = (kind: PromptKind, promptText: string) =>
  apiRequest<PromptResponse>('POST', `/api/prompts/${kind}`, { body: { promptText } });

/** Delete a version; the previous one, or the product default, is current again. */
export const deletePrompt = (id: string) =>
  apiRequest<PromptDeleteResponse>('DELETE', `/api/prompts/${id}`);
