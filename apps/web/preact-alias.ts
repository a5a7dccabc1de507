import { fileURLToPath } from 'node:url';

// Decision 032: React's runtime swapped for `preact/compat` at build and test
// time, so the four first pages fit the 100 KB budget. Our code
// keeps importing `react` and `react-dom`: deleting this list (and its two uses in vite.config.ts
// and vitest.config.ts) puts React 19 back. `react` itself goes through src/lib/react-on-preact.ts:
// preact/compat plus the React 19 hooks our libraries look for that it lacks (useOptimistic).
export const preactAlias = [
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('src/lib/react-on-preact.ts', import.meta.url)),
  },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * `WEB_RUNTIME=react` builds and tests on React 19 itself, without the alias: the way back that
 * decision 032 keeps open, run by `npm run test:web:react` (scripts/test-web-react.mjs) in CI.
 */
export const onReact = process.env.WEB_RUNTIME === 'react';

/** The alias of the runtime this run uses: Preact's, or none on React. */
export const runtimeAlias = onReact ? [] : preactAlias;
