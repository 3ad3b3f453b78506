import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { QbotScreen } from '../../qbot/QbotScreen.tsx';
import { useQbotThread } from '../../qbot/useQbotThread.ts';

/** The Q-Bot workflow chat (spec sections 1, 2 and 4). */
export const Route = createFileRoute('/_auth/qbot')({ component: Qbot });

function Qbot() {
  const { thread, reload } = useQbotThread();
  if (thread.status === 'loading') {
    return (
      <section className="card">
        <p className="muted">
          <Spinner /> Loading...
        </p>
      </section>
    );
  }
  if (thread.status === 'failed') {
    return (
      <section className="card">
        <p className="form-error">{thread.message}</p>
      </section>
    );
  }
  return (
    <QbotScreen
      key={`${thread.threadId}-${thread.revision}`}
      threadId={thread.threadId}
      snapshot={thread.snapshot}
      resync={reload}
    />
  );
}
