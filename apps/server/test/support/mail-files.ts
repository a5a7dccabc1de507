import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The first mail the file adapter (no SMTP configured) wrote into `dataDir/mail` whose JSON
 * mentions `text`, or undefined: what a worker process sent, read from outside it.
 */
export function mailFileMentioning(dataDir: string, text: string): string | undefined {
  const dir = join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return undefined; // nothing sent yet: the folder is made by the first mail
  }
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).find((m) => m.includes(text));
}
