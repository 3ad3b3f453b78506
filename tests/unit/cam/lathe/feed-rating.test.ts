/**
 * Every cut keeps to its tool's rated feed (cam/lathe/spindle-limits.ts `withinSpindlePower`):
 * a shop whose only turning insert has a small nose radius faces and roughs with it at the feed
 * that nose takes (ISO 1832 insert: nose radius over its shape's factor, cam/lathe/cutters.ts),
 * says so in a warning, and the verifier's 'ratings' check passes. Before, the plan roughed at
 * the handbook's 0.3 mm/rev whatever the nose, and the verifier failed the program it had written.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { cutterOf } from '#cam/lathe/context';
import { classifyTool } from '#cam/lathe/tooling';
import type { ToolRow } from '#cam/tool-row';
import { goldenLatheJob } from '#tests/helpers/golden-jobs';
import { latheTooling, toolRow } from '#tests/helpers/parts';

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
  });
});
