import { fetchFile } from '../api/qbot.ts';

/** Save the program at `fileUrl` as `fileName` (with `.nc` added when missing). */
export async function downloadProgram(fileUrl: string, fileName: string): Promise<void> {
  const blob = await fetchFile(fileUrl);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName.endsWith('.nc') ? fileName : `${fileName}.nc`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
