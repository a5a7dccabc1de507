import { defineConfig } from 'vitest/config';
import { budget } from '../../scripts/test-budget.ts';

// Fast unit tests beside the code: every rule and message the forms and the API share.
export default defineConfig({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Vitest's 5 s on a quiet host times the run's measured slowdown (scripts/test-budget.ts), as
    // the other projects: beside `stress-ng --cpu 8` a decoder test took over 5 s (2026-11-30).
    testTimeout: budget(5_000),
  },
});
