/**
 * A multipart/form-data body read whole: its first `file` part's bytes and its text fields, with
 * the route's own sentences for a file over its size limit and a malformed body. Used by the
 * drawing upload (server/routes/qbot/) and Check Program (server/routes/programs/).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';
import { cleanFileName } from '#server/qbot/uploads';

/**
 * The body's `file` part and its other fields. Only the first part named `file` is kept; every
 * other file part is read and dropped, so the body is consumed whole.
 * @throws AppError 413 `payload_too_large` past the route's file size limit, 400 `validation_failed` for a
 *   malformed body
 */
export async function readParts(
  request: FastifyRequest,
  messages: { tooLarge: string; malformed: string },
) {
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
      throw new AppError(413, 'payload_too_large', messages.tooLarge);
    if (error instanceof AppError) throw error;
    // Busboy's and the multipart plugin's refusals of a malformed body (no or a wrong
    // boundary, a part without its blank line, a body cut short, too many parts).
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new AppError(400, 'validation_failed', messages.malformed);
  }
  return { fields, upload };
}
