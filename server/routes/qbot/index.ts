/**
 * The Q-Bot assistant API, mounted at /api/qbot (spec section 7, "Assistant"). Every call runs
 * the conversation's qbotWorkflow chart on the server (server/qbot/workflow-runner.ts); every
 * conversation belongs to the caller's organization.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { workflowStepOf } from '#machines/qbotContext';
import type { WorkflowProgram } from '#contracts/qbot-workflow';
import { qbotExtraMessages } from '#contracts/qbot-workflow';
import { activeMemberHook, requireActiveMember } from '#server/accounts/guards';
import { apiErrorSchema } from '#contracts/errors';
import { blueprintDescriptionSchema } from '#contracts/blueprint';
import { checkDescriptionValues, unstorableProblem } from '#contracts/description-values';
import {
  analysisProgressResponseSchema,
  askBodySchema,
  askResponseSchema,
  descriptionValuesBodySchema,
  descriptionValuesResponseSchema,
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
import {
  askInConversation,
  readUploadedDrawing,
  sendUiEvent,
  sendWorkflowEvent,
  startConversation,
} from '#server/qbot/conversations';
import type { WorkflowServices } from '#server/qbot/conversations';
import { findAnalysisProgress, findCurrentThread, findThread } from '#server/qbot/threads';
import type { Thread } from '#server/qbot/threads';
import { threadUsage } from '#server/assistant/usage';
import { checkedDescription } from '#server/qbot/description-values';
import { readUpload, uploadLimits } from './read-upload.ts';

export { uploadMessages } from './read-upload.ts';

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
  await app.register(multipart, { limits: uploadLimits });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', activeMemberHook);
  const security = [{ bearerAuth: [] }];
  const services: WorkflowServices = {
    db: app.db,
    files: app.fileStore,
    jobs: app.jobs,
    provider: app.assistant,
    jobTimeoutMs: app.config.jobs.timeoutMs,
  };

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
      const threadId = await startConversation(app.db, {
        organizationId: member.organizationId,
        userId: member.account.id,
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
      const upload = await readUpload(request);
      // A full line of heavy jobs refuses before anything is stored (503 with Retry-After).
      if (app.jobs.full) throw app.jobs.busyError();
      return readUploadedDrawing(services, member.organizationId, upload);
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
      const result = await sendWorkflowEvent(services, request.body.threadId, organizationId, {
        type: 'description.change.submitted',
        feedback: request.body.feedback,
      });
      return result.context.analysis!;
    },
  );

  app.post(
    '/descriptionValues',
    {
      schema: {
        summary: 'Save the values table: the edited description (a new description version)',
        description:
          "The description step's values, changed, added or removed by the operator. Refused with one sentence naming the value (400 when the description breaks its contract, 422 when its values cannot be: a bore not smaller than the diameter it runs in, a hole outside the outline, more than 400 values); nothing is stored then. The overview's first sentence, the stock suggestion and the tools are made anew from the values (docs/decisions/049-values-table.md).",
        security,
        body: descriptionValuesBodySchema,
        response: { 200: descriptionValuesResponseSchema, ...errors },
      },
      // The values are checked before the schema, so that a refusal names the value in words.
      preValidation: async (request) => {
        const body = request.body as { description?: unknown } | undefined;
        if (body && typeof body === 'object' && 'description' in body) {
          const parsed = blueprintDescriptionSchema.safeParse(body.description);
          const check = parsed.success ? undefined : checkDescriptionValues(body.description);
          // A text PostgreSQL cannot store breaks the contract as a wrong type does.
          const message = check && !check.ok ? check.message : unstorableProblem(body.description);
          if (message)
            throw new AppError(400, 'validation_failed', message, {
              errors: { description: message },
            });
        }
      },
    },
    async (request) => {
      const { organizationId } = requireActiveMember(request);
      const description = checkedDescription(request.body.description);
      const result = await sendWorkflowEvent(services, request.body.threadId, organizationId, {
        type: 'description.values.submitted',
        description,
      });
      if (result.context.error) throw new AppError(422, 'validation_failed', result.context.error);
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
      const result = await sendWorkflowEvent(services, request.body.thread_id, organizationId, {
        type: 'gcode.requested',
      });
      return programAnswer(result.context.program!);
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
      return { message: await askInConversation(services, organizationId, threadId, message) };
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
      const result = await sendWorkflowEvent(services, request.body.threadId, organizationId, {
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
      const result = await sendUiEvent(services, organizationId, threadId, event);
      return { threadId, assistantId: 'qbot', step: result.step, snapshot: result.snapshot };
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
      return threadAnswer(row);
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
      return { ...threadAnswer(row), usage: await threadUsage(app.db, organizationId, row.id) };
    },
  );
};

/** A conversation as the API sends it: its ids, the workflow's step and snapshot. */
const threadAnswer = (row: Pick<Thread, 'id' | 'assistantId' | 'snapshot'>) => ({
  threadId: row.id,
  assistantId: row.assistantId,
  step: stepOf(row.snapshot),
  snapshot: row.snapshot,
});

const stepOf = (snapshot: unknown) => workflowStepOf((snapshot as { value?: unknown }).value);

/** A written program as processBlueprintClaude answers it, with the chat's sentence. */
const programAnswer = (program: WorkflowProgram) => ({
  message: qbotMessagesForProgram(program),
  ...program,
  status: program.status ?? 'verified',
  unfinished: program.unfinished ?? [],
  report: program.report ?? [],
  limited: program.limited ?? [],
});

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
