import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { type MailServer, testMailConfig, withMailingApp } from '../support/mail-app.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/requests.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const mailConfig = (smtpUrl: string | undefined) => testMailConfig(smtpUrl, 'support@encore.local');
const LINK = new RegExp(`${TEST_ORIGIN}/api/account/email/verify\\?token=\\S+`);

describe('email verification over SMTP', () => {
  let t: TestApp;
  let mail: MailServer;
  withMailingApp((started) => ({ t, mail } = started), 'support@encore.local');

  const security = async (cookie: string) =>
    (await send(t.app, 'GET', '/api/account/security', { cookie })).json();
  const mailsTo = (email: string) => mail.received.filter((m) => m.envelopeTo.includes(email));

  it('mails a link that verifies the address and lands on the settings page', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'performer' });
    expect((await security(cookie)).emailVerified).toBe(false);

    const response = await send(t.app, 'POST', '/api/account/email/send-verification', { cookie });
    expect(response.statusCode).toBe(204);
    const [message] = mailsTo(user.email);
    expect(message?.headers.subject).toBe('Verify your Encore email address');
    expect(message?.headers.from).toContain('no-reply@encore.local');
    const link = LINK.exec(message?.text ?? '')?.[0];
    expect(link).toBeDefined();

    // Followed signed out, as from a phone's mail app.
    const followed = await send(t.app, 'GET', (link ?? '').slice(TEST_ORIGIN.length));
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${TEST_ORIGIN}/settings/performer?emailVerified=1`);
    expect((await security(cookie)).emailVerified).toBe(true);

    // Already verified: nothing more to send.
    const again = await send(t.app, 'POST', '/api/account/email/send-verification', { cookie });
    expect(again.statusCode).toBe(204);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('sends a bad or missing token back with emailVerified=0', async () => {
    const { cookie } = await createUser(t.app);
    const url = '/api/account/email/verify?token=not.a.token';
    const signedIn = await send(t.app, 'GET', url, { cookie });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe(`${TEST_ORIGIN}/settings/fan?emailVerified=0`);
    const anonymous = await send(t.app, 'GET', '/api/account/email/verify');
    expect(anonymous.headers.location).toBe(`${TEST_ORIGIN}/?emailVerified=0`);
    expect((await security(cookie)).emailVerified).toBe(false);
  });

  it("goes to the verified user's settings even from another user's browser", async () => {
    const venue = await createUser(t.app, { role: 'venue' });
    const fan = await createUser(t.app, { role: 'fan' });
    await send(t.app, 'POST', '/api/account/email/send-verification', { cookie: venue.cookie });
    const link = LINK.exec(mailsTo(venue.user.email)[0]?.text ?? '')?.[0] ?? '';
    const followed = await send(t.app, 'GET', link.slice(TEST_ORIGIN.length), {
      cookie: fan.cookie,
    });
    expect(followed.headers.location).toBe(`${TEST_ORIGIN}/settings/venue?emailVerified=1`);
    expect((await security(venue.cookie)).emailVerified).toBe(true);
    expect((await security(fan.cookie)).emailVerified).toBe(false);
  });
});

describe('email verification without SMTP_URL', () => {
  it('writes the mail as a JSON file under DATA_DIR/mail', async () => {
    const dataDir = makeTempDir('mail-files');
    const t = await createTestApp({ dataDir, mail: mailConfig(undefined) });
    try {
      const { user, cookie } = await createUser(t.app);
      const response = await send(t.app, 'POST', '/api/account/email/send-verification', {
        cookie,
      });
      expect(response.statusCode).toBe(204);
      const dir = join(dataDir, 'mail');
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      const written = JSON.parse(readFileSync(join(dir, files[0] ?? ''), 'utf8'));
      expect(written).toMatchObject({
        to: user.email,
        subject: 'Verify your Encore email address',
        headers: { From: 'Encore <no-reply@encore.local>', To: user.email },
      });
      expect(written.html).toContain('/api/account/email/verify?token=');
      expect(Date.parse(written.sentAt)).not.toBeNaN();
      const link = LINK.exec(written.text)?.[0] ?? '';
      const followed = await send(t.app, 'GET', link.slice(TEST_ORIGIN.length));
      expect(followed.headers.location).toBe(`${TEST_ORIGIN}/settings/fan?emailVerified=1`);
    } finally {
      await t.close();
    }
  });
});
