/**
 * Who is signed in: read by AuthProvider on every page, and started by browser-config.js on a
 * signed-in frame's page before any module runs (build/preload-signed-in-frame.ts). No imports:
 * the build reads it too.
 */
export const SESSION_URL = '/api/account/session';
