import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * The tour-dates widget (src/embed/tour-dates.ts): one small script of its own that performers'
 * sites load from /embed/tour-dates.js, beside the web app's build (run after it: that build
 * empties dist/). No React, no hash in its name: its URL is in every pasted snippet, and the
 * server has browsers revalidate it. src/embed/tour-dates-size.test.ts holds it under 15 KB gzipped.
 */
export default defineConfig({
  publicDir: false,
  plugins: [precompress()],
  build: {
    outDir: 'dist/embed',
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: 'src/embed/tour-dates.ts',
      formats: ['iife'],
      name: 'EncoreTourDates',
      fileName: () => 'tour-dates.js',
    },
  },
});
