import { readFileSync } from 'node:fs';
import pg from 'pg';
import { e2eSettings } from './e2e-env.ts';

// The webServer settings of playwright.config.ts.
const { port, dataDir } = e2eSettings();

/**
 * Marks a user's profile complete directly in the e2e server's database. Until the setup screens
 * exist there is no screen that does it, and login routing depends on it.
 */
export async function markProfileComplete(email: string): Promise<void> {
  const updated = await execute(
    'update "user" set profile_complete = true where email = lower($1)',
    [email],
  );
  if (updated !== 1) throw new Error(`no user with email ${email}`);
}

/**
 * Moves a show into the past, as time would: no screen can announce a show that has already
 * started, yet "Did you go?" and the attended history are about exactly those.
 */
export async function moveShowToPast(showId: string, daysAgo = 2): Promise<void> {
  const updated = await execute(
    `update shows set starts_at = now() - make_interval(days => $2::int) where id = $1`,
    [showId, daysAgo],
  );
  if (updated !== 1) throw new Error(`no show ${showId}`);
}

/** Clicks counted on a show's 'Purchase Ticket(s)' link, all days together. */
export async function ticketClicks(showId: string): Promise<number> {
  const rows = await select<{ clicks: number }>(
    'select coalesce(sum(clicks), 0)::int as clicks from ticket_clicks where show_id = $1',
    [showId],
  );
  return rows[0]?.clicks ?? 0;
}

/** Runs one statement on the e2e server's database; returns the number of rows it touched. */
async function execute(text: string, params: unknown[]): Promise<number> {
  return (await query(text, params)).rowCount ?? 0;
}

async function select<T extends pg.QueryResultRow>(text: string, params: unknown[]): Promise<T[]> {
  return (await query<T>(text, params)).rows;
}

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[]) {
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
    return await client.query<T>(text, params);
  } finally {
    await client.end();
  }
}
