import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with the OWASP Password Storage Cheat Sheet's first
 * recommended setting (m = 19 MiB, t = 2, p = 1), about 60 ms per hash on these machines.
 */
const argon2Options = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hash a password into an argon2id PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** A fixed hash to verify against when the email is unknown, so both cases take the same time. */
let decoyHash: Promise<string> | undefined;

/**
 * Check a password against a stored PHC string; with no stored hash it still spends the time of
 * one verification and answers false, so a caller cannot tell unknown emails by timing.
 */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (storedHash === undefined) {
    decoyHash ??= hashPassword('decoy password that never matches 1!');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
