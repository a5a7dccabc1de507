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
