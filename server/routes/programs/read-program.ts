/**
 * The program upload of POST /api/programs/check, read from its multipart body: the limits the
 * multipart plugin enforces, and `readProgramUpload`, which turns the body into the program's
 * text, its checked fields and stock, the part's drawing when one is attached, or a 4xx
 * sentence (contracts/program-check.ts).
 */
import type { FastifyRequest } from 'fastify';
import {
  checkDrawingExtensions,
  checkStockSchema,
  maxCheckDrawingBytes,
  maxProgramBytes,
  maxProgramLines,
  programCheckFieldsSchema,
  programCheckMessages as messages,
  programExtensions,
  type CheckStockBody,
} from '#contracts/program-check';
import { AppError } from '#server/errors';
import type { AttachedDrawing } from '#server/programs/check-drawing';
import { readParts } from '#server/multipart';
import { detectDrawingType, extensionOf } from '#server/qbot/uploads';

/**
 * Two files (the program, and the part's drawing when one is attached) of at most
 * `maxCheckDrawingBytes` each, the program refused past `maxProgramBytes` once read; at most 10
 * fields of 4,096 bytes.
 */
export const programUploadLimits = {
  fileSize: maxCheckDrawingBytes,
  files: 2,
  fields: 10,
  fieldSize: 4096,
  parts: 12,
} as const;

/** The part's drawing as attached: its cleaned name, bytes and type (DXF or STEP), not kept. */

/**
 * A program upload as read: its checked fields and stock (absent only when `threadId` names the
 * part, whose conversation gives it), the file, not yet read as text, and the part's drawing
 * when one is attached (never beside `threadId`, always with a stock).
 */
export interface ProgramUpload {
  fileName: string;
  bytes: Buffer;
  fields: ReturnType<typeof programCheckFieldsSchema.parse>;
  stock: CheckStockBody | undefined;
  drawing?: AttachedDrawing;
}

const invalid = (message: string, field?: string) =>
  new AppError(400, 'validation_failed', message, field ? { errors: { [field]: message } } : {});

/**
 * The program's text: UTF-8, or Latin-1 as older controls and editors write it (Ø in comments).
 * @throws AppError 415 when the file's name is not a program's or its bytes are not text (NUL
 *   bytes, or more than 1 % control characters), 400 past `maxProgramLines`
 */
export function programText({
  fileName,
  bytes,
}: Pick<ProgramUpload, 'fileName' | 'bytes'>): string {
  const extension = extensionOf(fileName);
  if (extension && !(programExtensions as readonly string[]).includes(extension.toLowerCase()))
    throw new AppError(415, 'unsupported_media_type', messages.notText);
  if (bytes.includes(0)) throw new AppError(415, 'unsupported_media_type', messages.notText);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = bytes.toString('latin1');
  }
  let control = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 127)
      control += 1;
  }
  if (control > text.length / 100)
    throw new AppError(415, 'unsupported_media_type', messages.notText);
  if (text.split('\n').length > maxProgramLines) throw invalid(messages.tooManyLines, 'file');
  return text.replace(/^\uFEFF/, '');
}

/** The `stock` field's JSON, checked. */
function stockOf(field: string): CheckStockBody {
  let value: unknown;
  try {
    value = JSON.parse(field);
  } catch {
    throw invalid(messages.stockUnreadable, 'stock');
  }
  const parsed = checkStockSchema.safeParse(value);
  if (!parsed.success) throw invalid(messages.stockUnreadable, 'stock');
  return parsed.data;
}

/**
 * The attached drawing, checked: not empty, its bytes a DXF or a STEP file.
 * @throws AppError 400 for an empty one, 415 for a file of another type (a PDF, an image, a
 *   program) by its name or its bytes, 422 for one named .dxf/.step/.stp whose bytes are none
 */
async function drawingOf(part: { fileName: string; bytes: Buffer }): Promise<AttachedDrawing> {
  if (part.bytes.length === 0) throw invalid(messages.drawingEmpty, 'drawing');
  const extension = extensionOf(part.fileName);
  const named = (checkDrawingExtensions as readonly string[]).includes(extension);
  if (extension && !named)
    throw new AppError(415, 'unsupported_media_type', messages.drawingNotAccepted);
  const type = await detectDrawingType(part.bytes);
  if (type === 'dxf' || type === 'step') return { ...part, type };
  if (type || !named)
    throw new AppError(415, 'unsupported_media_type', messages.drawingNotAccepted);
  throw new AppError(
    422,
    'validation_failed',
    messages.drawingUnreadable(part.fileName, `it is not a ${extension.toUpperCase()} file`),
  );
}

/**
 * Read a program upload (multipart/form-data: `file`, `machineId`, `stock`, optional `dialect`,
 * `material`, `threadId`, or a `drawing` file part instead of `threadId`) and check its fields;
 * the file is read as text by `programText`, once the machine is found.
 * @throws AppError 415 for a body that is not multipart or a drawing that is not DXF or STEP,
 *   413 past `maxProgramBytes` (a drawing past `maxCheckDrawingBytes`), 400 for a malformed
 *   body, a missing or empty file, a missing machine, a missing stock without a `threadId` (or
 *   with a drawing), an unreadable stock, an empty drawing, or a drawing beside a `threadId`;
 *   422 for a drawing named DXF or STEP whose bytes are not
 */
export async function readProgramUpload(request: FastifyRequest): Promise<ProgramUpload> {
  if (!request.isMultipart())
    throw new AppError(415, 'unsupported_media_type', messages.notMultipart);
  const { fields, upload, files } = await readParts(
    request,
    { ...messages, tooLargeOf: { drawing: messages.drawingTooLarge } },
    ['drawing'],
  );
  const parsed = programCheckFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const message =
      field === 'machineId'
        ? messages.machineMissing
        : field === 'stock'
          ? messages.stockMissing
          : `${field}: ${issue.message}`;
    throw invalid(message, field);
  }
  if (!upload) throw invalid(messages.noFile, 'file');
  if (upload.bytes.length > maxProgramBytes)
    throw new AppError(413, 'payload_too_large', messages.tooLarge);
  if (upload.bytes.length === 0) throw invalid(messages.empty, 'file');
  const { stock, threadId } = parsed.data;
  const attached = files.get('drawing');
  if (attached && threadId !== undefined) throw invalid(messages.partAndDrawing, 'drawing');
  if (attached && stock === undefined) throw invalid(messages.drawingNoStock, 'stock');
  if (stock === undefined && threadId === undefined) throw invalid(messages.stockMissing, 'stock');
  const drawing = attached ? await drawingOf(attached) : undefined;
  return {
    fileName: upload.fileName,
    bytes: upload.bytes,
    fields: parsed.data,
    stock: stock === undefined ? undefined : stockOf(stock),
    ...(drawing ? { drawing } : {}),
  };
}
