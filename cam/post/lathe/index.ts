/** The lathe post-processors by controller dialect. */
import type { LathePostProcessor } from './common.ts';
import { fanucPost } from './fanuc.ts';
import { haasPost } from './haas.ts';
import { linuxcncPost } from './linuxcnc.ts';
import { okumaPost } from './okuma.ts';
import { sinumerikPost } from './sinumerik.ts';

export const lathePosts: Record<string, LathePostProcessor> = {
  linuxcnc: linuxcncPost,
  fanuc: fanucPost,
  haas: haasPost,
  sinumerik: sinumerikPost,
  okuma: okumaPost,
};

/** The post-processor for a dialect, or undefined when there is none for lathes yet. */
export const lathePostFor = (dialect: string): LathePostProcessor | undefined =>
  Object.hasOwn(lathePosts, dialect) ? lathePosts[dialect] : undefined;

export type { LathePostProcessor } from './common.ts';
