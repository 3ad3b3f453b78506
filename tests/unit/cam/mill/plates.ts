/**
 * Plates, tooling and machines for the mill tests: the test plate and the small VMC's tooling
 * the planner and verifier tests share, and the demo shop's milling machines as the server
 * hands them to cam/ (their catalog model's limits, db/seed/catalog.json; their tools,
 * db/seed/demo-shop.ts).
 */
import { readFileSync } from 'node:fs';
import { offsetPolygons } from '#cam/geometry/polygon';
import type { Polygon } from '#cam/geometry/polygon';
import { readProgramText } from '#cam/jobs/finish';
import type { MillProgram } from '#cam/jobs/mill';
import type { PrismaticPart } from '#cam/prismatic/part';
import type { MachineInfo, MachineLimits, ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tool-row';
import { emptyDescription } from '#contracts/blueprint';
import { demoMachines } from '#db/seed/demo-shop';
import { rectangle, toolRow } from '#tests/helpers/parts';
import { readDxf } from '#drawings/dxf/reader';
import { blueprint } from '#tests/helpers/dxf-drawings';

/** The tooling of a small VMC, enough for the test plate. */
export const millTooling: ToolRow[] = [
  toolRow('T1', 'Facing', 'Face mill Ø50', 'CoroMill 345 face mill, 5 inserts, carbide'),
  toolRow('T2', 'Milling', 'End mill Ø10 4FL', 'Solid carbide end mill, LOC 22'),
  toolRow('T3', 'Milling', 'End mill Ø6 3FL', 'Solid carbide end mill, LOC 13'),
  toolRow('T4', 'Drilling', 'Spot drill Ø10', 'NC spot drill 90°, carbide'),
  toolRow('T5', 'Drilling', 'Drill 6.6', 'HSS-Co twist drill Ø6.6 mm'),
  toolRow('T6', 'Drilling', 'Drill 6.8', 'HSS twist drill Ø6.8 mm'),
  toolRow('T7', 'Drilling', 'Tap M8x1.25', 'HSS-E machine tap M8x1.25'),
];

export const rounded = (x0: number, y0: number, x1: number, y1: number, r: number): Polygon =>
  offsetPolygons([rectangle(x0 + r, y0 + r, x1 - r, y1 - r)], r, 0.002)[0]!;

/** 100 x 60 x 12 plate: R5 corners, a pocket, a slot, 4 x Ø6.6 through, 2 x M8 through. */
export function testPlate(): PrismaticPart {
  return {
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
        label: `Ø6.6 through at X${center.x} Y${center.y}`,
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
        label: `M8x1.25 at X${center.x} Y${center.y}`,
        center,
        diameterMm: 6.8,
        depthMm: 12,
        through: true,
        kind: 'tapped' as const,
        thread: { callout: 'M8x1.25', nominalMm: 8, pitchMm: 1.25, tapDrillMm: 6.8 },
      })),
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
  };
}

export const linuxcncMachine: MachineInfo = {
  name: 'Tormach 1100MX',
  manufacturer: 'Tormach',
  model: '1100MX',
  controllerType: 'Tormach PathPilot',
  controllerModel: 'PathPilot',
  dialect: 'linuxcnc',
  serialNumber: 'MX-1',
  maxRpm: 10000,
};

export function millJob(overrides: Partial<ProgramJob> = {}): ProgramJob {
  return {
    jobType: 'Milling',
    description: emptyDescription('Test plate'),
    material: '6061-T6',
    stock: { shape: 'block', xMm: 105, yMm: 65, zMm: 15 },
    machine: linuxcncMachine,
    tools: millTooling,
    programVersion: 1,
    partName: 'Test plate',
    ...overrides,
  };
}

interface Catalog {
  controllerModels: { key: string; name: string; controllerType: string; dialect: string }[];
  manufacturers: { key: string; name: string }[];
  models: { key: string; name: string; manufacturer: string; limits: MachineLimits }[];
}

const catalog = JSON.parse(
  readFileSync(new URL('../../../../db/seed/catalog.json', import.meta.url), 'utf8'),
) as Catalog;

/** A demo shop machine as the server hands it to cam/: catalog limits, controller, its tools. */
export function demoMill(name: string): { machine: MachineInfo; tools: ToolRow[] } {
  const demo = demoMachines.find((entry) => entry.name === name);
  if (!demo) throw new Error(`no demo machine ${name}`);
  const model = catalog.models.find((entry) => entry.key === demo.modelKey)!;
  const controller = catalog.controllerModels.find(
    (entry) => entry.key === demo.controllerModelKey,
  )!;
  const maker = catalog.manufacturers.find((entry) => entry.key === model.manufacturer);
  return {
    machine: {
      name: demo.name,
      manufacturer: maker?.name ?? model.manufacturer,
      model: model.name,
      controllerType: controller.controllerType,
      controllerModel: controller.name,
      dialect: controller.dialect,
      serialNumber: demo.serialNumber,
      ...(model.limits.maxRpm !== undefined ? { maxRpm: model.limits.maxRpm } : {}),
      limits: model.limits,
    },
    tools: demo.tools.map((tool) => ({ id: `demo-${tool.slotNumber}`, ...tool })),
  };
}

/**
 * The plate of the mill golden programs (tests/golden/mill/post-test-plate.<dialect>.nc), as
 * tests/unit/cam/post/mill-posts.test.ts makes it: 60 x 40 x 10 (square corners), a 20 x 12
 * pocket R4 3 deep, two M8 through, a Ø2.5 x 9 deep hole (pecked) and a Ø16 ±0.01 bore (fine
 * bored), from a 64 x 44 x 12 block of AISI 1045, program version 3.
 */
