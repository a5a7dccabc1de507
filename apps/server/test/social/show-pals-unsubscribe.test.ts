import type { TNotificationSettings } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/alerts/channels/unsubscribe-token.ts';
import { type MailServer, withMailingApp } from '../support/mail-app.ts';
import { send } from '../support/profile-inputs.ts';
import { ask, type Fan, socialFan } from '../support/social.ts';
import { TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let mail: MailServer;
withMailingApp((started) => ({ t, mail } = started));

async function mailTo(of: Fan) {
  const { rows } = await t.database.orm.execute<{ email: string }>(
    sql`select email from "user" where id = ${of.id}`,
  );
  return mail.received.filter((m) => m.envelopeTo.includes(rows[0]?.email ?? '-'));
}
async function settings(of: Fan): Promise<TNotificationSettings> {
  const response = await send(t.app, 'GET', '/api/settings/fan', of.cookie);
  expect(response.statusCode).toBe(200);
  return response.json().notifications;
}
const centreCount = async (of: Fan) =>
  (await send(t.app, 'GET', '/api/notifications', of.cookie))
    .json()
    .items.filter((n: { kind: string }) => n.kind === 'pal_request').length;

/** POSTs as a mail client's Unsubscribe button does (RFC 8058): a form, from elsewhere. */
const oneClick = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.example.net',
    },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('Show Pals mail one-click unsubscribe, scoped to Show Pals email', () => {
  it('a Show Pals mail carries RFC 8058 headers whose POST turns off Show Pals email only', async () => {
    const [sam, alex, kim] = [
      await socialFan(t, { tagName: 'Sam' }),
      await socialFan(t, { tagName: 'Alex' }),
      await socialFan(t, { tagName: 'Kim' }),
    ];
    await ask(t, sam, alex);
    const [requestMail] = await mailTo(alex);
    expect(requestMail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const header = /^<(http:\/\/localhost:3000\/api\/unsubscribe\/([^>]+))>$/.exec(
      requestMail?.headers['list-unsubscribe'] ?? '',
    );
    expect(header).not.toBeNull();
    const url = header?.[1] ?? '';
    const token = decodeURIComponent(header?.[2] ?? '');
    expect(token.startsWith('show-pals.')).toBe(true);
    // The mail's own line goes to the page that asks, in text and HTML.
    const page = `${TEST_ORIGIN}/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(requestMail?.text).toContain(`Unsubscribe from Show Pals emails: ${page}`);
    expect(requestMail?.html).toContain(`href="${page}"`);

    // A link scanner's GET: sent to the page, nothing changed.
    const get = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await settings(alex)).toMatchObject({
      email: true,
      showPals: true,
      showPalsEmail: true,
    });

    const post = await oneClick(url);
    expect(post.statusCode).toBe(200);
    const { rows } = await t.database.orm.execute<{ email: string }>(
      sql`select email from "user" where id = ${alex.id}`,
    );
    expect(post.json()).toEqual({ email: rows[0]?.email, unsubscribed: true, scope: 'show-pals' });
    // Show Pals email off; alert email and the in-app Show Pals notices as they were.
    expect(await settings(alex)).toMatchObject({
      email: true,
      showPals: true,
      showPalsEmail: false,
    });

    await ask(t, kim, alex);
    expect(await centreCount(alex)).toBe(2);
    expect(await mailTo(alex)).toHaveLength(1);
  });

  it('an alert token still turns off alert email, and leaves Show Pals email on', async () => {
    const [sam, alex] = [
      await socialFan(t, { tagName: 'Sam' }),
      await socialFan(t, { tagName: 'Alex' }),
    ];
    // A token as every alert mail has carried since the alert engine began (two parts, no scope).
    const alertToken = unsubscribeToken(t.config.authSecret, alex.id);
    expect(alertToken.split('.')).toHaveLength(2);
    const post = await oneClick(`${TEST_ORIGIN}/api/unsubscribe/${encodeURIComponent(alertToken)}`);
    expect(post.statusCode).toBe(200);
    expect(post.json().scope).toBe('alerts');
    expect(await settings(alex)).toMatchObject({
      email: false,
      showPals: true,
      showPalsEmail: true,
    });

    await ask(t, sam, alex);
    expect(await mailTo(alex)).toHaveLength(1);
  });

  it('a token is good for its own scope only', async () => {
    const alex = await socialFan(t, { tagName: 'Alex' });
    const pals = unsubscribeToken(t.config.authSecret, alex.id, 'show-pals');
    const [, fan, mac] = pals.split('.');
    const forged = [
      `${fan}.${mac}`, // the Show Pals MAC as an alert token
      `alerts.${fan}.${mac}`,
      `show-pals.${unsubscribeToken(t.config.authSecret, alex.id)}`, // an alert MAC as Show Pals
      `nope.${fan}.${mac}`,
    ];
    for (const token of forged) {
      const response = await oneClick(
        `${TEST_ORIGIN}/api/unsubscribe/${encodeURIComponent(token)}`,
      );
      expect(response.statusCode, token).toBe(400);
    }
    expect(await settings(alex)).toMatchObject({ email: true, showPalsEmail: true });
  });

  it('the Show Pals email switch is saved with the other notification settings', async () => {
    const alex = await socialFan(t, { tagName: 'Alex' });
    const body = { ...(await settings(alex)), showPalsEmail: false };
    const saved = await send(t.app, 'PUT', '/api/settings/notifications', alex.cookie, body);
    expect(saved.statusCode).toBe(200);
    expect(await settings(alex)).toEqual(body);
  });
});
