/**
 * The setup sheet in the written program's contract (contracts/setup-sheet.ts, decision 107):
 * a program with its sheet passes the processBlueprintClaude answer's schema unchanged, a sheet
 * that is not one is refused, and the job keeps the sheet of each earlier version.
 */
import { describe, expect, it } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import { processBlueprintResponseSchema } from '#contracts/qbot';
import { earlierProgramOf } from '#contracts/qbot-workflow';
import type { WorkflowProgram } from '#contracts/qbot-workflow';
import { setupSheetSchema } from '#contracts/setup-sheet';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';

const sheet = generateProgram(goldenLatheJob('linuxcnc')).setupSheet;

const program: WorkflowProgram = {
  version: 1,
  fileUrl: '/api/files/0b6f6a5e-3f7a-4c55-9d3c-6c1f1f7b2a10',
  fileName: sheet.fileName,
  verified: true,
  status: 'verified',
  unfinished: [],
  report: [],
  limited: [],
  checks: [{ title: 'Every tool called is in the selected tooling', passed: true, details: [] }],
  operations: ['Face: T1 CNMG 120408, 300 m/min, 0.3 mm/rev'],
  warnings: [],
  notProgrammed: [],
  advice: [],
  dialect: 'linuxcnc',
  backplotUrl: '/api/files/1c2d3e4f-0000-4000-8000-000000000001',
  setupSheet: sheet,
};

describe('the setup sheet in the written program contract', () => {
  it('round-trips a program with its sheet through the answer schema', () => {
    const answer = { message: 'Program version 1 is written and verified.', ...program };
    const parsed = processBlueprintResponseSchema.parse(JSON.parse(JSON.stringify(answer)));
    expect(parsed).toEqual(answer);
    expect(parsed.setupSheet?.tools.length).toBeGreaterThan(0);
  });

  it('refuses a sheet without a zero point, a tool with a negative stick-out or an unknown job type', () => {
    expect(setupSheetSchema.safeParse({ ...sheet, zeroPoint: [] }).success).toBe(false);
    const [tool] = sheet.tools;
    expect(
      setupSheetSchema.safeParse({ ...sheet, tools: [{ ...tool, minStickOutMm: -1 }] }).success,
    ).toBe(false);
    expect(setupSheetSchema.safeParse({ ...sheet, jobType: 'Grinding' }).success).toBe(false);
    expect(
      processBlueprintResponseSchema.safeParse({
        message: '',
        ...program,
        setupSheet: { ...sheet, programVersion: 0 },
      }).success,
    ).toBe(false);
  });

  it('keeps the sheet and the backplot of a version the next one replaces', () => {
    expect(earlierProgramOf(program)).toEqual({
      version: 1,
      fileUrl: program.fileUrl,
      fileName: program.fileName,
      verified: true,
      status: 'verified',
      dialect: 'linuxcnc',
      backplotUrl: program.backplotUrl,
      setupSheet: sheet,
    });
    const { setupSheet: _sheet, backplotUrl: _url, ...older } = program;
    expect(earlierProgramOf(older)).not.toHaveProperty('setupSheet');
  });
});
