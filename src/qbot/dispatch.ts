/** Which workflow events the UI sends to the server itself (the others travel with the API calls). */
import type { QbotEvent } from '#machines/qbotWorkflow';
import type { WorkflowEventBody } from '#server/contracts/qbot';

const serverEventTypes = new Set<string>([
  'description.confirmed',
  'description.change.requested',
  'description.change.cancelled',
  'material.selected',
  'size.submitted',
  'jobType.selected',
  'machine.selected',
  'tools.confirmed',
  'summary.confirmed',
  'gcode.downloaded',
  'simulation.succeeded',
  'simulation.failed',
  'feedback.cancelled',
  'workflow.restarted',
  'workflow.cancelled',
  'tracker.reset',
]);

/** The event as the server's workflow-events call takes it, or undefined for events it does not take. */
export function serverEventOf(event: QbotEvent): WorkflowEventBody | undefined {
  return serverEventTypes.has(event.type) ? (event as WorkflowEventBody) : undefined;
}
