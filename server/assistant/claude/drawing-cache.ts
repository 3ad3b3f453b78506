/**
 * The drawings of Claude's requests, expanded once per process: a stored drawing of the
 * organization turned into Messages API content blocks (./drawing.ts) by a job, off the request
 * thread, and kept for the 16 drawings used last.
 */
import type { Database } from '#server/database';
import { AppError } from '#server/errors';
import type { JobRunner } from '#server/jobs/pool';
import { drawingTypeOf } from '#server/qbot/uploads';
import type { FileStore } from '#server/storage/file-store';
import { findStoredFile } from '#server/storage/stored-files';
import type { DrawingFile } from '../types.ts';
import type { DrawingBlock } from './drawing.ts';

/**
 * The content blocks of the organization's stored drawing `fileId`.
 * @throws AppError 404 `not_found` when the organization has no such file, or the job's error
 *   for a drawing that cannot be turned into content
 */
export type DrawingExpander = (organizationId: string, fileId: string) => Promise<DrawingBlock[]>;

/** A `DrawingExpander` with its own cache; a failed expansion is not kept. */
export function drawingExpander(deps: {
  db: Database;
  files: FileStore;
  /** Runs the drawing's expansion (scaling, DXF rendering) off the request thread. */
  jobs: JobRunner;
}): DrawingExpander {
  const { db } = deps;
  /** Expanded drawings by organization and file id: scaling and rendering once per process. */
  const expanded = new Map<string, Promise<DrawingBlock[]>>();

  return function expandDrawing(organizationId, fileId) {
    const key = `${organizationId}/${fileId}`;
    let blocks = expanded.get(key);
    if (!blocks) {
      blocks = (async () => {
        const file = await findStoredFile(db, organizationId, fileId);
        if (!file) throw new AppError(404, 'not_found', 'File not found.');
        const drawing: DrawingFile = {
          fileId,
          fileName: file.fileName,
          type: drawingTypeOf(file.contentType),
          bytes: await deps.files.get(file.storageKey),
          storageKey: file.storageKey,
        };
        return deps.jobs.run({ kind: 'drawingBlocks', file: drawing }, { fileName: file.fileName });
      })();
      blocks.catch(() => expanded.delete(key));
      expanded.set(key, blocks);
      if (expanded.size > 16) expanded.delete(expanded.keys().next().value!);
    }
    return blocks;
  };
}
