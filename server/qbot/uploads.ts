/**
 * What an uploaded drawing is, decided from its bytes (spec: jpg, jpeg, png, pdf, dxf, step,
 * stp), never from the name or the browser's content type alone.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { DrawingType } from '#drawings/read';

/** Largest drawing accepted, bytes (25 MiB). */
export const maxUploadBytes = 25 * 1024 * 1024;

export const acceptedExtensions = ['jpg', 'jpeg', 'png', 'pdf', 'dxf', 'step', 'stp'] as const;

export const contentTypes: Record<DrawingType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  dxf: 'image/vnd.dxf',
  step: 'model/step',
};

/** The drawing type of a stored file, from the content type it was stored with. */
export function drawingTypeOf(contentType: string): DrawingType {
  const found = Object.entries(contentTypes).find(([, type]) => type === contentType);
  return (found?.[0] as DrawingType | undefined) ?? 'dxf';
}

/** Text DXF starts with group code 0 and SECTION (after optional 999 comments); binary DXF has a sentinel. */
function isDxf(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (head.startsWith('AutoCAD Binary DXF\r\n\x1a\0')) return true;
  return /^\s*(?:999\s*\r?\n[^\n]*\r?\n\s*)*0\s*\r?\n\s*SECTION\s*\r?\n/.test(head);
}

/** STEP (ISO 10303-21) files start with "ISO-10303-21;". */
const isStep = (bytes: Buffer) =>
  /^\s*ISO-10303-21\s*;/.test(bytes.subarray(0, 64).toString('latin1'));

/**
 * The drawing type of a file's bytes, or undefined when it is none of the accepted types.
 * An empty file is none of them.
 */
export async function detectDrawingType(bytes: Buffer): Promise<DrawingType | undefined> {
  if (bytes.length === 0) return undefined;
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.ext === 'jpg' || detected?.ext === 'png' || detected?.ext === 'pdf')
    return detected.ext;
  if (detected) return undefined;
  if (isStep(bytes)) return 'step';
  if (isDxf(bytes)) return 'dxf';
  return undefined;
}

/** Extension of an uploaded name, lower case, or '' when it has none. */
export const extensionOf = (fileName: string): string =>
  /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** A file name safe to show and to store: no folders, no control characters, at most 120 characters. */
export const cleanFileName = (fileName: string): string =>
  (fileName.split(/[\\/]/).pop() ?? 'drawing')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(-120) || 'drawing';
