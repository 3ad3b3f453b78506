/**
 * The base of every error the CAM core raises for a job it cannot plan or a description it
 * cannot use. Its message is written for the shop user (what is missing and what to do), so
 * the server shows it as it is (422); any other error is a defect.
 */
export class CamError extends Error {
  override name = 'CamError';
}

/** The job cannot be planned as asked; the message says what to change (usually a tool to add). */
export class PlanningError extends CamError {
  override name = 'PlanningError';
}

/** The description does not hold what a turned part needs; `missing` lists each gap. */
export class PartModelError extends CamError {
  override name = 'PartModelError';

  constructor(readonly missing: string[]) {
    super(
      `The description does not give everything the program needs: ${missing.join('; ')}. Use Change to add it, for example "Ø40 h7 x 85 long, bore Ø20 x 30 deep, chamfer 1x45 both ends".`,
    );
  }
}

/** The description has no usable top view (outline, thickness) for a plate or block part. */
export class PrismaticPartError extends CamError {
  override name = 'PrismaticPartError';
}

/** An ISO 286 fit this product has no table for (a letter or size outside the tables). */
export class FitError extends CamError {
  override name = 'FitError';
}

/** The selected tooling holds no wire this job can use. */
export class WireToolingError extends CamError {
  override name = 'WireToolingError';
}

/** A wire EDM job that cannot be planned as asked; the message says what to change. */
export class WirePlanningError extends CamError {
  override name = 'WirePlanningError';
}

/** A sinker EDM job that cannot be planned as asked; the message says what to change. */
export class SinkerPlanningError extends CamError {
  override name = 'SinkerPlanningError';
}
