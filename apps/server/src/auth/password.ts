import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), which are also
 * @node-rs/argon2's defaults; spelled out so a library upgrade cannot weaken them silently.
 * The algorithm defaults to argon2id (a const enum we cannot reference under isolatedModules);
 * a test asserts the `$argon2id$` prefix.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}
