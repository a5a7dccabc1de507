/**
 * The contract's `z`: zod with the spec's fallback wording (zod-config.ts) applied. Every schema
 * module imports `z` from here, not from 'zod', so any bundle that carries a schema also carries
 * the wording: a side-effect import in index.ts alone was dropped by the web build, whose
 * bundler resolves the barrel's re-exports straight to their modules (package.json marks this
 * file and zod-config.ts as having side effects for that reason).
 */
import './zod-config.ts';

export { z } from 'zod';
