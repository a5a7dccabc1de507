import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * React Router 7's package exports send every condition (browser, import, production included) to
 * its development build, `dist/development`; `dist/production` differs only in
 * `ENABLE_DEV_WARNINGS = false`, which lets the minifier drop the warnings' checks and texts. The
 * production build (`vite build`, on Preact or on React) takes it; the dev server and the
 * component tests (vitest.config.ts) keep the development build, whose warnings help there
 * (issue 29).
 */
const routerDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

export const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(routerDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDir, 'dist/production/dom-export.mjs') },
];
