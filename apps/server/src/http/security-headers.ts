import type { onSendHookHandler } from 'fastify';

/**
 * The Content-Security-Policy of the app and of every other response. Every fetch goes to this
 * origin only, so an injected element could neither run script nor send data elsewhere.
 * - No inline script at all: Vite's build loads everything from /assets (its module-preload
 *   polyfill is bundled, not inlined).
 * - `style-src-elem` allows inline <style> elements: sonner adds its stylesheet as one when it
 *   loads, and radix's scroll lock (dialogs, menus) writes one with the measured scrollbar width.
 *   Neither takes a nonce and the scroll lock's text varies, so no hash fits. What that allows
 *   is CSS injection only, and CSS cannot carry data out: images, fonts and connections are
 *   limited to this origin. `style=""` attributes in markup stay refused; React sets its style
 *   props through the CSSOM, which CSP does not govern.
 * - Photos come from /uploads on this origin. img-src also takes data: and blob: (images made in
 *   the page, e.g. a local preview of a file): they cannot carry data out either.
 * - Pushes reach the service worker through the browser's push service, not a connection of
 *   the page; the Spotify connect step is a top-level navigation, which CSP does not restrict.
 * - Swagger UI at /api/docs runs under the same policy: @fastify/swagger-ui serves its scripts
 *   as files, with no inline script (e2e/api-docs.spec.ts proves it in the browser).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The policy of JSON answers (the API's, errors included): nothing may load, nothing may frame
 * it, as OWASP's REST security sheet advises for APIs. A JSON answer is never a page that loads
 * anything, so the app's long policy (~380 bytes) only made every API answer bigger: on the
 * loopback a public page's answer is ~2 KB, and its bytes are a good part of its cost
 * (docs/performance.md, on a slow host).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of the tour-dates widget's `<iframe>` page (routes/tour-dates.routes.ts), the one
 * page any site may frame: performers embed it on their own sites. It loads the widget's script
 * and its JSON feed from this origin and nothing else; the widget's styles live in its shadow
 * root (a constructed stylesheet, or a <style> element where that is missing). Every other page
 * keeps `frame-ancestors 'none'` and X-Frame-Options: DENY.
 */
export const TOUR_DATES_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src-elem 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** Two years, the value browsers' preload lists ask for (the site is not put on them). */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Headers every response carries (what @fastify/helmet would set for an app like ours). HSTS
 * only when PUBLIC_URL is https: browsers ignore it over plain http, and an http deployment
 * reached once through an https proxy must not have its host pinned to https for two years.
 * The Content-Security-Policy is not among them: it depends on the answer (`securityHeaders`).
 */
export function fixedSecurityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(new URL(publicUrl).protocol === 'https:' ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * Sets `fixedSecurityHeaders` on every answer, and its CSP: a route that sets its own (uploaded
 * files are sandboxed) keeps it; JSON gets API_CSP, anything else the app's. A cached public
 * page's hit, answered before Fastify (http/cached-hits.ts), carries the same headers.
 */
export function securityHeaders(options: { publicUrl: string }): onSendHookHandler {
  const fixed = Object.entries(fixedSecurityHeaders(options.publicUrl));
  // A callback, not an async function: run on every answer, a promise apiece is measurable.
  return (_request, reply, payload, done) => {
    // The widget's frame page may be framed anywhere: X-Frame-Options has no value that says so.
    const framed = reply.getHeader('content-security-policy') === TOUR_DATES_FRAME_CSP;
    for (const [name, value] of fixed) {
      if (!(framed && name === 'x-frame-options')) reply.header(name, value);
    }
    if (!reply.hasHeader('content-security-policy')) {
      const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
      reply.header('content-security-policy', json ? API_CSP : APP_CSP);
    }
    done(null, payload);
  };
}
