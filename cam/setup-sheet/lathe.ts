/**
 * A lathe plan's part of its setup sheet: the work offsets (G54 at the free-end face, G55 at the
 * far-end face when the plan has a second setup), the chuck, the bar's stick-out, the tailstock
 * and the second chucking, and each turret station's tool with its insert or size and reach.
 */
import type { SetupSheetRow, SetupSheetTool } from '#contracts/setup-sheet';
import type { ProgramJob } from '../program.ts';
import type { LathePlan, Operation } from '../lathe/program.ts';
import { toolKindNames } from '../lathe/tooling.ts';
import type { LatheTool } from '../lathe/tooling.ts';
import { mmText, minStickOut, offsetRegister, toolsInOrder, workOffsetName } from './kind.ts';
import type { KindSetup } from './kind.ts';

/**
 * "CNMG 120408", "DCMT 11T304", "CNMG 432": an ISO 1832 insert designation in a tool row; or a
 * laydown threading insert's ("16ER AG60", "16IR 1.5ISO": size, external or internal, profile).
 */
const insertPattern =
  /\b[A-Z]{4}\s?(?:\d{2}[\dT]\d{2,3}|\d{3})(?:[A-Z0-9-]*)\b|\b\d{2}[EI]R\s?[A-Z0-9.]+\b/;

/** What cuts: the insert and its nose radius, the blade's width, the drill's or tap's size. */
export function latheCutting(tool: LatheTool): string {
  const text = `${tool.row.toolName} ${tool.row.toolDescription}`;
  const insert = insertPattern.exec(text)?.[0];
  const nose = tool.noseRadiusMm !== undefined ? `rε ${mmText(tool.noseRadiusMm)} mm` : undefined;
  switch (tool.kind) {
    case 'turning':
    case 'boring':
    case 'chamfer':
    case 'threading':
      return (
        [insert ? `insert ${insert}` : undefined, nose].filter(Boolean).join(', ') ||
        tool.row.toolName
      );
    case 'grooving':
    case 'parting':
      return tool.widthMm !== undefined
        ? `blade ${mmText(tool.widthMm)} mm wide`
        : tool.row.toolName;
    case 'drill':
    case 'centreDrill':
      return tool.diameterMm !== undefined ? `Ø${mmText(tool.diameterMm)}` : tool.row.toolName;
    case 'tap':
      return tool.diameterMm !== undefined && tool.pitchMm !== undefined
        ? `M${mmText(tool.diameterMm)}x${mmText(tool.pitchMm)}`
        : tool.row.toolName;
    default:
      return tool.row.toolName;
  }
}

/**
 * How deep into the part from its face a tool working on the axis or in a bore reaches, mm
 * (drills, centre drills, taps, boring bars); 0 for tools that work outside.
 */
export function latheReachMm(tool: LatheTool, operations: readonly Operation[]): number {
  if (!['drill', 'centreDrill', 'tap', 'boring'].includes(tool.kind)) return 0;
  let deepest = 0;
  for (const operation of operations) {
    if (operation.tool.number !== tool.number) continue;
    for (const move of operation.moves) {
      const z = move.kind === 'tap' ? move.tap.depthZ : move.z;
      deepest = Math.max(deepest, -z);
    }
  }
  return deepest;
}

function latheTools(plan: LathePlan, dialect: string): SetupSheetTool[] {
  return toolsInOrder(plan.operations).map(({ tool, operations }) => {
    const stickOut = minStickOut(latheReachMm(tool, plan.operations));
    return {
      toolNumber: tool.number,
      slot: tool.row.slotNumber,
      offset: offsetRegister('lathe', dialect, tool.number),
      name: tool.row.toolName,
      description: tool.row.toolDescription,
      kind: toolKindNames[tool.kind].replace(/^an? /, ''),
      cutting: latheCutting(tool),
      ...(stickOut !== undefined ? { minStickOutMm: stickOut } : {}),
      operations,
    };
  });
}

/** The chuck, the stick-out, the blank, the spindle limit, the tailstock and the second chucking. */
function latheWorkholding(job: ProgramJob, plan: LathePlan): SetupSheetRow[] {
  const { stock } = plan;
  const chuckMm = job.machine.limits?.chuckDiameterMm;
  const rows: SetupSheetRow[] = [
    {
      label: 'Chuck',
      value: `${chuckMm !== undefined ? `Ø${mmText(chuckMm)} mm, the machine's standard chuck` : "The machine's chuck"}, jaws gripping Ø${mmText(stock.diameterMm)}`,
    },
  ];
  if (stock.blankLengthMm !== undefined)
    rows.push({
      label: 'Blank',
      value: `Sawn from the bar Ø${mmText(stock.diameterMm)} x ${mmText(stock.blankLengthMm)} mm`,
    });
  rows.push(
    {
      label: 'Stick-out',
      value: `${mmText(stock.protrusionMm)} mm out of the jaws: the bar's end at Z${mmText(stock.frontFaceZ)}, the jaws' face at Z${mmText(stock.chuckFaceZ)}`,
    },
    { label: 'Spindle limit', value: `${mmText(plan.maxRpm)} rpm` },
  );
  if (plan.tailstock)
    rows.push({
      label: 'Tailstock',
      value: `Live centre in the ${plan.tailstock.label} centre hole at the free end, drilled by T${plan.tailstock.toolNumber}`,
    });
  for (const operation of plan.operations) {
    if (operation.stopBefore)
      rows.push({
        label: `Stop before ${operation.name}`,
        value: operation.stopBefore.join(' '),
      });
  }
  const second = plan.secondSetup;
  if (second)
    rows.push({
      label: 'Second chucking',
      value: second.instructions.join('. ').replace(/\.\./g, '.'),
    });
  return rows;
}

/**
 * The setup sheet's part for a lathe plan.
 * @param dialect - the controller's dialect, for the offset registers
 */
export function latheSetup(job: ProgramJob, plan: LathePlan, dialect: string): KindSetup {
  const second = plan.secondSetup;
  return {
    zeroPoint: [
      `${workOffsetName(dialect, 1)}: Z0 the finished free-end face, X0 the spindle axis; X is a diameter; mm`,
      ...(second
        ? [
            `${workOffsetName(dialect, 2)} (setup 2, the part turned around): Z0 the finished far-end face, X0 the spindle axis`,
          ]
        : []),
    ],
    workholding: latheWorkholding(job, plan),
    tools: latheTools(plan, dialect),
  };
}
