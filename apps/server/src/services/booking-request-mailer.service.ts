import type { TBookingRequest } from '@encore/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { BookingRequestRepo } from '../repositories/booking-request.repo.ts';
import { bookingAnsweredEmail, bookingRequestedEmail } from '../texts/booking-request-text.ts';
import { withHtml } from '../texts/mail-html.ts';

export type BookingRequestMailerDeps = {
  repo: BookingRequestRepo;
  email: EmailSender;
  publicUrl: string;
  log: FastifyBaseLogger;
};

/**
 * The booking mails, sent after the change committed: the request and its state stand whatever
 * the mail server does, and both sides see them in My Shows. A failure is logged once, without
 * the address (an SMTP refusal's message quotes it).
 */
export function createBookingRequestMailer({
  repo,
  email,
  publicUrl,
  log,
}: BookingRequestMailerDeps) {
  const myShowsUrl = `${publicUrl.replace(/\/+$/, '')}/my-shows`;

  async function send(request: TBookingRequest, to: 'venue' | 'performer') {
    try {
      const contacts = await repo.contacts(request.id);
      if (!contacts) return;
      const message =
        to === 'venue'
          ? bookingRequestedEmail(request, myShowsUrl)
          : bookingAnsweredEmail(request, myShowsUrl);
      await email.send({
        to: to === 'venue' ? contacts.venueEmail : contacts.performerEmail,
        ...withHtml(message),
      });
    } catch (err) {
      const code = (err as { responseCode?: unknown }).responseCode;
      log.error(
        { bookingRequestId: request.id, state: request.status, code },
        'mailing a booking request failed',
      );
    }
  }

  return {
    /** To the venue's booking address (else its account's): a performer asks for a night. */
    requested: (request: TBookingRequest) => send(request, 'venue'),
    /** To the performer's booking address (else its account's): held, declined or confirmed. */
    answered: (request: TBookingRequest) => send(request, 'performer'),
  };
}

export type BookingRequestMailer = ReturnType<typeof createBookingRequestMailer>;
