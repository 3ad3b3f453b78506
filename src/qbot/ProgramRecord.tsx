import { useState } from 'react';
import type { EarlierProgram, WorkflowProgram } from '#contracts/qbot-workflow';
import { Spinner } from '../components/Spinner.tsx';
import { downloadProgram } from './download.ts';
import { ProgramPanel, statusOf } from './ProgramPanel.tsx';

/**
 * The program downloaded, kept in the chat for the steps after its download (simulate, report
 * a problem, fabricate): its report, backplot, operations and notes behind a disclosure, and the
 * file to download again (issue 34: nothing vanishes after Download).
 */
export function ProgramRecord({
  program,
  earlier = [],
}: {
  program: WorkflowProgram;
  earlier?: EarlierProgram[];
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
      <EarlierPrograms programs={earlier} />
      <ProgramPanel program={program} />
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

/** The programs written before the current one in this job, each to download again. */
export function EarlierPrograms({ programs }: { programs: EarlierProgram[] }) {
  if (programs.length === 0) return null;
  return (
    <div className="earlier-programs">
      <h5>Earlier versions</h5>
      <ul>
        {programs.map((program) => (
          <li key={program.version}>
            {program.fileName} ({statusOf(program) === 'verified' ? 'verified' : 'incomplete'}){' '}
            <DownloadAgain program={program} label={`Download version ${program.version}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}
