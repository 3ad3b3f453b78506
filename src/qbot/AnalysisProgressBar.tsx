import { useEffect, useState } from 'react';
import type { AnalysisProgress } from '#contracts/qbot';
import { analysisProgress } from '../api/qbot.ts';

/** How often the bar asks the server how far the read is, ms. */
const pollMs = 600;

/**
 * The progress bar under 'Analyzing blueprint...': polls the read's progress for the
 * conversation while it is shown. While the drawing waits for a free worker the stage says how
 * many are ahead of it ("2 drawings ahead of yours"). A failed poll keeps the last value (the upload itself reports
 * errors).
 */
export function AnalysisProgressBar({ threadId }: { threadId: string | undefined }) {
  const [progress, setProgress] = useState<AnalysisProgress>({ fraction: 0, stage: '' });
  useEffect(() => {
    if (!threadId) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await analysisProgress(threadId);
        if (!stopped) setProgress((last) => (next.stage || next.fraction ? next : last));
      } catch {
        // Keep the last value; the upload reports its own errors.
      }
      if (!stopped) timer = setTimeout(() => void poll(), pollMs);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [threadId]);
  const percent = Math.round(progress.fraction * 100);
  return (
    <span className="analysis-progress">
      <progress max={100} value={percent} aria-label="Reading the drawing">
        {percent}%
      </progress>
      <span className="muted" aria-live="polite">
        {progress.stage && percent > 0 ? `${progress.stage} (${percent}%)` : progress.stage}
      </span>
    </span>
  );
}
