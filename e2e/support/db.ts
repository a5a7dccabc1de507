import pg from 'pg';

const port = Number(process.env.E2E_PORT ?? 3100) + 1000;

/**
 * Marks a user's profile complete directly in the e2e server's database. Until the setup screens
 * exist (issue 3) there is no screen that does it, and login routing depends on it.
 */
export async function markProfileComplete(email: string): Promise<void> {
  const client = new pg.Client({
    connectionString: `postgres://postgres:password@127.0.0.1:${port}/encore`,
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
