/**
 * Turned parts the parting blade cannot part off (decision 058), for the sawn-blank tests: a
 * tooling whose blade reaches 19 mm (as the demo Tormach 15L's), jobs on large stock, and the
 * program of a plan changed on purpose (seeded faults), written by the job's own post-processor.
 */
import { postLatheJob } from '#cam/jobs/lathe';
import type { LathePlan, Move } from '#cam/lathe/program';
import { lathePostFor } from '#cam/post/lathe/index';
import type { MachineLimits, ProgramJob } from '#cam/program';
import type { BlueprintDescription } from '#contracts/blueprint';
import { latheTooling, toolRow } from '#tests/helpers/parts';
import { machines } from '#tests/helpers/random-turned-parts';
import { diameter, farEndJob } from './far-end-parts.ts';
import type { Dialect } from './far-end-parts.ts';
import { farOutside } from './far-outside-parts.ts';

export { dialects, type Dialect } from './far-end-parts.ts';

/** The test tooling with its parting blade rated 19 mm deep (the demo shop's T3). */
export const shortBladeTooling = latheTooling.map((row) =>
  row.slotNumber === 'T3'
    ? toolRow(
        'T3',
        'Cutting',
        'Parting blade 3 mm',
        'Parting and grooving blade, 3 mm wide, reach 19 mm',
      )
    : row,
);

/** The Tormach 15L's limits (bar capacity Ø28.5 mm, 1.1 kW). */
export const tormach15L: MachineLimits = machines.small;

/**
 * A lathe job for `description` on Ø`stockMm` stock with `tools` (the short blade's by
 * default), on a `dialect` lathe with `limits` when given.
 */
export function sawnJob(
  description: BlueprintDescription,
  stockMm = 75,
  dialect: Dialect = 'linuxcnc',
  tools = shortBladeTooling,
  limits?: MachineLimits,
): ProgramJob {
  const job = farEndJob(description, dialect, tools);
  return {
    ...job,
    stock: { shape: 'round', diameterMm: stockMm },
    machine: { ...job.machine, ...(limits ? { limits } : {}) },
  };
}

/**
 * Gripper-like part in 6061: Ø60 x 10 at the free end, Ø70 x 15, chamfered 1 x 45° at the
 * other end; the cut to part it off on Ø75 is 35 mm deep.
 */
export const gripperBody = farOutside([diameter(60, 10), diameter(70, 15)], 1, '6061-T6');

/** The job's program text with `change` made to a copy of its plan first (a seeded fault). */
export function sawnProgramWith(
  job: ProgramJob,
  change: (plan: LathePlan) => void,
): { gcode: string; plan: LathePlan } {
  const posted = postLatheJob(job);
  const plan = structuredClone(posted.plan);
  change(plan);
  const body = lathePostFor(job.machine.dialect)!.body(plan, { programNumber: 1001 });
  return { gcode: [...posted.head([]), ...body].join('\n'), plan: posted.plan };
}

/** The second setup's facing (the stub faced off) of a plan. */
export const stubFacing = (plan: LathePlan) =>
  plan.operations.find((operation) => operation.setup === 2 && operation.role === 'face')!;

/** Seeded fault: the stub facing left out of the program. */
export const dropStubFacing = (plan: LathePlan): void => {
  plan.operations = plan.operations.filter((operation) => operation !== stubFacing(plan));
};

/** Seeded fault: the stub faced `shortMm` short of the part's length (every facing move). */
export const faceShort =
  (shortMm: number) =>
  (plan: LathePlan): void => {
    const facing = stubFacing(plan);
    facing.moves = facing.moves.map((move): Move =>
      move.z < plan.changePosition.z ? { ...move, z: move.z + shortMm } : move,
    );
  };
