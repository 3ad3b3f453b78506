/**
 * The machine step's fit (contracts/machine-fit.ts, decision 054) agrees with the planners: a
 * machine the step refuses is one the planner refuses or cannot program for its size, and, on
 * the lathe, a machine the step offers is never refused later for its turning diameter or its Z
 * travel. Random stock and random machine limits around the part's size, on the golden hydraulic
 * adapter (lathe) and on a plain plate (mill).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateProgram } from '#cam/jobs/generate';
import type { MachineLimits, ProgramJob } from '#cam/program';
import { emptyDescription } from '#contracts/blueprint';
import { machineFit, partLengthOf } from '#contracts/machine-fit';
import { roundBarStock, blockStock } from '#contracts/stock-size';
import { catalogLimits, goldenLatheJob } from '#tests/helpers/golden-jobs';
import { shopTooling } from '#tests/helpers/whole-path';

/** What the lathe planner says when the machine is too small for the bar or the part. */
const tooSmall = /is larger than .* turns|Z axis travels/;

const outcomeOf = (job: ProgramJob): { refused?: string; verified?: boolean } => {
  try {
    return { verified: generateProgram(job).report.verified };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
};

describe('the machine step tells the fit as the planners find it', () => {
  it('on a lathe: refused at the step exactly when the planner refuses it for its size', () => {
    const base = goldenLatheJob('linuxcnc');
    const lengthMm = partLengthOf(base.description)!;
    const cases = fc.record({
      stockMm: fc.integer({ min: 30, max: 80 }),
      turnableMm: fc.integer({ min: 20, max: 120 }),
      zTravelMm: fc.integer({ min: Math.floor(lengthMm), max: Math.ceil(lengthMm) + 60 }),
    });
    fc.assert(
      fc.property(cases, ({ stockMm, turnableMm, zTravelMm }) => {
        const limits: MachineLimits = {
          ...base.machine.limits!,
          maxTurningDiameterMm: turnableMm,
          travelsMm: { ...base.machine.limits!.travelsMm, z: zTravelMm },
        };
        const job: ProgramJob = {
          ...base,
          stock: { shape: 'round', diameterMm: stockMm, lengthMm: 90 },
          machine: { ...base.machine, limits },
        };
        const fit = machineFit(base.machine.name, limits, {
          jobType: 'Lathe',
          stock: roundBarStock(stockMm, 90),
          partLengthMm: lengthMm,
        });
        const outcome = outcomeOf(job);
        const refusedForSize = outcome.refused !== undefined && tooSmall.test(outcome.refused);
        if (!fit.usable) expect(refusedForSize, fit.reason).toBe(true);
        // The step is lenient on the Z travel (it allows for the narrowest cut-off blade): the
        // planner may still refuse a part within a few mm of the travel, never a larger bar.
        if (fit.usable && refusedForSize) expect(outcome.refused).toMatch(/Z axis travels/);
      }),
      { numRuns: 60, seed: 54 },
    );
  });

  it('on a mill: a block the step refuses never gets a verified program', () => {
    const limits = catalogLimits('tormach-1100mx');
    const cases = fc.record({
      widthMm: fc.integer({ min: 40, max: 160 }),
      heightMm: fc.integer({ min: 40, max: 120 }),
      thicknessMm: fc.integer({ min: 5, max: 30 }),
      travelScale: fc.double({ min: 0.02, max: 0.5, noNaN: true }),
    });
    fc.assert(
      fc.property(cases, ({ widthMm, heightMm, thicknessMm, travelScale }) => {
        const travels = {
          x: Math.round(limits.travelsMm.x * travelScale),
          y: Math.round(limits.travelsMm.y * travelScale),
          z: Math.round(limits.travelsMm.z * travelScale),
        };
        const description = emptyDescription('A plate');
        description.prismatic = {
          outline: [
            { x: 0, y: 0 },
            { x: widthMm, y: 0 },
            { x: widthMm, y: heightMm },
            { x: 0, y: heightMm },
          ],
          thicknessMm,
          holes: [],
          pockets: [],
          slots: [],
        };
        const stock = { xMm: widthMm + 10, yMm: heightMm + 10, zMm: thicknessMm + 2 };
        const fit = machineFit(
          'The mill',
          { ...limits, travelsMm: travels },
          {
            jobType: 'Milling',
            stock: blockStock(stock.xMm, stock.yMm, stock.zMm),
          },
        );
        if (fit.usable) return;
        const outcome = outcomeOf({
          jobType: 'Milling',
          description,
          material: 'EN AW-6082',
          stock: { shape: 'block', ...stock },
          machine: {
            name: 'The mill',
            serialNumber: 'M-1',
            dialect: 'linuxcnc',
            controllerType: 'Tormach PathPilot',
            controllerModel: 'PathPilot',
            manufacturer: 'Tormach',
            model: '1100MX',
            limits: { ...limits, travelsMm: travels },
          },
          tools: shopTooling,
          programVersion: 1,
          partName: 'Plate',
        });
        expect(outcome.verified, fit.reason).not.toBe(true);
      }),
      { numRuns: 12, seed: 54 },
    );
  }, 300_000);
});
