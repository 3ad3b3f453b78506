import { qbotMessages } from '#contracts/qbot-workflow';
import { ChoiceList } from './ChoiceList.tsx';
import type { StepProps } from './StepProps.ts';

/** The drawing's materials, each followed by its alternates (step display_material_choices). */
export function MaterialStep({ state, send }: StepProps) {
  const { context } = state;
  return (
    <div className="step-widget">
      <ChoiceList
        options={(context.analysis?.materials ?? []).flatMap((material) => [
          { value: material.name, label: material.name, note: material.grade },
          ...material.alternates.map((alternate) => ({
            value: alternate,
            label: alternate,
            note: qbotMessages.alternativeTo(material.name),
            indent: true,
          })),
        ])}
        onConfirm={(material) => send({ type: 'material.selected', material })}
      />
    </div>
  );
}
