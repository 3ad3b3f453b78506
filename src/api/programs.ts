/** Check Program (issue 35): a shop's own program checked on one of its machines. */
import type {
  CheckPartsResponse,
  CheckStockBody,
  ProgramCheckResponse,
} from '#contracts/program-check';
import { apiRequest, postForm } from './client.ts';

/** What the Check Program form sends. */
export interface ProgramCheckForm {
  file: File;
  machineId: string;
  /** Required without `threadId`; with it, only its size (the conversation's when absent). */
  stock?: CheckStockBody;
  dialect?: string;
  material?: string;
  /** The conversation whose part the program is held to. */
  threadId?: string;
  /** Instead of `threadId`: the part's drawing (DXF or STEP), read and not kept; `stock` then required. */
  drawing?: File;
}

/**
 * Check a program as multipart (file, machineId, stock, optional dialect, material, and threadId
 * or a drawing file).
 */
export function checkProgram(form: ProgramCheckForm): Promise<ProgramCheckResponse> {
  const body = new FormData();
  body.append('machineId', form.machineId);
  if (form.stock) body.append('stock', JSON.stringify(form.stock));
  if (form.dialect) body.append('dialect', form.dialect);
  if (form.material) body.append('material', form.material);
  if (form.threadId) body.append('threadId', form.threadId);
  body.append('file', form.file, form.file.name);
  if (form.drawing) body.append('drawing', form.drawing, form.drawing.name);
  return postForm<ProgramCheckResponse>('/api/programs/check', body);
}

/** The organization's conversations with a confirmed part, latest first. */
export const listCheckParts = (): Promise<CheckPartsResponse> =>
  apiRequest<CheckPartsResponse>('GET', '/api/programs/parts');
