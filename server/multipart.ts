/**
 * A multipart/form-data body read whole: its first `file` part's bytes (and those of other file
 * fields a route names) and its text fields, with
 * the route's own sentences for a file over its size limit and a malformed body. Used by the
 * drawing upload (server/routes/qbot/) and Check Program (server/routes/programs/).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';
import { cleanFileName } from '#server/qbot/uploads';

/** A file part as read: its cleaned name and its bytes. */
export interface FilePart {
  fileName: string;
  bytes: Buffer;
}

/**
 * The body's `file` part and its other fields, and the first part of each other file field
 * named in `others` (Check Program's `drawing`). Only the first part of each kept name is kept;
 * every other file part is read and dropped, so the body is consumed whole.
 * @param messages - the route's sentences; `tooLargeOf` names one per kept file field, for a
 *   file over the size limit in that field (else `tooLarge`)
 * @throws AppError 413 `payload_too_large` past the route's file size limit, 400 `validation_failed` for a
 *   malformed body
 */
export async function readParts(
  request: FastifyRequest,
  messages: { tooLarge: string; malformed: string; tooLargeOf?: Record<string, string> },
  others: readonly string[] = [],
) {
  const fields: Record<string, string> = {};
  const files = new Map<string, FilePart>();
  let reading = 'file';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        reading = part.fieldname;
        const kept = part.fieldname === 'file' || others.includes(part.fieldname);
        if (!kept || files.has(part.fieldname)) {
          await part.toBuffer();
          continue;
        }
        files.set(part.fieldname, {
          fileName: cleanFileName(part.filename),
          bytes: await part.toBuffer(),
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        413,
        'payload_too_large',
        messages.tooLargeOf?.[reading] ?? messages.tooLarge,
      );
    if (error instanceof AppError) throw error;
    // Busboy's and the multipart plugin's refusals of a malformed body (no or a wrong
    // boundary, a part without its blank line, a body cut short, too many parts).
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new AppError(400, 'validation_failed', messages.malformed);
  }
  const upload = files.get('file');
  files.delete('file');
  return { fields, upload, files };
}
