/** Which workflow events the UI sends to the server itself (the others travel with the API calls). */
import { workflowEventTypes } from '#contracts/qbot-workflow';
import type { QbotEvent, WorkflowEventBody } from '#contracts/qbot-workflow';

/** The event as the server's workflow-events call takes it, or undefined for events it does not take. */
export function serverEventOf(event: QbotEvent): WorkflowEventBody | undefined {
  return workflowEventTypes.has(event.type) ? (event as WorkflowEventBody) : undefined;
}
