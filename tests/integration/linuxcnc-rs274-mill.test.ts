/**
 * LinuxCNC mill programs run through LinuxCNC's own interpreter rs274 (Debian's
 * linuxcnc-uspace) with a 3-axis mill INI and a tool table of our own: no interpreter error, and
 * the extents of rs274's canonical moves (STRAIGHT_TRAVERSE, STRAIGHT_FEED, ARC_FEED end points)
 * match the verifier's within 0.001 mm.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import { offsetPolygons } from '#cam/geometry/polygon';
import type { Polygon } from '#cam/geometry/polygon';
import { generateMillProgramForPart } from '#cam/mill/generate';
import { classifyMillTool } from '#cam/mill/tooling';
import type { PrismaticPart } from '#cam/prismatic/part';
import type { Extents, ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tooling';
import { rectangle, toolRow } from '#tests/helpers/parts';

const rs274 = '/usr/bin/rs274';
const work = mkdtempSync(join(tmpdir(), 'cnc-rs274-mill-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const row = (slot: string, toolType: string, toolName: string, toolDescription: string) =>
  toolRow(slot, toolType, toolName, toolDescription, '');

const tooling: ToolRow[] = [
  row('T1', 'Facing', 'Face mill Ø50', 'CoroMill 345 face mill, 5 inserts, carbide'),
  row('T2', 'Milling', 'End mill Ø10 4FL', 'Solid carbide end mill, LOC 22'),
  row('T3', 'Milling', 'End mill Ø6 3FL', 'Solid carbide end mill, LOC 13'),
  row('T4', 'Drilling', 'Spot drill Ø10', 'NC spot drill 90°, carbide'),
  row('T5', 'Drilling', 'Drill 6.6', 'HSS-Co twist drill Ø6.6 mm'),
  row('T6', 'Drilling', 'Drill 6.8', 'HSS twist drill Ø6.8 mm'),
  row('T7', 'Drilling', 'Tap M8x1.25', 'HSS-E machine tap M8x1.25'),
  row('T8', 'Drilling', 'Drill 2.5', 'HSS twist drill Ø2.5 mm, flute length 30'),
];

/** The tool table rs274 reads: lengths 0 (G43 then changes nothing), diameters as D. */
const toolTable = tooling
  .map(classifyMillTool)
  .map(
    (tool) => `T${tool.number} P${tool.number} Z0 D${tool.diameterMm ?? 0} ;${tool.row.toolName}`,
  )
  .join('\n');

const rounded = (x0: number, y0: number, x1: number, y1: number, r: number): Polygon =>
  offsetPolygons([rectangle(x0 + r, y0 + r, x1 - r, y1 - r)], r, 0.002)[0]!;

const parts: Record<
  string,
  { part: PrismaticPart; stock: [number, number, number]; material: string }
> = {
  'plate in aluminium': {
    material: '6061-T6',
    stock: [105, 65, 15],
    part: {
      outline: rounded(0, 0, 100, 60, 5),
      thicknessMm: 12,
      thicknessSource: 'drawing',
      holes: [
        ...[
          { x: 8, y: 8 },
          { x: 92, y: 8 },
          { x: 8, y: 52 },
          { x: 92, y: 52 },
        ].map((center) => ({
          label: `Ø6.6 at X${center.x} Y${center.y}`,
          center,
          diameterMm: 6.6,
          depthMm: 12,
          through: true,
          kind: 'through' as const,
        })),
        ...[
          { x: 70, y: 40 },
          { x: 85, y: 40 },
        ].map((center) => ({
          label: `M8 at X${center.x} Y${center.y}`,
          center,
          diameterMm: 6.8,
          depthMm: 12,
          through: true,
          kind: 'tapped' as const,
          thread: { callout: 'M8x1.25', nominalMm: 8, pitchMm: 1.25, tapDrillMm: 6.8 },
        })),
        {
          label: 'Ø2.5 x 9 deep',
          center: { x: 60, y: 50 },
          diameterMm: 2.5,
          depthMm: 9,
          through: false,
          kind: 'blind',
        },
      ],
      pockets: [
        {
          label: 'Pocket 1',
          outline: rounded(20, 28, 55, 48, 4),
          depthMm: 5,
          through: false,
          islands: [],
        },
      ],
      slots: [
        {
          label: 'Slot 1',
          from: { x: 30, y: 14 },
          to: { x: 60, y: 14 },
          widthMm: 10,
          depthMm: 3,
          through: false,
        },
      ],
      generalToleranceMm: 0.1,
      notModelled: [],
    },
  },
  'bracket in steel with a cut-out': {
    material: 'AISI 1045',
    stock: [84, 44, 10],
    part: {
      outline: rectangle(0, 0, 80, 40),
      thicknessMm: 8,
      thicknessSource: 'drawing',
      holes: [],
      pockets: [
        {
          label: 'Cut-out 1',
          outline: rounded(45, 10, 70, 30, 6),
          depthMm: 8,
          through: true,
          islands: [],
        },
      ],
      slots: [],
      generalToleranceMm: 0.1,
      notModelled: [],
    },
  },
};

