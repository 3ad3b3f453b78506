/**
 * A missing tool never refuses the whole program (issue 33, item 4;
 * docs/decisions/046-a-missing-drill-leaves-the-bore-undone.md): a bore the selected tools
 * cannot make (no twist drill small enough, no boring bar after a drill not to size) is left
 * undone, named with the tool that would make it, and the rest of the part is turned and parted
 * off; the program is incomplete, never verified, and says so in its header and report. Without
 * a parting blade the part is turned from a sawn blank in two setups (decision 060). A tool the
 * whole part needs (turning tool, a blade's width, a drill's diameter) still refuses the job
 * with every missing tool listed at once.
 */
import { describe, expect, it } from 'vitest';
import type { BlueprintDescription } from '#contracts/blueprint';
import { PlanningError } from '#cam/errors';
import { generateProgram } from '#cam/jobs/generate';
import { generateLatheProgram } from '#cam/jobs/lathe';
import { turnedPartFromDescription } from '#cam/lathe/part';
import { suggestRoundBar } from '#cam/lathe/stock';
import { boreGaps, boreTool, missingTools, partTools } from '#cam/lathe/tool-choice';
import { classifyTool } from '#cam/lathe/tooling';
import type { GeneratedProgram, ProgramJob } from '#cam/program';
import type { ToolRow } from '#cam/tool-row';
import { latheTooling, smallHolePin, testParts, toolRow } from '#tests/helpers/parts';

const dialects = ['linuxcnc', 'fanuc', 'haas', 'sinumerik'] as const;

/** A lathe job for `description` on bar suggested for it, with `tools`. */
function job(
  description: BlueprintDescription,
  tools: ToolRow[] = latheTooling,
  dialect: (typeof dialects)[number] = 'linuxcnc',
): ProgramJob {
  const part = turnedPartFromDescription(description);
  const largest = Math.max(...part.outer.map((section) => section.targetMm));
  return {
    description,
    material: description.materialSpecs.material,
    jobType: 'Lathe',
    stock: { shape: 'round', diameterMm: suggestRoundBar(largest, part.lengthMm)!.diameterMm },
    machine: {
      name: 'Test lathe',
      serialNumber: 'SN-1',
      manufacturer: 'Tormach',
      model: '15L Slant-PRO',
      controllerType: dialect,
      controllerModel: dialect,
      dialect,
    },
    tools,
    programVersion: 1,
  };
}

const without = (...slots: string[]) =>
  latheTooling.filter((tool) => !slots.includes(tool.slotNumber));

/** The checks a program fails, by id. */
const failedIds = (program: GeneratedProgram) =>
  program.report.checks.filter((check) => !check.passed).map((check) => check.id);

/** The lowest diameter the 'Part off' operation's feed moves reach. */
function partingEndX(program: ReturnType<typeof generateLatheProgram>): number {
  const parting = program.plan.operations.find((operation) => operation.name === 'Part off')!;
  return Math.min(...parting.moves.filter((move) => move.kind === 'feed').map((move) => move.x));
}

