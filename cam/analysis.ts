/**
 * The offline provider's reading of a description: the materials to offer, the tools the part
 * needs and the stock to cut it from, as numbers (a StockSize, contracts/stock-size.ts) and in
 * the words made from them (decision 039).
 */
import type { BlueprintAnalysis, BlueprintDescription, MaterialSize } from '#contracts/blueprint';
import {
  STOCK_THICKNESS_CHANGE_HINT,
  STOCK_WITHOUT_THICKNESS,
  blockStock,
  roundBarStock,
  unknownStock,
} from '#contracts/stock-size';
import type { StockSize } from '#contracts/stock-size';
import { parseDiameterCallout, parseLengthCallout } from './callouts.ts';
import { materialChoices } from './materials.ts';
import { suggestRoundBar } from './lathe/stock.ts';
import {
  facingAllowanceMm,
  prismaticPartFromDescription,
  type PrismaticPart,
} from './prismatic/part.ts';
import { blockStockText, suggestBlockStock } from './prismatic/stock.ts';
import { PartModelError, PrismaticPartError } from './errors.ts';
import { turnedPartFromDescription } from './lathe/part.ts';
import { chuckingsOf, maxUnsupportedSlenderness, slendernessOf } from './lathe/slenderness.ts';
import { profileSpans } from './lathe/support.ts';

const numberOf = (
  value: number | undefined,
  text: string,
  parse: (text: string) => number | undefined,
) => value ?? parse(text);

/** The prismatic part of a description, or undefined when it has none or it is not usable. */
function prismaticPartOf(
  description: BlueprintDescription,
  stockThicknessMm?: number,
): PrismaticPart | undefined {
  if (!description.prismatic) return undefined;
  try {
    return prismaticPartFromDescription(
      description,
      stockThicknessMm === undefined ? {} : { stockThicknessMm },
    );
  } catch (error) {
    if (error instanceof PrismaticPartError) return undefined;
    throw error;
  }
}

const mm = (value: number) => String(Math.round(value * 100) / 100);

/** Tools a plate or block needs, in words: facing, contour, drills, taps, counterbores. */
function prismaticTools(part: PrismaticPart): string[] {
  const tools = ['Face mill or large end mill for facing the top'];
  const widths = [
    ...part.slots.map((slot) => slot.widthMm),
    ...part.pockets.map((pocket) => {
      const xs = pocket.outline.map((p) => p.x);
      const ys = pocket.outline.map((p) => p.y);
      return Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    }),
  ];
  const narrowest = widths.length > 0 ? Math.min(...widths) : undefined;
  tools.push(
    narrowest === undefined
      ? 'End mill for the outside contour'
      : `End mill under Ø${mm(narrowest)} mm for the contour, cut-outs and slots (the inside corner radii limit it further)`,
  );
  if (part.holes.length > 0) tools.push('Spot drill');
  const drills = [...new Set(part.holes.map((hole) => hole.diameterMm))].sort((a, b) => a - b);
  for (const diameter of drills) tools.push(`Twist drill Ø${mm(diameter)} mm`);
  const taps = [...new Set(part.holes.flatMap((hole) => hole.thread?.callout ?? []))];
  for (const tap of taps) tools.push(`Tap ${tap}`);
  const bores = [...new Set(part.holes.flatMap((hole) => hole.counterbore?.diameterMm ?? []))].sort(
    (a, b) => a - b,
  );
  for (const diameter of bores) tools.push(`Counterbore or end mill for Ø${mm(diameter)} mm`);
  return tools;
}

