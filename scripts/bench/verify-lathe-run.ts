/**
 * Verification time per golden lathe program: the program as the golden job writes it, read
 * back by verifyLatheProgram (best of five, after a warm-up), with its lines and moves.
 */
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import { goldenLatheJob, goldenLatheMachines } from '#tests/helpers/golden-jobs';
import type { GoldenLatheDialect } from '#tests/helpers/golden-jobs';

for (const dialect of Object.keys(goldenLatheMachines) as GoldenLatheDialect[]) {
  const job = goldenLatheJob(dialect);
  const program = generateLatheProgram(job);
  const input = latheVerificationInput(program.plan, dialect, job.tools.map(classifyTool), job);
  verifyLatheProgram(program.gcode, input);
  let best = Infinity;
  for (let round = 0; round < 5; round += 1) {
    const started = performance.now();
    verifyLatheProgram(program.gcode, input);
    best = Math.min(best, performance.now() - started);
  }
  const lines = program.gcode.split('\n').length;
  console.info(
    `${`lathe/${dialect}.nc`.padEnd(20)} ${String(lines).padStart(5)} lines ${String(program.report.stats.motions).padStart(5)} moves  verified in ${best.toFixed(0).padStart(4)} ms  (${program.report.verified ? 'verified' : 'not verified'})`,
  );
}
