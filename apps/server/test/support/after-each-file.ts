import { afterAll } from 'vitest';
import { removeTempDirsMade } from './paths.ts';

// A setup file (vitest.config.ts' setupFiles): its hooks are registered before the test file's,
// and after-hooks run in reverse ("stack"), so this runs once the file's own afterAll hooks have
// stopped their apps, servers and Postgres processes.
afterAll(removeTempDirsMade);
