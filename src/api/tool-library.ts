/** Tool library calls (issue 35, decision 114): preview a file, import the chosen rows, export. */
import type {
  LibraryImportBody,
  LibraryImportResponse,
  LibraryPreviewResponse,
  ToolLibraryFormat,
} from '#contracts/tool-library';
import { apiRequest, fetchFile, postForm } from './client.ts';

/** Read a library file for a machine: its tools as the product reads them; nothing is stored. */
export function previewLibrary(machineId: string, file: File): Promise<LibraryPreviewResponse> {
  const body = new FormData();
  body.append('machineId', machineId);
  body.append('file', file, file.name);
  return postForm<LibraryPreviewResponse>('/api/tool-library/preview', body);
}

/** Add the chosen rows to the machine in one transaction. */
export const importLibrary = (body: LibraryImportBody) =>
  apiRequest<LibraryImportResponse>('POST', '/api/tool-library/import', { body });

/** The machine's tools (all, or `slots` such as ['T1', 'T4']) as a library file. */
export function exportLibrary(
  machineId: string,
  format: ToolLibraryFormat,
  slots?: readonly string[],
): Promise<Blob> {
  const query = new URLSearchParams({ machineId, format });
  if (slots?.length) query.set('slots', slots.join(','));
  return fetchFile(`/api/tool-library/export?${query.toString()}`);
}
