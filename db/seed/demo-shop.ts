/**
 * The demo shop's data: the organization and its admin, and a machine of every job type and
 * dialect (lathes on PathPilot, Haas NGC, Fanuc and Sinumerik; mills on the same four; a wire
 * and a sinker EDM), each loaded with the tools a shop would keep in it. The seeding
 * (server/demo-shop.ts) adds them in this order; the models and controller models are catalog
 * keys (db/seed/catalog.json).
 */
import type { ToolFields, ToolType } from '#contracts/shop';

export const demoShop = {
  organization: 'Demo Machine Shop',
  email: 'demo@qbot.local',
  firstName: 'Demo',
  lastName: 'Admin',
} as const;

/** A tool row as the shop types it (the six fields of a tooling pair). */
export type DemoTool = ToolFields;

/** A demo machine: catalog keys of its model and controller model, and its tools in slot order. */
export interface DemoMachine {
  modelKey: string;
  controllerModelKey: string;
  name: string;
  serialNumber: string;
  tools: DemoTool[];
}

const tormachTools: DemoTool[] = [
  {
    slotNumber: 'T1',
    toolName: 'CNMG 120408',
    toolDescription: 'External turning, 80° rhombic insert, 0.8 mm nose radius, MCLNR holder',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'ROUGH',
  },
  {
    slotNumber: 'T2',
    toolName: 'DCMT 11T304',
    toolDescription: 'External profiling, 55° insert, 0.4 mm nose radius, SDJCR holder',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'FINISH',
  },
  {
    slotNumber: 'T3',
    toolName: 'Parting blade 3 mm',
    toolDescription: 'QD parting and grooving blade, 3 mm wide, 19 mm max depth',
    toolType: 'Cutting',
    toolManufacturer: 'Tormach',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T4',
    toolName: 'Centre drill A2.5',
    toolDescription: 'Centre drill DIN 333 A, pilot Ø2.5, body Ø6.3',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T5',
    toolName: 'Drill 8.5',
    toolDescription: 'HSS twist drill Ø8.5 mm, 118° point',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T6',
    toolName: 'Drill 12.5',
    toolDescription: 'HSS twist drill Ø12.5 mm, 118° point',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T7',
    toolName: 'Boring bar CCMT 060204',
    toolDescription: 'Boring bar Ø8, min bore Ø10, 0.4 mm nose radius',
    toolType: 'Boring',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T8',
    toolName: 'DGN 2002J',
    toolDescription: 'Grooving insert, 2 mm wide, 12 mm max depth, for O-ring and relief grooves',
    toolType: 'Cutting',
    toolManufacturer: 'Iscar',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T9',
    toolName: 'Threading 16ER AG60',
    toolDescription: 'External threading insert, 60° partial profile, 0.5 to 3 mm pitch',
    toolType: 'Cutting',
    toolManufacturer: 'Iscar',
    toolHint: 'NOHINT',
  },
];

