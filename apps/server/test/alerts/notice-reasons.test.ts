import type { TNotification, TNotificationPage } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { going } from '../support/alerts.ts';
import { type MailServer, withMailingApp } from '../support/mail-app.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, announced, answerAs, member } from '../support/shows.ts';
import { ask, type Fan, socialFan } from '../support/social.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Every alert says why, beyond the matcher too: a show notice says why it is the recipient's (their part in the
 * show), a Show Pals notice whose act it answers (a pal's invite names the pal and the link).
 */
let t: TestApp;
let mail: MailServer;
withMailingApp((started) => ({ t, mail } = started));

async function centre(of: Fan): Promise<TNotification[]> {
  const response = await send(t.app, 'GET', '/api/notifications', of.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<TNotificationPage>().items;
}
async function mailTextsTo(of: Fan): Promise<string[]> {
  const { rows } = await t.database.orm.execute<{ email: string }>(
    sql`select email from "user" where id = ${of.id}`,
  );
  const address = rows[0]?.email ?? '-';
  return mail.received.filter((m) => m.envelopeTo.includes(address)).map((m) => m.text);
}
const reasonOf = async (of: Fan, kind: TNotification['kind']) =>
  (await centre(of)).find((n) => n.kind === kind)?.reason;

async function parties() {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  return { performer, venue, input: { performerId: performer.id, venueId: venue.id } };
}

describe('show notices say why they are yours', () => {
  it('a venue lists a performer: the performer is told it was listed as the performer', async () => {
    const { performer, venue, input } = await parties();
    const pending = await announceAs(t, venue.cookie, input);
    const why =
      "The Lantern listed you as this show's performer — it stays off your page and alerts nobody until you confirm it in Your Shows";
    expect(await reasonOf(performer, 'confirmation_requested')).toBe(why);
    expect((await mailTextsTo(performer)).join('\n')).toContain(why);
    await answerAs(t, performer.cookie, pending.id);
    expect(await reasonOf(venue, 'show_confirmed')).toBe(
      'You announced this show with Night Static — it is now public, and fans who follow it are being told',
    );
  });

  it('a performer lists a venue: the venue is told it was listed as the venue', async () => {
    const { performer, venue, input } = await parties();
    const pending = await announceAs(t, performer.cookie, input);
    expect(await reasonOf(venue, 'confirmation_requested')).toMatch(
      /^Night Static listed you as this show's venue — /,
    );
    await answerAs(t, venue.cookie, pending.id, 'decline');
    expect(await reasonOf(performer, 'show_declined')).toBe(
      'You announced this show with The Lantern — it was withdrawn: it is on no page and no fan was alerted',
    );
  });
});

describe('Show Pals notices say whose act they answer', () => {
  it('a request, its acceptance and an invite to go together each name the pal', async () => {
    const [sam, alex] = [
      await socialFan(t, { tagName: 'Sam' }),
      await socialFan(t, { tagName: 'Alex' }),
    ];
    await ask(t, sam, alex);
    expect(await reasonOf(alex, 'pal_request')).toBe(
      'Your privacy settings allow Show Pal requests',
    );
    await send(t.app, 'POST', `/api/social/requests/${sam.id}/accept`, alex.cookie);
    expect(await reasonOf(sam, 'pal_accepted')).toBe('You asked Alex to be your Show Pal');

    const { show } = await announced(t);
    await going(t, sam.cookie, show.id);
    const invited = await send(t.app, 'POST', `/api/shows/${show.id}/invites`, sam.cookie, {
      fanIds: [alex.id],
    });
    expect(invited.statusCode).toBeLessThan(300);
    expect(await reasonOf(alex, 'going_invite')).toBe("Sam invited you — you're Show Pals");
  });
});
