import { afterAll, beforeAll } from 'vitest';
import { startMailServer } from './mail-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** The mail settings of a test app; without `smtpUrl` the app writes mail to files. */
export const testMailConfig = (smtpUrl: string | undefined, supportEmail = 'help@x.test') => ({
  smtpUrl,
  from: 'Encore <no-reply@encore.local>',
  supportEmail,
});

/**
 * The app mailing through a local SMTP server that keeps what it receives; `supportEmail` is
 * the Feedback & Support address.
 */
export async function startMailingApp(
  supportEmail?: string,
): Promise<{ t: TestApp; mail: MailServer }> {
  const mail = await startMailServer();
  const t = await createTestApp({ mail: testMailConfig(mail.url, supportEmail) });
  return { t, mail };
}

/**
 * startMailingApp for a whole test file: started before its tests, both closed after them. `set`
 * receives them once started (a file keeps them in its own `t` and `mail`).
 */
export function withMailingApp(
  set: (started: { t: TestApp; mail: MailServer }) => void,
  supportEmail?: string,
): void {
  let started: { t: TestApp; mail: MailServer } | undefined;
  beforeAll(async () => {
    started = await startMailingApp(supportEmail);
    set(started);
  });
  afterAll(async () => {
    await started?.t.close();
    await started?.mail.close();
  });
}
