import { afterAll, beforeAll } from 'vitest';
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

/**
 * startMailingApp for a whole test file: started before its tests, both closed after them. `set`
 * receives them once started (a file keeps them in its own `t` and `mail`).
 */
export function withMailingApp(set: (started: { t: TestApp; mail: MailServer }) => void): void {
  let started: { t: TestApp; mail: MailServer } | undefined;
  beforeAll(async () => {
    started = await startMailingApp();
    set(started);
  });
  afterAll(async () => {
    await started?.t.close();
    await started?.mail.close();
  });
}
