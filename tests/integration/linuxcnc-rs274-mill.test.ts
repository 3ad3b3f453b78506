/**
 * LinuxCNC mill programs run through LinuxCNC's own interpreter rs274 (Debian's
 * linuxcnc-uspace) with a 3-axis mill INI and a tool table of our own: no interpreter error, and
 * the extents of rs274's canonical moves (STRAIGHT_TRAVERSE, STRAIGHT_FEED, ARC_FEED end points)
 * match the verifier's within 0.001 mm. The LinuxCNC mill golden is read back by rs274 alone
 * (its canned cycles expanded by LinuxCNC, not by our interpreter), its cutting moves fed to the
 * stock model, and the finished part compared with the part model: an independent read-back.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import { offsetPolygons } from '#cam/geometry/polygon';
import type { Polygon } from '#cam/geometry/polygon';
import { generateMillProgramForPart } from '#cam/jobs/mill';
import { coneOf } from '#cam/mill/in-process';
import { StockModel } from '#cam/mill/stock-model';
import { classifyMillTool } from '#cam/mill/tooling';
import type { PrismaticPart } from '#cam/prismatic/part';
import type { Extents, ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tool-row';
import { rectangle, toolRow } from '#tests/helpers/parts';
import { goldenPlate, goldenTooling } from '#tests/unit/cam/mill/plates';

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
  row('T9', 'Drilling', 'Countersink Ø16 90°', 'HSS DIN 335 countersink'),
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
  // Four Ø6.6 holes countersunk Ø12 x 90° for M6 countersunk screws (ISO 10642; decision 047).
  'plate with countersunk holes': {
    material: '6061-T6',
    stock: [70, 50, 12],
    part: {
      outline: rounded(0, 0, 60, 40, 4),
      thicknessMm: 10,
      thicknessSource: 'drawing',
      holes: [
        { x: 10, y: 10 },
        { x: 50, y: 10 },
        { x: 10, y: 30 },
        { x: 50, y: 30 },
      ].map((center) => ({
        label: `Ø6.6 countersunk Ø12 x 90° at X${center.x} Y${center.y}`,
        center,
        diameterMm: 6.6,
        depthMm: 10,
        through: true,
        kind: 'countersunk' as const,
        countersink: { diameterMm: 12, angleDeg: 90 },
      })),
      pockets: [],
      slots: [],
      generalToleranceMm: 0.1,
      notModelled: [],
    },
  },
  // A shoulder 4 deep over the right end (decision 066): straight passes from outside the block.
  'plate with a step': {
    material: '6061-T6',
    stock: [90, 56, 14],
    part: {
      outline: rectangle(0, 0, 80, 50),
      thicknessMm: 12,
      thicknessSource: 'drawing',
      holes: [
        {
          label: 'Ø6.6 through',
          center: { x: 20, y: 25 },
          diameterMm: 6.6,
          depthMm: 12,
          through: true,
          kind: 'through' as const,
        },
      ],
      pockets: [],
      slots: [],
      steps: [
        {
          label: 'Step 1',
          region: rectangle(60, 0, 80, 50),
          edge: [
            { x: 60, y: 50 },
            { x: 60, y: 0 },
          ],
          depthMm: 4,
        },
      ],
      generalToleranceMm: 0.1,
      notModelled: [],
    },
  },
  // Drawn 60 x 124, on a 130 x 70 block: turned a quarter turn on the table (decision 045).
  'plate turned to fit its stock': {
    material: '6061-T6',
    stock: [130, 70, 12],
    part: {
      outline: rounded(0, 0, 60, 124, 4),
      thicknessMm: 10,
      thicknessSource: 'drawing',
      holes: [
        { x: 10, y: 10 },
        { x: 50, y: 114 },
      ].map((center) => ({
        label: `Ø6.6 at X${center.x} Y${center.y}`,
        center,
        diameterMm: 6.6,
        depthMm: 10,
        through: true,
        kind: 'through' as const,
      })),
      pockets: [
        {
          label: 'Pocket 1',
          outline: rounded(15, 40, 45, 80, 5),
          depthMm: 3,
          through: false,
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

function runRs274(name: string, gcode: string, table = toolTable) {
  const dir = mkdtempSync(join(work, `${name.replace(/\W+/g, '-')}-`));
  copyFileSync(new URL('../fixtures/linuxcnc/mill.ini', import.meta.url), join(dir, 'mill.ini'));
  writeFileSync(join(dir, 'tool.tbl'), `${table}\n`);
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

/**
 * rs274's cutting moves fed to a stock model of the block: STRAIGHT_FEED and ARC_FEED (XY
 * arcs as chords within 0.002 mm, Z linear along them) with the tool of the last CHANGE_TOOL.
 * Traverses only move the tool (G53 Z0 is the work Z0 in this simulation, with no offsets).
 */
