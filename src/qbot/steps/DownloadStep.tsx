import { useState } from 'react';
import { fetchFile } from '../../api/qbot.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { ProgramPanel, statusOf } from '../ProgramPanel.tsx';
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

/**
 * The Download button beside the program's panel (step download_gcode). A program that leaves
 * part of the drawing undone is downloaded only on purpose: its button waits for the operator to
 * say they will finish the rest another way.
 */
export function DownloadStep({ state, send }: StepProps) {
  const { context } = state;
  const [downloading, setDownloading] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const incomplete = context.program ? statusOf(context.program) === 'incomplete' : false;
  return context.program ? (
    <div className={`step-widget download${incomplete ? ' incomplete' : ''}`}>
      {incomplete ? (
        <label className="accept-incomplete">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
          />{' '}
          I know this program leaves part of the drawing undone, and I will finish it another way.
        </label>
      ) : null}
      <div className="actions start">
        <button
          type="button"
          className={incomplete ? 'button warning' : 'button primary'}
          disabled={downloading || (incomplete && !accepted)}
          onClick={() => {
            setDownloading(true);
            download(context.program!.fileUrl, context.program!.fileName)
              .then(() => send({ type: 'gcode.downloaded' }))
              .catch((error: unknown) => console.error('Could not download the program', error))
              .finally(() => setDownloading(false));
          }}
        >
          {downloading ? <Spinner /> : null} {incomplete ? 'Download anyway' : 'Download'}
        </button>
      </div>
      <ProgramPanel program={context.program} />
    </div>
  ) : null;
}
