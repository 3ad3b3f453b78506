import { useState } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import { downloadProgram, downloadToolTable } from '../download.ts';
import { ProgramPanel, statusOf } from '../ProgramPanel.tsx';
import { EarlierPrograms } from '../ProgramRecord.tsx';
import type { StepProps } from './StepProps.ts';

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
            downloadProgram(context.program!.fileUrl, context.program!.fileName)
              .then(() => send({ type: 'gcode.downloaded' }))
              .catch((error: unknown) => console.error('Could not download the program', error))
              .finally(() => setDownloading(false));
          }}
        >
          {downloading ? <Spinner /> : null} {incomplete ? 'Download anyway' : 'Download'}
        </button>
        {context.program.dialect === 'linuxcnc' && context.machine ? (
          <button
            type="button"
            className="button"
            disabled={downloading || (incomplete && !accepted)}
            onClick={() => {
              setDownloading(true);
              downloadToolTable(context.machine!._id, context.program!, context.toolOptions)
                .catch((error: unknown) =>
                  console.error('Could not download the tool table', error),
                )
                .finally(() => setDownloading(false));
            }}
          >
            Download Tool Table (.tbl)
          </button>
        ) : null}
      </div>
      <ProgramPanel program={context.program} threadId={context.threadId} />
      <EarlierPrograms programs={context.earlierPrograms ?? []} threadId={context.threadId} />
    </div>
  ) : null;
}
