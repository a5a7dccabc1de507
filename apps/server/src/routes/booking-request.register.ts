import type { FastifyInstance } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signedIn } from '../http/signed-in.ts';
import { createBookingRequestRepo } from '../repositories/booking-request.repo.ts';
import { createBookingRequests } from '../services/booking-request.service.ts';
import { createBookingRequestMailer } from '../services/booking-request-mailer.service.ts';
import { bookingRequestRoutes } from './booking-request.routes.ts';

/** Booking requests (/api/booking-requests): sent by performers, answered by venues, mailed. */
export async function registerBookingRequests(
  app: FastifyInstance,
  deps: { config: AppConfig; database: Database; auth: Auth; email: EmailSender },
) {
  const repo = createBookingRequestRepo(deps.database.orm);
  const mailer = createBookingRequestMailer({
    repo,
    email: deps.email,
    publicUrl: deps.config.publicUrl,
    log: app.log,
  });
  await app.register(bookingRequestRoutes, {
    prefix: '/api/booking-requests',
    signedIn: signedIn(deps.auth),
    requests: createBookingRequests(repo, mailer),
  });
}
