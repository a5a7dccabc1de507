import { defineConfig } from 'vitest/config';

// Fast unit tests beside the code: every rule and message the forms and the API share.
export default defineConfig({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
