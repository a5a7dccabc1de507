import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A file of apps/web (not through `new URL`: Vite rewrites that pattern as an asset import). */
const web = (path: string) => join(import.meta.dirname, '../..', path);
const read = (path: string) => readFileSync(web(path), 'utf8');

type ManifestIcon = { src: string; sizes: string; type: string; purpose: string };
const manifest = JSON.parse(read('public/manifest.webmanifest')) as {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

/** A PNG's width and height, from its IHDR chunk (bytes 16–23). */
function pngSize(path: string): string {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the installable app', () => {
  const html = new DOMParser().parseFromString(read('index.html'), 'text/html');

  it('links its web app manifest from index.html', () => {
    expect(html.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    expect(existsSync(web('public/manifest.webmanifest'))).toBe(true);
  });

  it('names Encore, opens standalone at the start URL, in the design’s colours', () => {
    expect(manifest).toMatchObject({
      name: 'Encore',
      short_name: 'Encore',
      start_url: '/',
      display: 'standalone',
    });
    const background = /--color-bg:\s*(#[0-9a-f]{6})/i.exec(read('src/index.css'))?.[1];
    expect(manifest.background_color).toBe(background);
    expect(manifest.theme_color).toBe(
      html.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    );
  });

  it.each([
    ['any', '192x192'],
    ['any', '512x512'],
    ['maskable', '192x192'],
    ['maskable', '512x512'],
  ])('has a %s PNG icon of %s, drawn at that size', (purpose, sizes) => {
    const icon = manifest.icons.find((i) => i.purpose === purpose && i.sizes === sizes);
    expect(icon?.type).toBe('image/png');
    expect(pngSize(web(`public${icon?.src}`))).toBe(sizes);
  });

  it('keeps the offline page the service worker shows, with its Retry', () => {
    const offline = new DOMParser().parseFromString(read('public/offline.html'), 'text/html');
    expect(offline.querySelector('h1')?.textContent).toBe(
      "You're offline — Encore will be back when your connection is.",
    );
    expect(offline.querySelector('button#retry')?.textContent).toBe('Retry');
    // No inline script: the CSP would block it (the Retry handler is offline.js).
    expect(offline.querySelector('script:not([src])')).toBeNull();
    expect(read('public/sw.js')).toContain("const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.js']");
  });
});
