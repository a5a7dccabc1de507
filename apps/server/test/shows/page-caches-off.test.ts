import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * PAGE_CACHES=off (config.pageCaches false): every page, public or a user's own, is read from the
 * database on every request. The proof is a write that sends no change notice: with the caches on
 * the page would still answer as before (public-cache.test.ts shows that much), off it shows at
 * once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pageCaches: false });
});
afterAll(() => t.close());

/** Writes past the change triggers (a replica's session runs no ordinary trigger): no notice. */
async function silently(statement: ReturnType<typeof sql>) {
  await t.database.orm.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe('with PAGE_CACHES=off', () => {
  it('reads a public page afresh on every request', async () => {
    const performer = await member(t, 'performer');
    const url = `/api/artists/${performer.id}`;
    expect((await send(t.app, 'GET', url, undefined)).statusCode).toBe(200);
    await silently(sql`update performer_profiles set bio = 'changed unseen'
      where user_id = ${performer.id}`);
    const again = await send(t.app, 'GET', url, undefined);
    expect(again.json<{ artist: { bio: string } }>().artist.bio).toBe('changed unseen');
  });

  it('reads a user’s own page afresh on every request', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const fan = await member(t, 'fan');
    const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(3) });
    const going = await send(t.app, 'PUT', `/api/shows/${show.id}/attendance`, fan.cookie, {
      status: 'going',
    });
    expect(going.statusCode).toBe(200);
    type Home = { nextShow: { show: { id: string; priceMin: number | null } } | null };
    const first = await send(t.app, 'GET', '/api/fan/home', fan.cookie);
    expect(first.json<Home>().nextShow?.show.id).toBe(show.id);
    await silently(sql`update shows set price_min = 12 where id = ${show.id}`);
    const again = await send(t.app, 'GET', '/api/fan/home', fan.cookie);
    expect(again.json<Home>().nextShow?.show.priceMin).toBe(12);
  });
});
