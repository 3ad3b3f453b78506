/** The mill post-processors by controller dialect. */
import type { MillPostProcessor } from './common.ts';
import { fanucMillPost } from './fanuc.ts';
import { haasMillPost } from './haas.ts';
import { heidenhainMillPost } from './heidenhain.ts';
import { linuxcncMillPost } from './linuxcnc.ts';
import { okumaMillPost } from './okuma.ts';
import { sinumerikMillPost } from './sinumerik.ts';

export const millPosts: Record<string, MillPostProcessor> = {
  linuxcnc: linuxcncMillPost,
  fanuc: fanucMillPost,
  haas: haasMillPost,
  sinumerik: sinumerikMillPost,
  okuma: okumaMillPost,
  heidenhain: heidenhainMillPost,
};

/** The post-processor for a dialect, or undefined when there is none for mills yet. */
export const millPostFor = (dialect: string): MillPostProcessor | undefined =>
  Object.hasOwn(millPosts, dialect) ? millPosts[dialect] : undefined;

export type { MillPostProcessor } from './common.ts';
