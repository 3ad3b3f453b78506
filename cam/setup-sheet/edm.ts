/**
 * The EDM plans' part of their setup sheets. Wire: the work offset (G54 at the part's lower-left
 * corner, Z0 the plate's top), the plate, the upper guide and the start holes to drill before
 * the wire is threaded, and the wire with its offset registers. Sinker: the work offset (Z the
 * electrode tip), the block and the clearance height, and each electrode with its size,
 * undersize, conditions and the length it must stand out to sink its deepest cavity.
 */
import type { SetupSheetRow, SetupSheetTool } from '#contracts/setup-sheet';
import { toolNumberOf } from '../tool-row.ts';
import type { SinkerPlan } from '../sinker/program.ts';
import type { WirePlan } from '../wire/program.ts';
import { mmText, minStickOut } from './kind.ts';
import type { KindSetup } from './kind.ts';

/** The setup sheet's part for a wire EDM plan. */
export function wireSetup(plan: WirePlan): KindSetup {
  const { wire } = plan;
  const passes = plan.contours[0]?.passes ?? [];
  const bounds = plan.stockBounds;
  const workholding: SetupSheetRow[] = [
    ...(bounds
      ? [
          {
            label: 'Plate on the table',
            value: `From X${mmText(bounds.minX)} Y${mmText(bounds.minY)} to X${mmText(bounds.maxX)} Y${mmText(bounds.maxY)}, the part centred in it`,
          },
        ]
      : []),
    {
      label: 'Upper guide',
      value: `Just above the plate: ${mmText(plan.thicknessMm)} mm thick`,
    },
    ...plan.contours.map((contour, index) => ({
      label: `Start hole ${index + 1}`,
      value: `Ø${mmText(contour.startHoleDiameterMm)} at X${mmText(contour.startHole.x)} Y${mmText(contour.startHole.y)}, for ${contour.label}: drill it before threading the wire`,
    })),
  ];
  const tool: SetupSheetTool = {
    toolNumber: toolNumberOf(wire.row.slotNumber) ?? 0,
    slot: wire.row.slotNumber,
    offset: passes
      .map((pass) => `D${pass.register} = ${mmText(pass.offsetMm)} mm (${pass.name})`)
      .join(', '),
    name: wire.row.toolName,
    description: wire.row.toolDescription,
    kind: 'wire',
    cutting: `Ø${mmText(wire.diameterMm)} ${wire.material} wire`,
    operations: plan.contours.map((contour) => contour.label),
  };
  return {
    zeroPoint: ['G54: X0 Y0 the lower-left corner of the part, Z0 the top of the plate; mm'],
    workholding,
    tools: [tool],
  };
}

/** The setup sheet's part for a sinker EDM plan. */
export function sinkerSetup(plan: SinkerPlan): KindSetup {
  const byNumber = new Map<number, SinkerPlan['cavities']>();
  for (const cavity of plan.cavities) {
    byNumber.set(cavity.electrode.number, [
      ...(byNumber.get(cavity.electrode.number) ?? []),
      cavity,
    ]);
  }
  const tools = [...byNumber.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, cavities]): SetupSheetTool => {
      const electrode = cavities[0]!.electrode;
      const shape = electrode.shape;
      const size = !shape
        ? ''
        : shape.kind === 'round'
          ? `Ø${mmText(shape.diameterMm)} `
          : `${mmText(shape.xMm)} x ${mmText(shape.yMm)} mm `;
      const conditions = [
        ...new Set(cavities.flatMap((cavity) => cavity.conditions.map((entry) => entry.number))),
      ].sort((a, b) => a - b);
      const stickOut = minStickOut(Math.max(...cavities.map((cavity) => cavity.depthMm)));
      return {
        toolNumber: number,
        slot: electrode.row.slotNumber,
        offset: `conditions ${conditions.map((entry) => `E${entry}`).join(', ')}`,
        name: electrode.row.toolName,
        description: electrode.row.toolDescription,
        kind: 'electrode',
        cutting: `${size}${electrode.material}, undersize ${mmText(electrode.undersizeMm)} mm per side`,
        ...(stickOut !== undefined ? { minStickOutMm: stickOut } : {}),
        operations: cavities.map((cavity) => cavity.label),
      };
    });
  return {
    zeroPoint: [
      'G54: X0 Y0 the lower-left corner of the part, Z0 the top face, Z the electrode tip; mm',
    ],
    workholding: [
      {
        label: 'Clearance height',
        value: `Z${mmText(plan.clearanceZ)}: clamps must stay below it`,
      },
      ...(plan.pair ? [{ label: 'Electrode and work', value: plan.pair }] : []),
    ],
    tools,
  };
}
