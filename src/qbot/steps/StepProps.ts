import type { SnapshotFrom } from 'xstate';
import type { QbotEvent } from '#contracts/qbot-workflow';
import type { QbotWorkflowMachine } from '#machines/qbotWorkflow';

/** What every step widget gets: the workflow chart's snapshot and its `send`. */
export interface StepProps {
  state: SnapshotFrom<QbotWorkflowMachine>;
  send: (event: QbotEvent) => void;
}
