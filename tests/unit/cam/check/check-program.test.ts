/**
 * Check Program's core (cam/check/, issue 35): a program written elsewhere is read in its own
 * dialect, told from its text, and checked against the stock and the machine's tools. The
 * product's own golden programs stand in for a shop's files: as they are, they are safe but
 * never 'verified' without a part; with a seeded fault, they are 'unsafe' with the fault's line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProgram, detectDialect, NO_PART_SENTENCE } from '#cam/check/index';
import type { Dialect } from '#cam/gcode/events';
import {
  goldenLatheJob,
  goldenLatheMachines,
  goldenMillExtension,
  goldenMillMachines,
  goldenMillTooling,
} from '#tests/helpers/golden-jobs';
import type { GoldenLatheDialect } from '#tests/helpers/golden-jobs';
import { latheTooling } from '#tests/helpers/parts';
import { goldenDir } from '#tests/helpers/paths';
import { seedFault, type FaultKind } from '#tests/helpers/seeded-faults';

const read = (path: string) => readFileSync(new URL(path, goldenDir), 'utf8');
/** The operation names a golden's comments open, as a program from elsewhere names them. */
const operationsOf = (text: string) =>
  [...text.matchAll(/^\s*(?:N?\d+\s*)?[(;]\s*([A-Z][\w .Ø/-]*?):/gim)].map((match) => match[1]!);
const millText = (dialect: string) =>
  read(`mill/post-test-plate.${dialect}${goldenMillExtension(dialect)}`);

describe('detectDialect', () => {
  it('tells Sinumerik, Okuma and Heidenhain programs by their own marks, whatever the machine', () => {
    for (const dialect of ['sinumerik', 'okuma', 'heidenhain'] as const) {
      expect(detectDialect(millText(dialect), 'fanuc')).toBe(dialect);
      expect(
        detectDialect(read(`lathe/${dialect === 'heidenhain' ? 'okuma' : dialect}.nc`), 'haas'),
      ).toBe(dialect === 'heidenhain' ? 'okuma' : dialect);
    }
  });

  it("takes the machine's dialect for programs that read alike (Fanuc, Haas, LinuxCNC)", () => {
    for (const dialect of ['fanuc', 'haas', 'linuxcnc'] as const) {
      expect(detectDialect(millText(dialect), dialect)).toBe(dialect);
      expect(detectDialect(millText(dialect), 'haas')).toBe('haas');
    }
  });

  it('is not fooled by marks in comments', () => {
    expect(detectDialect('(T1 D1 G15 H1 BEGIN PGM)\nG0 X0\nM30', 'fanuc')).toBe('fanuc');
  });
});

/** The golden plates' stock as their headers give it: the corner at X-2 Y-2, the top at Z2. */
const millStock = {
  shape: 'block' as const,
  xMm: 64,
  yMm: 44,
  zMm: 12,
  x0Mm: -2,
  y0Mm: -2,
  topZMm: 2,
};
const faults: FaultKind[] = [
  'spindle over top speed',
  'rapid through stock',
  'axis beyond travel',
  'tool not loaded',
  'feed x10',
];

describe.each(Object.keys(goldenMillMachines))('checkProgram on the %s mill golden', (dialect) => {
  const machine = goldenMillMachines[dialect]!;
  const text = millText(dialect);
  const check = (program: string) =>
    checkProgram({
      text: program,
      dialect: dialect as Dialect,
      machineKind: 'mill',
      machine,
      tools: goldenMillTooling,
      stock: millStock,
      material: 'AISI 1045',
    });

  it('is safe as it is, and without a part never verified', () => {
    const checked = check(text);
    expect(checked.findings).toEqual([]);
    expect(checked.status).toBe('incomplete');
    expect(checked.report.unfinished).toEqual([NO_PART_SENTENCE]);
    expect(checked.report.checks.some((entry) => entry.kind === 'completeness')).toBe(false);
    expect(checked.cycleTime.totalSeconds).toBeGreaterThan(0);
    expect(checked.backplotSvg).toMatch(/^<svg/);
  });

  it.each(faults)('finds %s on its line and calls the program unsafe', (kind) => {
    const fault = seedFault(
      {
        text,
        dialect: dialect as Dialect,
        machineKind: 'mill',
        operations: operationsOf(text),
        maxRpm: machine.maxRpm!,
      },
      kind,
    );
    if (!fault) return;
    const checked = check(fault.text);
    expect(checked.status, fault.change).toBe('unsafe');
    expect(checked.findings.map((entry) => entry.line)).toEqual(
      expect.arrayContaining([expect.toSatisfy((line) => fault.lines.includes(line as number))]),
    );
  });
});

describe.each(Object.keys(goldenLatheMachines) as GoldenLatheDialect[])(
  'checkProgram on the %s lathe golden',
  (dialect) => {
    const job = goldenLatheJob(dialect);
    const text = read(`lathe/${dialect}.nc`);
    const check = (program: string) =>
      checkProgram({
        text: program,
        dialect,
        machineKind: 'lathe',
        machine: job.machine,
        tools: latheTooling,
        stock: { shape: 'round', diameterMm: 30, lengthMm: 90, stickOutMm: 70 },
        material: job.material,
      });

    it('is safe as it is, and without a part never verified', () => {
      const checked = check(text);
      expect(checked.findings).toEqual([]);
      expect(checked.status).toBe('incomplete');
    });

    it.each(faults)('finds %s and calls the program unsafe', (kind) => {
      const fault = seedFault(
        {
          text,
          dialect,
          machineKind: 'lathe',
          operations: [],
          maxRpm: job.machine.limits!.maxRpm!,
        },
        kind,
      );
      if (!fault) return;
      expect(check(fault.text).status, fault.change).toBe('unsafe');
    });
  },
);
