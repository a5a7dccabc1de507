import type { TFeedbackConfig, TFeedbackRequest } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { FeedbackRepo } from '../repositories/feedback.repo.ts';

export type FeedbackDeps = {
  repo: FeedbackRepo;
  email: EmailSender;
  supportEmail: string;
  log: FastifyBaseLogger;
};

/** The 'Feedback & Support' dialog: kept in the database first, then mailed to support. */
export function createFeedbackService({ repo, email, supportEmail, log }: FeedbackDeps) {
  return {
    config(): TFeedbackConfig {
      return { supportEmail };
    },

    async submit(user: SessionUser, input: TFeedbackRequest): Promise<{ id: string }> {
      const id = await repo.insert(user.id, input.subject, input.message);
      try {
        await email.send(supportMail(id, user, input, supportEmail));
        await repo.markMailed(id);
      } catch (err) {
        // The user's message is safe in the table (mailed_at stays null for a retry); failing
        // their request now would only make them send it twice.
        log.error({ err, feedbackId: id }, 'mailing feedback to support failed');
      }
      return { id };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;

function supportMail(id: string, user: SessionUser, input: TFeedbackRequest, to: string) {
  return {
    to,
    replyTo: user.email,
    // One line: a subject typed with line breaks must not spill into the mail headers.
    subject: `[Encore feedback] ${input.subject.replace(/\s+/g, ' ')}`,
    text: [
      `From: ${user.username} <${user.email}> (${user.role}, user id ${user.id})`,
      `Feedback id: ${id}`,
      '',
      input.message,
    ].join('\n'),
  };
}
