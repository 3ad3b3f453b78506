/** Check Program (issue 35): a shop's own program checked on one of its machines. */
import type { CheckStockBody, ProgramCheckResponse } from '#contracts/program-check';
import { postForm } from './client.ts';

/** What the Check Program form sends. */
export interface ProgramCheckForm {
  file: File;
  machineId: string;
  stock: CheckStockBody;
  dialect?: string;
  material?: string;
}

/** Check a program as multipart (file, machineId, stock, optional dialect and material). */
export function checkProgram(form: ProgramCheckForm): Promise<ProgramCheckResponse> {
  const body = new FormData();
  body.append('machineId', form.machineId);
  body.append('stock', JSON.stringify(form.stock));
  if (form.dialect) body.append('dialect', form.dialect);
  if (form.material) body.append('material', form.material);
  body.append('file', form.file, form.file.name);
  return postForm<ProgramCheckResponse>('/api/programs/check', body);
}
