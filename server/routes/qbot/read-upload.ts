/**
 * The drawing upload of POST /api/qbot/uploadBlueprintClaude, read from its multipart body: the
 * limits the multipart plugin enforces, the texts of the upload's 4xx answers, and
 * `readUpload`, which turns the body into a checked drawing or one of those answers.
 */
import type { FastifyRequest } from 'fastify';
import type { DrawingType } from '#drawings/read';
import { qbotMessages } from '#contracts/qbot-workflow';
import { AppError } from '#server/errors';
import {
  acceptedExtensions,
  cleanFileName,
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
 * The body's `file` part and its other fields. Only the first part named `file` is kept; every
 * other file part is read and dropped, so the body is consumed whole.
 * @throws AppError 413 `payload_too_large` past `maxUploadBytes`, 400 `validation_failed` for a
 *   malformed body
 */
async function readParts(request: FastifyRequest) {
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
  return { fields, upload };
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
  const { fields, upload } = await readParts(request);
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
