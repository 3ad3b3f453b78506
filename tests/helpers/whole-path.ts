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
import { millVerificationInput, postMillJobForPart } from '#cam/jobs/mill';
import { classifyMillTool } from '#cam/mill/tooling';
import type { PrismaticPart } from '#cam/prismatic/part';
import { stepEdgeOf } from '#cam/prismatic/steps';
import { defaultGeneralToleranceMm, generalToleranceOf } from '#cam/prismatic/tolerances';
import type { GeneratedProgram, ProgramJob, ProgramReport } from '#cam/program';
import { verifyMillEvents } from '#cam/verify/mill/index';
import type { BlueprintDescription } from '#contracts/blueprint';
import { sheetToDxf } from './drawings/dxf.ts';
import type { GeneratedPart, PlatePart, RoundedRectangle } from './drawings/parts.ts';
import { svgToPng } from './drawings/raster.ts';
import { svgToPdf } from './drawings/pdf.ts';
import { asModelled, partToStep } from './drawings/step.ts';
import type { buildSheet } from './drawings/sheet.ts';
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
        diameterMm: group.diameter * unit,
        depthMm: thicknessMm,
        through: true,
        kind: 'through' as const,
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

export function jobFor(plate: PlatePart, description: BlueprintDescription): ProgramJob {
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
    tools: shopTooling,
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
