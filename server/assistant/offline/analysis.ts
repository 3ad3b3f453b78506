/**
 * The offline provider's reading of a description: the materials to offer, the tools the part
 * needs and the stock to cut it from.
 */
import type {
  BlueprintAnalysis,
  BlueprintDescription,
  MaterialSize,
} from '#cam/blueprint-description';
import { parseDiameterCallout, parseLengthCallout } from '#cam/callouts';
import { materialChoices } from '#cam/materials';
import { suggestRoundBar } from '#cam/stock';

const numberOf = (
  value: number | undefined,
  text: string,
  parse: (text: string) => number | undefined,
) => value ?? parse(text);

/** Tools the part needs, in words, from its diameters and features. */
export function toolsNeeded(description: BlueprintDescription): string[] {
  if (description.outerDiameters.length === 0) return [];
  const tools = [
    'External turning tool for roughing (0.8 mm nose radius)',
    'External finishing tool (0.4 mm nose radius)',
  ];
  const grooves = description.outerDiameters.filter((feature) =>
    /groove|relief|undercut/i.test(feature.type),
  );
  for (const groove of grooves) {
    const width = numberOf(
      groove.lengthMm,
      groove.length,
      (text) => parseLengthCallout(text)?.valueMm,
    );
    tools.push(
      `Grooving or parting tool${width ? ` at most ${width} mm wide` : ''} for the groove ${groove.diameter}`,
    );
  }
  const bores = description.innerDiameters.map((feature) =>
    numberOf(feature.diameterMm, feature.diameter, (text) => parseDiameterCallout(text)?.nominalMm),
  );
  const smallest = Math.min(...bores.filter((value): value is number => value !== undefined));
  if (Number.isFinite(smallest)) {
    tools.push(
      'Centre drill',
      `Twist drill up to Ø${Math.floor((smallest - 0.6) * 10) / 10} mm`,
      `Boring bar entering Ø${Math.floor((smallest - 0.6) * 10) / 10} mm`,
    );
  }
  if (description.outerDiameters.some((feature) => feature.thread))
    tools.push('Threading tool (the thread is not programmed yet)');
  tools.push('Parting (cut-off) tool, its width in the tool description');
  return tools;
}

/** The suggested stock: round bar for a turned part, else the spec's default text. */
export function suggestedStock(description: BlueprintDescription): MaterialSize {
  const diameters = description.outerDiameters
    .map((feature) =>
      numberOf(
        feature.diameterMm,
        feature.diameter,
        (text) => parseDiameterCallout(text)?.nominalMm,
      ),
    )
    .filter((value): value is number => value !== undefined);
  const length =
    description.dimensions.overallLengthMm ??
    parseLengthCallout(description.dimensions.overallLength)?.valueMm ??
    description.outerDiameters.reduce((sum, feature) => sum + (feature.lengthMm ?? 0), 0);
  if (diameters.length === 0 || !length) return 'Default Material Stock Size';
  const bar = suggestRoundBar(Math.max(...diameters), length);
  if (!bar) return `Round bar over Ø${Math.max(...diameters)} mm`;
  return { shape: 'Round bar', diameter: `Ø${bar.diameterMm} mm`, length: `${bar.lengthMm} mm` };
}

/** The whole analysis of a description. */
export function analysisOf(description: BlueprintDescription): BlueprintAnalysis {
  return {
    description,
    materials: materialChoices(description.materialSpecs.material),
    tools: toolsNeeded(description),
    materialSize: suggestedStock(description),
  };
}
