/**
 * Turned parts with a far-end thread or chamfer (decision 053), for the second-setup tests of the
 * far end's outside: descriptions with their numbers filled in, a job for them, and the program
 * of a plan changed on purpose (seeded faults), written by the job's own post-processor.
 */
import { postLatheJob } from '#cam/jobs/lathe';
import { lathePostFor } from '#cam/post/lathe/index';
import type { LathePlan, ThreadCycle } from '#cam/lathe/program';
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import { diameter, farEndJob, turned, type Dialect } from './far-end-parts.ts';

export { dialects, type Dialect } from './far-end-parts.ts';

/** A lathe job for `description` in its own material (far-end-parts.ts `farEndJob`). */
export const farOutsideJob = farEndJob;

/** A thread section: `designation` (ISO 261 / ASME B1.1) on Ø`majorMm` x `lengthMm`. */
export const threadSection = (
  designation: string,
  majorMm: number,
  lengthMm: number,
): DiameterFeature => ({
  ...diameter(majorMm, lengthMm),
  diameter: designation,
  type: 'thread',
  thread: designation,
});

/** An outer chamfer `sizeMm` x 45° at the parted-off (other) end. */
export const otherEndChamfer = (sizeMm: number) => ({
  dimensions: `${sizeMm} x 45°`,
  location: 'other end',
  sizeMm,
  angleDeg: 45,
});

/**
 * A description of outer diameters (from the free end) in `material`, with an outer chamfer at
 * the parted-off end when `chamferMm` is given.
 */
export function farOutside(
  outer: DiameterFeature[],
  chamferMm?: number,
  material = 'C45',
  bores: DiameterFeature[] = [],
): BlueprintDescription {
  const description = turned('Part threaded from the far end', material, outer, bores);
  if (chamferMm !== undefined) description.features.chamfers.push(otherEndChamfer(chamferMm));
  return description;
}

/** Stud Ø30 x 20, M20x1.5 x 15 behind it, Ø16 x 6 at the far end, chamfered 1 x 45° there. */
export const farStud = farOutside(
  [diameter(30, 20), threadSection('M20x1.5', 20, 15), diameter(16, 6)],
  1,
);

/** The job's program text with `change` made to a copy of its plan first (a seeded fault). */
export function programWith(
  description: BlueprintDescription,
  dialect: Dialect,
  change: (plan: LathePlan) => void,
): { gcode: string; plan: LathePlan } {
  const posted = postLatheJob(farOutsideJob(description, dialect));
  const plan = structuredClone(posted.plan);
  change(plan);
  const body = lathePostFor(dialect)!.body(plan, { programNumber: 1001 });
  return { gcode: [...posted.head([]), ...body].join('\n'), plan: posted.plan };
}

/** The second setup's threading operations of a plan. */
export const farThreadOperations = (plan: LathePlan) =>
  plan.operations.filter((operation) => operation.setup === 2 && operation.role === 'thread');

/** Change every far-end thread cycle of `plan` (in its operations' moves) with `change`. */
export function changeFarThreads(plan: LathePlan, change: (cycle: ThreadCycle) => void): void {
  for (const operation of farThreadOperations(plan))
    for (const move of operation.moves) if (move.kind === 'thread') change(move.thread);
}
