/**
 * The file name an Okuma OSP control stores a main program under: at most 16 characters before
 * its ".MIN" extension (Okuma OSP-P200L / OSP-P300L and OSP-P200M / OSP-P300M Programming
 * Manuals, "Program name" and file handling; docs/decisions/106-okuma-osp.md). Only the letters
 * A–Z and the digits are used: the manuals' other allowed characters differ between editions.
 */

/** The most characters an OSP file name holds before its extension. */
export const okumaFileNameLength = 16;

/**
 * The OSP file name for a job's file base name ('Post-test-plate-v3' → 'POSTTESTPLATEV3'):
 * upper case letters and digits only, cut in the part's name so the version ('V3') stays.
 * @returns 1 to 16 characters ('PROGRAM' when nothing is left of the name)
 */
export function okumaProgramName(fileBaseName: string): string {
  const [, stem = fileBaseName, version = ''] = /^(.*?)(?:-v(\d+))?$/.exec(fileBaseName) ?? [];
  const suffix = version ? `V${version}` : '';
  const letters = stem.toUpperCase().replace(/[^A-Z0-9]+/g, '');
  const name = `${letters.slice(0, Math.max(0, okumaFileNameLength - suffix.length))}${suffix}`;
  return name.slice(0, okumaFileNameLength) || 'PROGRAM';
}
