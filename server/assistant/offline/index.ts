/**
 * The `offline` assistant provider: deterministic readers and rules, no network. The drawing
 * readers of drawings/ read DXF drawings (geometry and dimensions), PDF drawings (vector paths
 * and text; pages without text through OCR), JPG and PNG drawings (OCR) and STEP models
 * (OpenCascade), and list in the description what they could not read; cam/analysis adds the
 * materials, tools and stock.
 */
import { analysisOf } from '#cam/analysis';
import { RevisionError, reviseDescription } from '#drawings/revise/revise';
import { AppError } from '#server/errors';
import type { JobRunner } from '#server/jobs/pool';
import { queueStage } from '#server/jobs/pool';
import type { AssistantProvider } from '../types.ts';
import { analyzeSimulationOffline } from './simulation.ts';

export const offlineMessages = {
  askReply:
    'I turn part drawings into verified G-code for your machines. Upload a drawing (DXF reads best without an API key; PNG, JPG, PDF and STEP are accepted), and I will walk you through material, stock, machine and tools.',
} as const;

/**
 * The offline provider; drawings are read by `jobs` (the worker pool), off the request thread.
 */
export const createOfflineProvider = (jobs: JobRunner): AssistantProvider => ({
  name: 'offline',

  async describeBlueprint(file, _call, progress) {
    return jobs.run(
      {
        kind: 'read',
        file: {
          fileName: file.fileName,
          type: file.type,
          bytes: file.bytes,
          ...(file.storageKey ? { storageKey: file.storageKey } : {}),
        },
      },
      {
        fileName: file.fileName,
        ...(progress
          ? { onProgress: progress, onQueued: (place) => progress(0, queueStage(place)) }
          : {}),
      },
    );
  },

  async reviseDescription(analysis, feedback) {
    try {
      return analysisOf(reviseDescription(analysis.description, feedback).description);
    } catch (error) {
      if (error instanceof RevisionError)
        throw new AppError(422, 'validation_failed', error.message);
      throw error;
    }
  },

  async advisePlan() {
    return { notes: [] };
  },

  async analyzeSimulation(context) {
    return analyzeSimulationOffline(context);
  },

  async ask() {
    return offlineMessages.askReply;
  },
});
