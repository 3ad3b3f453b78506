import { useCallback, useEffect, useState } from 'react';
import { currentThread, startConversation } from '../api/qbot.ts';

export type ThreadState =
  | { status: 'loading' }
  | { status: 'ready'; threadId: string; snapshot: unknown; revision: number }
  | { status: 'failed'; message: string };

/**
 * The conversation the Q-Bot screen shows: the caller's latest one as the server keeps it (so a
 * reload resumes where the workflow was), or a new one. `reload` fetches it again, for example
 * after the server refused an event.
 */
export function useQbotThread(): { thread: ThreadState; reload: () => void } {
  const [thread, setThread] = useState<ThreadState>({ status: 'loading' });
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    let current = true;
    (async () => {
      // No conversation yet: the server answers 204 (no body), and one is started.
      const saved = await currentThread();
      if (saved) {
        if (current)
          setThread({
            status: 'ready',
            threadId: saved.threadId,
            snapshot: saved.snapshot,
            revision,
          });
        return;
      }
      const started = await startConversation();
      if (current)
        setThread({ status: 'ready', threadId: started.thread_id, snapshot: null, revision });
    })().catch((error: unknown) => {
      console.error('Could not load the conversation', error);
      if (current)
        setThread({
          status: 'failed',
          message: 'The conversation could not be loaded. Reload the page to try again.',
        });
    });
    return () => {
      current = false;
    };
  }, [revision]);

  const reload = useCallback(() => setRevision((value) => value + 1), []);
  return { thread, reload };
}
