/**
 * Prompt API contracts (spec sections 2 "Prompt Management modal", 3 "Prompt record", 6, 7
 * "Prompts" and 8). Decisions: docs/decisions/010-prompts.md.
 */
import { z } from 'zod';
import { text } from './text.ts';

/** The two prompts the assistant uses; the database stores them as the enum `prompt_kind`. */
export const promptKinds = ['description', 'blueprint'] as const;
export type PromptKind = (typeof promptKinds)[number];

/** Longest prompt text accepted, in characters. */
export const promptMaxLength = 20_000;

/** How many versions a history answer lists at most, newest first. */
export const promptHistoryLimit = 100;

const capitalized = (kind: PromptKind) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;

/** Spec texts for the Prompt Management modal (sections 2 and 8), copied exactly. */
export const promptMessages = {
  title: 'Prompt Management',
  noHistory: 'No history available',
  historyFetchFailed: 'Failed to fetch prompt history',
  descriptionFetchFailed: 'Failed to fetch description prompt',
  fetchFailed: 'Failed to fetch prompts',
  updateFailed: (kind: PromptKind) => `Failed to update ${kind} prompt`,
  deleteFailed: 'Failed to delete prompt',
  updated: (kind: PromptKind) => `${capitalized(kind)} prompt updated successfully`,
  deleted: 'Prompt deleted successfully',
} as const;

/** Texts of the server's own refusals and checks, where the spec shows none. */
export const promptServerMessages = {
  onlySuperusersModify: 'Only superusers can modify prompts',
  onlySuperusersDelete: 'Only superusers can delete prompts',
  onlySuperusersDefault: 'Only superusers can change or view the product default prompts.',
  historyForbidden: 'Only organization admins and superusers can view prompt history.',
  notFound: 'Prompt not found.',
  textRequired: 'Prompt text is required.',
  textTooLong: `Prompt text must be at most ${promptMaxLength.toLocaleString('en-US')} characters.`,
} as const;

/** The prompt record of spec section 3, with its kind; `createdAt` is an ISO 8601 instant. */
export const promptRecordSchema = z.object({
  _id: z.string(),
  kind: z.enum(promptKinds),
  promptText: z.string(),
  createdAt: z.string(),
});
export type PromptRecord = z.infer<typeof promptRecordSchema>;

export const promptKindParamsSchema = z.object({
  kind: z.enum(promptKinds, { error: 'The prompt kind is description or blueprint.' }),
});

export const promptIdParamsSchema = z.object({ id: z.uuid(promptServerMessages.notFound) });

/**
 * `?scope=default` works on the product default (the versions without an organization) and is
 * for superusers only; without it a call works on the caller's organization.
 */
export const promptScopeQuerySchema = z.object({
  scope: z
    .enum(['organization', 'default'], { error: "The scope is 'organization' or 'default'." })
    .default('organization'),
});
export type PromptScope = z.infer<typeof promptScopeQuerySchema>['scope'];

/**
 * GET /api/prompts/{kind}: the text the assistant uses now (`promptText`), the stored version it
 * comes from (`prompt`, null while the text shipped with the product is used) and whether that
 * is the organization's own version or the product default (`source`).
 */
export const currentPromptResponseSchema = z.object({
  kind: z.enum(promptKinds),
  promptText: z.string(),
  prompt: promptRecordSchema.nullable(),
  source: z.enum(['organization', 'default']),
});
export type CurrentPromptResponse = z.infer<typeof currentPromptResponseSchema>;

/** GET /api/prompts/{kind}/history: the scope's versions of the kind, newest first. */
export const promptHistoryResponseSchema = z.object({ prompts: z.array(promptRecordSchema) });
export type PromptHistoryResponse = z.infer<typeof promptHistoryResponseSchema>;

/** POST /api/prompts/{kind} body. */
export const promptBodySchema = z.object({
  promptText: text({ error: promptServerMessages.textRequired })
    .trim()
    .min(1, promptServerMessages.textRequired)
    .max(promptMaxLength, promptServerMessages.textTooLong),
});
export type PromptBody = z.input<typeof promptBodySchema>;

/** POST /api/prompts/{kind} answer (201): the new version, now current for its scope. */
export const promptResponseSchema = z.object({ prompt: promptRecordSchema });
export type PromptResponse = z.infer<typeof promptResponseSchema>;

/** DELETE /api/prompts/{id} answer: the spec's success text and the version removed. */
export const promptDeleteResponseSchema = z.object({
  message: z.string(),
  prompt: promptRecordSchema,
});
export type PromptDeleteResponse = z.infer<typeof promptDeleteResponseSchema>;
