/** Q-Bot calls (spec section 7, "Assistant"), and the workflow calls this product adds. */
import type { BlueprintAnalysis } from '#contracts/blueprint';
import type { AnalysisProgress, ThreadResponse } from '#contracts/qbot';
import type { WorkflowEventBody } from '#contracts/qbot-workflow';
import type { SimulationAnalysis, WorkflowProgram } from '#contracts/qbot-workflow';
import { apiRequest, postForm } from './client.ts';

export const startConversation = () =>
  apiRequest<{ thread_id: string; assistant_id: string }>('GET', '/api/qbot/startClaude');

/** Upload a drawing as multipart (file, threadId, assistantId). */
export async function uploadBlueprint(
  file: Blob & { name?: string },
  threadId: string,
  assistantId: string,
) {
  const form = new FormData();
  form.append('threadId', threadId);
  form.append('assistantId', assistantId);
  form.append('file', file, file.name ?? 'drawing');
  return postForm<BlueprintAnalysis & { imageUrl: string }>(
    '/api/qbot/uploadBlueprintClaude',
    form,
  );
}

export const updateDescription = (body: {
  threadId: string;
  assistantId: string;
  imageUrl: string;
  originalDescription: unknown;
  feedback: string;
}) => apiRequest<BlueprintAnalysis>('POST', '/api/qbot/updateDescriptionClaude', { body });

/** Save the values table: the edited description (docs/decisions/049-values-table.md). */
export const saveDescriptionValues = (body: { threadId: string; description: unknown }) =>
  apiRequest<BlueprintAnalysis>('POST', '/api/qbot/descriptionValues', { body });

export const processBlueprint = (body: {
  thread_id: string;
  imageUrl: string;
  promptHelper: unknown;
}) =>
  apiRequest<WorkflowProgram & { message: string; fileUrl: string | null }>(
    'POST',
    '/api/qbot/processBlueprintClaude',
    { body },
  );

export const ask = (body: { threadId: string; message: string }) =>
  apiRequest<{ message: string }>('POST', '/api/qbot/ask', { body });

export const simulationFeedback = (body: {
  threadId: string;
  assistantId: string;
  gcodePath: string;
  feedback: string;
  blueprintDetails: unknown;
}) => apiRequest<SimulationAnalysis>('POST', '/api/qbot/simulationFeedback', { body });

export const postWorkflowEvent = (threadId: string, event: WorkflowEventBody) =>
  apiRequest<ThreadResponse>('POST', '/api/qbot/workflow/events', { body: { threadId, event } });

/** A conversation of the caller's organization (404 for any other). */
export const getThread = (threadId: string) =>
  apiRequest<ThreadResponse>('GET', `/api/qbot/threads/${encodeURIComponent(threadId)}`);

/** The caller's latest conversation, or undefined when there is none yet (204). */
export const currentThread = () =>
  apiRequest<ThreadResponse | undefined>('GET', '/api/qbot/threads/current');

/** How far the running drawing read is (0..1 and its stage), for the analysis progress bar. */
export const analysisProgress = (threadId: string) =>
  apiRequest<AnalysisProgress>(
    'GET',
    `/api/qbot/threads/${encodeURIComponent(threadId)}/analysisProgress`,
  );
