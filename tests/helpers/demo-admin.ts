/**
 * The demo shop admin's credentials as a test reads them: from the console line a first start
 * prints when its stdout is a terminal, else from the file it writes instead
 * (`demoAdminFileIn(dataDir)`, server/demo-shop.ts). Test processes and the servers they spawn
 * with piped output have no terminal, so it is the file there.
 */
import { readFile } from 'node:fs/promises';
import { demoAdminFileIn } from '#server/demo-shop';
import type { DemoAdmin } from '#server/demo-shop';

const signInLine = /Sign in as (\S+) with the password (\S+)/;

/**
 * The credentials in `printed` (what the server wrote to its console), else in the file under
 * `dataDir`; undefined when neither holds them (no demo shop was created, or not yet).
 */
export async function findDemoAdmin(
  printed: string,
  dataDir: string,
): Promise<DemoAdmin | undefined> {
  const text =
    (signInLine.test(printed) ? printed : undefined) ??
    (await readFile(demoAdminFileIn(dataDir), 'utf8').catch(() => ''));
  const found = signInLine.exec(text);
  return found ? { email: found[1]!, password: found[2]! } : undefined;
}

/**
 * {@link findDemoAdmin}, required.
 * @throws Error quoting `printed` when neither the console nor the file holds the credentials
 */
export async function demoAdmin(printed: string, dataDir: string): Promise<DemoAdmin> {
  const found = await findDemoAdmin(printed, dataDir);
  if (!found) throw new Error(`the server gave no demo shop credentials:\n${printed}`);
  return found;
}