export function goldenPlate(): PrismaticPart {
  return {
    outline: rectangle(0, 0, 60, 40),
    thicknessMm: 10,
    thicknessSource: 'drawing',
    holes: [
      ...[
        { x: 8, y: 8 },
        { x: 52, y: 8 },
      ].map((center) => ({
        label: `M8x1.25 at X${center.x} Y${center.y}`,
        center,
        diameterMm: 6.8,
        depthMm: 10,
        through: true,
        kind: 'tapped' as const,
        thread: { callout: 'M8x1.25', nominalMm: 8, pitchMm: 1.25, tapDrillMm: 6.8 },
      })),
      {
        label: 'Ø2.5 x 9 deep',
        center: { x: 30, y: 6 },
        diameterMm: 2.5,
        depthMm: 9,
        through: false,
        kind: 'blind',
      },
      {
        label: 'Ø16 ±0.01',
        center: { x: 45, y: 28 },
        diameterMm: 16,
        depthMm: 10,
        through: true,
        kind: 'through',
        tolerance: { upperMm: 0.01, lowerMm: -0.01 },
      },
    ],
    pockets: [
      {
        label: 'Pocket 1',
        outline: offsetPolygons([rectangle(10, 22, 26, 30)], 4, 0.002)[0]!,
        depthMm: 3,
        through: false,
        islands: [],
      },
    ],
    slots: [],
    generalToleranceMm: 0.1,
    notModelled: [],
  };
}

/** The tooling of the golden programs. */
export const goldenTooling: ToolRow[] = [
  ...millTooling,
  toolRow('T8', 'Drilling', 'Drill 2.5', 'HSS twist drill Ø2.5 mm, flute length 30'),
  toolRow('T9', 'Boring', 'Boring head', 'Fine boring head Ø10-Ø40'),
];

/** The machine of each golden program's dialect (no catalog limits, as the golden test has it). */
export const goldenMachines: Record<'linuxcnc' | 'fanuc' | 'haas' | 'sinumerik', MachineInfo> = {
  linuxcnc: linuxcncMachine,
  fanuc: {
    name: 'Robodrill',
    manufacturer: 'Fanuc',
    model: 'α-D21MiB5',
    controllerType: 'Fanuc',
    controllerModel: 'Fanuc 0i-MF Plus',
    dialect: 'fanuc',
    serialNumber: 'RD-1',
    maxRpm: 10000,
  },
  haas: {
    name: 'VF-2',
    manufacturer: 'Haas Automation',
    model: 'VF-2',
    controllerType: 'Haas',
    controllerModel: 'Haas NGC',
    dialect: 'haas',
    serialNumber: 'VF-1',
    maxRpm: 8100,
  },
  sinumerik: {
    name: 'DMU 50',
    manufacturer: 'DMG Mori',
    model: 'DMU 50',
    controllerType: 'Siemens',
    controllerModel: 'Sinumerik 840D sl',
    dialect: 'sinumerik',
    serialNumber: 'DMU-1',
    maxRpm: 14000,
  },
};

/** The job of a golden program. */
export const goldenJob = (dialect: keyof typeof goldenMachines): ProgramJob => ({
  jobType: 'Milling',
  description: emptyDescription('Post test plate'),
  material: 'AISI 1045',
  stock: { shape: 'block', xMm: 64, yMm: 44, zMm: 12 },
  machine: goldenMachines[dialect],
  tools: goldenTooling,
  programVersion: 3,
  partName: 'Post test plate',
});

/** Room a tool's edge may take beyond the stock to approach and leave it, mm. */
export const approachMm = 3;

/**
 * The moves of a milling program that leave the stock's XY: each move's tool centre read back
 * from the G-code must lie within the stock grown by its tool's radius and {@link approachMm}.
 * @returns one sentence per move that does not ("line 40: T1 at X-40 Y2"), none when all do
 */
export function movesBeyondStock(program: MillProgram): string[] {
  const { stock, operations } = program.plan;
  const radius = new Map(operations.map((op) => [op.tool.number, (op.tool.diameterMm ?? 0) / 2]));
  const read = readProgramText({ dialect: program.dialect, machineKind: 'mill' }, program.gcode);
  const beyond: string[] = [];
  for (const event of read.events) {
    if (event.type !== 'motion' || event.tool === null) continue;
    const room = (radius.get(event.tool) ?? 0) + approachMm + 1e-6;
    const { x, y } = event.to;
    if (
      x < stock.origin.x - room ||
      x > stock.origin.x + stock.xMm + room ||
      y < stock.origin.y - room ||
      y > stock.origin.y + stock.yMm + room
    )
      beyond.push(`line ${event.line}: T${event.tool} at X${x} Y${y}`);
  }
  return beyond;
}

/**
 * FLH-001.dxf (../shared/blueprints/mill-edm) as read, milled from a 180 x 80 x 10 block of
 * AISI 1045 on the demo mill `name` with its tools.
 */
export function flh001Job(name: string): ProgramJob {
  const { description } = readDxf(blueprint('mill-edm/FLH-001.dxf'), 'FLH-001.dxf');
  const { machine, tools } = demoMill(name);
  return {
    jobType: 'Milling',
    description,
    material: 'AISI 1045',
    stock: { shape: 'block', xMm: 180, yMm: 80, zMm: 10 },
    machine,
    tools,
    programVersion: 1,
    partName: 'FLH-001',
  };
}
