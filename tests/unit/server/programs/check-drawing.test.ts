/**
 * The job Check Program plans for an attached drawing (server/programs/check-drawing.ts,
 * drawingJobOf): pure, from the drawing's reading, the machine, its tools and the stock size
 * given; what the plan needs and the reading lacks is refused with one sentence naming it, and
 * what the program is held to is said in words (the thickness taken from the stock included).
 */
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { BlueprintAnalysis, BlueprintDescription } from '#contracts/blueprint';
import { programCheckMessages as messages } from '#contracts/program-check';
import type { Machine } from '#contracts/shop';
import { AppError } from '#server/errors';
import { drawingGaps, drawingJobOf } from '#server/programs/check-drawing';

const machine: Machine = {
  _id: 'm1',
  name: 'Mill 1',
  serialNumber: 'SN-1',
  description: '',
  status: 'active',
  machineType: { _id: 't', name: 'Machining Center', jobType: 'Milling' },
  machineManufacturer: { _id: 'f', name: 'Tormach' },
  machineModelType: { _id: 'mm', name: '1100MX' },
  controllerType: { _id: 'c', name: 'Tormach PathPilot' },
  controllerModelType: { _id: 'cm', name: 'PathPilot', dialect: 'linuxcnc' },
};

const plate = (thicknessMm?: number): BlueprintDescription => ({
  ...emptyDescription('A plate'),
  prismatic: {
    outline: [
      { x: 10, y: 5 },
      { x: 110, y: 5 },
      { x: 110, y: 65 },
      { x: 10, y: 65 },
    ],
    ...(thicknessMm !== undefined ? { thicknessMm } : {}),
    holes: [{ diameter: 'Ø8', x: 30, y: 30, diameterMm: 8 }],
    pockets: [],
    slots: [],
  },
});

const analysisOf = (
  description: BlueprintDescription,
  latheGaps?: string[],
): BlueprintAnalysis => ({
  description,
  materials: [],
  tools: [],
  materialSize: '',
  ...(latheGaps ? { latheGaps } : {}),
});

const block = { shape: 'block', xMm: 120, yMm: 70, zMm: 12 } as const;

/** The AppError `run` throws, checked to be a 422 with `message`. */
function refused(run: () => unknown, message: string) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(422);
    expect((error as AppError).message).toBe(message);
    return;
  }
  throw new Error('not refused');
}

describe('the job of an attached drawing', () => {
  it('plans the plate as read with the given stock size, all tools, and says what it holds to', () => {
    const { job, name, against } = drawingJobOf(
      analysisOf(plate()),
      'PL-1.dxf',
      machine,
      'Milling',
      [],
      { stock: block, material: '6061-T6' },
    );
    expect(job).toMatchObject({
      jobType: 'Milling',
      material: '6061-T6',
      stock: { shape: 'block', xMm: 120, yMm: 70, zMm: 12 },
      programVersion: 1,
      partName: 'PL-1',
      machine: { name: 'Mill 1', dialect: 'linuxcnc' },
    });
    expect(job.stock).not.toHaveProperty('topZMm');
    expect(name).toBe('PL-1.dxf');
    expect(against).toBe(
      "the drawing PL-1.dxf as read: a plate 100 x 60 mm seen from the top, its thickness not on the drawing, so the stock's 12 mm less 1 mm facing, 1 hole, 0 pockets and cut-outs, 0 slots; material 6061-T6 (given)",
    );
    const drawn = drawingJobOf(
      analysisOf({
        ...plate(8),
        materialSpecs: { material: 'AlMg3', heatTreatment: '', hardness: '' },
      }),
      'PL-1.dxf',
      machine,
      'Milling',
      [],
      { stock: block },
    );
    expect(drawn.job.material).toBe('AlMg3');
    expect(drawn.against).toContain('8 mm thick');
    expect(drawn.against).toMatch(/material AlMg3 \(the drawing's\)$/);
    const none = drawingJobOf(analysisOf(plate(8)), 'PL-1.dxf', machine, 'Milling', [], {
      stock: block,
    });
    expect(none.job.material).toBe('steel');
    expect(none.against).toMatch(/material steel \(none given or on the drawing\)$/);
  });

  it('names what the reading lacks for the plan, and refuses a turned part on a mill', () => {
    expect(drawingGaps(analysisOf(emptyDescription()), 'mill')).toEqual([messages.noTopView]);
    expect(drawingGaps(analysisOf(plate(), ['the length of Ø42']), 'lathe')).toEqual([
      'the length of Ø42',
    ]);
    expect(drawingGaps(analysisOf(plate()), 'mill')).toEqual([]);
    refused(
      () =>
        drawingJobOf(analysisOf(emptyDescription()), 'a.step', machine, 'Milling', [], {
          stock: block,
        }),
      messages.drawingLacks('a.step', 'mill', [messages.noTopView]),
    );
    refused(
      () =>
        drawingJobOf(analysisOf(plate(), ['the length of Ø42']), 'a.dxf', machine, 'Lathe', [], {
          stock: { shape: 'round', diameterMm: 45, lengthMm: 100 },
        }),
      messages.drawingLacks('a.dxf', 'lathe', ['the length of Ø42']),
    );
    const turned: BlueprintDescription = {
      ...plate(),
      outerDiameters: [
        { diameter: 'Ø42', type: 'outer', location: '', length: '', diameterMm: 42 },
      ],
    };
    refused(
      () => drawingJobOf(analysisOf(turned), 'a.dxf', machine, 'Milling', [], { stock: block }),
      messages.drawingTurnedOnMill('a.dxf'),
    );
    refused(
      () =>
        drawingJobOf(analysisOf(plate()), 'a.dxf', machine, 'Milling', [], {
          stock: { ...block, x0Mm: 0 },
        }),
      messages.partStockPlaced,
    );
  });
});
