/**
 * A milling plan's part of its setup sheet: the work offset (G54 at the part's lower-left corner
 * and finished top face), where the stock lies, how deep the cuts go and the clearance height
 * (what the vise or clamps must stay below), and each pocket's tool with its diameter, flutes and
 * the least stick-out its deepest cut needs.
 */
import type { SetupSheetRow, SetupSheetTool } from '#contracts/setup-sheet';
import { flutesOf } from '../mill/cutting-data.ts';
import type { MillOperation, MillPlan, MillTool } from '../mill/program.ts';
import { millToolKindNames } from '../mill/tooling.ts';
import { mmText, minStickOut, offsetRegister, toolsInOrder, workOffsetName } from './kind.ts';
import type { KindSetup } from './kind.ts';

/** The lowest Z of an operation: its moves and its drilling cycle's bottom, mm. */
function lowestZ(operation: MillOperation): number {
  return Math.min(
    Infinity,
    ...operation.moves.map((move) => move.z),
    ...(operation.cycle ? [operation.cycle.bottomZ] : []),
  );
}

/** The stock's top in work coordinates, mm. */
const stockTopZ = (plan: MillPlan) => plan.stock.origin.z + plan.stock.zMm;

/**
 * How far below the stock's top a tool reaches in the plan, mm (0 when it never goes below).
 */
export function millReachMm(plan: MillPlan, tool: MillTool): number {
  const lowest = Math.min(
    Infinity,
    ...plan.operations.filter((operation) => operation.tool.number === tool.number).map(lowestZ),
  );
  return Number.isFinite(lowest) ? Math.max(0, stockTopZ(plan) - lowest) : 0;
}

/** Diameter and flutes (end mills, face mills), or the size of a drill, tap or countersink. */
export function millCutting(plan: MillPlan, tool: MillTool): string {
  const diameter = tool.diameterMm !== undefined ? `Ø${mmText(tool.diameterMm)}` : undefined;
  if (tool.kind === 'endMill' || tool.kind === 'faceMill') {
    const flutes = flutesOf(tool, plan.material);
    const edges = tool.kind === 'faceMill' ? 'inserts' : 'flutes';
    return [diameter, `${flutes} ${edges}`].filter(Boolean).join(', ');
  }
  if (tool.kind === 'tap' && tool.diameterMm !== undefined && tool.pitchMm !== undefined)
    return `M${mmText(tool.diameterMm)}x${mmText(tool.pitchMm)}`;
  if (tool.pointAngleDeg !== undefined && tool.kind !== 'drill')
    return [diameter, `${mmText(tool.pointAngleDeg)}°`].filter(Boolean).join(', ');
  return diameter ?? tool.row.toolName;
}

function millTools(plan: MillPlan, dialect: string): SetupSheetTool[] {
  return toolsInOrder(plan.operations).map(({ tool, operations }) => {
    const stickOut = minStickOut(millReachMm(plan, tool));
    return {
      toolNumber: tool.number,
      slot: tool.row.slotNumber,
      offset: offsetRegister('mill', dialect, tool.number),
      name: tool.row.toolName,
      description: tool.row.toolDescription,
      kind: millToolKindNames[tool.kind].replace(/^an? /, ''),
      cutting: millCutting(plan, tool),
      ...(stickOut !== undefined ? { minStickOutMm: stickOut } : {}),
      operations,
    };
  });
}

function millWorkholding(plan: MillPlan): SetupSheetRow[] {
  const { stock, part } = plan;
  const top = stockTopZ(plan);
  const lowest = Math.min(Infinity, ...plan.operations.map(lowestZ));
  const rows: SetupSheetRow[] = [
    {
      label: 'Stock on the table',
      value: `Block ${mmText(stock.xMm)} x ${mmText(stock.yMm)} x ${mmText(stock.zMm)} mm: its lower-left corner at X${mmText(stock.origin.x)} Y${mmText(stock.origin.y)}, its top at Z${mmText(top)}`,
    },
  ];
  if (Number.isFinite(lowest)) {
    rows.push({
      label: 'Deepest cut',
      value: `Z${mmText(lowest)}, ${mmText(top - lowest)} mm below the stock's top`,
    });
    rows.push({
      label: 'Under the part',
      value:
        lowest < -part.thicknessMm + 1e-6
          ? `Cuts go through the part (its bottom at Z${mmText(-part.thicknessMm)}): set the block on parallels clear of the through features`
          : `Nothing cuts through the part (its bottom at Z${mmText(-part.thicknessMm)})`,
    });
  }
  rows.push(
    {
      label: 'Clearance height',
      value: `Z${mmText(plan.clearanceZ)}: vise jaws and clamps must stay below it`,
    },
    { label: 'Spindle limit', value: `${mmText(plan.maxRpm)} rpm` },
  );
  return rows;
}

/**
 * The setup sheet's part for a milling plan.
 * @param dialect - the controller's dialect, for the offset registers
 */
export function millSetup(plan: MillPlan, dialect: string): KindSetup {
  return {
    zeroPoint: [
      `${workOffsetName(dialect, 1)}: X0 Y0 lower-left corner of the part, Z0 finished top face; mm`,
    ],
    workholding: millWorkholding(plan),
    tools: millTools(plan, dialect),
  };
}
