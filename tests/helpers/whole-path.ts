/**
 * The whole path's pieces for generated plates (tests/integration/whole-path-plates.test.ts):
 * the part the generator drew as the CAM core models it, a job shop's tooling, the job from a
 * reading, and the independent check of a program against the drawn part.
 */
import {
  counterClockwise,
  intersection,
  offsetPolygons,
  type Polygon,
} from '#cam/geometry/polygon';
import { interpretProgram } from '#cam/gcode/interpreter';
import { generateProgram } from '#cam/jobs/generate';
import { millVerificationInput, postMillJobForPart } from '#cam/jobs/mill';
import { classifyMillTool } from '#cam/mill/tooling';
import type { Hole, PrismaticPart } from '#cam/prismatic/part';
import { stepEdgeOf } from '#cam/prismatic/steps';
import { defaultGeneralToleranceMm, generalToleranceOf } from '#cam/prismatic/tolerances';
import type { GeneratedProgram, ProgramJob, ProgramReport } from '#cam/program';
import { verifyMillEvents } from '#cam/verify/mill/index';
import type { BlueprintDescription } from '#contracts/blueprint';
import { readDrawing } from '#drawings/read';
import { sheetToDxf } from './drawings/dxf.ts';
import type { GeneratedPart, HoleGroup, PlatePart, RoundedRectangle } from './drawings/parts.ts';
import { svgToPng } from './drawings/raster.ts';
import { svgToPdf } from './drawings/pdf.ts';
import { asModelled, partToStep } from './drawings/step.ts';
import { buildSheet, plainStyle, type DrawingStyle } from './drawings/sheet.ts';
import { sheetToSvg } from './drawings/svg.ts';
import { rectangle, toolRow } from './parts.ts';

/**
 * What a job shop keeps in a small VMC: a face mill, end mills from Ø2 to Ø12 with standard and
 * long flutes, a spot drill and a drill for each clearance size the generator draws (ISO 273
 * medium: M4 4.5, M5 5.5, M6 6.6, M8 9, M10 11).
 */
export const shopTooling = [
  toolRow('T1', 'Facing', 'Face mill Ø50', 'Indexable face mill Ø50 mm, 5 inserts, 45° lead'),
  toolRow('T2', 'Milling', 'End mill Ø12', 'Carbide end mill Ø12 mm, 3 flutes, 36 mm flute length'),
  toolRow('T3', 'Milling', 'End mill Ø8', 'Carbide end mill Ø8 mm, 3 flutes, 30 mm flute length'),
  toolRow('T4', 'Milling', 'End mill Ø6', 'Carbide end mill Ø6 mm, 3 flutes, 28 mm flute length'),
  toolRow('T5', 'Milling', 'End mill Ø4', 'Carbide end mill Ø4 mm, 3 flutes, 16 mm flute length'),
  toolRow('T6', 'Milling', 'End mill Ø2', 'Carbide end mill Ø2 mm, 2 flutes, 8 mm flute length'),
  toolRow('T7', 'Drilling', 'Spot drill Ø10', 'Carbide spot drill Ø10 mm, 90° point'),
  ...[4.5, 5.5, 6.6, 9, 11].map((d, i) =>
    toolRow(
      `T${8 + i}`,
      'Drilling',
      `Drill ${d}`,
      `HSS-Co twist drill Ø${d} mm, 118° point, 45 mm flute length`,
    ),
  ),
];

/**
 * The shop's tooling with what a plate's tapped, counterbored and countersunk holes need
 * (plate-part.ts `holeKinds`): a tap drill for each thread the generator draws (ISO 2306: M4
 * 3.3, M5 4.2, M6 5, M8 6.8, M10 8.5), a machine tap for each (ISO 261 coarse pitch) and a 90°
 * countersink (DIN 335 C) wide enough for the ISO 15065 countersinks up to M10 (Ø20). The
 * counterbores are milled with the end mills.
 */
export const holeShopTooling = [
  ...shopTooling,
  ...[3.3, 4.2, 5, 6.8, 8.5].map((d, i) =>
    toolRow(
      `T${13 + i}`,
      'Drilling',
      `Drill ${d}`,
      `HSS-Co twist drill Ø${d} mm, 118° point, 45 mm flute length`,
    ),
  ),
  ...(
    [
      [4, 0.7],
      [5, 0.8],
      [6, 1],
      [8, 1.25],
      [10, 1.5],
    ] as const
  ).map(([major, pitch], i) =>
    toolRow(
      `T${18 + i}`,
      'Tapping',
      `Tap M${major}x${pitch}`,
      `HSS-E machine tap M${major}x${pitch}, spiral flute, ISO 529`,
    ),
  ),
  toolRow('T23', 'Drilling', 'Countersink Ø20.5', 'HSS countersink Ø20.5 mm 90°, DIN 335 C'),
];

