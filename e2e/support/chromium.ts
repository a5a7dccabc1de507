import { existsSync } from 'node:fs';

/**
 * Which Chromium the browser tests drive, with no manual install step: CHROMIUM_PATH when set,
 * else Debian's package where present, else the binary shipped inside the @sparticuz/chromium npm
 * package (unpacked to /tmp on first use). Playwright's own browser download is blocked here.
 */
export async function resolveChromium(): Promise<{ executablePath: string; source: string }> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH' };
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return { executablePath: candidate, source: 'system package' };
  }
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return { executablePath: await sparticuz.executablePath(), source: '@sparticuz/chromium' };
}

/** Flags that keep headless Chromium off the (closed) network and working as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--no-zygote',
  '--disable-dev-shm-usage',
];
