import { Link, createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getThread } from '../../api/qbot.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { setupSheetMessages as text } from '../../messages.ts';
import { SetupSheetView } from '../../qbot/setup-sheet/SetupSheetView.tsx';
import { findVersion } from '../../qbot/setup-sheet/find-version.ts';
import type { FoundVersion } from '../../qbot/setup-sheet/find-version.ts';
import '../../styles/qbot.css';
import '../../styles/backplot.css';
import '../../styles/setup-sheet.css';

interface SetupSheetSearch {
  threadId?: string;
  version?: number;
}

/**
 * A program version's printable setup sheet (docs/decisions/107-setup-sheet.md):
 * `/setup-sheet?threadId=…&version=N`. Signed-in only (the `_auth` layout); the conversation is
 * read through the organization-scoped thread API, which answers 404 for another organization's.
 */
export const Route = createFileRoute('/_auth/setup-sheet')({
  validateSearch: (search: Record<string, unknown>): SetupSheetSearch => {
    const version = Number(search.version);
    return {
      ...(typeof search.threadId === 'string' ? { threadId: search.threadId } : {}),
      ...(Number.isInteger(version) && version > 0 ? { version } : {}),
    };
  },
  component: SetupSheetPage,
});

type Result = { status: 'failed'; message: string } | FoundVersion;

function SetupSheetPage() {
  const { threadId, version } = Route.useSearch();
  const key = `${threadId ?? ''}:${version ?? ''}`;
  const [result, setResult] = useState<{ key: string; result: Result } | null>(null);

  useEffect(() => {
    if (!threadId || !version) return;
    let current = true;
    const show = (shown: Result) => {
      if (current) setResult({ key: `${threadId}:${version}`, result: shown });
    };
    getThread(threadId)
      .then((thread) => show(findVersion(thread.snapshot, version)))
      .catch((error: unknown) =>
        show({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [threadId, version]);

  const loaded: Result | { status: 'loading' } =
    result?.key === key ? result.result : { status: 'loading' };
  if (!threadId || !version) return <Notice message={text.missingSearch} />;
  if ('status' in loaded) {
    return loaded.status === 'loading' ? (
      <section className="card">
        <p className="muted">
          <Spinner /> {text.loading}
        </p>
      </section>
    ) : (
      <Notice message={loaded.message} error />
    );
  }
  if (loaded.kind === 'not-found') return <Notice message={text.notFound} error />;
  if (loaded.kind === 'no-sheet') return <Notice message={text.noSheet} />;
  const { sheet } = loaded;
  return (
    <section className="card setup-sheet-page">
      <header className="setup-sheet-header">
        <div>
          <p className="setup-sheet-kicker">{text.title}</p>
          <h1>{text.heading(sheet.partName || sheet.fileName, sheet.programVersion)}</h1>
        </div>
        <div className="actions setup-sheet-actions">
          <button type="button" className="button primary" onClick={() => window.print()}>
            {text.print}
          </button>
          <Link to="/qbot" className="button">
            {text.back}
          </Link>
        </div>
      </header>
      <SetupSheetView
        sheet={sheet}
        {...(loaded.backplotUrl ? { backplotUrl: loaded.backplotUrl } : {})}
      />
    </section>
  );
}

function Notice({ message, error = false }: { message: string; error?: boolean }) {
  return (
    <section className="card">
      <h1>{text.title}</h1>
      <p className={error ? 'form-error' : 'muted'} role={error ? 'alert' : undefined}>
        {message}
      </p>
      <Link to="/qbot" className="button">
        {text.back}
      </Link>
    </section>
  );
}
