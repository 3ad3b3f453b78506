/**
 * A part that sticks out of the chuck more than 5 times its stiffness diameter (the plain
 * cylinder that bends as much) is not turned without support, so its program is never called
 * verified (decision 063): the plan names it in 'not programmed' and the verifier's 'support'
 * check finds it on its own, in either setup.
 */
import { describe, expect, it } from 'vitest';
import { generateLatheProgram, latheVerificationInput } from '#cam/jobs/lathe';
import { chuckingsOf, stiffnessDiameterMm, unsupportedStickOuts } from '#cam/lathe/slenderness';
import { classifyTool } from '#cam/lathe/tooling';
import { verifyLatheProgram } from '#cam/verify/lathe/index';
import { latheTooling, testParts } from '#tests/helpers/parts';
import { diameter, farEndJob } from './far-end-parts.ts';
import { farOutside } from './far-outside-parts.ts';

const failedIds = (report: { checks: { id: string; passed: boolean }[] }) =>
  report.checks.filter((check) => !check.passed).map((check) => check.id);

const plain =
  (outerMm: number, boreMm = 0) =>
  () => ({ outerMm, boreMm });

describe('the stiffness diameter', () => {
  it('is the diameter of a plain cylinder, and (D⁴ − d⁴)^¼ of a tube', () => {
    expect(stiffnessDiameterMm(60, plain(20))).toBeCloseTo(20, 3);
    expect(stiffnessDiameterMm(60, plain(20, 16))).toBeCloseTo((20 ** 4 - 16 ** 4) ** 0.25, 3);
  });

  it('counts a short thin pin at the end little, and a thin neck at the jaws much', () => {
    // 50 mm of Ø20 with 5 mm of Ø4 at the cut end, or at the jaws.
    const pin = stiffnessDiameterMm(55, (s) => ({ outerMm: s < 5 ? 4 : 20, boreMm: 0 }));
    const neck = stiffnessDiameterMm(55, (s) => ({ outerMm: s > 50 ? 4 : 20, boreMm: 0 }));
    expect(pin).toBeGreaterThan(18);
    expect(neck).toBeLessThan(8);
  });
});

describe('the stick-out rule', () => {
  const spans = [{ fromZ: 0, toZ: -40, diameterMm: 10 }];
  const stock = { diameterMm: 10, frontFaceZ: 1, sawn: true };

  it('allows 5 times the stiffness diameter, and names each setup past it', () => {
    expect(unsupportedStickOuts(chuckingsOf({ ...stock, chuckFaceZ: -49 }, 40, spans, []))).toEqual(
      [],
    );
    expect(unsupportedStickOuts(chuckingsOf({ ...stock, chuckFaceZ: -50 }, 40, spans, []))).toEqual(
      [
        'unsupported stick-out: the part sticks out 51 mm, 5.1 times its stiffness diameter Ø10 (5 at most unsupported); hold its end with the tailstock or a steady rest, or turn it in two chuckings',
      ],
    );
    // The second setup from a sawn blank's 24 mm stub to jaws 35 mm along the part: 59 mm.
    const both = chuckingsOf({ ...stock, chuckFaceZ: -44 }, 40, spans, [], {
      frontZ: 24,
      chuckFaceZ: -35,
    });
    expect(unsupportedStickOuts(both)).toEqual([
      expect.stringMatching(/^unsupported stick-out: the part sticks out 59 mm in setup 2, 5\.9 /),
    ]);
  });
});

describe('the first of two chuckings (decision 064)', () => {
  it('counts the bar left behind the split, and leaves the second chucking as it is', () => {
    // Ø20 x 30, Ø40 x 20, Ø12 x 40: 99.5 mm out of the jaws, Ø45 bar.
    const outer = [
      { fromZ: 0, toZ: -30, diameterMm: 20 },
      { fromZ: -30, toZ: -50, diameterMm: 40 },
      { fromZ: -50, toZ: -90, diameterMm: 12 },
    ];
    const stock = { diameterMm: 45, frontFaceZ: 1, chuckFaceZ: -98.5, sawn: false };
    const second = { frontZ: 0.5, chuckFaceZ: -46 };
    const whole = chuckingsOf(stock, 90, outer, [], second);
    const split = chuckingsOf(stock, 90, outer, [], second, {
      fromZ: -50,
      diameterAt: () => 45,
    });
    expect(unsupportedStickOuts(whole)).toEqual([
      expect.stringMatching(/^unsupported stick-out: the part sticks out 99\.5 mm, 8 times /),
    ]);
    expect(unsupportedStickOuts(split)).toEqual([]);
    expect(split[1]!.sectionAt(10)).toEqual(whole[1]!.sectionAt(10));
    expect(split[0]!.sectionAt(80)).toEqual({ outerMm: 45, boreMm: 0 });
  });
});

