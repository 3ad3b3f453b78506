/**
 * Issue 34's "arcs as arcs": FLH-001.dxf milled on every demo mill is written with G2/G3 moves
 * where its outline and the tool's offset path are round, in at most 2,000 lines (it was 12,261
 * lines of G1 chords on the LinuxCNC mill), with the same verdict and checks as before; the
 * LinuxCNC program is read whole by LinuxCNC's own interpreter, rs274, which finds every arc.
 * On a Heidenhain TNC 640 the program has the same verdict, its arcs as CC and C blocks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lineOverLimits } from '#cam/gcode/limits';
import { generateProgram } from '#cam/jobs/generate';
import { classifyMillTool } from '#cam/mill/tooling';
import { runRs274 } from '#tests/helpers/rs274';
import { flh001Job } from '#tests/unit/cam/mill/plates';

const work = mkdtempSync(join(tmpdir(), 'mill-arcs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const mills = ['Tormach 1100MX', 'Haas VF-2', 'DN Solutions DNM 4500', 'DMG MORI DMU 50'];

/** G2/G3 words of a program's motion lines. */
const arcMoves = (gcode: string) =>
  gcode.split('\n').filter((line) => !/^\s*[(;]/.test(line) && /\bG0?[23](?![0-9.])/.test(line));

describe('FLH-001 milled with its arcs as arcs', () => {
  it.each(mills)('%s: G2/G3 moves, at most 2,000 lines, every process check passed', (name) => {
    const job = flh001Job(name);
    const program = generateProgram(job);
    const { machine, tools } = job;
    const lines = program.gcode.split('\n');
    expect(lines.length).toBeLessThanOrEqual(2000);
    const arcs = arcMoves(program.gcode);
    expect(arcs.length).toBeGreaterThanOrEqual(20);
    // Every failed check is the star cut-out no loaded end mill can cut (flh-001.test.ts).
    const failed = program.report.checks.filter((check) => !check.passed);
    expect(failed.map((check) => check.id)).toEqual(['pockets']);
    expect(program.report.unfinished).toHaveLength(1);
    if (machine.dialect !== 'linuxcnc') return;
    const run = runRs274(program.gcode, {
      machine: 'mill',
      toolTable: tools
        .map(classifyMillTool)
        .map((tool) => `T${tool.number} P${tool.number} Z0 D${tool.diameterMm ?? 0}`)
        .join('\n'),
      workDir: work,
    });
    expect(run.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(run.status).toBe(0);
    // rs274 finds an arc for each G2/G3 the program writes.
    expect(run.output.match(/ARC_FEED\(/g)?.length).toBe(arcs.length);
  });
});

describe('FLH-001 on a Heidenhain TNC 640', () => {
  it('has the verdict of the other dialects, its arcs as CC/C, every line within the control', () => {
    const sinumerik = flh001Job('DMG MORI DMU 50');
    const job = {
      ...sinumerik,
      machine: {
        ...sinumerik.machine,
        controllerType: 'heidenhain',
        controllerModel: 'TNC 640',
        dialect: 'heidenhain',
      },
    };
    const program = generateProgram(job);
    const other = generateProgram(sinumerik);
    expect(program.fileName).toBe('FLH-001-v1.h');
    expect(program.report.verified).toBe(other.report.verified);
    expect(program.report.complete).toBe(other.report.complete);
    expect(program.report.unfinished).toEqual(other.report.unfinished);
    const failed = (report: typeof program.report) =>
      report.checks.filter((check) => !check.passed).map((check) => check.id);
    expect(failed(program.report)).toEqual(['pockets']);
    const lines = program.gcode.split('\n');
    expect(lines.length).toBeLessThanOrEqual(2000);
    expect(lines.filter((line) => /^\d+ C X/.test(line)).length).toBeGreaterThanOrEqual(20);
    expect(lines.filter((line) => /^\d+ CC X/.test(line)).length).toBeGreaterThan(0);
    expect(program.gcode).not.toMatch(/\bG0?[0-3]\b/);
    expect(lines.filter((line) => lineOverLimits(line, 'heidenhain'))).toEqual([]);
  });
});
