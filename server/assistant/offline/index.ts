/**
 * The `offline` assistant provider: deterministic readers and rules, no network. It reads DXF
 * drawings; for other file types it says plainly that it cannot read their geometry yet and asks
 * for a description (PDF, image and STEP readers come in a later version).
 */
import { emptyDescription } from '#cam/blueprint-description';
import { AppError } from '#server/errors';
import type { AssistantProvider } from '../types.ts';
import { analysisOf } from './analysis.ts';
import { DxfReadError, readDxf } from './dxf-reader.ts';
import { RevisionError, reviseDescription } from './revise.ts';
import { analyzeSimulationOffline } from './simulation.ts';

const typeNames = {
  jpg: 'JPG image',
  png: 'PNG image',
  pdf: 'PDF',
  dxf: 'DXF',
  step: 'STEP',
} as const;

export const offlineMessages = {
  cannotRead: (type: string) =>
    `The offline reader cannot read the geometry of ${type} files yet. Please describe the part with Change, for example: "Ø40 h7 x 85 long, bore Ø20 x 30 deep, chamfer 1x45 both ends, 4140 steel".`,
  askReply:
    'I turn part drawings into verified G-code for your machines. Upload a drawing (DXF reads best without an API key; PNG, JPG, PDF and STEP are accepted), and I will walk you through material, stock, machine and tools.',
} as const;

export const offlineProvider: AssistantProvider = {
  name: 'offline',

  async describeBlueprint(file) {
    if (file.type !== 'dxf') {
      const description = emptyDescription(offlineMessages.cannotRead(typeNames[file.type]));
      description.unresolved = [
        'Every size and feature: the offline reader does not read this file type yet.',
      ];
      description.source = `${typeNames[file.type]} (offline reader): ${file.fileName}`;
      return analysisOf(description);
    }
    try {
      const reading = readDxf(file.bytes.toString('utf8'), file.fileName);
      return analysisOf(reading.description);
    } catch (error) {
      if (error instanceof DxfReadError)
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
