/**
 * Every LinuxCNC lathe program the product writes, run through LinuxCNC's own interpreter rs274
 * (Debian's linuxcnc-uspace) with a lathe INI and a tool table of our own: no interpreter error,
 * and the extents rs274 reports match the verifier's.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { generateLatheProgram } from '#cam/lathe/generate';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { suggestRoundBar } from '#cam/stock';
import { classifyTool } from '#cam/tooling';
import { readDxf } from '#drawings/dxf/reader';
import { latheTooling, testParts } from '../helpers/parts.ts';
import { PartModelError } from '#cam/errors';

const rs274 = '/usr/bin/rs274';
const work = mkdtempSync(join(tmpdir(), 'cnc-rs274-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The tool table rs274 reads: one line per tool, nose radius as D and an orientation Q. */
const toolTable = latheTooling
  .map(classifyTool)
  .map(
    (tool) =>
      `T${tool.number} P${tool.number} Z0 D${tool.noseRadiusMm ?? 0} Q${tool.kind === 'boring' ? 2 : tool.kind.includes('rill') ? 7 : 3} ;${tool.row.toolName}`,
  )
  .join('\n');

interface Rs274Result {
  status: number;
  output: string;
  /** Extents of the canonical moves: X as a diameter (rs274 reports lathe X as a radius). */
  extents: { xMin: number; xMax: number; zMin: number; zMax: number } | null;
}

function runRs274(name: string, gcode: string): Rs274Result {
  const dir = mkdtempSync(join(work, `${name}-`));
  copyFileSync(new URL('../fixtures/linuxcnc/lathe.ini', import.meta.url), join(dir, 'lathe.ini'));
  writeFileSync(join(dir, 'tool.tbl'), `${toolTable}\n`);
  writeFileSync(join(dir, 'sim.var'), '');
  writeFileSync(join(dir, 'program.ngc'), gcode);
  let output: string;
  let status = 0;
  try {
    output = execFileSync(rs274, ['-i', 'lathe.ini', '-t', 'tool.tbl', '-g', 'program.ngc'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const failure = error as { status: number; stdout?: string; stderr?: string };
    status = failure.status;
    output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
  }
  let extents: Rs274Result['extents'] = null;
  for (const match of output.matchAll(
    /STRAIGHT_(?:TRAVERSE|FEED)\(([-\d.]+), [-\d.]+, ([-\d.]+)/g,
  )) {
    const x = 2 * Number(match[1]);
    const z = Number(match[2]);
    extents = extents
      ? {
          xMin: Math.min(extents.xMin, x),
          xMax: Math.max(extents.xMax, x),
          zMin: Math.min(extents.zMin, z),
          zMax: Math.max(extents.zMax, z),
        }
      : { xMin: x, xMax: x, zMin: z, zMax: z };
  }
  return { status, output, extents };
}

function linuxcncProgram(description: BlueprintDescription) {
  const part = turnedPartFromDescription(description);
  const bar = suggestRoundBar(
    Math.max(...part.outer.map((section) => section.targetMm)),
    part.lengthMm,
  )!;
  return generateLatheProgram({
    description,
    material: description.materialSpecs.material || '1018',
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: bar.diameterMm },
    machine: {
      name: 'Tormach 15L',
      serialNumber: 'RS-1',
      manufacturer: 'Tormach',
      model: '15L Slant-PRO',
      controllerType: 'Tormach PathPilot',
      controllerModel: 'PathPilot',
      dialect: 'linuxcnc',
    },
    tools: latheTooling,
    programVersion: 1,
  });
}

const blueprints = new URL('../../../shared/blueprints/', import.meta.url);
const dxfFiles = ['lathe', 'mill-edm'].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, blueprints))
    .filter((file) => file.toLowerCase().endsWith('.dxf'))
    .map((file) => `${folder}/${file}`),
);

describe("LinuxCNC's interpreter accepts every LinuxCNC program", () => {
  it('has rs274 installed (npm test installs linuxcnc-uspace)', () => {
    expect(existsSync(rs274), `${rs274} is missing: apt-get install linuxcnc-uspace`).toBe(true);
  });

  it.each(Object.entries(testParts))('the designed part %s', (name, description) => {
    const program = linuxcncProgram(description);
    expect(program.report.passed).toBe(true);
    const result = runRs274(name, program.gcode);
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
    const ours = program.report.stats.extents!;
    expect(result.extents).not.toBeNull();
    for (const key of ['xMin', 'xMax', 'zMin', 'zMax'] as const)
      expect(result.extents![key]).toBeCloseTo(ours[key], 3);
  });

  it.each(dxfFiles)('the drawing %s, when it is a turned part', (file) => {
    const reading = readDxf(readFileSync(new URL(file, blueprints), 'utf8'), file);
    if (!reading.isTurnedPart) {
      expect(() => turnedPartFromDescription(reading.description)).toThrow(PartModelError);
      return;
    }
    const program = linuxcncProgram(reading.description);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    const result = runRs274(file.replace(/\W+/g, '-'), program.gcode);
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
  });

  it('cuts the G76 thread of the threaded adapter to its root, as the verifier reads it', () => {
    const program = linuxcncProgram(testParts.threadedAdapter);
    expect(program.gcode).toMatch(/\nG76 P1\.5 Z-16\.4 I-2 J0\.752 K1\.84 Q29\.5 R2 H1 E0 L0\n/);
    const result = runRs274('threaded-adapter-g76', program.gcode);
    expect(result.status).toBe(0);
    // The synchronised cuts rs274 makes: one per pass, X a radius.
    const passes = [
      ...result.output.matchAll(
        /START_SPEED_FEED_SYNC\([^)]*\)\s+\d+ N\.+ STRAIGHT_FEED\(([-\d.]+), [-\d.]+, ([-\d.]+)/g,
      ),
    ].map((match) => ({ x: 2 * Number(match[1]), z: Number(match[2]) }));
    const cycle = program.plan.threads[0]!;
    expect(passes).toHaveLength(cycle.passDepthsMm.length + cycle.springPasses);
    expect(Math.min(...passes.map((pass) => pass.x))).toBeCloseTo(cycle.rootMm, 3);
    expect(passes.at(-1)!.z).toBeCloseTo(cycle.endZ, 3);
    expect(passes[0]!.x).toBeCloseTo(cycle.majorMm - 2 * cycle.passDepthsMm[0]!, 3);
    expect(program.report.checks.find((check) => check.id === 'threads')?.passed).toBe(true);
  });

  it('reports an interpreter error for a program LinuxCNC does not accept', () => {
    const result = runRs274('broken', '%\nG7 G18 G21\nG50 S2000\nM30\n%\n');
    expect(result.status).not.toBe(0);
  });
});
