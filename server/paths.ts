import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root folder (the one holding package.json), found from this module's own
 * location, so it is right from the sources (tsx, vitest) and from the bundle in dist/server.
 */
function findProjectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    const parent = dirname(folder);
    if (parent === folder) throw new Error('package.json not found above ' + import.meta.url);
    folder = parent;
  }
}

export const projectRoot = findProjectRoot();

/** An absolute path inside the checkout, from a path relative to its root. */
export const projectPath = (relative: string): string => join(projectRoot, relative);
