import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import { unsubscribeLinks } from '../alerts/channels/unsubscribe-token.ts';
import type { SocialNoticeRepo } from '../repositories/social-notice.repo.ts';
import { showUrl } from '../texts/alert-text.ts';
import { withHtml } from '../texts/mail-html.ts';
import { socialNoticeEmail } from '../texts/social-notice-text.ts';

export type SocialNoticeMailerDeps = {
  repo: SocialNoticeRepo;
  email: EmailSender;
  publicUrl: string;
  /** Signs each mail's one-click unsubscribe from Show Pals emails. */
  authSecret: string;
  log: FastifyBaseLogger;
};

/**
 * Emails the Show Pals notices just written, after their transaction committed, to recipients
 * with Show Pals notices and Show Pals email on: the in-app notice is there whatever the mail
 * server does. An invite links to its show; a request or acceptance to Show Pals (/social). Each
 * mail carries its one-click unsubscribe from Show Pals emails (RFC 8058), alert emails untouched.
 */
export function createSocialNoticeMailer({
  repo,
  email,
  publicUrl,
  authSecret,
  log,
}: SocialNoticeMailerDeps) {
  const socialUrl = `${publicUrl.replace(/\/+$/, '')}/social`;
  return {
    async mail(noticeIds: number[]): Promise<void> {
      for (const notice of await repo.toMail(noticeIds)) {
        const link = notice.showId ? showUrl(publicUrl, notice.showId) : socialUrl;
        try {
          const unsubscribe = unsubscribeLinks(publicUrl, authSecret, notice.fanId, 'show-pals');
          await email.send({
            to: notice.to,
            ...withHtml(socialNoticeEmail(notice.facts, link, unsubscribe.page)),
            headers: unsubscribe.headers,
          });
          await repo.markEmailed(notice.id);
        } catch (err) {
          // The notice is in the centre (emailed_at stays null). Only the SMTP code: a refusal's
          // message quotes the address.
          const code = (err as { responseCode?: unknown }).responseCode;
          log.error({ noticeId: notice.id, code }, 'mailing a Show Pals notice failed');
        }
      }
    },
  };
}

export type SocialNoticeMailer = ReturnType<typeof createSocialNoticeMailer>;
