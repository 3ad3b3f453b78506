/**
 * What the verifiers check a program written elsewhere against when no part is given (issue 35,
 * Check Program): the stock, the machine's tools and limits, and an envelope around the stock;
 * no part, so nothing to compare the cuts with but the stock and the tools' ratings.
 *
 * Work coordinates, as the operator gives them on the screen:
 * - block: the stock's lower-left corner at X`x0Mm` Y`y0Mm` (0 0 by default), its top face at
 *   Z`topZMm` (0 by default);
 * - round bar: X the diameter on the spindle's axis, the bar's face at Z`faceZMm` (0 by
 *   default), `stickOutMm` out of the jaws.
 * Units: mm, rpm, kW.
 */
import type { Dialect } from '../gcode/events.ts';
import type { LatheDialect, MillDialect } from '../gcode/dialects.ts';
import { latheVerificationTool } from '../jobs/lathe.ts';
import { classifyTool } from '../lathe/tooling.ts';
import { identifyMaterial } from '../materials.ts';
import { fluteLengthOf, flutesOf, millingData } from '../mill/cutting-data.ts';
import type { MillMaterial } from '../mill/cutting-data.ts';
import { classifyMillTool } from '../mill/tooling.ts';
import type { MachineInfo } from '../program.ts';
import type { ToolRow } from '../tool-row.ts';
import type { LatheVerificationInput } from '../verify/lathe/input.ts';
import type { MillVerificationInput } from '../verify/mill/input.ts';

/** The stock a program is checked on. */
export type CheckStock =
  | {
      shape: 'block';
      xMm: number;
      yMm: number;
      zMm: number;
      /** Work coordinates of the stock's lower-left corner, mm (0 0 by default). */
      x0Mm?: number;
      y0Mm?: number;
      /** Z of the stock's top face, mm (0 by default). */
      topZMm?: number;
    }
  | {
      shape: 'round';
      diameterMm: number;
      lengthMm: number;
      /** How far the bar stands out of the jaws, mm (the whole length when absent). */
      stickOutMm?: number;
      /** Z of the bar's face, mm (0 by default). */
      faceZMm?: number;
    };

/** How far beyond the stock the moves may reach before they are outside the envelope, mm. */
export const REACH_MM = 200;
/**
 * How far below a block's bottom a cut may go, mm: a through cut's breakthrough and a through
 * drill's point, into the parallels' gap or a sacrificial plate; deeper is into the table.
 */
const BELOW_BOTTOM_MM = 5;

/** The material's ISO group and subgroup from its name; alloy steel when unknown. */
export const materialOf = (name: string): MillMaterial => {
  const grade = identifyMaterial(name);
  return grade
    ? { group: grade.group, subgroup: grade.subgroup }
    : { group: 'P', subgroup: 'alloy' };
};

const machineLimits = (machine: MachineInfo) => {
  const limits = machine.limits;
  const maxRpm = limits?.maxRpm ?? machine.maxRpm;
  return {
    name: machine.name,
    ...(maxRpm !== undefined ? { maxRpm } : {}),
    ...(limits?.spindlePowerKw !== undefined ? { spindlePowerKw: limits.spindlePowerKw } : {}),
  };
};

/** A block's lower-left-bottom corner in work coordinates. */
export function blockCorner(stock: Extract<CheckStock, { shape: 'block' }>) {
  return {
    x0: stock.x0Mm ?? 0,
    y0: stock.y0Mm ?? 0,
    bottom: (stock.topZMm ?? 0) - stock.zMm,
  };
}

/**
 * The verifier's tools of a mill's tooling pairs (those with a T number): kind, diameter, flute
 * length, teeth and, for end and face mills, the handbook's roughing chip thickness (mm) in the
 * material at the machine's top speed (`maxRpm`, 10,000 rpm when unknown).
 */
