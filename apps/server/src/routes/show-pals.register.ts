import type { FastifyInstance } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import { createAttendanceRepo } from '../repositories/attendance.repo.ts';
import { createShowRepo } from '../repositories/show.repo.ts';
import { createFanListsRepo } from '../repositories/social/fan-lists.repo.ts';
import { createGoingInvitesRepo } from '../repositories/social/going-invites.repo.ts';
import { createPalLinksRepo } from '../repositories/social/pal-links.repo.ts';
import { createSocialNoticeRepo } from '../repositories/social-notice.repo.ts';
import { createGoingTogether } from '../services/going-together.service.ts';
import { createShowPals } from '../services/show-pals.service.ts';
import { createSocialNoticeMailer } from '../services/social-notice-mailer.service.ts';
import { myInvitesRoutes, showInvitesRoutes } from './going-together.routes.ts';
import { fanProfileRoutes, showAttendeesRoutes, showPalsRoutes } from './show-pals.routes.ts';

/**
 * Show Pals: links between fans, requests, blocks and suggestions (/api/social), and
 * Connect with Attendees (/api/shows/:id/attendees), fan profiles (/api/fans/:username), and
 * going together (/api/shows/:id/invites, /api/social/invites). Requests, acceptances and
 * invites write Show Pals notices, mailed after commit.
 */
export async function registerShowPals(
  app: FastifyInstance,
  deps: { config: AppConfig; database: Database; auth: Auth; email: EmailSender },
) {
  const { orm } = deps.database;
  const signedIn = signedInHook(deps.auth);
  const shows = createShowRepo(orm);
  const mailer = createSocialNoticeMailer({
    repo: createSocialNoticeRepo(orm),
    email: deps.email,
    publicUrl: deps.config.publicUrl,
    authSecret: deps.config.authSecret,
    log: app.log,
  });
  const pals = createShowPals(orm, {
    links: createPalLinksRepo(orm),
    lists: createFanListsRepo(orm),
    shows,
    mailer,
  });
  const together = createGoingTogether(orm, {
    invites: createGoingInvitesRepo(orm),
    shows,
    attendance: createAttendanceRepo(orm),
    mailer,
  });
  await app.register(showPalsRoutes, { prefix: '/api/social', signedIn, pals });
  await app.register(myInvitesRoutes, { prefix: '/api/social', signedIn, together });
  await app.register(showAttendeesRoutes, { prefix: '/api/shows', signedIn, pals });
  await app.register(showInvitesRoutes, { prefix: '/api/shows', signedIn, together });
  await app.register(fanProfileRoutes, { prefix: '/api/fans', signedIn, pals });
}
