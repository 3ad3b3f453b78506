import { useState } from 'react';
import type { WorkflowProgram } from '#contracts/qbot-workflow';
import { Spinner } from '../components/Spinner.tsx';
import { downloadProgram } from './download.ts';
import { ProgramPanel, statusOf } from './ProgramPanel.tsx';

/**
 * The program downloaded, kept in the chat for the steps after its download (simulate, report
 * a problem, fabricate): its report, backplot, operations and notes behind a disclosure, and the
 * file to download again (issue 34: nothing vanishes after Download).
 */
export function ProgramRecord({ program }: { program: WorkflowProgram }) {
  const [downloading, setDownloading] = useState(false);
  const status = statusOf(program);
  return (
    <details className={`step-widget program-record ${status}`}>
      <summary>
        Program version {program.version}: {program.fileName} (
        {status === 'verified' ? 'verified' : 'incomplete'}): report, toolpath and notes
      </summary>
      <div className="actions start">
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
          {downloading ? <Spinner /> : null} Download again
        </button>
      </div>
      <ProgramPanel program={program} />
    </details>
  );
}
