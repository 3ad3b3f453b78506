/**
 * A description saved from the values table (docs/decisions/049-values-table.md), made into the
 * workflow's analysis: checked again (contracts/description-values.ts), its overview's first
 * sentence written anew from the values, and the stock and tools suggested from them
 * (cam/analysis.ts), keeping the materials offered before after the one the values name.
 */
import { analysisOf } from '#cam/analysis';
import type { BlueprintAnalysis, BlueprintDescription } from '#contracts/blueprint';
import { checkDescriptionValues } from '#contracts/description-values';
import { overviewFromValues } from '#drawings/describe/turned-summary';
import { AppError } from '#server/errors';

/**
 * Check an edited description and refuse it with its sentence.
 * @throws AppError 422 `validation_failed` with the sentence naming the first value refused
 */
export function checkedDescription(input: unknown): BlueprintDescription {
  const check = checkDescriptionValues(input);
  if (!check.ok)
    throw new AppError(422, 'validation_failed', check.message, {
      errors: { description: check.message },
    });
  return check.description;
}

/**
 * The analysis of an edited description: the overview's summary from its values, the stock size
 * and tools from cam/analysis.ts, the materials the values name first and then those offered
 * before (at most 6).
 * @param description - as the operator saved it (checked here again)
 * @param earlier - the analysis it replaces, for its materials
 * @throws AppError 422 when the description is refused (see {@link checkedDescription})
 */
export function analysisFromValues(
  description: BlueprintDescription,
  earlier: BlueprintAnalysis | null,
): BlueprintAnalysis {
  const checked = checkedDescription(description);
  const analysis = analysisOf({ ...checked, overview: overviewFromValues(checked) });
  const names = new Set(analysis.materials.map((material) => material.name.toLowerCase()));
  return {
    ...analysis,
    materials: [
      ...analysis.materials,
      ...(earlier?.materials ?? []).filter((material) => !names.has(material.name.toLowerCase())),
    ].slice(0, 6),
  };
}
