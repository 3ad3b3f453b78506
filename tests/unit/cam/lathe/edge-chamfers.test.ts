/**
 * Two chamfers read on one edge (the V-wheel's free end: 0.1 x 45° and 0.2 x 45°): the first is
 * turned, the second is named in 'not programmed' in words that read ('at the free end', not
 * 'at at the free end'), and the verifier, told so, passes the rest; before, the second was
 * dropped unsaid and only the verifier found it missing.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram } from '#cam/jobs/lathe';
import type { BlueprintDescription } from '#contracts/blueprint';
import { latheTooling } from '#tests/helpers/parts';
import { diameter, farEndJob, mouthChamferedBush, turned } from './far-end-parts.ts';

/** Ø30 x 20 then Ø40 x 25 in 6061, with the free end's edge chamfered `sizes` x 45°. */
function twiceChamfered(sizes: number[]): BlueprintDescription {
  const description = turned('Pin', '6061-T6', [diameter(30, 20), diameter(40, 25)], []);
  for (const size of sizes)
    description.features.chamfers.push({
      dimensions: `${size} x 45°`,
      location: 'at the free end, on Ø30',
      sizeMm: size,
      angleDeg: 45,
      atMm: 0,
      onDiameterMm: 30,
      inner: false,
    });
  return description;
}

describe('two chamfers read on one edge', () => {
  it('turns the first and names the second, which the verifier then leaves out', () => {
    const program = generateLatheProgram(
      farEndJob(twiceChamfered([0.5, 1]), 'linuxcnc', latheTooling, '6061-T6'),
    );
    const second =
      'the chamfer 1 x 45° at the free end, on Ø30: another chamfer is read on the same edge, and that one is turned; check the drawing';
    expect(program.plan.notProgrammed).toEqual([second]);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished).toEqual([second]);
  });

  it('turns one chamfer alone and names nothing', () => {
    const program = generateLatheProgram(
      farEndJob(twiceChamfered([0.5]), 'linuxcnc', latheTooling, '6061-T6'),
    );
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.report.verified).toBe(true);
  });
});

describe("a through bore's mouth at the parted-off end", () => {
  const bush = mouthChamferedBush;

  it('is chamfered by the boring bar in the second setup, and verified', () => {
    const program = generateLatheProgram(farEndJob(bush(), 'linuxcnc', latheTooling));
    const second = program.plan.operations.filter((operation) => operation.setup === 2);
    expect(second.map((operation) => operation.name)).toEqual([
      'Face to length (setup 2)',
      // The 1 mm chamfer is deeper than the finishing pass may take: roughed first.
      'Rough bore (setup 2)',
      'Finish bore (setup 2)',
    ]);
    expect(program.plan.secondSetup?.instructions.at(-1)).toContain(
      "the bore's mouth is chamfered",
    );
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('is named with the tool that would cut it, and never verified uncut', () => {
    const tools = latheTooling.filter((tool) => tool.toolType !== 'Boring');
    const program = generateLatheProgram(farEndJob(bush(), 'linuxcnc', tools));
    expect(program.plan.notProgrammed).toContain(
      'the chamfer 1 x 45° at the chuck end, on the bore Ø16: no selected boring bar enters the Ø16 mm bore to cut it from the far end; a boring bar that does would',
    );
    expect(program.report.verified).toBe(false);
  });
});

describe('the mouth chamfer of a bore the drill makes to size', () => {
  /** Ø30 x 20 then Ø40 x 25 with a Ø16 bore 15 deep (the Ø16 drill's size), its mouth 0.5 x 45°. */
  function drilledBush(): BlueprintDescription {
    const description = turned(
      'Bush',
      '6061-T6',
      [diameter(30, 20), diameter(40, 25)],
      [diameter(16, 15)],
    );
    description.features.chamfers.push({
      dimensions: '0.5 x 45°',
      location: 'at the free end, on the bore Ø16',
      sizeMm: 0.5,
      angleDeg: 45,
      atMm: 0,
      onDiameterMm: 16,
      inner: true,
    });
    return description;
  }

  it('is cut by a boring bar that enters the drilled hole, and verified', () => {
    const description = drilledBush();
    const program = generateLatheProgram(farEndJob(description, 'linuxcnc', latheTooling));
    const names = program.plan.operations.map((operation) => operation.name);
    expect(names).toContain('Drill Ø16');
    expect(names).toContain('Finish bore');
    expect(names).not.toContain('Rough bore');
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('is named with the tool that would cut it when no boring bar enters the hole', () => {
    const description = drilledBush();
    const tools = latheTooling.filter((tool) => tool.toolType !== 'Boring');
    const program = generateLatheProgram(farEndJob(description, 'linuxcnc', tools));
    expect(program.plan.notProgrammed).toEqual([
      'the chamfer 0.5 x 45° at the free end, on the bore Ø16: no selected boring bar enters the Ø16 mm drilled hole to cut it; a boring bar that does would',
    ]);
    expect(program.report.verified).toBe(false);
  });
});
