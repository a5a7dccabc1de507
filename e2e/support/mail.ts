import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { budget } from './budget.ts';
import { e2eSettings } from './e2e-env.ts';

// Mirrors the webServer settings in playwright.config.ts: without SMTP_URL, Encore writes each
// message it sends as a JSON file under DATA_DIR/mail.
const mailDir = join(e2eSettings().dataDir, 'mail');

export type SentMail = {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
};

/** Waits for the e2e server to have sent `to` a message whose subject contains `subject`. */
export async function waitForMail(to: string, subject: string): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(mailDir).catch(() => [] as string[]);
        for (const name of names) {
          const mail = JSON.parse(await readFile(join(mailDir, name), 'utf8')) as SentMail;
          if (mail.to === to && mail.subject.includes(subject)) found = mail;
        }
        return found !== undefined;
      },
      { timeout: budget(10_000) },
    )
    .toBe(true);
  return found as SentMail;
}
