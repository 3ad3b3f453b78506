import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The HS256 key: `JWT_SECRET` when set, otherwise a random secret generated on the first start
 * and kept in `$DATA_DIR/jwt-secret` (mode 0600) so sessions survive a restart.
 */
export async function loadJwtSecret(options: {
  jwtSecret: string | undefined;
  dataDir: string;
}): Promise<Uint8Array> {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);
  const file = join(options.dataDir, 'jwt-secret');
  await mkdir(options.dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return new TextEncoder().encode(secret);
}
