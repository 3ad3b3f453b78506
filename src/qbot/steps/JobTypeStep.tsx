import { jobTypes } from '#contracts/job-types';
import { ChoiceList } from './ChoiceList.tsx';
import type { StepProps } from './StepProps.ts';

/** The job types to choose from (step show_job_types). */
export function JobTypeStep({ send }: StepProps) {
  return (
    <div className="step-widget">
      <ChoiceList
        options={jobTypes.map((type) => ({ value: type, label: type }))}
        onConfirm={(jobType) => send({ type: 'jobType.selected', jobType })}
      />
    </div>
  );
}
