import { readFileSync } from 'node:fs';
import pg from 'pg';

// Mirrors the webServer settings in playwright.config.ts.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = `/tmp/encore-e2e-${port}`;

/**
 * Marks a user's profile complete directly in the e2e server's database. Until the setup screens
 * exist (issue 3) there is no screen that does it, and login routing depends on it.
 */
export async function markProfileComplete(email: string): Promise<void> {
  // The embedded server's password is generated into the data folder on first start.
  const password = readFileSync(`${dataDir}/postgres-password`, 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: port + 1000,
    user: 'postgres',
    password,
    database: 'encore',
  });
  await client.connect();
  try {
    const result = await client.query(
      'update "user" set profile_complete = true where email = lower($1)',
      [email],
    );
    if (result.rowCount !== 1) throw new Error(`no user with email ${email}`);
  } finally {
    await client.end();
  }
}
