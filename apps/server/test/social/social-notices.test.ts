import type { TNotification, TNotificationPage } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { going, notificationSettings } from '../support/alerts.ts';
import { type MailServer, withMailingApp } from '../support/mail-app.ts';
import { send } from '../support/profile-inputs.ts';
import { announced } from '../support/shows.ts';
import { ask, type Fan, palUp, socialFan } from '../support/social.ts';
import { TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let mail: MailServer;
withMailingApp((started) => ({ t, mail } = started));

const fan = (tagName: string) => socialFan(t, { tagName });
async function centre(of: Fan): Promise<TNotificationPage> {
  const response = await send(t.app, 'GET', '/api/notifications', of.cookie);
  expect(response.statusCode).toBe(200);
  return response.json();
}
const social = (page: TNotificationPage) =>
  page.items.filter((n) => ['pal_request', 'pal_accepted', 'going_invite'].includes(n.kind));
async function mailTo(of: Fan) {
  const { rows } = await t.database.orm.execute<{ email: string }>(
    sql`select email from "user" where id = ${of.id}`,
  );
  return mail.received.filter((m) => m.envelopeTo.includes(rows[0]?.email ?? '-'));
}
const noticeRows = async (a: Fan, b: Fan) =>
  (
    await t.database.orm.execute<{ n: number }>(sql`
      select count(*)::int as n from social_notices
      where (user_id = ${a.id} and actor_id = ${b.id}) or (user_id = ${b.id} and actor_id = ${a.id})`)
  ).rows[0]?.n;

describe('Show Pals notices', () => {
  it('a request, an acceptance and an invite each reach the centre and the inbox', async () => {
    const [sam, alex] = [await fan('Sam'), await fan('Alex')];
    await ask(t, sam, alex);
    await ask(t, sam, alex); // a repeat: no second notice
    const asked = await centre(alex);
    expect(social(asked)).toEqual([
      expect.objectContaining({
        kind: 'pal_request',
        title: 'Sam wants to be your Show Pal',
        body: 'Accept or decline on Show Pals',
        reason: 'Your privacy settings allow Show Pal requests',
        showId: null,
        fan: expect.objectContaining({ id: sam.id, name: 'Sam' }),
        invite: null,
        readAt: null,
      }),
    ]);
    expect(asked.unread).toBe(1);
    const [requestMail] = await mailTo(alex);
    expect(requestMail?.text).toContain('Sam wants to be your Show Pal');
    expect(requestMail?.text).toContain(`${TEST_ORIGIN}/social`);
    // Its words once each: the reason does not say the title again.
    expect(requestMail?.text.match(/wants to be your Show Pal|asked to be your Show Pal/g)).toEqual(
      ['wants to be your Show Pal'],
    );
    // The same words as HTML too, the link a link.
    expect(requestMail?.html).toContain(
      '<h1 style="font-size:20px;margin:0 0 12px">Sam wants to be your Show Pal</h1>',
    );
    expect(requestMail?.html).toContain(`<a href="${TEST_ORIGIN}/social">`);
    // Every Message-ID Encore makes names PUBLIC_URL's host, as the alert emails' do.
    expect(requestMail?.headers['message-id']).toMatch(
      new RegExp(`^<[0-9a-f]+@${new URL(TEST_ORIGIN).hostname.replace(/\./g, '\\.')}>$`),
    );
    expect(await mailTo(alex)).toHaveLength(1);

    await send(t.app, 'POST', `/api/social/requests/${sam.id}/accept`, alex.cookie);
    expect(social(await centre(sam))).toEqual([
      expect.objectContaining({
        kind: 'pal_accepted',
        title: 'Alex accepted your Show Pal request',
        body: 'You and Alex are Show Pals',
        reason: 'You asked Alex to be your Show Pal',
        fan: expect.objectContaining({ id: alex.id, username: expect.any(String) }),
      }),
    ]);

    const { show } = await announced(t, {
      startsAtLocal: '2031-06-14T20:00',
    });
    await going(t, sam.cookie, show.id);
    await send(t.app, 'POST', `/api/shows/${show.id}/invites`, sam.cookie, { fanIds: [alex.id] });
    const invited = await centre(alex);
    const [invite] = social(invited);
    expect(invite).toMatchObject({
      kind: 'going_invite',
      showId: show.id,
      reason: "Sam invited you — you're Show Pals",
      invite: { state: 'invited' },
      fan: { id: sam.id, name: 'Sam' },
    });
    expect(invite?.title).toMatch(/^Sam is going to .+ on Jun 14, 2031 — join\?$/);
    expect(invite?.body).toContain('Jun 14');
    expect(invited.unread).toBe(2);
    const inviteMail = (await mailTo(alex)).at(-1);
    expect(inviteMail?.text).toContain(`${TEST_ORIGIN}/shows/${show.id}`);
    expect(inviteMail?.text).toContain("Sam invited you — you're Show Pals");

    // Answered: the notice shows the answer as it is now.
    await send(t.app, 'POST', `/api/shows/${show.id}/invites/answer`, alex.cookie, {
      answer: 'going',
    });
    expect(social(await centre(alex))[0]?.invite).toEqual({ state: 'going' });

    // Marking read: one, then all.
    const read = await send(t.app, 'POST', '/api/notifications/read', alex.cookie, {
      ids: [invite?.id],
    });
    expect(read.json()).toEqual({ unread: 1 });
    await send(t.app, 'POST', '/api/notifications/read', alex.cookie, { all: true });
    const after = await centre(alex);
    expect(after.unread).toBe(0);
    expect(social(after).every((n: TNotification) => n.readAt !== null)).toBe(true);
  });

  it('Show Pals off: no notice and no mail; Show Pals email off: in-app only', async () => {
    const [sam, quiet, inAppOnly] = [await fan('Sam'), await fan('Quiet'), await fan('Inapp')];
    await notificationSettings(t, quiet.cookie, { showPals: false });
    await notificationSettings(t, inAppOnly.cookie, { showPalsEmail: false });
    await ask(t, sam, quiet);
    await ask(t, sam, inAppOnly);
    expect(social(await centre(quiet))).toEqual([]);
    expect(await mailTo(quiet)).toEqual([]);
    expect(social(await centre(inAppOnly))).toHaveLength(1);
    expect(await mailTo(inAppOnly)).toEqual([]);
    const settings = await send(t.app, 'GET', '/api/settings/fan', quiet.cookie);
    expect(settings.json().notifications.showPals).toBe(false);
  });

  it('withdrawing a request takes its unread notice; a block takes every notice and invite', async () => {
    const [sam, alex, kim] = [await fan('Sam'), await fan('Alex'), await fan('Kim')];
    await ask(t, sam, alex);
    await send(t.app, 'DELETE', `/api/social/requests/${alex.id}`, sam.cookie);
    expect(social(await centre(alex))).toEqual([]);

    await palUp(t, sam, kim);
    const { show } = await announced(t);
    await going(t, sam.cookie, show.id);
    await send(t.app, 'POST', `/api/shows/${show.id}/invites`, sam.cookie, { fanIds: [kim.id] });
    expect(await noticeRows(sam, kim)).toBe(3); // request, acceptance, invite
    await send(t.app, 'PUT', `/api/social/blocks/${sam.id}`, kim.cookie);
    expect(await noticeRows(sam, kim)).toBe(0);
    const { rows } = await t.database.orm.execute(
      sql`select 1 from going_invites where from_fan_id = ${sam.id}`,
    );
    expect(rows).toEqual([]);
    expect(social(await centre(kim))).toEqual([]);
    expect(social(await centre(sam))).toEqual([]);
  });

  it("an invite's show time names its zone when the pal's home tells the time otherwise (as the alerts do)", async () => {
    const sam = await fan('Sam');
    // The default fan lives in New York; the default venue is in Chicago.
    const brooklyn = await fan('Alex');
    const chicagoan = await socialFan(t, {
      tagName: 'Kim',
      homeCity: 'Chicago',
      zipCode: '60601',
    });
    await palUp(t, sam, brooklyn);
    await palUp(t, sam, chicagoan);
    const { show } = await announced(t, { startsAtLocal: '2031-06-21T20:00' });
    await going(t, sam.cookie, show.id);
    const invited = await send(t.app, 'POST', `/api/shows/${show.id}/invites`, sam.cookie, {
      fanIds: [brooklyn.id, chicagoan.id],
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const inviteOf = async (who: Fan) =>
      social(await centre(who)).find((n) => n.kind === 'going_invite');
    expect((await inviteOf(brooklyn))?.body).toMatch(/^Sat, Jun 21, 2031, 8:00 PM CDT · /);
    expect((await inviteOf(chicagoan))?.body).toMatch(/^Sat, Jun 21, 2031, 8:00 PM · /);
    const mail = (await mailTo(brooklyn)).at(-1);
    expect(mail?.text).toContain('Sat, Jun 21, 2031, 8:00 PM CDT · ');
  });
});