const haasTools: DemoTool[] = [
  {
    slotNumber: 'T1',
    toolName: 'CNMG 120408',
    toolDescription: 'External turning, 80° rhombic insert, 0.8 mm nose radius, PCLNR 2525M12',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'ROUGH',
  },
  {
    slotNumber: 'T2',
    toolName: 'VNMG 160404',
    toolDescription: 'External profiling, 35° insert, 0.4 mm nose radius, SVJBR 2525M16',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'FINISH',
  },
  {
    slotNumber: 'T3',
    toolName: 'N123G2-0300 parting',
    toolDescription: 'CoroCut parting and grooving insert, 3 mm wide',
    toolType: 'Cutting',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T4',
    toolName: 'N123E2-0200 grooving',
    toolDescription: 'CoroCut grooving insert, 2 mm wide',
    toolType: 'Slotting',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T5',
    toolName: 'Centre drill A3.15',
    toolDescription: 'Centre drill DIN 333 A, pilot Ø3.15, body Ø8',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T6',
    toolName: 'Drill 10',
    toolDescription: 'Carbide twist drill Ø10 mm, through coolant',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T7',
    toolName: 'Drill 16',
    toolDescription: 'HSS twist drill Ø16 mm, 118° point',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T8',
    toolName: 'Boring bar CCMT 09T304',
    toolDescription: 'Boring bar S12M, min bore Ø16, 0.4 mm nose radius',
    toolType: 'Boring',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T9',
    toolName: 'Threading 16ER AG60',
    toolDescription: 'External threading insert, 60° partial profile, 0.5 to 3 mm pitch',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
];

/** Slot, name, description, type and manufacturer of a tool (its hint is NOHINT). */
type MillRow = [string, string, string, ToolType, string];
/** Slot, name, description, type and hint of a tool (its manufacturer is Sandvik Coromant). */
type TurretRow = [string, string, string, ToolType, string];

/** The tools a small job shop keeps in its machining centres (the same set in each demo mill). */
const millRows: MillRow[] = [
  [
    'T1',
    'Face mill Ø50',
    'Indexable face mill Ø50 mm, 5 inserts, 45° lead',
    'Facing',
    'Sandvik Coromant',
  ],
  [
    'T2',
    'End mill Ø10',
    'Carbide end mill Ø10 mm, 3 flutes, 22 mm flute length',
    'Milling',
    'Garr Tool',
  ],
  [
    'T3',
    'End mill Ø6',
    'Carbide end mill Ø6 mm, 3 flutes, 13 mm flute length',
    'Milling',
    'Garr Tool',
  ],
  [
    'T4',
    'End mill Ø2',
    'Carbide end mill Ø2 mm, 2 flutes, 6 mm flute length',
    'Milling',
    'Harvey Tool',
  ],
  ['T5', 'Spot drill Ø10', 'Carbide spot drill Ø10 mm, 90° point', 'Drilling', 'Guhring'],
  ['T6', 'Drill 6.6', 'HSS-Co twist drill Ø6.6 mm, 118° point', 'Drilling', 'Guhring'],
  [
    'T7',
    'Drill 6.8',
    'HSS-Co twist drill Ø6.8 mm, 118° point (M8 tap drill)',
    'Drilling',
    'Guhring',
  ],
  ['T8', 'Tap M8x1.25', 'Spiral flute machine tap M8x1.25, rigid tapping', 'Drilling', 'Emuge'],
  ['T9', 'Drill 8.4', 'HSS-Co twist drill Ø8.4 mm, 118° point', 'Drilling', 'Guhring'],
  ['T10', 'Drill 13', 'HSS-Co twist drill Ø13 mm, 118° point', 'Drilling', 'Guhring'],
  ['T11', 'Drill 2', 'Carbide twist drill Ø2 mm, 140° point', 'Drilling', 'Guhring'],
  ['T12', 'Chamfer mill Ø12', 'Carbide chamfer mill Ø12 mm, 90°', 'Chamfer', 'Harvey Tool'],
];
const millTools: DemoTool[] = millRows.map(
  ([slotNumber, toolName, toolDescription, toolType, toolManufacturer]) => ({
    slotNumber,
    toolName,
    toolDescription,
    toolType,
    toolManufacturer,
    toolHint: 'NOHINT',
  }),
);

/** A Fanuc or Sinumerik turning centre's turret. */
const turretRows: TurretRow[] = [
  [
    'T1',
    'CNMG 120408',
    'External turning, 80° rhombic insert, 0.8 mm nose radius, PCLNR 2525M12',
    'Turning',
    'ROUGH',
  ],
  [
    'T2',
    'VNMG 160404',
    'External profiling, 35° insert, 0.4 mm nose radius, SVJBR 2525M16',
    'Turning',
    'FINISH',
  ],
  [
    'T3',
    'N123G2-0300 parting',
    'CoroCut parting and grooving insert, 3 mm wide',
    'Cutting',
    'NOHINT',
  ],
  ['T4', 'N123E2-0200 grooving', 'CoroCut grooving insert, 2 mm wide', 'Slotting', 'NOHINT'],
  ['T5', 'Centre drill A2.5', 'Centre drill DIN 333 A, pilot Ø2.5', 'Drilling', 'NOHINT'],
  ['T6', 'Drill 8.5', 'Carbide drill Ø8.5 mm', 'Drilling', 'NOHINT'],
  [
    'T7',
    'Threading 266RG-16MM01A150M',
    'External threading insert, 60°, 1.5 mm pitch',
    'Turning',
    'NOHINT',
  ],
  [
    'T8',
    'Boring bar CCMT 09T304',
    'Boring bar S12M, min bore Ø16, 0.4 mm nose radius',
    'Boring',
    'NOHINT',
  ],
];
const turretTools: DemoTool[] = turretRows.map(
  ([slotNumber, toolName, toolDescription, toolType, toolHint]) => ({
    slotNumber,
    toolName,
    toolDescription,
    toolType,
    toolManufacturer: 'Sandvik Coromant',
    toolHint,
  }),
);

const wireTools: DemoTool[] = [
  {
    slotNumber: 'T1',
    toolName: 'Brass wire 0.25',
    toolDescription: 'Hard brass wire Ø0.25 mm',
    toolType: 'Electrical Discharge Machining',
    toolManufacturer: 'Mitsubishi Electric',
    toolHint: 'NOHINT',
  },
];

/** Slot, name and description of an electrode. */
const sinkerRows: [string, string, string][] = [
  [
    'T1',
    'Graphite electrode Ø12.6',
    'Round graphite electrode Ø12.6 mm, undersize 0.2 mm per side (for Ø13 holes)',
  ],
  [
    'T2',
    'Graphite electrode 19.6 x 9.6',
    'Rectangular graphite electrode 19.6 x 9.6 mm, undersize 0.2 mm per side (for 20 x 10 pockets)',
  ],
  [
    'T3',
    'Copper electrode Ø1.8',
    'Round copper electrode Ø1.8 mm, undersize 0.1 mm per side (for Ø2 holes)',
  ],
];
const sinkerTools: DemoTool[] = sinkerRows.map(([slotNumber, toolName, toolDescription]) => ({
  slotNumber,
  toolName,
  toolDescription,
  toolType: 'Electrical Discharge Machining',
  toolManufacturer: 'Poco Graphite',
  toolHint: 'NOHINT',
}));

/** The demo machines, in the order they are added: one of each dialect and job type. */
export const demoMachines: DemoMachine[] = [
  {
    modelKey: 'tormach-15l-slant-pro',
    controllerModelKey: 'tormach-pathpilot',
    name: 'Tormach 15L Slant-PRO',
    serialNumber: 'DEMO-15L-001',
    tools: tormachTools,
  },
  {
    modelKey: 'haas-st-10',
    controllerModelKey: 'haas-ngc',
    name: 'Haas ST-10',
    serialNumber: 'DEMO-ST10-001',
    tools: haasTools,
  },
  {
    modelKey: 'tormach-1100mx',
    controllerModelKey: 'tormach-pathpilot',
    name: 'Tormach 1100MX',
    serialNumber: 'DEMO-1100MX-001',
    tools: millTools,
  },
  {
    modelKey: 'haas-vf-2',
    controllerModelKey: 'haas-ngc',
    name: 'Haas VF-2',
    serialNumber: 'DEMO-VF2-001',
    tools: millTools,
  },
  {
    modelKey: 'dn-solutions-dnm-4500',
    controllerModelKey: 'fanuc-0i-mf-plus',
    name: 'DN Solutions DNM 4500',
    serialNumber: 'DEMO-DNM4500-001',
    tools: millTools,
  },
  {
    modelKey: 'dmg-mori-dmu-50',
    controllerModelKey: 'sinumerik-840d-sl',
    name: 'DMG MORI DMU 50',
    serialNumber: 'DEMO-DMU50-001',
    tools: millTools,
  },
  {
    modelKey: 'dn-solutions-puma-2600',
    controllerModelKey: 'fanuc-0i-tf-plus',
    name: 'DN Solutions PUMA 2600',
    serialNumber: 'DEMO-PUMA2600-001',
    tools: turretTools,
  },
  {
    modelKey: 'dn-solutions-lynx-2100',
    controllerModelKey: 'sinumerik-828d',
    name: 'DN Solutions Lynx 2100',
    serialNumber: 'DEMO-LYNX2100-001',
    tools: turretTools,
  },
  {
    modelKey: 'okuma-lb3000-ex-ii',
    controllerModelKey: 'okuma-osp-p300la',
    name: 'Okuma LB3000 EX II',
    serialNumber: 'DEMO-LB3000-001',
    tools: turretTools,
  },
  {
    modelKey: 'okuma-genos-m560-v',
    controllerModelKey: 'okuma-osp-p300ma',
    name: 'Okuma GENOS M560-V',
    serialNumber: 'DEMO-M560V-001',
    tools: millTools,
  },
  {
    modelKey: 'dmg-mori-dmu-65-monoblock',
    controllerModelKey: 'heidenhain-tnc-640',
    name: 'DMG MORI DMU 65 monoBLOCK',
    serialNumber: 'DEMO-DMU65-001',
    tools: millTools,
  },
  {
    modelKey: 'mitsubishi-electric-mv2400s',
    controllerModelKey: 'mitsubishi-electric-d-cubes',
    name: 'Mitsubishi MV2400S',
    serialNumber: 'DEMO-MV2400S-001',
    tools: wireTools,
  },
  {
    modelKey: 'sodick-ag40l',
    controllerModelKey: 'sodick-sinker-edm-control',
    name: 'Sodick AG40L',
    serialNumber: 'DEMO-AG40L-001',
    tools: sinkerTools,
  },
];
