/**
 * The drawing upload of POST /api/qbot/uploadBlueprintClaude, read from its multipart body: the
 * limits the multipart plugin enforces, the texts of the upload's 4xx answers, and
 * `readUpload`, which turns the body into a checked drawing or one of those answers.
 */
import type { FastifyRequest } from 'fastify';
import type { DrawingType } from '#drawings/read';
import { qbotMessages } from '#contracts/qbot-workflow';
import { AppError } from '#server/errors';
import { readParts } from '#server/multipart';
import {
  acceptedExtensions,
  detectDrawingType,
  extensionOf,
  maxUploadBytes,
} from '#server/qbot/uploads';

export const uploadMessages = {
  tooLarge: `The file is larger than ${maxUploadBytes / 1024 / 1024} MB. Please upload a smaller drawing.`,
  wrongType: 'This file is not a drawing Q-Bot reads: upload a JPG, PNG, PDF, DXF or STEP file.',
  noFile: 'Please select a file first!',
  notMultipart: 'Upload the drawing as multipart/form-data with a "file" part.',
  malformed:
    'The upload could not be read: the multipart/form-data body is malformed. Choose the file again and upload it once more.',
} as const;

/**
 * The multipart plugin's limits for the upload route: one file of at most `maxUploadBytes`
 * (25 MiB), at most 10 fields of 4,096 bytes, 12 parts in all.
 */
export const uploadLimits = {
  fileSize: maxUploadBytes,
  files: 1,
  fields: 10,
  fieldSize: 4096,
  parts: 12,
} as const;

/** A drawing upload as read and checked: its conversation, cleaned name, bytes and type. */
export interface DrawingUpload {
  threadId: string;
  fileName: string;
  bytes: Buffer;
  type: DrawingType;
}

/**
 * Read a drawing upload (multipart/form-data: `file`, `threadId`, `assistantId`) and check it:
 * a conversation id, a file that is not empty, and bytes of an accepted drawing type whose name
 * (when it has an extension) is an accepted one too.
 * @throws AppError 415 `unsupported_media_type` for a body that is not multipart or a file that
 *   is no drawing Q-Bot reads, 413 `payload_too_large` past 25 MiB, 400 `validation_failed` for
 *   a malformed body, a missing conversation id, or a missing or empty file
 */
export async function readUpload(request: FastifyRequest): Promise<DrawingUpload> {
  if (!request.isMultipart())
    throw new AppError(415, 'unsupported_media_type', uploadMessages.notMultipart);
  const { fields, upload } = await readParts(request, uploadMessages);
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
  return { threadId, ...upload, type };
}
