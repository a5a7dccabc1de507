import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { budget } from '../../scripts/test-budget.ts';
import { onReact, runtimeAlias } from './preact-alias.ts';

const esm = (path: string) => new URL(`../../node_modules/${path}`, import.meta.url).pathname;

// Component tests only: no Tailwind plugin (no CSS is imported by the tested modules).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    tsconfigPaths: true,
    alias: [
      ...runtimeAlias,
      // Under Node, these packages resolve to CommonJS builds whose require('react') no alias
      // reaches (the real React then loads beside Preact: "Invalid hook call"). Their ES builds
      // go through Vite, so the alias applies.
      { find: /^react-router$/, replacement: esm('react-router/dist/development/index.mjs') },
      {
        find: /^@testing-library\/react$/,
        replacement: esm('@testing-library/react/dist/@testing-library/react.esm.js'),
      },
      { find: /^recharts$/, replacement: esm('recharts/es6/index.js') },
    ],
    dedupe: ['preact'],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Which runtime this run is on, for the few tests and helpers that differ (decision 032).
    env: { WEB_RUNTIME: onReact ? 'react' : 'preact' },
    // A test's whole budget on a loaded 2-core machine (under `stress-ng --cpu 4` beside the
    // server tests, a few tests with several form steps took over the default 5 s). Each single
    // wait stays bounded by asyncUtilTimeout (testing/setup.ts), so a wrong answer fails as fast.
    // Both are quiet-host budgets times the run's measured slowdown (scripts/test-budget.ts).
    testTimeout: budget(20_000),
    // Files share a worker's module cache and happy-dom window instead of importing React, the
    // router and the contract afresh for each of ~100 files: 229 → 72 CPU-s for this project
    // (2026-11-27, same load). testing/setup.ts resets what a file could leave behind.
    isolate: false,
    // Libraries in node_modules import `react` themselves: run them through the alias too.
    server: { deps: { inline: true } },
  },
});
