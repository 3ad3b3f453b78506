/**
 * Tapping the tapped holes (docs/decisions/051-lathe-tapped-holes.md): after the tap drill
 * (drilling.ts drills the hole the part model gives it: cam/lathe/tapped-holes.ts), a tap of the
 * thread's size and pitch from the selected tools cuts the thread on the axis, rigid tapping at
 * constant rpm with the feed its pitch, to the thread depth plus its chamfer. The speed is the
 * mill's tapping speed for the material (Machinery's Handbook tapping speeds, HSS-E taps:
 * `tapData` in cam/mill/cutting-data.ts), within the spindle's limit. Without a fitting tap, or
 * in a material taps cannot cut, the hole is drilled and the thread left 'not programmed',
 * naming the tool that would cut it.
 */
import { tapData } from '../mill/cutting-data.ts';
import type { MillTool } from '../mill/program.ts';
import { identifyMaterial } from '../materials.ts';
import type { LathePlanContext, LathePlanOutput } from './context.ts';
import { rapid, round } from './context.ts';
import type { BoreTools } from './drilling.ts';
import { approach, leave } from './operations.ts';
import type { InnerSection, InternalThread } from './part-types.ts';
import { tapNameOf } from './tapped-holes.ts';
import type { TappedHole } from './program.ts';
import type { LatheTool } from './tooling.ts';

/** "M8 x 16 deep", "M8 through". */
const holeName = (bore: InnerSection, _thread: InternalThread): string => bore.label;

/** The selected tap of a thread's size (±0.05 mm) and pitch (±0.01 mm), if any. */
export function tapFor(thread: InternalThread, tools: LatheTool[]): LatheTool | undefined {
  return tools.find(
    (tool) =>
      tool.kind === 'tap' &&
      tool.diameterMm !== undefined &&
      tool.pitchMm !== undefined &&
      Math.abs(tool.diameterMm - thread.majorMm) < 0.05 &&
      Math.abs(tool.pitchMm - thread.pitchMm) < 0.01,
  );
}

/** The tapping speed of a tap in the job's material, rpm, or undefined where taps do not cut. */
function tapRpm(context: LathePlanContext, tap: LatheTool): number | undefined {
  const { input, subgroup, overrides } = context;
  const group = identifyMaterial(input.material)?.group ?? 'P';
  const millTap: MillTool = {
    row: tap.row,
    number: tap.number,
    kind: 'tap',
    label: tap.label,
    ...(tap.diameterMm !== undefined ? { diameterMm: tap.diameterMm } : {}),
    ...(tap.pitchMm !== undefined ? { pitchMm: tap.pitchMm } : {}),
  };
  return tapData({ group, subgroup }, millTap, input.maxRpm, overrides)?.rpm;
}

/** Z the tap's tip goes to: the thread depth plus its chamfer, within a through hole's drilling. */
const tapToZ = (context: LathePlanContext, thread: InternalThread): number =>
  round(Math.max(-thread.tapDepthMm, context.setup.throughZ));

/**
 * The tapped holes of the part, for the verifier: each with its pitch, tap drill, the depth its
 * tap must reach and, when a tap is selected, the fastest it may turn.
 */
export function tappedHolesOf(context: LathePlanContext): TappedHole[] {
  return context.part.inner.flatMap((bore) => {
    const thread = bore.thread;
    if (!thread) return [];
    const tap = tapFor(thread, context.input.tools);
    const rpm = tap ? tapRpm(context, tap) : undefined;
    return [
      {
        label: holeName(bore, thread),
        pitchMm: thread.pitchMm,
        tapDrillMm: thread.tapDrillMm,
        tapToZ: tapToZ(context, thread),
        ...(rpm !== undefined ? { maxRpm: rpm } : {}),
      },
    ];
  });
}

/**
 * Tap the part's tapped hole after its tap drill: appends the operation, or a 'not programmed'
 * entry naming the tap (or, where taps do not cut the material, the tool) that would cut it.
 * Nothing when the hole is not drilled (its entry is already there: drilling.ts).
 */
export function tapHoles(
  context: LathePlanContext,
  bores: BoreTools,
  output: LathePlanOutput,
): void {
  const { part, input } = context;
  for (const bore of part.inner) {
    const thread = bore.thread;
    if (!thread || bores.skipped || !bores.drill) continue;
    const name = holeName(bore, thread);
    const drilled = `its Ø${bores.drilledMm} mm tap drill is drilled`;
    const tap = tapFor(thread, input.tools);
    if (!tap) {
      output.notProgrammed.push(
        `the internal thread ${name}: ${drilled}, and none of the selected tools is ${tapNameOf(thread)}; add ${tapNameOf(thread)} (a tool row named "Tap ${thread.designation}") to cut it`,
      );
      continue;
    }
    const rpm = tapRpm(context, tap);
    if (rpm === undefined) {
      output.notProgrammed.push(
        `the internal thread ${name}: ${drilled}; taps cannot cut ${input.material}, an internal threading tool would`,
      );
      continue;
    }
    const path = context.setup.path;
    const startZ = round(Math.max(path.clearZ, 2 * thread.pitchMm));
    output.operations.push({
      name: `Tap ${thread.designation}`,
      role: 'tap',
      tool: tap,
      spindle: { mode: 'rpm', rpm },
      coolant: true,
      moves: [
        ...approach(path, startZ),
        rapid(0, startZ),
        {
          kind: 'tap',
          x: 0,
          z: startZ,
          tap: {
            label: thread.designation,
            pitchMm: thread.pitchMm,
            rpm,
            startZ,
            depthZ: tapToZ(context, thread),
          },
        },
        rapid(path.safeX, startZ),
        ...leave(path),
      ],
      data: { rpm, feedPerRev: thread.pitchMm },
    });
  }
}
