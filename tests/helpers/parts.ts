/**
 * Turned parts designed for the tests, as descriptions with their numbers filled in, and the
 * tooling a small CNC lathe carries for them.
 */
import type { BlueprintDescription, DiameterFeature } from '#contracts/blueprint';
import { emptyDescription } from '#contracts/blueprint';
import type { Polygon } from '#cam/geometry/polygon';
import type { ToolRow } from '#cam/tool-row';

const od = (
  diameterMm: number,
  lengthMm: number,
  extra: Partial<DiameterFeature> = {},
): DiameterFeature => ({
  diameter: `Ø${diameterMm}${extra.fit ? ` ${extra.fit}` : ''}`,
  type: 'cylinder',
  location: '',
  length: `${lengthMm} mm`,
  diameterMm,
  lengthMm,
  ...extra,
});

function part(
  overview: string,
  material: string,
  fill: (description: BlueprintDescription) => void,
): BlueprintDescription {
  const description = emptyDescription(overview);
  description.materialSpecs.material = material;
  fill(description);
  const length = description.outerDiameters.reduce(
    (sum, feature) => sum + (feature.lengthMm ?? 0),
    0,
  );
  description.dimensions.overallLength = `${length} mm`;
  description.dimensions.overallLengthMm = length;
  return description;
}

/** Stepped shaft in 4140: Ø20 h7 x 30 (1x45° chamfer at the free end), Ø30 x 40, Ø36 ±0.02 x 15. */
export const steppedShaft = part('Stepped shaft', 'AISI 4140', (description) => {
  description.outerDiameters.push(
    od(20, 30, { fit: 'h7' }),
    od(30, 40),
    od(36, 15, { tolerance: { upperMm: 0.02, lowerMm: -0.02 } }),
  );
  description.features.chamfers.push({
    dimensions: '1 x 45°',
    location: 'free end',
    sizeMm: 1,
    angleDeg: 45,
    atMm: 0,
  });
});

/** Bushing in 6061: Ø40 x 30, through bore Ø20 H7 with a 0.5x45° chamfer, 1x45° at the free end. */
export const bushing = part('Bushing', '6061-T6', (description) => {
  description.outerDiameters.push(od(40, 30));
  description.innerDiameters.push({ ...od(20, 30, { fit: 'H7' }), type: 'bore', through: true });
  description.features.chamfers.push(
    { dimensions: '1 x 45°', location: 'free end', sizeMm: 1, angleDeg: 45, atMm: 0 },
    {
      dimensions: '0.5 x 45°',
      location: 'bore mouth',
      sizeMm: 0.5,
      angleDeg: 45,
      atMm: 0,
      inner: true,
    },
  );
});

/** Pin with a thread relief groove: Ø12 x 20, groove Ø9 x 4, Ø16 x 30, in free-cutting steel. */
export const groovedPin = part('Grooved pin', '12L14', (description) => {
  description.outerDiameters.push(od(12, 20), { ...od(9, 4), type: 'groove' }, od(16, 30));
  description.features.chamfers.push({
    dimensions: '0.5 x 45°',
    location: 'free end',
    sizeMm: 0.5,
    angleDeg: 45,
    atMm: 0,
  });
});

/** Sleeve with a blind stepped bore: Ø30 x 40, bores Ø18 x 12 and Ø12 x 25 deep, in brass. */
export const blindSleeve = part('Sleeve', 'CuZn39Pb3', (description) => {
  description.outerDiameters.push(od(30, 40));
  description.innerDiameters.push({ ...od(18, 12), type: 'bore' }, { ...od(12, 25), type: 'bore' });
});

/**
 * Hydraulic adapter in free-cutting steel: M20x1.5 x 18 at the free end (1x45° chamfer) up to a
 * Ø28 shoulder, Ø28 x 12, O-ring groove Ø24 x 4, Ø28 x 14, through bore Ø10 H7, Ra 0.8. The
 * thread ends at the shoulder, so the planner adds a DIN 76 undercut.
 */
export const threadedAdapter = part('Hydraulic adapter', '11SMnPb30', (description) => {
  description.outerDiameters.push(
    { ...od(20, 18), diameter: 'M20x1.5', type: 'thread', thread: 'M20x1.5' },
    od(28, 12),
    { ...od(24, 4), type: 'groove' },
    od(28, 14),
  );
  description.innerDiameters.push({ ...od(10, 48, { fit: 'H7' }), type: 'bore', through: true });
  description.features.chamfers.push({
    dimensions: '1 x 45°',
    location: 'free end',
    sizeMm: 1,
    angleDeg: 45,
    atMm: 0,
  });
  description.surfaceFinish.raUm = 0.8;
});

/**
 * Pin with a small blind hole, in 1018: Ø12 x 15 at the free end (0.5x45° chamfer), Ø20 x 25,
 * and a Ø2.6 x 10 deep hole at the free end, smaller than any drill of `latheTooling` (issue
 * 33: the program turns and parts it off, and leaves the hole undone naming the drill). Not in
 * `testParts`: with `latheTooling` its program is incomplete.
 */
export const smallHolePin = part('Pin with a hole', '1018', (description) => {
  description.outerDiameters.push(od(12, 15), od(20, 25));
  description.innerDiameters.push({ ...od(2.6, 10), type: 'bore' });
  description.features.chamfers.push({
    dimensions: '0.5 x 45°',
    location: 'free end',
    sizeMm: 0.5,
    angleDeg: 45,
    atMm: 0,
  });
});

export const testParts = { steppedShaft, bushing, groovedPin, blindSleeve, threadedAdapter };

/** A tooling pair as the shop types it, its id made from the slot ("T1" → "tool-T1"). */
export const toolRow = (
  slot: string,
  toolType: string,
  toolName: string,
  toolDescription: string,
  toolHint = 'NOHINT',
  toolManufacturer = 'Sandvik Coromant',
): ToolRow => ({
  id: `tool-${slot}`,
  slotNumber: slot,
  toolName,
  toolDescription,
  toolType,
  toolManufacturer,
  toolHint,
});
const row = toolRow;

/** An axis-parallel rectangle from (x0, y0) to (x1, y1), counter-clockwise, mm. */
export const rectangle = (x0: number, y0: number, x1: number, y1: number): Polygon => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** The tooling of a small CNC lathe (gang or turret), enough for every test part. */
export const latheTooling: ToolRow[] = [
  row(
    'T1',
    'Turning',
    'CNMG 120408',
    'External turning, 80° rhombic insert, 0.8 mm nose radius',
    'ROUGH',
  ),
  row(
    'T2',
    'Turning',
    'DNMG 150404',
    'External profiling, 55° insert, 0.4 mm nose radius',
    'FINISH',
  ),
  row('T3', 'Cutting', 'N123G2-0300 parting blade', 'Parting and grooving blade, 3 mm wide'),
  row('T4', 'Drilling', 'Centre drill A2.5', 'Centre drill DIN 333 A, pilot Ø2.5'),
  row('T5', 'Drilling', 'Drill 8.5', 'HSS twist drill Ø8.5 mm'),
  row('T6', 'Drilling', 'Drill 16', 'HSS twist drill Ø16 mm'),
  row('T7', 'Boring', 'Boring bar CCMT 060204', 'Boring bar, min bore Ø8, 0.4 mm nose radius'),
  row('T8', 'Turning', 'Threading 16ER AG60', 'External threading insert, 60° partial profile'),
];
