/**
 * A tool row's cutting diameter as the product reads it, for the libraries that keep one (the
 * LinuxCNC table's D word, Fusion 360's `geometry.DC`): a mill's tools as the mill planner reads
 * them, a lathe's as the lathe planner does (drills, taps and boring bars), any other row from
 * its written diameter ("Ø0.25", "D10").
 */
import type { JobType } from '#contracts/job-types';
import { classifyTool } from '../lathe/tooling.ts';
import { classifyMillTool } from '../mill/tooling.ts';
import { statedDiameterFrom } from '../tool-row.ts';
import type { LibraryTool } from './linuxcnc-tbl.ts';

/**
 * @param jobType - the machine's job type; undefined reads the row's written diameter only
 * @returns the diameter, mm, or undefined when the row gives none (a turning insert)
 */
export function libraryDiameterOf(row: LibraryTool, jobType?: JobType): number | undefined {
  const withId = { ...row, id: '' };
  const diameter =
    jobType === 'Milling'
      ? classifyMillTool(withId).diameterMm
      : jobType === 'Lathe'
        ? classifyTool(withId).diameterMm
        : statedDiameterFrom(`${row.toolName} ${row.toolDescription}`);
  return diameter !== undefined && Number.isFinite(diameter) && diameter > 0 ? diameter : undefined;
}
