import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';
import { StartupError } from '../../startup-error.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID key pair in $DATA_DIR/vapid.json, created (mode 600) on first start, as
 * secret-file.ts does for the auth secret. It must survive restarts: browsers subscribed with the
 * public key, and a new key would orphan every subscription. The atomic link makes two
 * processes starting at once (API and worker) agree on one pair.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const path = join(dataDir, 'vapid.json');
  try {
    return readKeys(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
  // Written whole to a private temporary file, then linked into place: link fails if the file
  // exists, so a second process never sees a half-written pair and never replaces the first one.
  const temporary = `${path}.${process.pid}.tmp`;
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  writeFileSync(temporary, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, {
    mode: 0o600,
  });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readKeys(path);
}

function readKeys(path: string): VapidKeys {
  const text = readFileSync(path, 'utf8');
  let parsed: Partial<VapidKeys>;
  try {
    parsed = JSON.parse(text) as Partial<VapidKeys>;
  } catch {
    throw new StartupError(`${path} is not valid JSON; delete it to generate new VAPID keys.`);
  }
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new StartupError(`${path} lacks publicKey/privateKey; delete it to regenerate.`);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
