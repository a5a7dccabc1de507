// Decision 032: React's runtime swapped for `preact/compat` at build and test
// time, so the four first pages fit the 100 KB budget. Our code
// keeps importing `react` and `react-dom`: deleting this list (and its two uses in vite.config.ts
// and vitest.config.ts) puts React 19 back.
export const preactAlias = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
