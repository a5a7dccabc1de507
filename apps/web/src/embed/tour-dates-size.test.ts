import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';

/**
 * The tour-dates widget loads on performers' own sites, on every visit: it is built as its own
 * bundle (vite.embed.config.ts, never the web app's) and must stay under 15 KB gzipped.
 */
const LIMIT_BYTES = 15 * 1024;
const webRoot = join(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'encore-widget-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('is one script under 15 KB gzipped, with no React in it', () => {
  // In a process of its own: Vite's Node API does not load under the tests' happy-dom.
  const vite = join(webRoot, '../../node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '-c', 'vite.embed.config.ts', '--outDir', out], {
    cwd: webRoot,
    stdio: 'pipe',
  });
  const bytes = readFileSync(join(out, 'tour-dates.js'));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  console.info(
    `tour-dates widget: ${bytes.length} bytes, ${gzipped} gzipped (limit ${LIMIT_BYTES})`,
  );
  expect(gzipped).toBeLessThanOrEqual(LIMIT_BYTES);
  const text = bytes.toString('utf8');
  expect(text).not.toMatch(/createElement\("div",\s*\{|__reactFiber|preact/);
  // Text goes in as text: the widget never parses markup from the feed.
  expect(text).not.toMatch(/innerHTML|insertAdjacentHTML|outerHTML/);
});
