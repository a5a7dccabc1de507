import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenToChangeNotices } from '../support/change-notices.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A settings save that changes no value writes nothing: the row's change notice would drop every
// cached page listing a show the fan marked (migration 0044), none of which changed.
let t: TestApp;
let notices: Awaited<ReturnType<typeof listenToChangeNotices>>;
beforeAll(async () => {
  t = await createTestApp();
  notices = await listenToChangeNotices(t, (payload) => payload.startsWith('fan_settings'));
});
afterAll(async () => {
  await notices.end();
  await t.close();
});

const PRIVACY = { visibility: 'friends', showAttendance: true, allowFriendRequests: true };
const fan = () => createUser(t.app, { role: 'fan' });
const settingsNotices = (from: number, userId: string) =>
  notices.heard.slice(from).filter((p) => p.includes(`user:${userId}`));
const caughtUp = () => notices.caughtUp();

describe('a settings save', () => {
  it('that changes nothing answers the settings and sends no change notice', async () => {
    const { user, cookie } = await fan();
    const first = await send(t.app, 'PUT', '/api/settings/privacy', cookie, PRIVACY);
    expect(first.statusCode).toBe(200);
    const saved = first.json();
    const { rows: before } = await t.database.pool.query(
      'select updated_at from fan_settings where user_id = $1',
      [user.id],
    );
    const from = await caughtUp();

    // The same privacy, and the notifications as the first save left them (the defaults).
    const again = await send(t.app, 'PUT', '/api/settings/privacy', cookie, PRIVACY);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved);
    const notifications = await send(
      t.app,
      'PUT',
      '/api/settings/notifications',
      cookie,
      saved.notifications,
    );
    expect(notifications.json()).toEqual(saved);

    // Heard up to a mark sent after both saves committed: neither sent a notice.
    await caughtUp();
    expect(settingsNotices(from, user.id)).toEqual([]);
    const { rows: after } = await t.database.pool.query(
      'select updated_at from fan_settings where user_id = $1',
      [user.id],
    );
    expect(after).toEqual(before);
  });

  it('that changes one value writes it, and its notice names the fan', async () => {
    const { user, cookie } = await fan();
    await send(t.app, 'PUT', '/api/settings/privacy', cookie, PRIVACY);
    const from = await caughtUp();
    const changed = { ...PRIVACY, showAttendance: false };
    const response = await send(t.app, 'PUT', '/api/settings/privacy', cookie, changed);
    expect(response.json().privacy).toEqual(changed);
    await caughtUp();
    expect(settingsNotices(from, user.id)).toHaveLength(1);
    expect((await send(t.app, 'GET', '/api/settings/fan', cookie)).json().privacy).toEqual(changed);
  });
});
