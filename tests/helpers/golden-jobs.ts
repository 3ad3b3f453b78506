/**
 * The jobs behind the golden programs (tests/golden), shared by the tests that compare them line
 * by line and the tests that read them back with LinuxCNC's rs274.
 */
import { readFileSync } from 'node:fs';
import { emptyDescription } from '#contracts/blueprint';
import { millPostFor } from '#cam/post/mill/index';
import type { MachineInfo, MachineLimits, ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tool-row';
import { goldenPlate } from '#tests/unit/cam/mill/plates';
import { latheTooling, testParts, toolRow } from './parts.ts';

/** The machine of each golden lathe program, with its catalog model (whose limits it runs within). */
export const goldenLatheMachines = {
  linuxcnc: ['Tormach PathPilot', 'PathPilot', 'Tormach', '15L Slant-PRO', 'tormach-15l-slant-pro'],
  fanuc: ['Fanuc', 'Fanuc 0i-TF Plus', 'DN Solutions', 'Lynx 2100', 'dn-solutions-lynx-2100'],
  haas: ['Haas', 'Haas NGC', 'Haas Automation', 'ST-10', 'haas-st-10'],
  sinumerik: ['Siemens', 'Sinumerik 840D sl', 'DMG MORI', 'CLX 350', 'dmg-mori-clx-350'],
  okuma: ['Okuma', 'OSP-P300LA', 'Okuma', 'LB3000 EX II', 'okuma-lb3000-ex-ii'],
} as const;
export type GoldenLatheDialect = keyof typeof goldenLatheMachines;

const catalog = JSON.parse(
  readFileSync(new URL('../../db/seed/catalog.json', import.meta.url), 'utf8'),
) as { models: { key: string; limits: MachineLimits }[] };

/** A catalog model's limits by its key. */
export const catalogLimits = (key: string): MachineLimits =>
  catalog.models.find((model) => model.key === key)!.limits;

/** The hydraulic adapter (thread, groove, undercut, bore) on the golden machine of a dialect. */
export function goldenLatheJob(dialect: GoldenLatheDialect): ProgramJob {
  const [controllerType, controllerModel, manufacturer, model, key] = goldenLatheMachines[dialect];
  return {
    description: testParts.threadedAdapter,
    material: '11SMnPb30',
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: 30, lengthMm: 90 },
    machine: {
      name: 'Golden lathe',
      serialNumber: 'G-1',
      dialect,
      controllerType,
      controllerModel,
      manufacturer,
      model,
      limits: catalogLimits(key),
    },
    tools: latheTooling,
    programVersion: 1,
    partName: 'Hydraulic adapter HA-20',
  };
}

/** The mill tooling of the golden plate programs. */
export const goldenMillTooling: ToolRow[] = [
  toolRow('T1', 'Facing', 'Face mill Ø50', 'CoroMill 345 face mill, 5 inserts, carbide'),
  toolRow('T2', 'Milling', 'End mill Ø10 4FL', 'Solid carbide end mill, LOC 22'),
  toolRow('T3', 'Milling', 'End mill Ø6 3FL', 'Solid carbide end mill, LOC 13'),
  toolRow('T4', 'Drilling', 'Spot drill Ø10', 'NC spot drill 90°, carbide'),
  toolRow('T5', 'Drilling', 'Drill 6.6', 'HSS-Co twist drill Ø6.6 mm'),
  toolRow('T6', 'Drilling', 'Drill 6.8', 'HSS twist drill Ø6.8 mm'),
  toolRow('T7', 'Drilling', 'Tap M8x1.25', 'HSS-E machine tap M8x1.25'),
  toolRow('T8', 'Drilling', 'Drill 2.5', 'HSS twist drill Ø2.5 mm, flute length 30'),
  toolRow('T9', 'Boring', 'Boring head', 'Fine boring head Ø10-Ø40'),
];

/** The plate of the golden mill programs (the same plate as tests/unit/cam/mill/plates.ts). */
export const goldenMillPlate = goldenPlate;

/** The machine of each golden mill program, by dialect. */
export const goldenMillMachines: Record<string, MachineInfo> = {
  linuxcnc: {
    name: 'Tormach 1100MX',
    manufacturer: 'Tormach',
    model: '1100MX',
    controllerType: 'Tormach PathPilot',
    controllerModel: 'PathPilot',
    dialect: 'linuxcnc',
    serialNumber: 'MX-1',
    maxRpm: 10000,
  },
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
  okuma: {
    name: 'GENOS M560-V',
    manufacturer: 'Okuma',
    model: 'GENOS M560-V',
    controllerType: 'okuma',
    controllerModel: 'OSP-P300MA',
    dialect: 'okuma',
    serialNumber: 'M560-1',
    maxRpm: 15000,
  },
  heidenhain: {
    name: 'DMU 50',
    manufacturer: 'DMG Mori',
    model: 'DMU 50',
    controllerType: 'heidenhain',
    controllerModel: 'TNC 640',
    dialect: 'heidenhain',
    serialNumber: 'DMU-2',
    maxRpm: 14000,
  },
};

/** The golden file's extension of a dialect: the post's own ('.h' for Heidenhain). */
export const goldenMillExtension = (dialect: string) =>
  millPostFor(dialect)?.fileExtension ?? '.nc';

/** The job behind the golden mill program of a dialect (the plate is {@link goldenMillPlate}). */
export const goldenMillJob = (dialect: string): ProgramJob => ({
  jobType: 'Milling',
  description: emptyDescription('Post test plate'),
  material: 'AISI 1045',
  stock: { shape: 'block', xMm: 64, yMm: 44, zMm: 12 },
  machine: goldenMillMachines[dialect]!,
  tools: goldenMillTooling,
  programVersion: 3,
  partName: 'Post test plate',
});
