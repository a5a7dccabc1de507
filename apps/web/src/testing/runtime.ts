/**
 * True when the tests run on React 19 itself (`npm run test:web:react`), not on preact/compat
 * (decision 032; vitest.config.ts sets WEB_RUNTIME from preact-alias.ts).
 */
export const onReact = import.meta.env.WEB_RUNTIME === 'react';
