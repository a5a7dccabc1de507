// Runs before the app's scripts (index.html: a deferred script, so in order before the module
// entry). zod 4 reads its settings from this global; `jitless` stops it probing for
// `new Function('')` to compile fast object parsers: our Content-Security-Policy has no
// 'unsafe-eval' (apps/server/src/http/security-headers.ts), so the probe could only fail, and the
// browser reports each refusal as a CSP violation (Lighthouse best practices,
// `npm run bench:lighthouse`). The contract's own zod settings merge into the same object.
// The build appends the signed-in frame's modulepreload links (apps/web/build/preload-signed-in-frame.ts).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, {
  jitless: true,
});
