/**
 * What the sinker EDM verifier (cam/verify/sinker/) is given: the cavities (centre, depth, the
 * finishing condition's spark gap and orbit), the clearance height, the plate when it is known,
 * and the tolerance; and the program's lines as the verifier reads them beside the interpreter
 * (how many, and the first that sets a condition). Units: mm; positions are the electrode tip's.
 */
import { LexError, lexLine } from '../../gcode/lexer.ts';
import type { Point2 } from '../../geometry/polygon.ts';
import type { SinkerPlan } from '../../sinker/program.ts';

/** A cavity the program must burn, with its finishing condition's gap and orbit. */
export interface SinkerVerificationCavity {
  label: string;
  center: Point2;
  depthMm: number;
  /** Spark gap per side of the finishing condition, mm. */
  finalGapMm: number;
  /** The finishing condition's orbit radius (undersize − gap), mm. */
  finalOrbitMm: number;
  /** The plan's conditions, rough to finish: a burn under one goes no deeper than its Z. */
  conditions?: SinkerVerificationCondition[];
  /** The electrode that burns it: its tool number and label. */
  electrode?: { number: number; label: string };
}

/** One planned condition of a cavity. */
export interface SinkerVerificationCondition {
  /** The E number. */
  number: number;
  /** The electrode tip's lowest Z under it, mm. */
  bottomZ: number;
  /** Its orbit radius at the bottom, mm. */
  orbitMm: number;
  /** Its programmed down feed, mm/min, when the plan gives one. */
  feedMmPerMin?: number;
}

/** What a sinker EDM program is checked against. */
export interface SinkerVerificationInput {
  cavities: SinkerVerificationCavity[];
  clearanceZ: number;
  /** The plate's XY bounds, when known. */
  stock?: { minX: number; minY: number; maxX: number; maxY: number };
  toleranceMm?: number;
}

/** The verification input for a plan. */
export function sinkerVerificationInput(
  plan: SinkerPlan,
  stock?: SinkerVerificationInput['stock'],
): SinkerVerificationInput {
  return {
    cavities: plan.cavities.map((cavity) => {
      const last = cavity.conditions[cavity.conditions.length - 1]!;
      return {
        label: cavity.label,
        center: cavity.center,
        depthMm: cavity.depthMm,
        finalGapMm: last.gapMm,
        finalOrbitMm: last.orbitMm,
        conditions: cavity.conditions.map(({ number, bottomZ, orbitMm, feedMmPerMin }) => ({
          number,
          bottomZ,
          orbitMm,
          ...(feedMmPerMin !== undefined ? { feedMmPerMin } : {}),
        })),
        electrode: { number: cavity.electrode.number, label: cavity.electrode.label },
      };
    }),
    clearanceZ: plan.clearanceZ,
    ...(stock ? { stock } : {}),
  };
}

/**
 * The lines of a sinker program as the verifier reads them beside the interpreter: how many,
 * and the first that sets a condition (an E word).
 */
export class SinkerLines {
  /** Lines read so far. */
  count = 0;
  /** The first line (1-based) that sets an E condition; Infinity before one is read. */
  firstCondition = Infinity;

  /** Every line of `lines` read at once, for events interpreted already. */
  static of(lines: Iterable<string>): SinkerLines {
    const read = new SinkerLines();
    const passing = read.lines(lines);
    let step = passing.next();
    while (!step.done) step = passing.next();
    return read;
  }

  /** Each line of `lines` on, counted and looked at for an E word as it passes. */
  *lines(lines: Iterable<string>): Generator<string> {
    for (const line of lines) {
      this.count += 1;
      try {
        if (
          lexLine(line, this.count, { semicolonComments: false }).words.some(
            (word) => word.letter === 'E',
          )
        )
          this.firstCondition = Math.min(this.firstCondition, this.count);
      } catch (error) {
        if (!(error instanceof LexError)) throw error;
      }
      yield line;
    }
  }
}