describe('a bore no selected drill fits', () => {
  const hole =
    'the bore Ø2.6 x 10 deep: no selected twist drill is Ø2.6 mm or smaller; a Ø2.6 mm twist drill would drill it';

  it('turns and parts off the pin, leaves the hole undone and names the drill', () => {
    const program = generateProgram(job(smallHolePin));
    expect(program.report.verified).toBe(false);
    expect(program.report.passed).toBe(true);
    expect(program.report.unfinished).toEqual([hole]);
    expect(program.summary.notProgrammed).toEqual([hole]);
    expect(program.summary.operations.map((operation) => operation.name)).toEqual([
      'Face',
      'Rough OD',
      'Finish OD',
      'Part off',
    ]);
    // The verifier still finds the hole undone; nothing else is left or cut into.
    expect(failedIds(program)).toEqual(['inner']);
    const inner = program.report.checks.find((check) => check.id === 'inner')!;
    expect(inner.details).toEqual([expect.stringMatching(/^Ø2\.6: is left at Ø0 at Z/)]);
    // The header says the program is incomplete, and why.
    const head = program.gcode.split('\n').slice(0, 20).join('\n');
    expect(head).toContain(
      '(Note: INCOMPLETE, NOT VERIFIED: it leaves 1 thing of the drawing undone)',
    );
    expect(head).toContain(
      '(Note: not programmed: the bore DIA 2.6 x 10 deep: no selected twist drill is DIA 2.6 mm or smaller; a DIA 2.6 mm twist drill would drill it)',
    );
    // No drill is called: the centre drill and the drills stay in the turret.
    expect(program.gcode).not.toMatch(/^T[456]\b/m);
    expect(program.gcode).not.toMatch(/^\((Centre drill|Drill)/m);
  });

  it('is verified once the drill it names is selected, spotted no wider than the drill', () => {
    const tools = [...latheTooling, toolRow('T9', 'Drilling', 'Drill 2.6', 'HSS twist drill Ø2.6')];
    const program = generateLatheProgram(job(smallHolePin, tools));
    expect(program.plan.notProgrammed).toEqual([]);
    expect(program.plan.operations.map((operation) => operation.name)).toContain('Drill Ø2.6');
    expect(program.report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it.each(dialects)('is incomplete and runs safely in the %s dialect', (dialect) => {
    const program = generateProgram(job(smallHolePin, latheTooling, dialect));
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished).toEqual([hole]);
    expect(failedIds(program)).toEqual(['inner']);
    expect(program.gcode).toContain('INCOMPLETE, NOT VERIFIED');
  });

  it('parts a through bore it does not drill to the axis', () => {
    // The bushing's Ø20 H7 bore with no drill at all: the blade cuts through the solid bar.
    const program = generateLatheProgram(job(testParts.bushing, without('T5', 'T6')));
    expect(program.plan.notProgrammed).toEqual([
      'the bore Ø20 H7 through: it is bored to size from a drilled hole, and no selected twist drill is Ø19.4 mm or smaller; a twist drill of Ø19.4 mm or smaller would make it',
      'the chamfer 0.5 x 45° at bore mouth (its bore is not made)',
    ]);
    expect(partingEndX(program)).toBeLessThanOrEqual(0);
    expect(program.report.checks.find((check) => check.id === 'partOff')?.passed).toBe(true);
    expect(program.report.verified).toBe(false);
  });

  it('leaves stepped bores undone together, each named, when the narrowest has no drill', () => {
    // The sleeve's Ø18 x 12 is bored from the hole drilled for Ø12 x 25, which needs Ø11.4.
    const program = generateLatheProgram(job(testParts.blindSleeve, without('T5')));
    expect(program.plan.notProgrammed).toEqual([
      'the bore Ø18 x 12 deep: it is bored from the hole drilled for the bore Ø12 x 25 deep, which no selected drill can drill',
      'the bore Ø12 x 25 deep: it is bored to size from a drilled hole, and no selected twist drill is Ø11.4 mm or smaller; a twist drill of Ø11.4 mm or smaller would make it',
    ]);
    expect(program.report.unfinished).toEqual(program.plan.notProgrammed);
    expect(program.plan.operations.some((operation) => operation.role === 'drill')).toBe(false);
    expect(program.report.checks.filter((check) => !check.passed).map((check) => check.id)).toEqual(
      ['inner'],
    );
  });
});

describe('a bore the drill does not make to size, and no boring bar', () => {
  it('leaves the bushing bore undone, naming the boring bar, and makes the rest', () => {
    const program = generateProgram(job(testParts.bushing, without('T7')));
    expect(program.report.verified).toBe(false);
    expect(program.report.unfinished).toEqual([
      'the bore Ø20 H7 through: the Ø16 mm drill leaves it to be bored to size, and none of the selected tools is a boring bar; a boring bar that enters Ø16 mm would bore it',
      'the chamfer 0.5 x 45° at bore mouth (its bore is not made)',
    ]);
    expect(program.summary.operations.map((operation) => operation.name)).toEqual([
      'Face',
      'Rough OD',
      'Finish OD',
      'Part off',
    ]);
    expect(failedIds(program)).toEqual(['inner']);
    expect(program.gcode).toContain('INCOMPLETE, NOT VERIFIED');
  });

  it('names a drill to size as the other way when one drill may finish the bore', () => {
    const pin = structuredClone(smallHolePin);
    pin.innerDiameters[0] = {
      ...pin.innerDiameters[0]!,
      diameter: 'Ø9.5 ±0.1',
      diameterMm: 9.5,
      tolerance: { upperMm: 0.1, lowerMm: -0.1 },
    };
    const program = generateLatheProgram(job(pin, without('T7')));
    expect(program.plan.notProgrammed).toEqual([
      'the bore Ø9.5 ±0.1 x 10 deep: the Ø8.5 mm drill leaves it to be bored to size, and none of the selected tools is a boring bar; a boring bar that enters Ø8.5 mm, or a Ø9.5 mm twist drill, would make it',
    ]);
    expect(program.report.verified).toBe(false);
  });

  it('says when the boring bars do not enter the drilled hole', () => {
    const bars = [
      ...without('T7'),
      toolRow('T9', 'Boring', 'Boring bar CCMT 09T304', 'Boring bar, min bore Ø16, 0.4 mm nose'),
    ];
    const program = generateLatheProgram(job(testParts.blindSleeve, bars));
    expect(program.plan.notProgrammed[1]).toBe(
      'the bore Ø12 x 25 deep: the Ø8.5 mm drill leaves it to be bored to size, and no selected boring bar enters a Ø8.5 mm hole; a boring bar that enters Ø8.5 mm would bore it',
    );
    expect(program.report.verified).toBe(false);
  });
});

describe('what still refuses the job', () => {
  const select =
    'Select them for this job, or add them to the machine in Tooling Pairs and choose the tools again.';

  it('does not refuse without a parting blade: the pin is turned from a sawn blank, its hole left undone', () => {
    // Decision 060: a missing parting blade never refuses the program.
    const program = generateProgram(job(smallHolePin, without('T3')));
    expect(program.report.verified).toBe(false);
    expect(program.report.passed).toBe(true);
    expect(program.report.unfinished).toEqual([
      'the bore Ø2.6 x 10 deep: no selected twist drill is Ø2.6 mm or smaller; a Ø2.6 mm twist drill would drill it',
    ]);
    expect(program.summary.operations.map((operation) => operation.name)).toEqual([
      'Face',
      'Rough OD',
      'Finish OD',
      'Face to length (setup 2)',
    ]);
    expect(program.gcode).toContain(
      '(Note: No parting blade is selected: the part is made from a sawn',
    );
  });

  it('refuses without a turning tool', () => {
    expect(() => generateProgram(job(testParts.bushing, without('T1', 'T2', 'T8')))).toThrow(
      new PlanningError(
        `This part needs tools the selected ones do not give: (1) an external turning tool to face and rough the outside. ${select}`,
      ),
    );
  });

  it('refuses a drill or a blade whose size its tool row does not give', () => {
    const unread = [
      ...latheTooling,
      toolRow('T21', 'Drilling', 'Twist drill', 'HSS'),
      toolRow('T22', 'Cutting', 'Grooving blade', 'for grooves'),
    ];
    expect(() => generateProgram(job(smallHolePin, unread))).toThrow(
      new PlanningError(
        `This part needs tools the selected ones do not give: (1) the width of T22 Grooving blade, which is not in its name or description (write it in the tool row, for example "3 mm wide"); (2) the diameter of T21 Twist drill, which is not in its name or description (write it in the tool row, for example "Ø8.5"); (3) a twist drill up to Ø2 mm for the bore Ø2.6. ${select}`,
      ),
    );
  });
});

describe('tool choice', () => {
  const tools = latheTooling.map(classifyTool);

  it('finds nothing missing for the designed parts with the full tooling', () => {
    for (const description of Object.values(testParts)) {
      const part = turnedPartFromDescription(description);
      expect(missingTools(part, tools)).toEqual([]);
      expect(boreGaps(part, tools)).toEqual([]);
    }
  });

  it('takes a drill as making a bore to size only within the 0.01 mm the verifier holds', () => {
    // A 3/8" bore: a Ø9.5 drill is 0.025 mm under; it is drilled Ø8.5 and bored, and verified.
    const description = structuredClone(smallHolePin);
    description.outerDiameters.forEach((feature, index) => {
      feature.diameterMm = [20, 25][index];
      feature.diameter = `Ø${feature.diameterMm}`;
    });
    Object.assign(description.innerDiameters[0]!, { diameter: 'Ø9.525', diameterMm: 9.525 });
    const shop = [
      ...latheTooling,
      toolRow('T9', 'Drilling', 'Drill 9.5', 'HSS twist drill Ø9.5 mm'),
    ];
    const program = generateProgram(job(description, shop));
    const used = program.summary.operations.map(
      (operation) => `${operation.name}: ${operation.tool}`,
    );
    expect(used).toContain('Drill Ø8.5: T5 Drill 8.5');
    expect(used).toContain('Finish bore: T7 Boring bar CCMT 060204');
    expect(used.filter((entry) => entry.includes('T9 '))).toEqual([]);
    expect(failedIds(program)).toEqual([]);
    expect(program.report.verified).toBe(true);
  });

  it('tells the tools the whole part needs from the tool its bore needs', () => {
    const part = turnedPartFromDescription(smallHolePin);
    expect(partTools(part, tools)).toEqual([]);
    expect(boreTool(part, tools)).toBe('a twist drill up to Ø2 mm for the bore Ø2.6');
    expect(missingTools(part, tools)).toEqual(['a twist drill up to Ø2 mm for the bore Ø2.6']);
    expect(boreGaps(part, tools)).toHaveLength(1);
    const withDrill = [...tools, classifyTool(toolRow('T9', 'Drilling', 'Drill 2.6', 'Ø2.6'))];
    expect(boreGaps(part, withDrill)).toEqual([]);
  });
});
