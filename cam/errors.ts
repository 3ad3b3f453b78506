/**
 * The base of every error the CAM core raises for a job it cannot plan or a description it
 * cannot use. Its message is written for the shop user (what is missing and what to do), so
 * the server shows it as it is (422); any other error is a defect.
 */
export class CamError extends Error {
  override name = 'CamError';
}
