// `npm run icons`: draws the installable app's PNG icons (apps/web/public/icons/) from the logo,
// apps/web/public/favicon.svg, in the browser the tests use, so the home-screen icon is the same
// drawing as the tab's. The PNGs are committed: run this again only when the logo changes.
// Maskable icons are cropped by the phone to a circle (or squircle) of 80% of their width, so
// there the logo sits at 60% on a full-bleed background of the app's colour.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from '../e2e/support/chromium.ts';

const publicDir = new URL('../apps/web/public/', import.meta.url);
const logo = readFileSync(new URL('favicon.svg', publicDir), 'utf8');
const BACKGROUND = '#0f0b16'; // --color-bg in apps/web/src/index.css

const ICONS = [
  { file: 'icon-192.png', size: 192, logoShare: 1 },
  { file: 'icon-512.png', size: 512, logoShare: 1 },
  { file: 'icon-maskable-192.png', size: 192, logoShare: 0.6 },
  { file: 'icon-maskable-512.png', size: 512, logoShare: 0.6 },
];

const { executablePath } = await resolveChromium();
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  for (const { file, size, logoShare } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const side = Math.round(size * logoShare);
    // A maskable icon fills its square; a plain one keeps the logo's own rounded corners.
    const background = logoShare < 1 ? BACKGROUND : 'transparent';
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${background}">
        <div style="width:${side}px;height:${side}px">${logo.replace('<svg ', `<svg width="${side}" height="${side}" `)}</div>
      </body>`,
    );
    await page.screenshot({
      path: new URL(`icons/${file}`, publicDir).pathname,
      omitBackground: logoShare === 1,
    });
    await page.close();
    console.log(`wrote apps/web/public/icons/${file}`);
  }
} finally {
  await browser.close();
}
