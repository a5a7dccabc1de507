import { appendFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import { SESSION_URL } from '../src/features/auth/api/session-url.ts';
import { GET_HEADERS, PAGE_STARTED_GLOBAL } from '../src/lib/early-requests.ts';
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

/**
 * The script appended to browser-config.js, on frame pages: `files` as modulepreload links, and
 * the session GET started (sent as apiRequest sends it: lib/early-requests.ts' GET_HEADERS).
 */
export function preloadScript(files: readonly string[], base = '/'): string {
  return `
// Added by the build (apps/web/build/preload-signed-in-frame.ts): on a page of the signed-in frame,
// start its chunks now, alongside the entry, rather than once the entry has run and the router
// asks for them (Lighthouse on a phone: a round trip and the entry's run saved before the LCP).
// The session too: the frame waits for it before it renders anything, and the entry would ask for
// it only once it has downloaded and run; lib/early-requests.ts hands this answer to that request.
if (!${NO_FRAME_PATHS}.test(location.pathname)) {
  for (const file of ${JSON.stringify(files.map((file) => `${base}${file}`))}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.appendChild(link);
  }
  const response = fetch(${JSON.stringify(SESSION_URL)}, {
    method: 'GET',
    credentials: 'same-origin',
    headers: ${JSON.stringify(GET_HEADERS)},
  });
  // Its failure is reported by the request that takes it (as a network error), not here.
  response.catch(() => undefined);
  globalThis.${PAGE_STARTED_GLOBAL} = {
    ${JSON.stringify(SESSION_URL)}: { at: Date.now(), response },
  };
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
