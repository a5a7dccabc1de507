import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type AppConfig, loadConfig, type RateLimits } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close: () => Promise<void>;
};

export const TEST_ORIGIN = 'http://localhost:3000';

/** Limits no test reaches unless it lowers one (the rate-limit tests do). */
export const GENEROUS_RATE_LIMITS: RateLimits = {
  windowSeconds: 60,
  signUp: 10_000,
  login: 10_000,
  usernameCheck: 10_000,
  passwordChange: 10_000,
  verificationSend: 10_000,
  phoneVerify: 10_000,
  feedback: 10_000,
  dataExport: 10_000,
  photoUpload: 10_000,
  showChanges: 10_000,
  search: 10_000,
  spotify: 10_000,
  lastfm: 10_000,
  clientEvents: 10_000,
  ticketClicks: 10_000,
  tourPlans: 10_000,
  bookingRequests: 10_000,
  showImports: 10_000,
};

/** A new, migrated database in the run's Postgres (a copy of the run's migrated template). */
export async function createTestDatabase(): Promise<{
  url: string;
  database: Database;
  /** Drops it once nothing is connected (else leaves it to the run's end): see dropTestDatabase. */
  drop: () => Promise<void>;
}> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `create database ${name} template ${inject('templateDatabase')}`);
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return { url, database: createDatabase(url), drop: () => dropTestDatabase(adminUrl, name) };
}

/** Postgres' answer to DROP DATABASE while someone is still connected to it. */
const OBJECT_IN_USE = '55006';

/**
 * A test file's database dropped when its app closes. Left to the run's end, the databases of a
 * whole run (~4 GB, tens of thousands of files) were removed by the global teardown, one unlink at a time:
 * beside stress-ng --cpu 8 that took the run's last 5+ minutes, each unlink waiting for a core.
 * Dropped here, Postgres removes them while other files run. A database someone still uses (a
 * second process of the test's) is left for the teardown.
 */
async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  try {
    await asAdmin(adminUrl, `drop database if exists ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== OBJECT_IN_USE) throw error;
  }
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The app on a fresh database, with limits high enough not to interfere unless a test asks. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { url, database, drop } = await createTestDatabase();
  const config = loadConfig(
    {},
    {
      databaseUrl: url,
      publicUrl: TEST_ORIGIN,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      logLevel: 'silent',
      webDistDir: '/nonexistent/web-dist',
      rateLimit: GENEROUS_RATE_LIMITS,
      ...overrides,
    },
  );
  const app = await buildApp(config, database);
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
