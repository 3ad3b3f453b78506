import { fetchFile } from '../api/qbot.ts';

/**
 * Save the program at `fileUrl` as `fileName`, whose extension is the one its controller loads
 * ('.nc', Heidenhain '.h', Okuma '.MIN'); '.nc' is added to a name without one.
 */
export async function downloadProgram(fileUrl: string, fileName: string): Promise<void> {
  const blob = await fetchFile(fileUrl);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = /\.[A-Za-z0-9]{1,4}$/.test(fileName) ? fileName : `${fileName}.nc`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
