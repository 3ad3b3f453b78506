/**
 * What the Q-Bot API does with a conversation, between its routes (server/routes/qbot) and the
 * workflow runner (./workflow-runner.ts): start one, send it an event with the server's actors,
 * read an uploaded drawing in it, answer a question in it, and take a step the UI takes on its
 * own. Every call is inside the caller's organization.
 */
import { randomUUID } from 'node:crypto';
import type { QbotEvent } from '#contracts/qbot-workflow';
import { qbotMessages } from '#contracts/qbot-workflow';
import type { BlueprintAnalysis } from '#contracts/blueprint';
import type { AssistantProvider } from '#server/assistant/types';
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import type { JobRunner } from '#server/jobs/pool';
import type { FileStore } from '#server/storage/file-store';
import { attachFileToThread, forgetFile, storeFile } from '#server/storage/stored-files';
import { serverActors } from './server-actors.ts';
import { createThread, findThreadSnapshot } from './threads.ts';
import { contentTypes } from './uploads.ts';
import {
  newWorkflowSnapshot,
  peekWorkflow,
  runWorkflowEvent,
  stepTakesEvent,
} from './workflow-runner.ts';
import type { WorkflowResult } from './workflow-runner.ts';
import type { DrawingType } from '#drawings/read';

/** The server's services a workflow event runs with. */
export interface WorkflowServices {
  db: Database;
  files: FileStore;
  jobs: JobRunner;
  provider: AssistantProvider;
  /** One job's time limit, ms (`config.jobs.timeoutMs`): the lease is this plus a margin. */
  jobTimeoutMs: number;
}

/** Texts for events the chart refuses because their content is not valid in this step. */
const refusedEventMessages: Partial<Record<QbotEvent['type'], string>> = {
  'material.selected': qbotMessages.selectOption,
  'jobType.selected': qbotMessages.selectOption,
  'machine.selected': qbotMessages.selectOption,
  'tools.confirmed': qbotMessages.chooseTools,
  'tracker.reset': 'Only a step earlier than the current one can be chosen.',
};

/**
 * Send an event to a conversation with the server's actors, leasing it for one job's time
 * limit plus a margin (renewed while the step works).
 * @throws AppError 404 for a conversation of another organization or none, 409 when it is busy
 *   or the event is out of order, or the failing actor's own error
 */
export const sendWorkflowEvent = (
  services: WorkflowServices,
  threadId: string,
  organizationId: string,
  event: QbotEvent,
): Promise<WorkflowResult> =>
  runWorkflowEvent(
    services.db,
    threadId,
    organizationId,
    event,
    (onFailure) =>
      serverActors(
        {
          db: services.db,
          files: services.files,
          jobs: services.jobs,
          provider: services.provider,
          organizationId,
          threadId,
        },
        onFailure,
      ),
    { jobTimeoutMs: services.jobTimeoutMs },
  );

/**
 * Start a conversation of the member's organization (a new workflow at its first step).
 * @returns the new conversation's id
 * @throws only the driver's errors
 */
export async function startConversation(
  db: Database,
  member: { organizationId: string; userId: string },
): Promise<string> {
  const threadId = randomUUID();
  const snapshot = newWorkflowSnapshot({ threadId, assistantId: 'qbot' });
  await createThread(db, {
    id: threadId,
    organizationId: member.organizationId,
    userId: member.userId,
    assistantId: 'qbot',
    snapshot,
  });
  return threadId;
}

/**
 * Store an uploaded drawing and read it in its conversation (`blueprint.uploaded`); the file
 * then belongs to the conversation. Nothing half-written: a drawing that could not be read is
 * not kept.
 * @returns the reader's analysis and the drawing's address (`/api/files/<id>`)
 * @throws what `sendWorkflowEvent` throws, and the store's or the driver's errors
 */
export async function readUploadedDrawing(
  services: WorkflowServices,
  organizationId: string,
  upload: { threadId: string; fileName: string; bytes: Buffer; type: DrawingType },
): Promise<BlueprintAnalysis & { imageUrl: string }> {
  const { threadId } = upload;
  const file = await storeFile(services.db, services.files, {
    organizationId,
    threadId: null,
    kind: 'blueprint',
    fileName: upload.fileName,
    contentType: contentTypes[upload.type],
    bytes: upload.bytes,
  });
  try {
    const result = await sendWorkflowEvent(services, threadId, organizationId, {
      type: 'blueprint.uploaded',
      fileName: upload.fileName,
      fileId: file.id,
      imageUrl: `/api/files/${file.id}`,
    });
    await attachFileToThread(services.db, file.id, threadId);
    const analysis = result.context.analysis!;
    return { ...analysis, imageUrl: result.context.imageUrl ?? `/api/files/${file.id}` };
  } catch (error) {
    // Nothing half-written: a drawing that could not be read is not kept.
    await forgetFile(services.db, services.files, file);
    throw error;
  }
}

/**
 * Ask the assistant provider a question in a conversation, with the conversation's messages,
 * and keep the exchange in its workflow (`chat.exchanged`).
 * @returns the provider's answer
 * @throws AppError 404 for a conversation of another organization or none, 409 at a step that
 *   takes no question, or the provider's error
 */
export async function askInConversation(
  services: WorkflowServices,
  organizationId: string,
  threadId: string,
  message: string,
): Promise<string> {
  // The conversation must be the caller's and at a step that takes a question, before any
  // provider is asked (and paid).
  const probe = { type: 'chat.exchanged', question: message, answer: '' } as const;
  const context = await peekWorkflow(services.db, threadId, organizationId, probe);
  const history = context.messages.map((entry) => ({
    sender: entry.sender,
    message: entry.message,
  }));
  const answer = await services.provider.ask(message, history, { organizationId, threadId });
  await sendWorkflowEvent(services, threadId, organizationId, { ...probe, answer });
  return answer;
}

/**
 * Send a step the UI takes on its own (choices, confirmations, resets). An event the step takes
 * but refuses for its content gets the spec's text as a 400 instead of the 409.
 * @throws AppError 400 `validation_failed` for such an event, else what `sendWorkflowEvent`
 *   throws
 */
export async function sendUiEvent(
  services: WorkflowServices,
  organizationId: string,
  threadId: string,
  event: QbotEvent,
): Promise<WorkflowResult> {
  try {
    return await sendWorkflowEvent(services, threadId, organizationId, event);
  } catch (error) {
    // An event the step takes, refused for its content, gets the spec's text.
    if (
      error instanceof AppError &&
      error.code === 'workflow_out_of_order' &&
      refusedEventMessages[event.type]
    ) {
      const row = await findThreadSnapshot(services.db, { organizationId, threadId });
      if (stepTakesEvent(row?.snapshot, event.type))
        throw new AppError(400, 'validation_failed', refusedEventMessages[event.type]!);
    }
    throw error;
  }
}
