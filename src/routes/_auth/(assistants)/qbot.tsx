import { createFileRoute } from '@tanstack/react-router';
import { assistantById } from '../../../assistants.ts';
import { Spinner } from '../../../components/Spinner.tsx';
import { QbotScreen } from '../../../qbot/QbotScreen.tsx';
import { useQbotThread } from '../../../qbot/useQbotThread.ts';
import { YbotScreen } from '../../../ybot/YbotScreen.tsx';

/**
 * The Q-Bot workflow chat (spec sections 1, 2 and 4). The route itself is generated from the
 * assistant configuration by `__virtual.ts` beside this file.
 */
export const Route = createFileRoute('/_auth/(assistants)/qbot')({ component: Qbot });

const assistant = assistantById('qbot');

function Qbot() {
  // The G-code workflow, with its G-code steps, only for an assistant that has the feature.
  if (!assistant.features.gCodeGeneration) return <YbotScreen assistant={assistant} />;
  return <QbotWorkflow />;
}

function QbotWorkflow() {
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
