/**
 * The job cam/ plans for a conversation (server/qbot/program-job.ts programJobOf, decision 039):
 * pure, from the context, the machine, the tools and the latest version; the stock's numbers come
 * from the size step's StockSize, or from the words of a workflow saved before it.
 */
import { describe, expect, it } from 'vitest';
import { suggestedStockSize } from '#cam/analysis';
import { emptyDescription } from '#contracts/blueprint';
import type { BlueprintAnalysis } from '#contracts/blueprint';
import type { QbotContext } from '#contracts/qbot-workflow';
import type { Machine, ToolingPair } from '#contracts/shop';
import { STOCK_WITHOUT_THICKNESS, blockStock, parseStockSize } from '#contracts/stock-size';
import { initialQbotContext } from '#machines/qbotContext';
import { AppError } from '#server/errors';
import { programJobOf, programMessages } from '#server/qbot/program-job';

const analysis: BlueprintAnalysis = {
  description: emptyDescription('A shaft'),
  materials: [],
  tools: [],
  materialSize: { shape: 'Round bar', diameter: 'Ø42 mm', length: '120 mm' },
};

const machine: Machine = {
  _id: 'm1',
  name: 'Lathe 1',
  serialNumber: 'SN-1',
  description: '',
  status: 'active',
  machineType: { _id: 't', name: 'Turning Center', jobType: 'Lathe' },
  machineManufacturer: { _id: 'f', name: 'Tormach' },
  machineModelType: {
    _id: 'mm',
    name: '15L Slant-PRO',
    limits: { maxRpm: 4500, travelsMm: { x: 100, y: 0, z: 300 }, toolPositions: 8, source: 's' },
  },
  controllerType: { _id: 'c', name: 'Tormach PathPilot' },
  controllerModelType: { _id: 'cm', name: 'PathPilot', dialect: 'linuxcnc' },
};

const tool: ToolingPair = {
  id: 'tool-1',
  slotNumber: 'T1',
  toolName: 'CNMG 120408',
  toolDescription: 'Roughing',
  toolType: 'Turning',
  toolManufacturer: '',
  toolHint: '',
};

/** A context at the job summary: a lathe job on the machine, sized with `size`. */
const contextWith = (size: Partial<QbotContext>): QbotContext => ({
  ...initialQbotContext(),
  fileName: 'shaft.v2.dxf',
  analysis,
  material: '42CrMo4',
  jobType: 'Lathe',
  machine: { _id: 'm1', name: 'Lathe 1', serialNumber: 'SN-1', details: '', typeName: '' },
  toolIds: ['tool-1'],
  ...size,
});

const refusal = (context: QbotContext) => {
  try {
    programJobOf(context, machine, [tool], undefined);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).statusCode, message: (error as AppError).message };
  }
  throw new Error('not refused');
};

