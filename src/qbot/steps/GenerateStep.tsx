import { qbotExtraMessages } from '#contracts/qbot-workflow';
import type { StepProps } from './StepProps.ts';
import { ToolingLinks } from './ToolsStep.tsx';

/**
 * The Generate G-Code button (step generating_gcode), or after a failed generation (step error,
 * `failed`) Try Again, Choose Tools Again and the machine's Tooling Pairs: the chat above says
 * once what failed (spec text and the reason), so the step does not repeat it (decision 031).
 */
export function GenerateStep({ state, send, failed }: StepProps & { failed: boolean }) {
  return (
    <div className="step-widget">
      {failed ? <p className="muted">{qbotExtraMessages.generationFixes}</p> : null}
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          onClick={() => send({ type: 'gcode.requested' })}
        >
          {failed ? 'Try Again' : 'Generate G-Code'}
        </button>
        {failed ? (
          <button type="button" className="button" onClick={() => send({ type: 'tools.rechosen' })}>
            Choose Tools Again
          </button>
        ) : null}
      </div>
      {/* After a failure Try Again reads the tools as they are now: no Check Again here. */}
      {failed ? <ToolingLinks state={state} send={send} reload={false} /> : null}
    </div>
  );
}
