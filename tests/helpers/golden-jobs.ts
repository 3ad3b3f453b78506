/**
 * The jobs behind the golden programs (tests/golden), shared by the tests that compare them line
 * by line and the tests that read them back with LinuxCNC's rs274.
 */
import { readFileSync } from 'node:fs';
import type { MachineLimits, ProgramJob } from '#cam/program';
import { latheTooling, testParts } from './parts.ts';

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
