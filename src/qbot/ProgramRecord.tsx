import { useState } from 'react';
import type { EarlierProgram, WorkflowProgram } from '#contracts/qbot-workflow';
import { Spinner } from '../components/Spinner.tsx';
import { downloadProgram } from './download.ts';
import { ProgramPanel, statusOf } from './ProgramPanel.tsx';
import { SetupSheetLink } from './setup-sheet/SetupSheetLink.tsx';
import { setupSheetMessages } from '../messages.ts';

/**
 * The program downloaded, kept in the chat for the steps after its download (simulate, report
 * a problem, fabricate): its report, backplot, operations and notes behind a disclosure, and the
 * file to download again (issue 34: nothing vanishes after Download).
 */
export function ProgramRecord({
  program,
  earlier = [],
  threadId,
}: {
  program: WorkflowProgram;
  earlier?: EarlierProgram[];
  threadId?: string | null;
}) {
  const status = statusOf(program);
  return (
    <details className={`step-widget program-record ${status}`}>
      <summary>
        Program version {program.version}: {program.fileName} (
        {status === 'verified' ? 'verified' : 'incomplete'}): report, toolpath and notes
      </summary>
      <div className="actions start">
        <DownloadAgain program={program} label="Download again" />
      </div>
      <EarlierPrograms programs={earlier} threadId={threadId} />
      <ProgramPanel program={program} threadId={threadId} />
    </details>
  );
}

/** A button that downloads `program` again. */
function DownloadAgain({ program, label }: { program: EarlierProgram; label: string }) {
  const [downloading, setDownloading] = useState(false);
  return (
    <button
      type="button"
      className="button"
      disabled={downloading}
      onClick={() => {
        setDownloading(true);
        downloadProgram(program.fileUrl, program.fileName)
          .catch((error: unknown) => console.error('Could not download the program', error))
          .finally(() => setDownloading(false));
      }}
    >
      {downloading ? <Spinner /> : null} {label}
    </button>
  );
}

/**
 * The programs written before the current one in this job, each to download again and with its
 * setup sheet when it has one.
 */
export function EarlierPrograms({
  programs,
  threadId,
}: {
  programs: EarlierProgram[];
  threadId?: string | null;
}) {
  if (programs.length === 0) return null;
  return (
    <div className="earlier-programs">
      <h5>Earlier versions</h5>
      <ul>
        {programs.map((program) => (
          <li key={program.version}>
            {program.fileName} ({statusOf(program) === 'verified' ? 'verified' : 'incomplete'}){' '}
            <DownloadAgain program={program} label={`Download version ${program.version}`} />{' '}
            {program.setupSheet ? (
              <SetupSheetLink
                threadId={threadId}
                version={program.version}
                label={setupSheetMessages.linkFor(program.version)}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
