/**
 * The Q-Bot assistant API, mounted at /api/qbot (spec section 7, "Assistant"). Every call runs
 * the conversation's qbotWorkflow chart on the server (server/qbot/workflow-runner.ts); every
 * conversation belongs to the caller's organization.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { createActor, getNextTransitions } from 'xstate';
import { storedFiles } from '#db/schema';
import { workflowStepOf } from '#machines/qbotContext';
import { qbotWorkflowMachine } from '#machines/qbotWorkflow';
import type { QbotEvent, WorkflowProgram } from '#contracts/qbot-workflow';
import { qbotExtraMessages, qbotMessages } from '#contracts/qbot-workflow';
import { activeMemberHook, requireActiveMember } from '#server/accounts/guards';
import { apiErrorSchema } from '#contracts/errors';
import {
  analysisProgressResponseSchema,
  askBodySchema,
  askResponseSchema,
  processBlueprintBodySchema,
  processBlueprintResponseSchema,
  simulationFeedbackBodySchema,
  simulationFeedbackResponseSchema,
  startConversationResponseSchema,
  threadParamsSchema,
  threadResponseSchema,
  updateDescriptionBodySchema,
  updateDescriptionResponseSchema,
  uploadResponseSchema,
  workflowEventBodySchema,
} from '#contracts/qbot';
import { AppError } from '#server/errors';
import { serverActors } from '#server/qbot/server-actors';
import {
  acceptedExtensions,
  cleanFileName,
  contentTypes,
  detectDrawingType,
  extensionOf,
  maxUploadBytes,
} from '#server/qbot/uploads';
import {
  createThread,
  findAnalysisProgress,
  findCurrentThread,
  findThread,
  findThreadSnapshot,
} from '#server/qbot/threads';
import { peekWorkflow, runWorkflowEvent } from '#server/qbot/workflow-runner';
import { forgetFile, storeFile } from '#server/storage/stored-files';
import { threadUsage } from '#server/assistant/usage';

export const uploadMessages = {
  tooLarge: `The file is larger than ${maxUploadBytes / 1024 / 1024} MB. Please upload a smaller drawing.`,
  wrongType: 'This file is not a drawing Q-Bot reads: upload a JPG, PNG, PDF, DXF or STEP file.',
  noFile: 'Please select a file first!',
  notMultipart: 'Upload the drawing as multipart/form-data with a "file" part.',
  malformed:
    'The upload could not be read: the multipart/form-data body is malformed. Choose the file again and upload it once more.',
} as const;

/** Texts for events the chart refuses because their content is not valid in this step. */
const refusedEventMessages: Partial<Record<QbotEvent['type'], string>> = {
  'material.selected': qbotMessages.selectOption,
  'jobType.selected': qbotMessages.selectOption,
  'machine.selected': qbotMessages.selectOption,
  'tools.confirmed': qbotMessages.chooseTools,
  'tracker.reset': 'Only a step earlier than the current one can be chosen.',
};

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
  502: apiErrorSchema,
  503: apiErrorSchema,
};

const qbotRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
  });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', activeMemberHook);
  const security = [{ bearerAuth: [] }];

  /**
   * Send an event to a conversation with the server's actors, leasing it for one job's time
   * limit plus a margin (renewed while the step works).
   */
  const run = (threadId: string, organizationId: string, event: QbotEvent) =>
    runWorkflowEvent(
      app.db,
      threadId,
      organizationId,
      event,
      (onFailure) =>
        serverActors(
          {
            db: app.db,
            files: app.fileStore,
            jobs: app.jobs,
            provider: app.assistant,
            organizationId,
            threadId,
          },
          onFailure,
        ),
      { jobTimeoutMs: app.config.jobs.timeoutMs },
    );

  app.get(
    '/startClaude',
    {
      schema: {
        summary: 'Start a conversation (a new workflow)',
        security,
        response: { 200: startConversationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const member = requireActiveMember(request);
      const threadId = randomUUID();
      const actor = createActor(qbotWorkflowMachine, { input: { threadId, assistantId: 'qbot' } });
      actor.start();
      const snapshot = actor.getPersistedSnapshot();
      actor.stop();
      await createThread(app.db, {
        id: threadId,
        organizationId: member.organizationId,
        userId: member.account.id,
        assistantId: 'qbot',
        snapshot,
      });
      return { thread_id: threadId, assistant_id: 'qbot' };
    },
  );

  app.post(
    '/uploadBlueprintClaude',
    {
      schema: {
        summary: 'Upload a drawing (multipart: file, threadId, assistantId) and read it',
        security,
        response: { 200: uploadResponseSchema, ...errors },
      },
    },
    async (request) => {
      const member = requireActiveMember(request);
      if (!request.isMultipart())
        throw new AppError(415, 'unsupported_media_type', uploadMessages.notMultipart);
      const fields: Record<string, string> = {};
      let upload: { fileName: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || upload) {
              await part.toBuffer();
              continue;
            }
            upload = { fileName: cleanFileName(part.filename), bytes: await part.toBuffer() };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, 'payload_too_large', uploadMessages.tooLarge);
        if (error instanceof AppError) throw error;
        // Busboy's and the multipart plugin's refusals of a malformed body (no or a wrong
        // boundary, a part without its blank line, a body cut short, too many parts).
        request.log.info({ err: error }, 'malformed multipart upload');
        throw new AppError(400, 'validation_failed', uploadMessages.malformed);
      }
      const threadId = fields.threadId ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(threadId))
        throw new AppError(400, 'validation_failed', qbotMessages.threadMissing, {
          errors: { threadId: qbotMessages.threadMissing },
        });
      if (!upload || upload.bytes.length === 0)
        throw new AppError(
          400,
          'validation_failed',
          upload ? 'The file is empty.' : uploadMessages.noFile,
        );
      const type = await detectDrawingType(upload.bytes);
      if (
        !type ||
        !(acceptedExtensions as readonly string[]).includes(extensionOf(upload.fileName) || type)
      ) {
        throw new AppError(415, 'unsupported_media_type', uploadMessages.wrongType);
      }

      // A full line of heavy jobs refuses before anything is stored (503 with Retry-After).
      if (app.jobs.full) throw app.jobs.busyError();
      const file = await storeFile(app.db, app.fileStore, {
        organizationId: member.organizationId,
        threadId: null,
        kind: 'blueprint',
        fileName: upload.fileName,
        contentType: contentTypes[type],
        bytes: upload.bytes,
      });
      try {
        const result = await run(threadId, member.organizationId, {
          type: 'blueprint.uploaded',
          fileName: upload.fileName,
          fileId: file.id,
          imageUrl: `/api/files/${file.id}`,
        });
        await app.db.update(storedFiles).set({ threadId }).where(eq(storedFiles.id, file.id));
        const analysis = result.context.analysis!;
        return { ...analysis, imageUrl: result.context.imageUrl ?? `/api/files/${file.id}` };
      } catch (error) {
        // Nothing half-written: a drawing that could not be read is not kept.
        await forgetFile(app.db, app.fileStore, file);
        throw error;
      }
    },
  );

  app.post(
    '/updateDescriptionClaude',
    {
      schema: {
        summary: "Revise the description from the user's feedback (a new description version)",
        security,
        body: updateDescriptionBodySchema,
        response: { 200: updateDescriptionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const result = await run(request.body.threadId, organizationId, {
        type: 'description.change.submitted',
        feedback: request.body.feedback,
      });
      return result.context.analysis!;
    },
  );

  app.post(
    '/processBlueprintClaude',
    {
      schema: {
        summary: 'Plan, write and verify the program for the confirmed job (a new program version)',
        security,
        body: processBlueprintBodySchema,
        response: { 200: processBlueprintResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      if (app.jobs.full) throw app.jobs.busyError();
      const result = await run(request.body.thread_id, organizationId, { type: 'gcode.requested' });
      const program = result.context.program!;
      return {
        message: qbotMessagesForProgram(program),
        ...program,
        status: program.status ?? 'verified',
        unfinished: program.unfinished ?? [],
        report: program.report ?? [],
        limited: program.limited ?? [],
      };
    },
  );

  app.post(
    '/ask',
    {
      schema: {
        summary: 'Ask the assistant a question outside a workflow',
        security,
        body: askBodySchema,
        response: { 200: askResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const { threadId, message } = request.body;
      // The conversation must be the caller's and at a step that takes a question, before any
      // provider is asked (and paid).
      const probe = { type: 'chat.exchanged', question: message, answer: '' } as const;
      const context = await peekWorkflow(app.db, threadId, organizationId, probe);
      const history = context.messages.map((entry) => ({
        sender: entry.sender,
        message: entry.message,
      }));
      const answer = await app.assistant.ask(message, history, { organizationId, threadId });
      await run(threadId, organizationId, { ...probe, answer });
      return { message: answer };
    },
  );

  app.post(
    '/simulationFeedback',
    {
      schema: {
        summary: 'Analyse what went wrong in the simulation',
        security,
        body: simulationFeedbackBodySchema,
        response: { 200: simulationFeedbackResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const result = await run(request.body.threadId, organizationId, {
        type: 'feedback.submitted',
        feedback: request.body.feedback,
      });
      return result.context.simulationAnalysis!;
    },
  );

  app.post(
    '/workflow/events',
    {
      schema: {
        summary: 'A workflow step the UI takes on its own (choices, confirmations, resets)',
        security,
        body: workflowEventBodySchema,
        response: { 200: threadResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const { threadId, event } = request.body;
      try {
        const result = await run(threadId, organizationId, event);
        return { threadId, assistantId: 'qbot', step: result.step, snapshot: result.snapshot };
      } catch (error) {
        // An event the step takes, refused for its content, gets the spec's text.
        if (
          error instanceof AppError &&
          error.code === 'workflow_out_of_order' &&
          refusedEventMessages[event.type]
        ) {
          const row = await findThreadSnapshot(app.db, { organizationId, threadId });
          const actor = createActor(qbotWorkflowMachine, {
            snapshot: row?.snapshot as never,
            input: {},
          });
          const handled = getNextTransitions(actor.getSnapshot()).some(
            (transition) => transition.eventType === event.type,
          );
          if (handled)
            throw new AppError(400, 'validation_failed', refusedEventMessages[event.type]!);
        }
        throw error;
      }
    },
  );

  app.get(
    '/threads/current',
    {
      schema: {
        summary: "The caller's latest conversation, to resume after a reload",
        description:
          '204 with no body when the caller has no conversation yet (not an error: a new user starts one with startClaude).',
        security,
        response: {
          200: threadResponseSchema,
          204: z.null().describe('No conversation yet'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const member = requireActiveMember(request);
      const row = await findCurrentThread(app.db, member.organizationId, member.account.id);
      if (!row) return reply.code(204).send(null);
      return {
        threadId: row.id,
        assistantId: row.assistantId,
        step: stepOf(row.snapshot),
        snapshot: row.snapshot,
      };
    },
  );

  app.get(
    '/threads/:threadId/analysisProgress',
    {
      schema: {
        summary: "How far the drawing read of a conversation is ('Analyzing blueprint...')",
        security,
        params: threadParamsSchema,
        response: { 200: analysisProgressResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const row = await findAnalysisProgress(app.db, {
        organizationId,
        threadId: request.params.threadId,
      });
      if (!row) throw new AppError(404, 'not_found', 'Conversation not found.');
      return row.progress ?? { fraction: 0, stage: '' };
    },
  );

  app.get(
    '/threads/:threadId',
    {
      schema: {
        summary: 'A conversation of the organization',
        security,
        params: threadParamsSchema,
        response: { 200: threadResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const row = await findThread(app.db, { organizationId, threadId: request.params.threadId });
      if (!row) throw new AppError(404, 'not_found', 'Conversation not found.');
      return {
        threadId: row.id,
        assistantId: row.assistantId,
        step: stepOf(row.snapshot),
        snapshot: row.snapshot,
        usage: await threadUsage(app.db, organizationId, row.id),
      };
    },
  );
};

const stepOf = (snapshot: unknown) => workflowStepOf((snapshot as { value?: unknown }).value);
/** The chat's sentence for a written program: verified, or what it leaves undone. */
const qbotMessagesForProgram = (program: WorkflowProgram) =>
  program.status === 'incomplete'
    ? qbotExtraMessages.generatedIncomplete(
        program.version,
        program.fileName,
        program.unfinished ?? [],
      )
    : `Program version ${program.version} is written and verified: ${program.fileName}.`;

export default qbotRoutes;
