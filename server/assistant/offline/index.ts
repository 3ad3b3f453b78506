/**
 * The `offline` assistant provider: deterministic readers and rules, no network. The drawing
 * readers of drawings/ read DXF drawings (geometry and dimensions), PDF drawings (vector paths
 * and text; pages without text through OCR), JPG and PNG drawings (OCR) and STEP models
 * (OpenCascade), and list in the description what they could not read; cam/analysis adds the
 * materials, tools and stock. The plain-text reviser (drawings/revise) applies the user's
 * corrections. Both run in the worker pool (server/jobs/tasks.ts), off the request thread.
 */
import type { JobRunner } from '#server/jobs/pool';
import { queueStage } from '#server/jobs/pool';
import type { AssistantProvider } from '../types.ts';
import { analyzeSimulationOffline } from './simulation.ts';

/** What a revision is called in the pool's log lines (it names no file). */
const revisionName = 'your changes';

export const offlineMessages = {
  askReply:
    'I turn part drawings into verified G-code for your machines. Upload a drawing (DXF reads best without an API key; PNG, JPG, PDF and STEP are accepted), and I will walk you through material, stock, machine and tools.',
} as const;

/**
 * The offline provider; drawings are read and descriptions revised by `jobs` (the worker pool),
 * off the request thread.
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

  /** @throws AppError 422 with the reviser's message when nothing in the feedback is understood */
  async reviseDescription(analysis, feedback) {
    return jobs.run(
      { kind: 'revise', description: analysis.description, feedback },
      { fileName: revisionName },
    );
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
