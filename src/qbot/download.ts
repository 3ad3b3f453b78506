import type { WorkflowProgram } from '#contracts/written-program';
import { fetchFile } from '../api/client.ts';
import { exportLibrary } from '../api/tool-library.ts';
import { saveBlob } from '../components/save-blob.ts';

/**
 * Save the program at `fileUrl` as `fileName`, whose extension is the one its controller loads
 * ('.nc', Heidenhain '.h', Okuma '.MIN'); '.nc' is added to a name without one.
 */
export async function downloadProgram(fileUrl: string, fileName: string): Promise<void> {
  const blob = await fetchFile(fileUrl);
  saveBlob(blob, /\.[A-Za-z0-9]{1,4}$/.test(fileName) ? fileName : `${fileName}.nc`);
}

/**
 * Save the LinuxCNC tool table a program was written for, beside it: the machine's tools in the
 * slots its setup sheet names (every offered tool when it has none), as `<program>.tbl`.
 * @param offered - the tools the job could use, for a program without a setup sheet
 */
export async function downloadToolTable(
  machineId: string,
  program: Pick<WorkflowProgram, 'fileName' | 'setupSheet'>,
  offered: readonly { slotNumber: string }[],
): Promise<void> {
  const slots = program.setupSheet?.tools.map((tool) => tool.slot) ?? [];
  const named = slots.length > 0 ? slots : offered.map((tool) => tool.slotNumber);
  const blob = await exportLibrary(
    machineId,
    'tbl',
    named.filter((slot) => /^T\d{1,4}$/.test(slot)),
  );
  saveBlob(blob, `${program.fileName.replace(/\.[A-Za-z0-9]{1,4}$/, '')}.tbl`);
}
