import { resolveChromium } from './chromium.ts';

/**
 * Resolves the Chromium binary once, in the runner process; the worker processes inherit
 * CHROMIUM_PATH and the config hands it to Playwright as the executable.
 */
export default async function globalSetup(): Promise<void> {
  const { executablePath, source } = await resolveChromium();
  process.env.CHROMIUM_PATH = executablePath;
  console.log(`Browser tests use Chromium at ${executablePath} (${source})`);
}