describe('programJobOf', () => {
  it('makes the next version of the job, the stock from the StockSize', () => {
    const context = contextWith({
      materialSize: 'Ø20 x 100 round bar',
      stockSize: parseStockSize('Ø20 x 100 round bar'),
      simulationAnalysis: {
        analysis: '',
        recommendations: [],
        safetyNotes: [],
        requiresNewGcode: true,
        suggestedChanges: { feedRate: '', spindleSpeed: '', toolPath: '', depthOfCut: '' },
        overrides: { feedFactor: 0.5 },
      },
    });
    const previous = { version: 3, overrides: { feedFactor: 0.8, clearanceMm: 4 } };
    expect(programJobOf(context, machine, [tool], previous)).toEqual({
      jobType: 'Lathe',
      description: analysis.description,
      material: '42CrMo4',
      stock: { shape: 'round', diameterMm: 20, lengthMm: 100 },
      machine: {
        name: 'Lathe 1',
        manufacturer: 'Tormach',
        model: '15L Slant-PRO',
        controllerType: 'Tormach PathPilot',
        controllerModel: 'PathPilot',
        dialect: 'linuxcnc',
        serialNumber: 'SN-1',
        limits: machine.machineModelType!.limits,
        maxRpm: 4500,
      },
      tools: [tool],
      programVersion: 4,
      overrides: { feedFactor: 0.4, clearanceMm: 4 },
      partName: 'shaft.v2',
    });
  });

  it('gives the first version the earlier overrides as they are, and none without', () => {
    const context = contextWith({ materialSize: 'Ø20', stockSize: parseStockSize('Ø20') });
    const first = programJobOf(context, machine, [tool], undefined);
    expect(first).toMatchObject({ programVersion: 1, stock: { shape: 'round', diameterMm: 20 } });
    expect(first).not.toHaveProperty('overrides');
    expect(first.stock).not.toHaveProperty('lengthMm');
    const kept = programJobOf(context, machine, [tool], {
      version: 1,
      overrides: { feedFactor: 2 },
    });
    expect(kept.overrides).toEqual({ feedFactor: 2 });
  });

  it('takes the numbers from the StockSize, not from the words', () => {
    const context = contextWith({
      jobType: 'Milling',
      materialSize: 'Plate 4 x 2 x 0.5 in',
      stockSize: blockStock(101.6, 50.8, 12.7),
    });
    expect(programJobOf(context, machine, [tool], undefined).stock).toEqual({
      shape: 'block',
      xMm: 101.6,
      yMm: 50.8,
      zMm: 12.7,
    });
    const other = { ...context, stockSize: blockStock(90, 40, 10) };
    expect(programJobOf(other, machine, [tool], undefined).stock).toMatchObject({ xMm: 90 });
  });

  it('reads the words of a workflow saved before the StockSize', () => {
    const saved = contextWith({ materialSize: analysis.materialSize });
    delete saved.stockSize;
    expect(programJobOf(saved, machine, [tool], undefined).stock).toEqual({
      shape: 'round',
      diameterMm: 42,
      lengthMm: 120,
    });
    const broken = contextWith({
      materialSize: 'Ø25 x 80',
      stockSize: { shape: 'round' } as never,
    });
    expect(programJobOf(broken, machine, [tool], undefined).stock).toMatchObject({
      diameterMm: 25,
      lengthMm: 80,
    });
  });

  it("takes the description's suggestion for the placeholder", () => {
    const plate = emptyDescription('A plate');
    plate.prismatic = {
      outline: [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 60 },
        { x: 0, y: 60 },
      ],
      holes: [],
      pockets: [],
      slots: [],
      thicknessMm: 10,
    };
    expect(suggestedStockSize(plate)).toEqual(blockStock(104, 65, 12));
    for (const materialSize of [null, 'Default Material Stock Size'])
      expect(
        programJobOf(
          contextWith({
            jobType: 'Milling',
            analysis: { ...analysis, description: plate },
            materialSize,
            stockSize: parseStockSize('Ø1'),
          }),
          machine,
          [tool],
          undefined,
        ).stock,
      ).toEqual({ shape: 'block', xMm: 104, yMm: 65, zMm: 12 });
  });

  it('refuses a size the job type cannot read, quoting the words as given', () => {
    const words = `Plate 180 x 80 mm, ${STOCK_WITHOUT_THICKNESS} (give it with 'Change')`;
    expect(
      refusal(
        contextWith({ jobType: 'Milling', materialSize: words, stockSize: parseStockSize(words) }),
      ),
    ).toEqual({ status: 422, message: programMessages.blockUnreadable(words) });
    expect(
      refusal(
        contextWith({ jobType: 'Wire EDM', materialSize: analysis.materialSize, stockSize: null }),
      ),
    ).toEqual({
      status: 422,
      message: programMessages.blockUnreadable('Round bar Ø42 mm x 120 mm'),
    });
    expect(
      refusal(contextWith({ materialSize: 'round bar', stockSize: parseStockSize('round bar') })),
    ).toEqual({
      status: 422,
      message: programMessages.stockUnreadable('round bar'),
    });
    expect(
      refusal(
        contextWith({
          materialSize: { shape: 'Round bar', diameter: 'Ø?', length: '100 mm' },
          stockSize: null,
        }),
      ),
    ).toEqual({ status: 422, message: programMessages.stockUnreadable('Ø? x 100 mm') });
    // The placeholder with nothing to suggest: the suggestion's words, the spec's default text.
    expect(refusal(contextWith({ materialSize: null }))).toEqual({
      status: 422,
      message: programMessages.stockUnreadable('Default Material Stock Size'),
    });
  });

  it('refuses a job that is not chosen yet', () => {
    expect(refusal(contextWith({ machine: null }))).toEqual({
      status: 409,
      message: programMessages.notComplete,
    });
  });
});
