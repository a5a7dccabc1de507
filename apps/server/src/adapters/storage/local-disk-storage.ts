import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStorage } from './file-storage.ts';

/**
 * Keys are 64 hex characters with an extension (256 random bits since the second security probe; content hashes
 * before, still valid): nothing a client sends can name another path.
 */
const KEY_PATTERN = /^[a-f0-9]{64}\.(jpg|png)$/;
export const UPLOADS_URL_PREFIX = '/uploads/';

export type LocalDiskStorage = FileStorage & {
  /** The stored bytes, or null when the key is malformed or unknown. */
  read(key: string): Promise<Buffer | null>;
  /** Whether the key names a stored file (false when malformed). */
  has(key: string): Promise<boolean>;
};

/** Files under `dir` (`$DATA_DIR/uploads`), served by this process at /uploads/<key>. */
export function createLocalDiskStorage(dir: string): LocalDiskStorage {
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return join(dir, key);
  };
  return {
    async put(key, data) {
      await mkdir(dir, { recursive: true });
      // Write then rename, so a reader never sees half a file under the final name.
      const path = pathOf(key);
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, data);
      await rename(partial, path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    url: (key) => `${UPLOADS_URL_PREFIX}${key}`,
    keyOf(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
      const key = url.slice(UPLOADS_URL_PREFIX.length);
      return KEY_PATTERN.test(key) ? key : null;
    },
    async has(key) {
      if (!KEY_PATTERN.test(key)) return false;
      try {
        return (await stat(join(dir, key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async read(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        return await readFile(join(dir, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
