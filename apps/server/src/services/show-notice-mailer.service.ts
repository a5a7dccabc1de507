import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { ShowNoticeRepo } from '../repositories/show-notice.repo.ts';
import { withHtml } from '../texts/mail-html.ts';
import { noticeEmail } from '../texts/notice-text.ts';

export type ShowNoticeMailerDeps = {
  repo: ShowNoticeRepo;
  email: EmailSender;
  publicUrl: string;
  log: FastifyBaseLogger;
};

/**
 * Emails the notices just written that go by email (a request to confirm, a decline), after their
 * transaction committed: the in-app notice is there whatever the mail server does.
 */
export function createShowNoticeMailer({ repo, email, publicUrl, log }: ShowNoticeMailerDeps) {
  const myShowsUrl = `${publicUrl.replace(/\/+$/, '')}/my-shows`;
  return {
    async mail(noticeIds: number[]): Promise<void> {
      for (const notice of await repo.toMail(noticeIds)) {
        try {
          await email.send({ to: notice.to, ...withHtml(noticeEmail(notice.facts, myShowsUrl)) });
          await repo.markEmailed(notice.id);
        } catch (err) {
          // The notice is in the centre (emailed_at stays null); the show's change stands. Only
          // the error's code: an SMTP refusal's message quotes the address.
          const code = (err as { code?: unknown; responseCode?: unknown }).responseCode;
          log.error({ noticeId: notice.id, code }, 'mailing a show notice failed');
        }
      }
    },
  };
}

export type ShowNoticeMailer = ReturnType<typeof createShowNoticeMailer>;
