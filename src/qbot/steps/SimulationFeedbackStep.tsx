import { qbotMessages } from '#contracts/qbot-workflow';
import type { StepProps } from './StepProps.ts';
import { TextStep } from './TextStep.tsx';

/**
 * What went wrong in the simulation, then the analysis of it with the suggested changes and
 * Regenerate (step simulation_feedback).
 */
export function SimulationFeedbackStep({ state, send }: StepProps) {
  const { context } = state;
  if (state.matches({ simulation_feedback: 'reviewing' })) {
    const analysis = context.simulationAnalysis!;
    return (
      <div className="step-widget">
        <h4>Analysis</h4>
        <p>{analysis.analysis}</p>
        {analysis.recommendations.length > 0 ? (
          <>
            <h4>Recommendations</h4>
            <ul>
              {analysis.recommendations.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          </>
        ) : null}
        {analysis.safetyNotes.length > 0 ? (
          <>
            <h4>Safety notes</h4>
            <ul>
              {analysis.safetyNotes.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          </>
        ) : null}
        <h4>Suggested changes</h4>
        <dl className="summary">
          <dt>Feed rate</dt>
          <dd>{analysis.suggestedChanges.feedRate}</dd>
          <dt>Spindle speed</dt>
          <dd>{analysis.suggestedChanges.spindleSpeed}</dd>
          <dt>Tool path</dt>
          <dd>{analysis.suggestedChanges.toolPath}</dd>
          <dt>Depth of cut</dt>
          <dd>{analysis.suggestedChanges.depthOfCut}</dd>
        </dl>
        <div className="actions start">
          <button
            type="button"
            className="button"
            onClick={() => send({ type: 'feedback.cancelled' })}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => send({ type: 'gcode.requested' })}
          >
            Regenerate G-Code with Changes
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="step-widget">
      <TextStep
        label="What went wrong in the simulation?"
        submit="Submit Feedback"
        busy={state.hasTag('busy')}
        error={context.error}
        emptyAlert={qbotMessages.provideFeedback}
        onSubmit={(feedback) => send({ type: 'feedback.submitted', feedback })}
        onCancel={() => send({ type: 'feedback.cancelled' })}
      />
    </div>
  );
}
