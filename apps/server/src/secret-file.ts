import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { StartupError } from './startup-error.ts';

/**
 * Returns the secret stored in `path`, creating it (48 random bytes, base64url, mode 600) on first
 * use. A fresh install thus needs no configuration, and the value survives restarts. Creation uses
 * the exclusive flag so that two processes starting at once agree on one secret.
 */
export function readOrCreateSecret(path: string): string {
  try {
    return readExisting(path);
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
  try {
    writeFileSync(path, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
  } catch (error) {
    // Another process won the race: use its secret.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readExisting(path);
}

function readExisting(path: string): string {
  const value = readFileSync(path, 'utf8').trim();
  if (value.length < 32) {
    throw new StartupError(
      `${path} holds a secret shorter than 32 characters; delete it to regenerate.`,
    );
  }
  return value;
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
