import { appendFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import { SIGNED_IN_CHUNKS } from './signed-in-chunk.ts';

/**
 * Pages that never show the signed-in frame: the first pages (splash, landing, sign-up, login:
 * their download is held by `npm run check:bundle`) and the public frame's pages. Any other path
 * (/dashboard, /alerts, /settings …) is a signed-in page, or one that sends a signed-out visitor
 * to one of these (then the preload was wasted: nothing breaks).
 */
export const NO_FRAME_PATHS = /^\/(landing|auth|shows|artists|venues|unsubscribe)?(\/|$)/;

/** The chunks `names` import statically, transitively, less those index.html already loads. */
function frameFiles(bundle: OutputBundle, names: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    for (const root of roots) visit(root.fileName);
    return seen;
  };
  const frame = chunks.filter((chunk) => names.includes(chunk.name) && !chunk.isEntry);
  if (frame.length !== names.length) throw new Error(`preload: no chunk named ${names.join(', ')}`);
  const loadedByIndex = closure(chunks.filter((chunk) => chunk.isEntry));
  return [...closure(frame)].filter((file) => !loadedByIndex.has(file));
}

/** The script appended to browser-config.js: `files` as modulepreload links, on frame pages. */
export function preloadScript(files: readonly string[], base = '/'): string {
  return `
// Added by the build (apps/web/build/preload-signed-in-frame.ts): on a page of the signed-in frame,
// start its chunks now, alongside the entry, rather than once the entry has run and the router
// asks for them (Lighthouse on a phone: a round trip and the entry's run saved before the LCP).
if (!${NO_FRAME_PATHS}.test(location.pathname)) {
  for (const file of ${JSON.stringify(files.map((file) => `${base}${file}`))}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.appendChild(link);
  }
}
`;
}

/**
 * Appends the preload of the signed-in frame's chunks to the built `browser-config.js` (index.html's
 * deferred classic script, which runs before the module entry: public/browser-config.js). A
 * script, not `<link rel=modulepreload>` in index.html, because the same index.html serves the
 * first pages, which must not download the frame; and not inline, which the CSP forbids.
 */
export function preloadSignedInFrame(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'encore:preload-signed-in-frame',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // writeBundle runs before any plugin's closeBundle: precompress.ts sees the final file.
    async writeBundle(_options, bundle) {
      const files = frameFiles(bundle, SIGNED_IN_CHUNKS);
      const target = resolve(config.root, config.build.outDir, 'browser-config.js');
      await appendFile(target, preloadScript(files, config.base));
    },
  };
}