export function millCheckTools(
  rows: readonly ToolRow[],
  material: MillMaterial,
  maxRpm: number | undefined,
): MillVerificationInput['tools'] {
  return rows
    .map(classifyMillTool)
    .filter((tool) => tool.number > 0)
    .map((tool) => {
      const milling = (tool.kind === 'endMill' || tool.kind === 'faceMill') && tool.diameterMm;
      return {
        number: tool.number,
        kind: tool.kind,
        diameterMm: tool.diameterMm ?? 0,
        ...(tool.pointAngleDeg !== undefined ? { pointAngleDeg: tool.pointAngleDeg } : {}),
        fluteLengthMm: fluteLengthOf(tool),
        flutes: flutesOf(tool, material),
        ...(milling
          ? { tableChipMm: millingData(material, tool, 'rough', maxRpm ?? 10_000).feedPerTooth! }
          : {}),
      };
    });
}

/** The verifier's tools of a lathe's tooling pairs, each with its real shape and ratings. */
export const latheCheckTools = (rows: readonly ToolRow[]): LatheVerificationInput['tools'] =>
  rows.map(classifyTool).map(latheVerificationTool);

/** A milling program's verification input from the machine, its tooling pairs and a block. */
export function millCheckInput(
  dialect: MillDialect,
  machine: MachineInfo,
  rows: readonly ToolRow[],
  stock: Extract<CheckStock, { shape: 'block' }>,
  materialName: string,
): MillVerificationInput {
  const material = materialOf(materialName);
  const limits = machineLimits(machine);
  const { x0, y0, bottom } = blockCorner(stock);
  return {
    dialect,
    stock: {
      xMm: stock.xMm,
      yMm: stock.yMm,
      zMm: stock.zMm,
      origin: { x: x0, y: y0, z: bottom },
    },
    // The stock stands in for the part: its comparison (completeness, gouges) is left out.
    outline: [
      { x: x0, y: y0 },
      { x: x0 + stock.xMm, y: y0 },
      { x: x0 + stock.xMm, y: y0 + stock.yMm },
      { x: x0, y: y0 + stock.yMm },
    ],
    thicknessMm: -bottom,
    toleranceMm: 0.1,
    holes: [],
    pockets: [],
    tools: millCheckTools(rows, material, limits.maxRpm),
    envelope: {
      xMin: x0 - REACH_MM,
      xMax: x0 + stock.xMm + REACH_MM,
      yMin: y0 - REACH_MM,
      yMax: y0 + stock.yMm + REACH_MM,
      zMin: bottom - BELOW_BOTTOM_MM,
      zMax: bottom + stock.zMm + REACH_MM * 3,
    },
    material: material.subgroup,
    machine: {
      ...limits,
      ...(machine.limits ? { travelsMm: machine.limits.travelsMm } : {}),
    },
  };
}

/** A lathe program's verification input from the machine, its tooling pairs and a bar. */
export function latheCheckInput(
  dialect: LatheDialect,
  machine: MachineInfo,
  rows: readonly ToolRow[],
  stock: Extract<CheckStock, { shape: 'round' }>,
  materialName: string,
): LatheVerificationInput {
  const stickOut = Math.min(stock.stickOutMm ?? stock.lengthMm, stock.lengthMm);
  const limits = machine.limits;
  return {
    dialect,
    stock: {
      diameterMm: stock.diameterMm,
      frontFaceZ: stock.faceZMm ?? 0,
      chuckFaceZ: (stock.faceZMm ?? 0) - stickOut,
    },
    lengthMm: stickOut,
    partingWidthMm: 0,
    outer: [],
    inner: [],
    chamfers: [],
    tools: latheCheckTools(rows),
    envelope: { xMax: stock.diameterMm + 2 * REACH_MM, zMax: REACH_MM * 2 },
    material: materialOf(materialName).subgroup,
    machine: {
      ...machineLimits(machine),
      ...(limits ? { travelsMm: { x: limits.travelsMm.x, z: limits.travelsMm.z } } : {}),
      ...(limits?.maxTurningDiameterMm !== undefined
        ? { maxTurningDiameterMm: limits.maxTurningDiameterMm }
        : {}),
    },
  };
}

/** Whether a dialect is one the mill verifier reads. */
export const millDialect = (dialect: Dialect): dialect is MillDialect => dialect !== 'iso-edm';

/** Whether a dialect is one the lathe verifier reads. */
export const latheDialect = (dialect: Dialect): dialect is LatheDialect =>
  dialect !== 'iso-edm' && dialect !== 'heidenhain';
