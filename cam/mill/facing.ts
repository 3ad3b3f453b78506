/**
 * Facing: the top of the stock is milled down to the part's top (Z0) with the largest face mill,
 * or else the largest end mill, in rows along X across the whole block and in depth passes.
 */
import { fluteLengthOf, millingData } from './cutting-data.ts';
import type { BlockStock, MillTool } from './program.ts';
import { endMillsBySize, operationData } from './context.ts';
import type { MillPlanContext, MillPlanOutput } from './context.ts';
import { commitOperations } from './in-process.ts';
import { PathBuilder, fmt } from './toolpath.ts';

/**
 * Face `stockTop` mm (the stock above the part's top, Z0) off the block: appends the 'Face'
 * operation, or a 'not programmed' entry when no face mill or end mill is selected, and the
 * warnings about facing (more than 5 mm to face off; nothing to face when `stockTop` is 0.05 mm
 * or less, and then no operation).
 */
export function faceTop(
  stock: BlockStock,
  stockTop: number,
  sized: MillTool[],
  context: MillPlanContext,
  output: MillPlanOutput,
): void {
  const { material, maxRpm, overrides, clearanceZ } = context;
  const { warnings } = output;
  if (stockTop > 0.05) {
    const faceMills = sized
      .filter((tool) => tool.kind === 'faceMill')
      .sort((a, b) => b.diameterMm! - a.diameterMm!);
    const tool = faceMills[0] ?? endMillsBySize(sized)[0];
    if (!tool) {
      output.notProgrammed.push(
        `Face: no face mill or end mill is selected to face ${fmt(stockTop)} mm off the top; add a face mill or an end mill, or order the stock ${fmt(stockTop)} mm thinner`,
      );
    } else {
      const data = millingData(material, tool, 'face', maxRpm, overrides);
      const apRated = Math.max(
        0.1,
        Math.min(
          tool.kind === 'faceMill' ? data.depthOfCut! : tool.diameterMm! * 0.5,
          fluteLengthOf(tool),
        ),
      );
      const r = tool.diameterMm! / 2;
      const step = tool.diameterMm! * (tool.kind === 'faceMill' ? 0.7 : 0.6);
      const xLeft = stock.origin.x - r - 2;
      const xRight = stock.origin.x + stock.xMm + r + 2;
      const edge = Math.min(1, r / 4);
      const span = stock.yMm - 2 * r + 2 * edge;
      const rows =
        span <= 0
          ? [stock.origin.y + stock.yMm / 2]
          : ((count: number) =>
              Array.from(
                { length: count },
                (_, index) => stock.origin.y + r - edge + (span * index) / (count - 1),
              ))(Math.ceil(span / step - 1e-9) + 1);
      commitOperations(context, output, (maxDepth) => {
        const ap = Math.max(0.05, Math.min(apRated, maxDepth));
        const path = new PathBuilder(clearanceZ);
        const passes = Math.max(1, Math.ceil(stockTop / ap - 1e-9));
        for (let pass = 1; pass <= passes; pass += 1) {
          const z = stockTop - (stockTop * pass) / passes;
          let leftToRight = true;
          path.reposition({ x: xLeft, y: rows[0]! }, z);
          rows.forEach((y, index) => {
            if (index > 0) path.feed(leftToRight ? xLeft : xRight, y, z, data.feedMmPerMin);
            path.feed(leftToRight ? xRight : xLeft, y, z, data.feedMmPerMin);
            leftToRight = !leftToRight;
          });
        }
        path.retract();
        return [
          {
            name: 'Face',
            tool,
            rpm: data.rpm,
            coolant: 'flood',
            moves: path.moves,
            data: operationData(data, stockTop / passes),
          },
        ];
      });
    }
    if (stockTop > 5)
      warnings.push(
        `The stock is ${fmt(stockTop)} mm thicker than the part: facing it off takes long; a thinner plate saves time.`,
      );
  } else {
    warnings.push(
      'The stock is as thick as the part: the top is not faced; Z0 is the top of the stock as supplied.',
    );
  }
}
