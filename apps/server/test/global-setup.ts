import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { freePort } from './support/free-port.ts';
import { makeTempDir } from './support/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser connection to the test cluster's `postgres` database. */
    adminDatabaseUrl: string;
  }
}

/** One Postgres for the whole run (cold start ~1.5 s); removed with its folder at the end. */
export default async function setup(project: TestProject) {
  const dataDir = makeTempDir('vitest-pg');
  const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  project.provide('adminDatabaseUrl', postgres.adminConnectionString);
  return async () => {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