/** Tools the part needs, in words, from its diameters and features. */
export function toolsNeeded(description: BlueprintDescription): string[] {
  if (description.outerDiameters.length === 0) {
    const part = prismaticPartOf(description, 1000);
    return part ? prismaticTools(part) : [];
  }
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

/**
 * The suggested stock: round bar for a turned part; for a plate or block (`description.prismatic`)
 * a block of standard flat bar or saw-cut plate (cam/prismatic/stock.ts), without its height when
 * the thickness is unknown; a round bar over the largest diameter, without length, when no
 * standard bar is large enough; else nothing known.
 * @returns the StockSize, sizes in mm
 */
export function suggestedStockSize(description: BlueprintDescription): StockSize {
  if (description.prismatic && description.outerDiameters.length === 0) {
    const part = prismaticPartOf(description);
    if (part) {
      const block = suggestBlockStock(part);
      return blockStock(block.xMm, block.yMm, block.zMm);
    }
    // Thickness unknown: size X and Y with any thickness, and say the height is open.
    const sized = prismaticPartOf(description, 1 + facingAllowanceMm);
    if (sized) {
      const block = suggestBlockStock(sized);
      return blockStock(block.xMm, block.yMm);
    }
  }
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
  if (diameters.length === 0 || !length) return unknownStock();
  const bar = suggestRoundBar(Math.max(...diameters), length);
  if (!bar) return roundBarStock(Math.max(...diameters));
  return roundBarStock(bar.diameterMm, bar.lengthMm);
}

/**
 * A suggested stock in the words the size step shows: 'Plate 180 x 80 x 12 mm'; without its
 * thickness 'Plate 180 x 80 mm, thickness not on the drawing (give it with 'Change')'; a round bar
 * as shape, diameter and length ('Round bar', 'Ø42 mm', '120 mm'); without its length 'Round bar
 * over Ø320 mm'; and the spec's default text when nothing is known.
 */
export function stockWords(stock: StockSize): MaterialSize {
  if (stock.shape === 'block' && stock.block) {
    const { xMm, yMm, zMm } = stock.block;
    if (zMm !== undefined) return blockStockText({ xMm, yMm, zMm });
    return `Plate ${xMm} x ${yMm} mm, ${STOCK_WITHOUT_THICKNESS} ${STOCK_THICKNESS_CHANGE_HINT}`;
  }
  if (!stock.round) return 'Default Material Stock Size';
  const { diameterMm, lengthMm } = stock.round;
  if (lengthMm === undefined) return `Round bar over Ø${diameterMm} mm`;
  return { shape: 'Round bar', diameter: `Ø${diameterMm} mm`, length: `${lengthMm} mm` };
}

/** The suggested stock in words (see {@link suggestedStockSize} and {@link stockWords}). */
export function suggestedStock(description: BlueprintDescription): MaterialSize {
  return stockWords(suggestedStockSize(description));
}

/**
 * What a lathe program would still need of the description: the sizes, lengths and positions the
 * lathe's part model (cam/lathe/part.ts `turnedPartFromDescription`) finds missing, in its words
 * ('the length of Ø42'); undefined when it has all it needs, or fails for another reason (the
 * planner then says why).
 */
export function latheGapsOf(description: BlueprintDescription): string[] | undefined {
  try {
    turnedPartFromDescription(description);
    return undefined;
  } catch (error) {
    return error instanceof PartModelError ? error.missing : undefined;
  }
}

/**
 * The question the description step asks of a turned part too slender to turn in the chuck
 * alone (decision 078), when its description does not say whether it may keep centre holes:
 * its length with the facing allowance and the cut-off zone (10 mm) over its stiffness diameter
 * (cam/lathe/slenderness.ts) past the unsupported limit. Undefined otherwise.
 */
export function centreHoleQuestion(description: BlueprintDescription): string | undefined {
  if (description.features.centreHoles || description.outerDiameters.length === 0) return undefined;
  let part;
  try {
    part = turnedPartFromDescription(description);
  } catch {
    return undefined;
  }
  const { outer, inner } = profileSpans(part);
  const stickOutMm = part.lengthMm + 10;
  const chucking = chuckingsOf(
    { diameterMm: 0, frontFaceZ: 1, chuckFaceZ: 1 - stickOutMm, sawn: false },
    part.lengthMm,
    outer,
    inner,
  )[0]!;
  const { ratio } = slendernessOf(chucking);
  if (ratio <= maxUnsupportedSlenderness) return undefined;
  return `The part is ${Math.round(ratio * 10) / 10} times as long as its stiffness diameter, too slender to turn held in the chuck alone: may its free end keep a centre hole (ISO 6411) for the tailstock? Say 'centre holes permitted' or 'no centre holes' with Change.`;
}

/** The description with the centre hole question asked, when it applies and is not yet asked. */
function withCentreHoleQuestion(description: BlueprintDescription): BlueprintDescription {
  const question = centreHoleQuestion(description);
  const asked = (description.unresolved ?? []).some((entry) => /centre hole/i.test(entry));
  if (!question || asked) return description;
  return { ...description, unresolved: [...(description.unresolved ?? []), question] };
}

/** The whole analysis of a description. */
export function analysisOf(read: BlueprintDescription): BlueprintAnalysis {
  const description = withCentreHoleQuestion(read);
  const stockSize = suggestedStockSize(description);
  const latheGaps = latheGapsOf(description);
  return {
    description,
    materials: materialChoices(description.materialSpecs.material),
    tools: toolsNeeded(description),
    materialSize: stockWords(stockSize),
    stockSize,
    ...(latheGaps ? { latheGaps } : {}),
  };
}
