import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests only: no Tailwind plugin (no CSS is imported by the tested modules).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