const machine = {
  name: 'Tormach 1100MX',
  manufacturer: 'Tormach',
  model: '1100MX',
  controllerType: 'Tormach PathPilot',
  controllerModel: 'PathPilot',
  dialect: 'linuxcnc',
  serialNumber: 'MX-1',
  maxRpm: 10000,
};

const rounded = (box: RoundedRectangle, unit: number): Polygon => {
  const [x0, y0, x1, y1] = [box.x, box.y, box.x + box.width, box.y + box.height].map(
    (v) => v * unit,
  ) as [number, number, number, number];
  const r = box.cornerRadius * unit;
  if (r <= 0) return rectangle(x0, y0, x1, y1);
  return offsetPolygons([rectangle(x0 + r, y0 + r, x1 - r, y1 - r)], r, 0.002)[0]!;
};

/**
 * A hole group as the CAM core models its holes, mm: through or blind; tapped (drilled to its
 * tap drill, through or 3 pitches deeper than a blind thread, and threaded); counterbored;
 * countersunk.
 */
function holeOf(
  group: HoleGroup,
  unit: number,
  thicknessMm: number,
): Omit<Hole, 'label' | 'center'> {
  const diameterMm = group.diameter * unit;
  if (group.thread) {
    const { designation, major, pitch, depth } = group.thread;
    const threadDepthMm = depth === undefined ? thicknessMm : depth * unit;
    const depthMm = depth === undefined ? thicknessMm : (depth + 3 * pitch) * unit;
    return {
      diameterMm,
      depthMm,
      through: depth === undefined,
      kind: 'tapped',
      thread: {
        callout: `${designation}x${pitch}`,
        nominalMm: major * unit,
        pitchMm: pitch * unit,
        tapDrillMm: diameterMm,
      },
      threadDepthMm,
    };
  }
  if (group.counterbore)
    return {
      diameterMm,
      depthMm: thicknessMm,
      through: true,
      kind: 'counterbored',
      counterbore: {
        diameterMm: group.counterbore.diameter * unit,
        depthMm: group.counterbore.depth * unit,
      },
    };
  if (group.countersink)
    return {
      diameterMm,
      depthMm: thicknessMm,
      through: true,
      kind: 'countersunk',
      countersink: {
        diameterMm: group.countersink.diameter * unit,
        angleDeg: group.countersink.angleDeg,
      },
    };
  if (group.depth !== undefined)
    return { diameterMm, depthMm: group.depth * unit, through: false, kind: 'blind' };
  return { diameterMm, depthMm: thicknessMm, through: true, kind: 'through' };
}

/** The part the generator drew, in mm, as the CAM core models plates. */
export function truthPart(plate: PlatePart): PrismaticPart {
  const unit = plate.units === 'inch' ? 25.4 : 1;
  const thicknessMm = plate.thickness * unit;
  const outline = rounded(
    { x: 0, y: 0, width: plate.width, height: plate.height, cornerRadius: plate.cornerRadius },
    unit,
  );
  const steps = plate.step
    ? (() => {
        const x0 = (plate.width - plate.step.width) * unit;
        const box = rectangle(x0, -1, plate.width * unit + 1, plate.height * unit + 1);
        const region = counterClockwise(intersection([outline], [box])[0]!);
        return [
          {
            label: 'Step 1',
            region,
            edge: stepEdgeOf(region, outline)!,
            depthMm: plate.step.depth * unit,
          },
        ];
      })()
    : [];
  return {
    outline,
    thicknessMm,
    thicknessSource: 'drawing',
    holes: plate.holes.flatMap((group) =>
      group.centres.map((centre) => ({
        label: `Ø${group.diameter * unit} at X${centre.x * unit} Y${centre.y * unit}`,
        center: { x: centre.x * unit, y: centre.y * unit },
        ...holeOf(group, unit, thicknessMm),
      })),
    ),
    pockets: [
      ...plate.pockets.map((pocket, index) => ({
        label: `Pocket ${index + 1}`,
        outline: rounded(pocket, unit),
        depthMm: pocket.depth * unit,
        through: false,
        islands: pocket.island ? [rounded(pocket.island, unit).slice().reverse()] : [],
      })),
      ...(plate.cutOut
        ? [
            {
              label: 'Cut-out 1',
              outline: rounded(plate.cutOut, unit),
              depthMm: thicknessMm,
              through: true,
              islands: [],
            },
          ]
        : []),
    ],
    slots: [],
    ...(steps.length > 0 ? { steps } : {}),
    // The general tolerance the drawing writes, as the CAM core reads it from a description (the
    // ISO 2768 value for the part's largest size); it used to be 0.1 mm whatever the drawing said,
    // so that a corner the drawing allows was found wrong on plates drawn to 2768-m or -c.
    generalToleranceMm:
      generalToleranceOf(
        plate.generalTolerance,
        Math.max(plate.width, plate.height, plate.thickness) * unit,
      ) ?? defaultGeneralToleranceMm,
    notModelled: [],
  };
}

