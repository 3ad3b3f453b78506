/**
 * The UI's implementations of the qbotWorkflow chart's actors: each calls the API, whose server
 * runs the same step of the same chart.
 */
import { fromPromise } from 'xstate';
import type { BlueprintAnalysis } from '#contracts/blueprint';
import type {
  AnalyzeInput,
  DescribeInput,
  DescribeOutput,
  GenerateInput,
  LoadMachinesInput,
  LoadToolsInput,
  ReviseInput,
  SaveValuesInput,
} from '#machines/qbotContext';
import { machineChoicesOf, promptHelperOf, qbotMessages } from '#contracts/qbot-workflow';
import type {
  MachineChoices,
  SimulationAnalysis,
  WorkflowProgram,
  WorkflowTool,
} from '#contracts/qbot-workflow';
import { RequestError } from '../api/client.ts';
import {
  processBlueprint,
  saveDescriptionValues,
  simulationFeedback,
  startConversation,
  updateDescription,
  uploadBlueprint,
} from '../api/qbot.ts';
import { getMachinesByType, getToolingPairs } from '../api/shop.ts';

const assistantId = 'qbot';

/** The spec's texts for a failed description update (section 5). */
function updateFailure(error: unknown): Error {
  if (error instanceof RequestError && error.kind === 'response') {
    return new Error(
      error.data?.message ?? qbotMessages.updateFailedStatus(error.status ?? 0, error.message),
      { cause: error },
    );
  }
  return new Error(qbotMessages.descriptionUpdateFailed, { cause: error });
}

export const uiActors = {
  describeBlueprint: fromPromise<DescribeOutput, DescribeInput>(async ({ input }) => {
    const threadId = input.threadId ?? (await startConversation()).thread_id;
    const result = await uploadBlueprint(
      input.file as Blob & { name?: string },
      threadId,
      assistantId,
    );
    const { imageUrl, ...analysis } = result;
    return { analysis, imageUrl, threadId, assistantId };
  }),
  reviseDescription: fromPromise<BlueprintAnalysis, ReviseInput>(async ({ input }) => {
    const { context } = input;
    if (!context.threadId) throw new Error(qbotMessages.threadMissing);
    let analysis: BlueprintAnalysis;
    try {
      analysis = await updateDescription({
        threadId: context.threadId,
        assistantId,
        imageUrl: context.imageUrl ?? '',
        originalDescription: context.analysis?.description,
        feedback: input.feedback,
      });
    } catch (error) {
      throw updateFailure(error);
    }
    if (!analysis?.description) throw new Error(qbotMessages.invalidResponse);
    return analysis;
  }),
  saveDescriptionValues: fromPromise<BlueprintAnalysis, SaveValuesInput>(async ({ input }) => {
    const { context } = input;
    if (!context.threadId) throw new Error(qbotMessages.threadMissing);
    let analysis: BlueprintAnalysis;
    try {
      analysis = await saveDescriptionValues({
        threadId: context.threadId,
        description: input.description,
      });
    } catch (error) {
      throw updateFailure(error);
    }
    if (!analysis?.description) throw new Error(qbotMessages.invalidResponse);
    return analysis;
  }),
  loadMachines: fromPromise<MachineChoices, LoadMachinesInput>(async ({ input }) =>
    machineChoicesOf(await getMachinesByType(input.jobType)),
  ),
  loadTools: fromPromise<WorkflowTool[], LoadToolsInput>(async ({ input }) =>
    (await getToolingPairs(input.machine._id)).toolingPairs.map(
      ({ id, slotNumber, toolName, toolDescription, toolType, understood }) => ({
        id,
        slotNumber,
        toolName,
        toolDescription,
        toolType,
        ...(understood ? { understood } : {}),
      }),
    ),
  ),
  generateProgram: fromPromise<WorkflowProgram, GenerateInput>(async ({ input }) => {
    const { context } = input;
    if (!context.threadId) throw new Error(qbotMessages.threadMissing);
    const {
      message: _message,
      fileUrl,
      ...program
    } = await processBlueprint({
      thread_id: context.threadId,
      imageUrl: context.imageUrl ?? '',
      promptHelper: promptHelperOf(context),
    });
    if (!fileUrl) throw new Error(qbotMessages.generationFailed);
    return { ...program, fileUrl };
  }),
  analyzeSimulation: fromPromise<SimulationAnalysis, AnalyzeInput>(async ({ input }) => {
    const { context } = input;
    if (!context.threadId) throw new Error(qbotMessages.threadMissing);
    try {
      return await simulationFeedback({
        threadId: context.threadId,
        assistantId,
        gcodePath: context.program?.fileUrl ?? '',
        feedback: input.feedback,
        blueprintDetails: context.analysis?.description,
      });
    } catch (error) {
      if (error instanceof RequestError && error.data?.message)
        throw new Error(error.data.message, { cause: error });
      throw new Error(qbotMessages.feedbackFailed, { cause: error });
    }
  }),
};
