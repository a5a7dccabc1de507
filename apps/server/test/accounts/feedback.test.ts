import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEEDBACK_MESSAGES } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback } from '../../src/db/schema/index.ts';
import { createUser } from '../support/factories.ts';
import { freePort } from '../support/free-port.ts';
import { type MailServer, testMailConfig, withMailingApp } from '../support/mail-app.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SUPPORT = 'help@encore.test';
const mailConfig = (smtpUrl: string | undefined) => testMailConfig(smtpUrl, SUPPORT);

let t: TestApp;
let mail: MailServer;
withMailingApp((started) => ({ t, mail } = started), SUPPORT);

const rowsOf = (app: TestApp, userId: string) =>
  app.database.orm.select().from(feedback).where(eq(feedback.userId, userId));
const submit = (app: TestApp, cookie: string, body: object) =>
  send(app.app, 'POST', '/api/feedback', { cookie, body });

describe('GET /api/feedback/config', () => {
  it('gives the support address the dialog shows', async () => {
    const { cookie } = await createUser(t.app, { role: 'venue' });
    const response = await send(t.app, 'GET', '/api/feedback/config', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ supportEmail: SUPPORT });
  });
});

describe('POST /api/feedback', () => {
  it('stores the message and mails it to support, replying to the user', async () => {
    const { user, cookie } = await createUser(t.app, { role: 'performer' });
    const body = { subject: ' Lineup bug ', message: 'The lineup shows\nthe wrong order.' };
    const response = await submit(t, cookie, body);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();

    const [row] = await rowsOf(t, user.id);
    expect(row).toMatchObject({ id, subject: 'Lineup bug', message: body.message });
    expect(row?.mailedAt).toBeInstanceOf(Date);

    const sent = mail.received.find((m) => m.text.includes(id));
    expect(sent?.envelopeTo).toEqual([SUPPORT]);
    expect(sent?.headers.subject).toBe('[Encore feedback] Lineup bug');
    expect(sent?.headers['reply-to']).toContain(user.email);
    expect(sent?.text).toContain(body.message);
  });

  it.each([
    ['a blank subject', { subject: '   ', message: 'Hello' }, 'subject'],
    ['a blank message', { subject: 'Hello', message: '' }, 'message'],
  ])('refuses %s and stores nothing', async (_, body, field) => {
    const { user, cookie } = await createUser(t.app);
    const response = await submit(t, cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ [field]: FEEDBACK_MESSAGES.fillAllFields });
    expect(await rowsOf(t, user.id)).toHaveLength(0);
  });

  it('keeps the message when the mail server is down, unmarked for a retry', async () => {
    const down = await createTestApp({ mail: mailConfig(`smtp://127.0.0.1:${await freePort()}`) });
    try {
      const { user, cookie } = await createUser(down.app);
      const response = await submit(down, cookie, { subject: 'Hi', message: 'Still there?' });
      expect(response.statusCode).toBe(201);
      const [row] = await rowsOf(down, user.id);
      expect(row).toMatchObject({ id: response.json().id, mailedAt: null });
    } finally {
      await down.close();
    }
  });

  it('writes the support mail to DATA_DIR/mail without SMTP_URL', async () => {
    const dataDir = makeTempDir('feedback-mail');
    const local = await createTestApp({ dataDir, mail: mailConfig(undefined) });
    try {
      const { user, cookie } = await createUser(local.app);
      const response = await submit(local, cookie, { subject: 'Idea', message: 'Dark mode' });
      expect(response.statusCode).toBe(201);
      const dir = join(dataDir, 'mail');
      const [file] = readdirSync(dir);
      const written = JSON.parse(readFileSync(join(dir, file ?? ''), 'utf8'));
      expect(written).toMatchObject({
        to: SUPPORT,
        subject: '[Encore feedback] Idea',
        headers: { 'Reply-To': user.email },
      });
      expect(written.text).toContain('Dark mode');
      expect((await rowsOf(local, user.id))[0]?.mailedAt).toBeInstanceOf(Date);
    } finally {
      await local.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the security, verification and feedback routes', async () => {
    const doc = (await send(t.app, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/account/security',
        '/api/account/password',
        '/api/account/email/send-verification',
        '/api/account/email/verify',
        '/api/account/phone/send-code',
        '/api/account/phone/verify',
        '/api/feedback/config',
        '/api/feedback',
      ]),
    );
    const submit = doc.paths['/api/feedback'].post;
    expect(submit.requestBody.content['application/json'].schema.required).toEqual([
      'subject',
      'message',
    ]);
    expect(Object.keys(submit.responses)).toEqual(expect.arrayContaining(['201', '400', '401']));
  });
});
