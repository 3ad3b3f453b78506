/**
 * Every cut keeps to its tool's rated feed (cam/lathe/spindle-limits.ts `withinSpindlePower`):
 * a shop whose only turning insert has a small nose radius faces and roughs with it at the feed
 * that nose takes (ISO 1832 insert: nose radius over its shape's factor, cam/lathe/cutters.ts),
 * says so in a warning, and the verifier's 'ratings' check passes. Before, the plan roughed at
 * the handbook's 0.3 mm/rev whatever the nose, and the verifier failed the program it had written.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { verifyLatheEvents } from '#cam/verify/lathe/index';
import { cutterOf } from '#cam/lathe/context';
import { classifyTool } from '#cam/lathe/tooling';
import type { ToolRow } from '#cam/tool-row';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';
import { latheTooling, toolRow } from '#tests/helpers/parts';
import { latheToolTable, runRs274, withSetups } from '#tests/helpers/rs274';

const golden = goldenLatheJob('linuxcnc');
/** The shop's other tools: every one but its turning inserts (threading inserts stay). */
const turning = (tool: ToolRow) => classifyTool(tool).kind === 'turning';

describe('the feed a turning insert takes', () => {
  it.each([
    ['CNMG 120404', 'External turning, 80° rhombic insert, 0.4 mm nose radius'],
    ['DCMT 11T304', 'External profiling, 55° insert, 0.4 mm nose radius'],
    ['DCMT 11T302', 'External profiling, 55° insert, 0.2 mm nose radius'],
    ['VBMT 160404', 'External profiling, 35° insert, 0.4 mm nose radius'],
  ])('faces and roughs with %s alone within its rated feed, and is verified', (name, text) => {
    const only = toolRow('T1', 'Turning', name, text);
    const job = { ...golden, tools: [only, ...latheTooling.filter((t) => !turning(t))] };
    const program = generateLatheProgram(job);
    const failed = program.report.checks.filter((check) => !check.passed);
    expect(failed.map((check) => `${check.id}: ${check.details[0]}`)).toEqual([]);
    for (const operation of program.plan.operations) {
      if (operation.tool.kind !== 'turning') continue;
      const rated = cutterOf(operation.tool).rating.maxFeedPerRevMm!;
      expect(operation.data?.feedPerRev, operation.name).toBeLessThanOrEqual(rated);
    }
    expect(program.plan.warnings).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Rough OD: [\\d.]+ mm/rev instead of 0\\.3 mm/rev, the most T1 ${name}`),
      ),
    );
    expect(program.report.verified).toBe(true);
    // LinuxCNC reads the program, and its moves replay to the same verdict.
    // rs274 numbers the tools it changes to by their place in its table: the shop's whole table,
    // its T1 the insert under test.
    const table = [only, ...latheTooling.filter((t) => t.slotNumber !== 'T1')].map(classifyTool);
    const tools = job.tools.map(classifyTool);
    const run = runRs274(program.gcode, { machine: 'lathe', toolTable: latheToolTable(table) });
    expect(run.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(run.status).toBe(0);
    const replay = verifyLatheEvents(
      withSetups(run).events,
      latheVerificationInput(program.plan, 'linuxcnc', tools, job),
    );
    expect(
      replay.checks
        .filter((check) => !check.passed)
        .map((check) => `${check.id}: ${check.details[0]}`),
    ).toEqual([]);
  });
});