describe('the support check of the verifier', () => {
  // A Ø10 x 60 pin: 60 mm, 1 mm facing and the 3 + 5 mm cut-off zone out of the jaws.
  const pin = farOutside([diameter(10, 60)], undefined, '6061-T6');
  const sentence =
    'unsupported stick-out: the part sticks out 69 mm, 6.9 times its stiffness diameter Ø10 (5 at most unsupported); hold its end with the tailstock or a steady rest, or turn it in two chuckings';

  it('names the support a slender part needs, and does not call its program verified', () => {
    const program = generateLatheProgram(farEndJob(pin));
    expect(program.plan.notProgrammed).toEqual([sentence]);
    expect(program.report.unfinished).toEqual([sentence]);
    expect(failedIds(program.report)).toEqual(['support']);
    expect(program.report.verified).toBe(false);
    const line = program.gcode.split('\n').find((text) => text.includes('unsupported stick-out'));
    expect(line).toMatch(
      /^\(Note: not programmed: unsupported stick-out: the part sticks out 69 mm/,
    );
    expect(line!.length).toBeLessThanOrEqual(255);
  });

  it('finds it on its own, whatever the plan says, and passes it held closer', () => {
    const program = generateLatheProgram(farEndJob(pin));
    const tools = latheTooling.map(classifyTool);
    const input = { ...latheVerificationInput(program.plan, 'linuxcnc', tools), notProgrammed: [] };
    const report = verifyLatheProgram(program.gcode, input);
    expect(failedIds(report)).toEqual(['support']);
    expect(report.unfinished).toEqual([sentence]);
    const held = verifyLatheProgram(program.gcode, {
      ...input,
      stock: { ...input.stock, chuckFaceZ: input.stock.chuckFaceZ + 20 },
    });
    expect(failedIds(held)).not.toContain('support');
  });

  it('passes the designed parts, within the rule, saying how one past 3 x D is held', () => {
    for (const description of [testParts.steppedShaft, testParts.groovedPin]) {
      const program = generateLatheProgram(farEndJob(description));
      expect(program.report.checks.find((check) => check.id === 'support')?.passed).toBe(true);
      expect(program.plan.notProgrammed).toEqual([]);
    }
    // The grooved pin, Ø16 x 30 at the jaws, Ø9 groove, Ø12 x 20 at the end, 63 mm out.
    const pinned = generateLatheProgram(farEndJob(testParts.groovedPin));
    expect(pinned.plan.warnings).toContainEqual(
      expect.stringMatching(
        /^Workholding: the part sticks out 63 mm, 4\.\d times its stiffness diameter Ø1\d(\.\d)?, past the 3 x D a part is turned in the chuck alone; neither two chuckings nor the tailstock can hold it here, so it is turned in the chuck alone: watch for chatter, and if it comes, support it with a steady rest\.$/,
      ),
    );
    expect(pinned.report.verified).toBe(true);
    expect(pinned.plan.tailstock).toBeUndefined();
  });

  it('holds a part past 3 x D with the tailstock when the drawing permits a centre hole', () => {
    // A plain Ø20 shaft 68 mm long: about 4 times its diameter out of the chuck.
    const shaft = farOutside([diameter(20, 68)], 0.5, '6061-T6');
    const alone = generateLatheProgram(farEndJob(shaft));
    expect(alone.plan.tailstock).toBeUndefined();
    expect(alone.plan.warnings).toContainEqual(expect.stringMatching(/^Workholding: /));
    const permitted = { ...shaft, features: { ...shaft.features, centreHoles: 'permitted' } };
    const program = generateLatheProgram(farEndJob(permitted as typeof shaft));
    expect(program.plan.tailstock).toBeDefined();
    expect(program.plan.warnings).toContainEqual(
      expect.stringMatching(/^The tailstock holds the free end in a centre hole/),
    );
    expect(program.plan.warnings.join(' ')).not.toMatch(/Workholding: /);
    expect(program.report.checks.find((check) => check.id === 'support')?.passed).toBe(true);
  });
});
