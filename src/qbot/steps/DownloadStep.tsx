import { useState } from 'react';
import { fetchFile } from '../../api/qbot.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { ProgramPanel } from '../ProgramPanel.tsx';
import type { StepProps } from './StepProps.ts';

/** Save the program at `fileUrl` as `fileName` (with `.nc` added when missing). */
async function download(fileUrl: string, fileName: string) {
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

/** The Download button beside the program's panel (step download_gcode). */
export function DownloadStep({ state, send }: StepProps) {
  const { context } = state;
  const [downloading, setDownloading] = useState(false);
  return context.program ? (
    <div className="step-widget download">
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          disabled={downloading}
          onClick={() => {
            setDownloading(true);
            download(context.program!.fileUrl, context.program!.fileName)
              .then(() => send({ type: 'gcode.downloaded' }))
              .catch((error: unknown) => console.error('Could not download the program', error))
              .finally(() => setDownloading(false));
          }}
        >
          {downloading ? <Spinner /> : null} Download
        </button>
      </div>
      <ProgramPanel program={context.program} />
    </div>
  ) : null;
}