function cutByRs274(
  output: string,
  model: StockModel,
  toolShape: (tool: number) => { radius: number; cone: number },
) {
  let tool = 0;
  let at = { x: 0, y: 0, z: 0 };
  const numbers = (text: string) => text.split(',').map((value) => Number(value.trim()));
  for (const match of output.matchAll(
    /(CHANGE_TOOL|STRAIGHT_TRAVERSE|STRAIGHT_FEED|ARC_FEED)\(([^)]*)\)/g,
  )) {
    const values = numbers(match[2]!);
    if (match[1] === 'CHANGE_TOOL') tool = values[0]!;
    else if (match[1] === 'STRAIGHT_TRAVERSE') at = { x: values[0]!, y: values[1]!, z: values[2]! };
    else {
      const { radius, cone } = toolShape(tool);
      if (match[1] === 'STRAIGHT_FEED') {
        const to = { x: values[0]!, y: values[1]!, z: values[2]! };
        model.sweep(at, to, radius, cone);
        at = to;
      } else {
        // ARC_FEED(x end, y end, x centre, y centre, turns (> 0 counter-clockwise), z end, …).
        const [x, y, cx, cy, rotation, z] = values as [
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        const r = Math.hypot(at.x - cx, at.y - cy);
        const start = Math.atan2(at.y - cy, at.x - cx);
        let sweep = Math.atan2(y - cy, x - cx) - start;
        if (rotation > 0 && sweep <= 1e-9) sweep += 2 * Math.PI;
        if (rotation < 0 && sweep >= -1e-9) sweep -= 2 * Math.PI;
        const steps = Math.max(2, Math.ceil(Math.abs(sweep) / (2 * Math.acos(1 - 0.002 / r))));
        for (let step = 1; step <= steps; step += 1) {
          const angle = start + (sweep * step) / steps;
          const to =
            step === steps
              ? { x, y, z }
              : {
                  x: cx + r * Math.cos(angle),
                  y: cy + r * Math.sin(angle),
                  z: at.z + ((z - at.z) * 1) / (steps - step + 1),
                };
          model.sweep(at, to, radius, cone);
          at = to;
        }
      }
    }
  }
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

  it("makes the step's floor and wall as rs274 reads its program (decision 066)", () => {
    const { part, stock, material } = parts['plate with a step']!;
    const program = generateMillProgramForPart(job(material, stock), part);
    expect(program.summary.operations.map((operation) => operation.name)).toContain('Step 1');
    const result = runRs274('step', program.gcode);
    expect(result.status).toBe(0);
    const block = program.plan.stock;
    const model = new StockModel(block, 0.2);
    const tools = tooling.map(classifyMillTool);
    cutByRs274(result.output, model, (number) => {
      const tool = tools.find((entry) => entry.number === number)!;
      return { radius: (tool.diameterMm ?? 0) / 2, cone: coneOf(tool.kind) };
    });
    // The floor at Z-4 up to 0.1 mm from the wall, the top at Z0 up to 0.1 mm from it.
    for (const [x, y] of [
      [60.1, 10],
      [70, 25],
      [79.9, 49.9],
    ] as const)
      expect(Math.abs(model.heightAt(x, y) + 4), `floor at X${x} Y${y}`).toBeLessThanOrEqual(0.1);
    for (const [x, y] of [
      [59.9, 10],
      [40, 40],
    ] as const)
      expect(Math.abs(model.heightAt(x, y)), `top at X${x} Y${y}`).toBeLessThanOrEqual(0.005);
  });

  it('makes the golden plate as rs274 reads the LinuxCNC mill golden', () => {
    const golden = readFileSync(
      new URL('../golden/mill/post-test-plate.linuxcnc.nc', import.meta.url),
      'utf8',
    );
    const tools = goldenTooling.map(classifyMillTool);
    // The boring head is set to the Ø16 bore.
    const diameterOf = (tool: (typeof tools)[number]) =>
      tool.kind === 'boringHead' ? 16 : (tool.diameterMm ?? 0);
    const table = tools
      .map(
        (tool) => `T${tool.number} P${tool.number} Z0 D${diameterOf(tool)} ;${tool.row.toolName}`,
      )
      .join('\n');
    const result = runRs274('golden', golden, table);
    expect(result.output).not.toMatch(/error|unknown|illegal|bad /i);
    expect(result.status).toBe(0);
    const part = goldenPlate();
    const stock = { xMm: 64, yMm: 44, zMm: 12, origin: { x: -2, y: -2, z: -10 } };
    const model = new StockModel(stock, 0.2);
    cutByRs274(result.output, model, (number) => {
      const tool = tools.find((entry) => entry.number === number)!;
      return { radius: diameterOf(tool) / 2, cone: coneOf(tool.kind) };
    });
    const height = (x: number, y: number) => model.heightAt(x, y);
    const through = (z: number) => z <= -10 + 0.001;
    // Faced to Z0 away from the features, nothing cut into it.
    for (const [x, y] of [
      [3, 20],
      [30, 15],
      [57, 35],
      [40, 5],
    ] as const)
      expect(Math.abs(height(x, y)), `top at X${x} Y${y}`).toBeLessThanOrEqual(0.005);
    // The pocket's floor at Z-3 within 0.1 mm, up to 0.1 mm from its walls.
    for (const [x, y] of [
      [7, 26],
      [18, 26],
      [28.8, 26],
      [7.384, 19.384],
      [28.616, 32.616],
    ] as const)
      expect(Math.abs(height(x, y) + 3), `pocket at X${x} Y${y}`).toBeLessThanOrEqual(0.1);
    // The holes: M8 through (tapped to Ø8), Ø2.5 to 9 deep, Ø16 bored through (probed 0.1 mm
    // inside the wall, less the half diagonal of a 0.2 mm cell).
    for (const hole of part.holes) {
      const r = hole.diameterMm / 2 - 0.25;
      for (let k = 0; k < 8; k += 1) {
        const x = hole.center.x + r * Math.cos((k * Math.PI) / 4);
        const y = hole.center.y + r * Math.sin((k * Math.PI) / 4);
        const z = height(x, y);
        if (hole.through) expect(through(z), `${hole.label} at X${x} Y${y}: Z${z}`).toBe(true);
        else expect(z, `${hole.label} at X${x} Y${y}`).toBeLessThanOrEqual(-hole.depthMm + 0.1);
      }
      expect(height(hole.center.x + hole.diameterMm / 2 + 0.6, hole.center.y)).toBeGreaterThan(
        -0.005,
      );
    }
    // The outline cut free all around.
    for (let x = -0.3; x <= 60.3; x += 0.5) {
      expect(through(height(x, -0.3)), `below the outline at X${x}`).toBe(true);
      expect(through(height(x, 40.3)), `above the outline at X${x}`).toBe(true);
    }
    expect(height(30, 0.3)).toBeGreaterThan(-0.005);
  });

  it('reports an interpreter error for a program LinuxCNC does not accept', () => {
    const result = runRs274('broken', '%\nG17 G21 G90\nG1 X10 Y10 Z-1\nM30\n%\n');
    expect(result.status).not.toBe(0);
  });
});
