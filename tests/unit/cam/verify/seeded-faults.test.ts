/**
 * The verifier's proof (issue 35): every golden program, of every kind and dialect, passes as it
 * is, and each seeded fault (tests/helpers/seeded-faults.ts) injected into it alone is caught,
 * on the line it is on.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readProgramText, type PostedJob } from '#cam/jobs/finish';
import { postLatheJob } from '#cam/jobs/lathe';
import { postMillJobForPart } from '#cam/jobs/mill';
import type { ProgramReport } from '#cam/program';
import {
  goldenLatheJob,
  goldenLatheMachines,
  goldenMillExtension,
  goldenMillJob,
  goldenMillMachines,
  goldenMillPlate,
} from '#tests/helpers/golden-jobs';
import type { GoldenLatheDialect } from '#tests/helpers/golden-jobs';
import { expectCaughtOnLine, failedDetails } from '#tests/helpers/caught';
import { goldenDir } from '#tests/helpers/paths';
import {
  faultKinds,
  seedFault,
  type FaultKind,
  type FaultTarget,
} from '#tests/helpers/seeded-faults';

interface Golden {
  name: string;
  text: string;
  posted: PostedJob;
  maxRpm: number;
  /** Fault kinds that cannot occur in this program, and why. */
  notApplicable: Partial<Record<FaultKind, string>>;
}

const read = (path: string) => readFileSync(new URL(path, goldenDir), 'utf8');

const millGoldens: Golden[] = Object.keys(goldenMillMachines).map((dialect) => {
  const job = goldenMillJob(dialect);
  return {
    name: `mill ${dialect}`,
    text: read(`mill/post-test-plate.${dialect}${goldenMillExtension(dialect)}`),
    posted: postMillJobForPart(job, goldenMillPlate()),
    maxRpm: job.machine.maxRpm!,
    notApplicable:
      dialect === 'heidenhain'
        ? {
            'tool length compensation missing': 'TOOL CALL applies the tool length itself',
            'incremental mode left on': 'Klartext has no modal incremental mode (IX, IY per block)',
          }
        : {},
  };
});

const latheGoldens: Golden[] = (Object.keys(goldenLatheMachines) as GoldenLatheDialect[]).map(
  (dialect) => {
    const job = goldenLatheJob(dialect);
    return {
      name: `lathe ${dialect}`,
      text: read(`lathe/${dialect}.nc`),
      posted: postLatheJob(job),
      maxRpm: job.machine.limits!.maxRpm!,
      notApplicable: {
        'tool length compensation missing': 'a lathe takes the tool geometry with its T word',
      },
    };
  },
);

const verify = (golden: Golden, text: string): ProgramReport =>
  golden.posted.verify(readProgramText(golden.posted, text));

describe.each([...millGoldens, ...latheGoldens])('seeded faults in the $name golden', (golden) => {
  const target: FaultTarget = {
    text: golden.text,
    dialect: golden.posted.dialect,
    machineKind: golden.posted.machineKind,
    operations: golden.posted.summary.operations.map((operation) => operation.name),
    maxRpm: golden.maxRpm,
  };

  it('passes as it is', () => {
    const report = verify(golden, golden.text);
    expect(failedDetails(report)).toEqual([]);
    expect(report.verified).toBe(true);
  });

  it.each(faultKinds)('catches %s, on its line', (kind) => {
    const fault = seedFault(target, kind);
    if (golden.notApplicable[kind]) {
      expect(fault).toBeNull();
      return;
    }
    expect(fault, `no place for ${kind} in ${golden.name}`).not.toBeNull();
    const report = verify(golden, fault!.text);
    expect(report.verified, `${fault!.change} was called verified`).toBe(false);
    expectCaughtOnLine(report, fault!.lines, fault!.change);
  });
});
