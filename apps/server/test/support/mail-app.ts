import { startMailServer } from './mail-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** The app mailing through a local SMTP server that keeps what it receives. */
export async function startMailingApp(): Promise<{ t: TestApp; mail: MailServer }> {
  const mail = await startMailServer();
  const t = await createTestApp({
    mail: {
      smtpUrl: mail.url,
      from: 'Encore <no-reply@encore.local>',
      supportEmail: 'help@x.test',
    },
  });
  return { t, mail };
}
