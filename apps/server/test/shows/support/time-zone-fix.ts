import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { fixShowTimeZones, SHOW_TIME_ZONES_FIX } from '../../../src/db/show-time-zones.ts';
import { YEAR } from '../../support/dates.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Stores the show as a coarser time-zone lookup did, in `zone`: starting 20:00 on 14 June, on sale
 * 10:00 on 20 March; and forgets that the start-up fix ran (this database's migrations ran it on
 * no shows), as on a database where it never had.
 */
export async function storedBeforeTheFix(t: TestApp, showId: string, zone: string) {
  await t.database.orm.execute(sql`
    update shows set time_zone = ${zone},
      starts_at = (${`${YEAR}-06-14 20:00`}::timestamp at time zone ${zone}),
      on_sale_at = (${`${YEAR}-03-20 10:00`}::timestamp at time zone ${zone})
    where id = ${showId}`);
  await t.database.orm.execute(sql`delete from data_fixes where name = ${SHOW_TIME_ZONES_FIX}`);
}

/** Runs the start-up fix twice: it moves one show, records itself, and the next start does nothing. */
export async function expectFixMovesOneShowOnce(t: TestApp) {
  const client = await t.database.pool.connect();
  try {
    expect(await fixShowTimeZones(client)).toBe(1);
    expect(await fixShowTimeZones(client)).toBe(0);
  } finally {
    client.release();
  }
}