function job(material: string, stock: [number, number, number]): ProgramJob {
  return {
    jobType: 'Milling',
    description: emptyDescription('rs274 test'),
    material,
    stock: { shape: 'block', xMm: stock[0], yMm: stock[1], zMm: stock[2] },
    machine: {
      name: 'Tormach 1100MX',
      manufacturer: 'Tormach',
      model: '1100MX',
      controllerType: 'Tormach PathPilot',
      controllerModel: 'PathPilot',
      dialect: 'linuxcnc',
      serialNumber: 'RS-1',
      maxRpm: 10000,
    },
    tools: tooling,
    programVersion: 1,
    partName: 'rs274 test',
  };
}

function runRs274(name: string, gcode: string) {
  const dir = mkdtempSync(join(work, `${name.replace(/\W+/g, '-')}-`));
  copyFileSync(new URL('../fixtures/linuxcnc/mill.ini', import.meta.url), join(dir, 'mill.ini'));
  writeFileSync(join(dir, 'tool.tbl'), `${toolTable}\n`);
  writeFileSync(join(dir, 'sim.var'), '');
  writeFileSync(join(dir, 'program.ngc'), gcode);
  let output: string;
  let status = 0;
  try {
    output = execFileSync(rs274, ['-i', 'mill.ini', '-t', 'tool.tbl', '-g', 'program.ngc'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as { status: number; stdout?: string; stderr?: string };
    status = failure.status;
    output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
  }
  let extents: Extents | null = null;
  const add = (x: number, y: number, z: number) => {
    extents = extents
      ? {
          xMin: Math.min(extents.xMin, x),
          xMax: Math.max(extents.xMax, x),
          yMin: Math.min(extents.yMin, y),
          yMax: Math.max(extents.yMax, y),
          zMin: Math.min(extents.zMin, z),
          zMax: Math.max(extents.zMax, z),
        }
      : { xMin: x, xMax: x, yMin: y, yMax: y, zMin: z, zMax: z };
  };
  for (const match of output.matchAll(
    /STRAIGHT_(?:TRAVERSE|FEED)\(([-\d.]+), ([-\d.]+), ([-\d.]+)/g,
  ))
    add(Number(match[1]), Number(match[2]), Number(match[3]));
  // ARC_FEED(first_end, second_end, first_axis, second_axis, rotation, axis_end_point, …): XY plane.
  for (const match of output.matchAll(
    /ARC_FEED\(([-\d.]+), ([-\d.]+), [-\d.]+, [-\d.]+, -?\d+, ([-\d.]+)/g,
  ))
    add(Number(match[1]), Number(match[2]), Number(match[3]));
  return { status, output, extents: extents as Extents | null };
}

describe("LinuxCNC's interpreter accepts every LinuxCNC mill program", () => {
  it('has rs274 installed (npm test installs linuxcnc-uspace)', () => {
    expect(existsSync(rs274), `${rs274} is missing: apt-get install linuxcnc-uspace`).toBe(true);
  });

  it.each(Object.keys(parts))('the %s', (name) => {
    const { part, stock, material } = parts[name]!;
    const program = generateMillProgramForPart(job(material, stock), part);
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    const result = runRs274(name, program.gcode);
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
    const ours = program.report.stats.extents!;
    expect(result.extents).not.toBeNull();
    for (const key of ['xMin', 'xMax', 'yMin', 'yMax', 'zMin', 'zMax'] as const)
      expect(Math.abs(result.extents![key] - ours[key]), key).toBeLessThanOrEqual(0.001);
  });

  it('reports an interpreter error for a program LinuxCNC does not accept', () => {
    const result = runRs274('broken', '%\nG17 G21 G90\nG1 X10 Y10 Z-1\nM30\n%\n');
    expect(result.status).not.toBe(0);
  });
});
