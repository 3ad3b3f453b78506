/**
 * The program upload of POST /api/programs/check, read from its multipart body: the limits the
 * multipart plugin enforces, and `readProgramUpload`, which turns the body into the program's
 * text, its checked fields and stock, or a 4xx sentence (contracts/program-check.ts).
 */
import type { FastifyRequest } from 'fastify';
import {
  checkStockSchema,
  maxProgramBytes,
  maxProgramLines,
  programCheckFieldsSchema,
  programCheckMessages as messages,
  programExtensions,
  type CheckStockBody,
} from '#contracts/program-check';
import { AppError } from '#server/errors';
import { readParts } from '#server/multipart';
import { extensionOf } from '#server/qbot/uploads';

/** One program file of at most `maxProgramBytes`, at most 10 fields of 4,096 bytes. */
export const programUploadLimits = {
  fileSize: maxProgramBytes,
  files: 1,
  fields: 10,
  fieldSize: 4096,
  parts: 12,
} as const;

/**
 * A program upload as read: its checked fields and stock (absent only when `threadId` names the
 * part, whose conversation gives it), and the file, not yet read as text.
 */
export interface ProgramUpload {
  fileName: string;
  bytes: Buffer;
  fields: ReturnType<typeof programCheckFieldsSchema.parse>;
  stock: CheckStockBody | undefined;
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
 * Read a program upload (multipart/form-data: `file`, `machineId`, `stock`, optional `dialect`,
 * `material`, `threadId`) and check its fields; the file is read as text by `programText`, once
 * the machine is found.
 * @throws AppError 415 for a body that is not multipart, 413 past `maxProgramBytes`, 400 for a
 *   malformed body, a missing or empty file, a missing machine, a missing stock without a
 *   `threadId`, or an unreadable stock
 */
export async function readProgramUpload(request: FastifyRequest): Promise<ProgramUpload> {
  if (!request.isMultipart())
    throw new AppError(415, 'unsupported_media_type', messages.notMultipart);
  const { fields, upload } = await readParts(request, messages);
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
  if (upload.bytes.length === 0) throw invalid(messages.empty, 'file');
  const { stock, threadId } = parsed.data;
  if (stock === undefined && threadId === undefined) throw invalid(messages.stockMissing, 'stock');
  return {
    fileName: upload.fileName,
    bytes: upload.bytes,
    fields: parsed.data,
    stock: stock === undefined ? undefined : stockOf(stock),
  };
}
