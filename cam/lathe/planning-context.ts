/**
 * The planning context of a lathe job (context.ts `LathePlanContext`): the material's cutting
 * data subgroup, the part's contour, the chosen tools, its threads with the part as machined,
 * and the setup. Units: mm; coordinates as in program.ts.
 */
import { PlanningError } from '../errors.ts';
import { identifyMaterial } from '../materials.ts';
import type { MaterialSubgroup } from '../materials.ts';
import { cuttingForces } from '../process.ts';
import type { LathePlanContext, LathePlanInput, LathePlanOutput } from './context.ts';
import { outerContour } from './contour.ts';
import { planSetup } from './setup.ts';
import { planThreads } from './threading.ts';
import { chooseTools } from './tool-choice.ts';

/**
 * The material's subgroup for the cutting data tables: alloy steel, with a warning, when the
 * material is not identified.
 */
function materialSubgroup(material: string, warnings: string[]): MaterialSubgroup {
  const grade = identifyMaterial(material);
  const subgroup: MaterialSubgroup = grade?.subgroup ?? 'alloy';
  if (!grade) {
    warnings.push(
      `The material "${material}" is not in the cutting data tables: alloy steel values are used, which suit most steels but are slow for aluminium and plastics.`,
    );
  }
  return subgroup;
}

/**
 * The planning context of a job: material, chosen tools, threads (with the part as machined),
 * and setup. Chamfers the outline cannot hold go to 'not programmed'.
 * @throws PlanningError when the stock is too small, a tool the whole part needs is not selected
 *   (a bore the selected tools cannot make is left undone instead: drilling.ts), or the machine
 *   cannot turn the bar
 */
export function planningContext(
  input: LathePlanInput,
  output: LathePlanOutput,
  sawn: boolean,
): LathePlanContext {
  const { part, tools } = input;
  const { warnings, notProgrammed } = output;
  const subgroup = materialSubgroup(input.material, warnings);

  const drawnContour = outerContour(part);
  notProgrammed.push(
    ...drawnContour.skippedChamfers.map(({ label, why }) => `the chamfer ${label}: ${why}`),
  );
  const stockD = input.stockDiameterMm;
  // The bar left behind what the first of two chuckings turns is no diameter of the part.
  const largestMm = Math.max(
    ...part.outer.filter((section) => !section.bar).map((section) => section.targetMm),
  );
  if (stockD < largestMm + 0.2) {
    throw new PlanningError(
      `The stock Ø${stockD} mm is too small for the part's largest diameter Ø${largestMm} mm: choose bar of at least Ø${Math.ceil(largestMm + 0.5)} mm.`,
    );
  }
  const chosen = chooseTools(part, tools);

  // Threads and their undercuts: the part as machined.
  const threaded = planThreads(
    part,
    tools,
    chosen.blades,
    chosen.partingWidthMm,
    warnings,
    notProgrammed,
  );
  const machined = threaded.part;
  const contour = outerContour(machined);
  return {
    input,
    subgroup,
    overrides: input.overrides ?? {},
    force: cuttingForces[subgroup],
    part,
    machined,
    contour,
    threads: threaded.threads,
    tools: chosen,
    setup: planSetup(input, part, contour, chosen, warnings, sawn),
  };
}
