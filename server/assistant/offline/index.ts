/**
 * The `offline` assistant provider: deterministic readers and rules, no network. It reads DXF
 * drawings (geometry and dimensions), PDF drawings (vector paths and text; pages without text
 * through OCR), JPG and PNG drawings (OCR) and STEP models (OpenCascade), and lists in the
 * description what it could not read.
 */
import type { BlueprintDescription } from '#contracts/blueprint';
import { AppError } from '#server/errors';
import type { AssistantProvider } from '../types.ts';
import { analysisOf } from './analysis.ts';
import { DxfReadError, readDxf } from './dxf/reader.ts';
import { DrawingReadError } from './reading.ts';
import { RevisionError, reviseDescription } from './revise/revise.ts';
import { analyzeSimulationOffline } from './simulation.ts';

export const offlineMessages = {
  askReply:
    'I turn part drawings into verified G-code for your machines. Upload a drawing (DXF reads best without an API key; PNG, JPG, PDF and STEP are accepted), and I will walk you through material, stock, machine and tools.',
} as const;

export const offlineProvider: AssistantProvider = {
  name: 'offline',

  async describeBlueprint(file, _call, progress) {
    try {
      let description: BlueprintDescription;
      if (file.type === 'dxf') {
        progress?.(0.1, 'Reading the DXF');
        description = readDxf(file.bytes.toString('utf8'), file.fileName).description;
      } else if (file.type === 'pdf') {
        // The PDF, STEP and OCR readers load their engines (pdf.js, OpenCascade, Tesseract)
        // when first needed, not when the server starts.
        const { readPdf } = await import('./pdf/reader.ts');
        description = await readPdf(file.bytes, file.fileName, progress);
      } else if (file.type === 'step') {
        const { readStep } = await import('./step/reader.ts');
        description = await readStep(file.bytes, file.fileName, progress);
      } else {
        const { readImage } = await import('./image/reader.ts');
        description = await readImage(file.bytes, file.fileName, file.type, progress);
      }
      progress?.(1, 'Done');
      return analysisOf(description);
    } catch (error) {
      if (error instanceof DxfReadError || error instanceof DrawingReadError)
        throw new AppError(422, 'validation_failed', error.message);
      throw error;
    }
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
};
