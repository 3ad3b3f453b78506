/**
 * The setup sheets of the EDM kinds (cam/setup-sheet/edm.ts): the wire with the offset registers
 * its program sets, the start holes; the electrodes with their conditions and the length the
 * deepest cavity needs.
 */
import { describe, expect, it } from 'vitest';
import { emptyDescription } from '#contracts/blueprint';
import type { BlueprintDescription } from '#contracts/blueprint';
import { setupSheetSchema } from '#contracts/setup-sheet';
import { generateProgram } from '#cam/jobs/generate';
import type { ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tool-row';

const row = (slotNumber: string, toolDescription: string, toolName = 'Electrode'): ToolRow => ({
  id: slotNumber,
  slotNumber,
  toolName,
  toolDescription,
  toolType: 'Electrical Discharge Machining',
  toolManufacturer: '',
  toolHint: '',
});

const square = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** A 60 x 40 plate with a 20 x 10 opening: through for the wire, 4 deep for the sinker. */
function plate(through: boolean): BlueprintDescription {
  const description = emptyDescription('Die plate');
  description.prismatic = {
    outline: square(0, 0, 60, 40),
    thicknessMm: through ? 10 : 20,
    holes: [],
    pockets: [
      {
        label: through ? 'Cut-out 20 x 10' : 'Pocket 20 x 10 x 4',
        outline: square(10, 15, 30, 25),
        ...(through ? { through: true } : { depthMm: 4 }),
      },
    ],
    slots: [],
  };
  return description;
}

const machine = (name: string): ProgramJob['machine'] => ({
  name,
  manufacturer: 'Mitsubishi',
  model: 'MV1200R',
  controllerType: 'Mitsubishi',
  controllerModel: 'D-CUBES',
  dialect: 'iso-edm',
  serialNumber: `${name}-1`,
});

describe('the setup sheet of a wire EDM program', () => {
  const program = generateProgram({
    jobType: 'Wire EDM',
    description: plate(true),
    material: 'D2 tool steel',
    stock: { shape: 'block', xMm: 70, yMm: 50, zMm: 10 },
    machine: machine('Wire 1'),
    tools: [row('T1', '0.25 mm brass wire', 'Wire')],
    programVersion: 2,
  });
  const sheet = program.setupSheet;

  it('gives the wire with each offset register the program sets, and the start holes', () => {
    expect(setupSheetSchema.parse(sheet)).toEqual(sheet);
    expect(sheet.tools).toHaveLength(1);
    const [wire] = sheet.tools;
    expect(wire!.cutting).toMatch(/^Ø0\.25 brass wire$/i);
    const registers = [...wire!.offset.matchAll(/D(\d+) = /g)].map((match) => match[1]);
    expect(registers.length).toBeGreaterThan(0);
    for (const register of registers)
      expect(program.gcode).toMatch(new RegExp(`\\bD${register}\\b`));
    expect(sheet.workholding.filter((entry) => entry.label.startsWith('Start hole'))).toHaveLength(
      2,
    );
    expect(sheet.zeroPoint[0]).toMatch(/^G54: X0 Y0 the lower-left corner of the part/);
    expect(sheet.programVersion).toBe(2);
  });
});

describe('the setup sheet of a sinker EDM program', () => {
  const program = generateProgram({
    jobType: 'Sinker EDM',
    description: plate(false),
    material: 'H13 tool steel',
    stock: { shape: 'block', xMm: 60, yMm: 40, zMm: 20 },
    machine: machine('Sinker 1'),
    tools: [row('T2', 'Copper electrode 19.7 x 9.7 mm, undersize 0.15')],
    programVersion: 3,
  });
  const sheet = program.setupSheet;

  it('gives each electrode its size, undersize, conditions and the length its cavity needs', () => {
    expect(setupSheetSchema.parse(sheet)).toEqual(sheet);
    expect(sheet.tools).toHaveLength(1);
    const [electrode] = sheet.tools;
    expect(electrode).toMatchObject({ toolNumber: 2, slot: 'T2', kind: 'electrode' });
    expect(electrode!.cutting).toBe('19.7 x 9.7 mm copper, undersize 0.15 mm per side');
    expect(electrode!.minStickOutMm).toBe(6);
    for (const condition of electrode!.offset.match(/E\d+/g)!)
      expect(program.gcode).toMatch(new RegExp(`\\b${condition}\\b`));
    expect(sheet.operations.length).toBeGreaterThan(0);
  });
});
