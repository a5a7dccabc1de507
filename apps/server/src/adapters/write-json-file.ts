import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes one outgoing message as a JSON file, named so that a directory listing sorts by time.
 * The local default of the mail and SMS adapters: a developer reads what "was sent" from disk.
 */
export async function writeJsonFile(dir: string, content: object): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.json`);
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  return file;
}
