import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountDataRepo } from '../../src/repositories/account-data.repo.ts';
import { createUser, PASSWORD, postJson } from '../support/factories.ts';
import { makeTempDir } from '../support/paths.ts';
import { INPUTS, saveProfile, send } from '../support/profile-inputs.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  const dataDir = makeTempDir('account-data-test');
  uploadsDir = join(dataDir, 'uploads');
  t = await createTestApp({ dataDir });
});
afterAll(() => t.close());

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const uploadPhoto = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/profile/photo',
    headers: { cookie, 'content-type': 'image/jpeg' },
    payload: JPEG,
  });

async function countRows(table: string, userId: string): Promise<number> {
  const column = table === 'user' ? 'id' : 'user_id';
  const { rows } = await t.database.pool.query(
    `select count(*)::int as n from "${table}" where ${column} = $1`,
    [userId],
  );
  return rows[0].n;
}

describe('GET /api/account/export', () => {
  it('downloads the user’s rows as a JSON file, without any secret', async () => {
    const { user, input, cookie } = await createUser(t.app, { role: 'fan' });
    await saveProfile(t.app, 'fan', cookie);
    await send(t.app, 'PUT', '/api/settings/privacy', cookie, {
      visibility: 'private',
      showAttendance: false,
      allowFriendRequests: true,
    });

    await t.database.pool.query(
      `insert into feedback (user_id, subject, message) values ($1, 'Hi', 'Love it')`,
      [user.id],
    );
    await t.database.pool.query(
      `insert into phone_verifications (user_id, phone, code_hash, expires_at)
       values ($1, '(212) 555-0142', 'secret-code-hash', now())`,
      [user.id],
    );

    const response = await send(t.app, 'GET', '/api/account/export', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="encore-export-${input.username}.json"`,
    );
    const data = response.json();
    expect(data.user).toMatchObject({ id: user.id, email: input.email, role: 'fan' });
    expect(data.profile).toMatchObject({ ...INPUTS.fan(), userId: user.id });
    expect(data.profile.latitude).toBeCloseTo(40.75, 1);
    expect(data.fanSettings).toMatchObject({ visibility: 'private', showAttendance: false });
    expect(data.accounts).toHaveLength(1);
    expect(data.sessions).toHaveLength(1);
    expect(data.feedback).toMatchObject([{ subject: 'Hi', message: 'Love it' }]);
    expect(data.phoneVerification).toMatchObject({ phone: '(212) 555-0142', verifiedAt: null });
    expect(response.body).not.toContain('secret-code-hash');

    const { rows } = await t.database.pool.query(
      'select password from account where user_id = $1',
      [user.id],
    );
    expect(response.body).not.toContain(rows[0].password);
    expect(response.body).not.toContain(PASSWORD);
    expect(response.body).not.toContain(cookie.split('=')[1]?.split('.')[0]);
    expect(JSON.stringify(data.accounts)).not.toMatch(/password/i);
  });

  it('sends every part the export collects (the answer schema drops a key it lacks)', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'performer' });
    const collected = await createAccountDataRepo(t.database.orm).collect(user.id, 'performer');
    const data = (await send(t.app, 'GET', '/api/account/export', cookie)).json();
    expect(Object.keys(collected).filter((key) => !(key in data))).toEqual([]);
  });

  it('holds only the caller’s data', async () => {
    const other = await createUser(t.app, { role: 'venue' });
    await saveProfile(t.app, 'venue', other.cookie);
    const me = await createUser(t.app, { role: 'venue' });
    const data = (await send(t.app, 'GET', '/api/account/export', me.cookie)).json();
    expect(data.user.id).toBe(me.user.id);
    expect(data.profile).toBeNull();
    expect(JSON.stringify(data)).not.toContain(other.user.id);
  });
});

describe('DELETE /api/account', () => {
  it('removes every row and the photo, clears the cookie, and the login fails afterwards', async () => {
    const { user, input, cookie } = await createUser(t.app, { role: 'fan' });
    await saveProfile(t.app, 'fan', cookie);
    await send(t.app, 'PUT', '/api/settings/notifications', cookie, {
      push: false,
      email: true,
      sms: true,
      newShows: true,
      ticketSales: false,
      priceDrops: true,
      lineupChanges: true,
    });
    const photoUrl = (await uploadPhoto(cookie)).json().photoUrl as string;
    const photoFile = photoUrl.split('/').pop() as string;
    expect(readdirSync(uploadsDir)).toContain(photoFile);

    const response = await send(t.app, 'DELETE', '/api/account', cookie);
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'encore.session_token');
    expect(cleared?.value).toBe('');
    expect(cleared?.maxAge).toBe(0);

    for (const table of ['user', 'account', 'session', 'fan_profiles', 'fan_settings']) {
      expect(await countRows(table, user.id), table).toBe(0);
    }
    expect(existsSync(join(uploadsDir, photoFile))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);

    const session = await send(t.app, 'GET', '/api/account/session', cookie);
    expect(session.json()).toEqual({ user: null });
    const login = await postJson(t.app, '/api/account/login', {
      email: input.email,
      password: input.password,
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('leaves other users alone', async () => {
    const keep = await createUser(t.app, { role: 'performer' });
    await saveProfile(t.app, 'performer', keep.cookie);
    const gone = await createUser(t.app, { role: 'performer' });
    await send(t.app, 'DELETE', '/api/account', gone.cookie);
    const read = await send(t.app, 'GET', '/api/profile/performer', keep.cookie);
    expect(read.json().profile.artistName).toBe(INPUTS.performer().artistName);
  });

  // A new table that points at a user without saying what becomes of its rows would make this
  // delete fail on the foreign key (a 500) for every user who has one: each must cascade or let go.
  it('is not held back by any table: every reference to a user cascades or is set null', async () => {
    const { rows } = await t.database.pool.query<{ constraint: string }>(
      `select conrelid::regclass || ': ' || conname as constraint from pg_constraint
       where contype = 'f' and confrelid = '"user"'::regclass and confdeltype not in ('c', 'n')
       order by 1`,
    );
    expect(rows.map((r) => r.constraint)).toEqual([]);
  });
});