/** The milling job of a plate read as `description`, with `tools` (the shop's by default). */
export function jobFor(
  plate: PlatePart,
  description: BlueprintDescription,
  tools = shopTooling,
): ProgramJob {
  const unit = plate.units === 'inch' ? 25.4 : 1;
  return {
    jobType: 'Milling',
    description,
    material: 'EN AW-6082',
    stock: {
      shape: 'block',
      xMm: Math.ceil(plate.width * unit + 10),
      yMm: Math.ceil(plate.height * unit + 10),
      zMm: Math.ceil(plate.thickness * unit + 2),
    },
    machine,
    tools,
    programVersion: 1,
    partName: 'Generated plate',
  };
}

/**
 * The program's moves verified against the drawn part, nothing excused: what the plan of the
 * true part would be held to, without its 'not programmed' entries.
 */
export function independentCheck(
  generated: GeneratedProgram,
  plate: PlatePart,
  job: ProgramJob,
): ProgramReport {
  const truth = postMillJobForPart(job, truthPart(plate));
  const input = millVerificationInput(
    truth.plan,
    'linuxcnc',
    job.tools.map(classifyMillTool),
    machine,
  );
  const strict = {
    ...input,
    holes: input.holes.map(({ gap: _gap, tapGap: _tapGap, ...hole }) => hole),
    pockets: input.pockets.map(({ gap: _gap, ...pocket }) => pocket),
    otherGaps: [],
    // The program's own operations (its tool calls are counted against them).
    operations: generated.summary.operations.map(({ name, tool }) => ({ name, tool })),
  };
  delete (strict as { outlineGap?: string }).outlineGap;
  delete (strict as { faceGap?: string }).faceGap;
  const events = interpretProgram(generated.gcode.split('\n'), {
    dialect: 'linuxcnc',
    machine: 'mill',
  });
  return verifyMillEvents(events, strict);
}

/**
 * A drawing file of a sheet's part, and the part as the file shows it when that is less than
 * the generator drew (a STEP model has no tolerances or threads): the program is checked
 * against `shows` when given, else against the drawn part.
 */
export type Reading = (sheet: ReturnType<typeof buildSheet>) => Promise<{
  fileName: string;
  type: 'dxf' | 'pdf' | 'step' | 'png';
  bytes: Buffer;
  shows?: GeneratedPart;
}>;

export const readers: Record<string, Reading> = {
  DXF: async (sheet) => ({
    fileName: 'generated.dxf',
    type: 'dxf',
    bytes: Buffer.from(sheetToDxf(sheet)),
  }),
  'vector PDF': async (sheet) => ({
    fileName: 'generated.pdf',
    type: 'pdf',
    bytes: await svgToPdf(sheetToSvg(sheet)),
  }),
  STEP: async (sheet) => ({
    fileName: 'generated.step',
    type: 'step',
    bytes: Buffer.from(partToStep(sheet.part)),
    shows: asModelled(sheet.part),
  }),
};

/**
 * The sheet plotted as a 150 dpi PNG, as a scan of a clean print: read by the image reader
 * (line work and OCR), slower than the others, so kept apart from `readers`.
 */
export const rasterReaders: Record<string, Reading> = {
  PNG: async (sheet) => ({
    fileName: 'generated.png',
    type: 'png',
    bytes: svgToPng(sheetToSvg(sheet), 150),
  }),
};

type Generated = ReturnType<typeof generateProgram>;

/**
 * A plate drawn (in `style` over the plain one), read by `file`, planned and written as Q-Bot
 * does with `tools` (the shop's by default), and its program checked independently against the
 * plate the file shows: the program, or the sentence it was refused with.
 * @throws Error when the program is called verified and the independent check finds it wrong
 */
export async function throughThePath(
  plate: PlatePart,
  file: Reading,
  options: { style?: Partial<DrawingStyle>; tools?: typeof shopTooling } = {},
): Promise<{ generated: Generated } | { refused: string }> {
  const sheet = buildSheet(plate, { ...plainStyle, ...options.style, units: plate.units });
  const read = await file(sheet);
  const job = jobFor(plate, await readDrawing(read), options.tools);
  let generated: Generated;
  try {
    generated = generateProgram(job);
  } catch (error) {
    return { refused: `refused: ${error instanceof Error ? error.message : String(error)}` };
  }
  const independent = independentCheck(generated, (read.shows ?? plate) as PlatePart, job);
  if (generated.report.verified && !independent.verified)
    throw new Error(
      `called verified, but against the drawn part: ${independent.checks
        .filter((check) => !check.passed)
        .map((check) => `${check.title}: ${check.details.join('; ')}`)
        .join(' | ')}\nunfinished: ${independent.unfinished.join(' | ')}`,
    );
  return { generated };
}
