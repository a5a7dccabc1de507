import type { FastifyInstance } from 'fastify';
import type { EmailSender } from '../adapters/email/email-sender.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { optionalUser } from '../http/optional-user.ts';
import { createPageHtml } from '../http/page-html.ts';
import type { PublicCache } from '../http/public-cache.ts';
import { listenForPublicChanges } from '../http/public-change-listener.ts';
import { createPublicPages } from '../http/public-pages.ts';
import { createShowFragments, listenForPublicShowFragments } from '../http/show-fragments.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import type { SpaShell } from '../http/spa-index.ts';
import { createAlertRepo } from '../repositories/alert.repo.ts';
import { createAttendanceRepo } from '../repositories/attendance.repo.ts';
import { createCityShowsRepo } from '../repositories/city-shows.repo.ts';
import { createDirectoryRepo } from '../repositories/directory.repo.ts';
import { createPublicPageRepo } from '../repositories/public-page.repo.ts';
import { createShowRepo } from '../repositories/show.repo.ts';
import { createShowAnnounceRepo } from '../repositories/show-announce.repo.ts';
import { createShowNoticeRepo } from '../repositories/show-notice.repo.ts';
import { createShowRequestRepo } from '../repositories/show-request.repo.ts';
import { createTicketClickRepo } from '../repositories/ticket-click.repo.ts';
import { createTourDatesRepo } from '../repositories/tour-dates.repo.ts';
import { createArtistPages } from '../services/artist-page.service.ts';
import { createCityShows } from '../services/city-shows.service.ts';
import { createDirectoryService } from '../services/directory.service.ts';
import { createPageHeads } from '../services/page-head.service.ts';
import { createShowActConfirmations } from '../services/show-act-confirmation.service.ts';
import { createAnnounce } from '../services/show-announce.service.ts';
import { createShowChanges } from '../services/show-change.service.ts';
import { createShowConfirmations } from '../services/show-confirmation.service.ts';
import { createShowNoticeMailer } from '../services/show-notice-mailer.service.ts';
import { createShowPages } from '../services/show-page.service.ts';
import { createShowRequests } from '../services/show-request.service.ts';
import { createTicketClicks } from '../services/ticket-click.service.ts';
import { createTourDates } from '../services/tour-dates.service.ts';
import { artistRoutes } from './artist.routes.ts';
import { cityShowsRoutes } from './city-shows.routes.ts';
import { pageHtmlRoutes } from './page-html.routes.ts';
import { showRoutes } from './show.routes.ts';
import { registerShowImport } from './show-import.register.ts';
import { showPageRoutes } from './show-page.routes.ts';
import { showRequestRoutes } from './show-request.routes.ts';
import { ticketClickRoutes } from './ticket-click.routes.ts';
import { tourDatesRoutes } from './tour-dates.routes.ts';

/**
 * Shows, artist and venue pages, the public city listing (GET /api/shows?near=), fans' alerts,
 * attendance and requests for a show near them, the booking directory, the counted ticket link (/go/ticket/:id), and the public
 * pages' HTML with their heads (/shows/:id, /artists/:id, /venues/:id, /shows; all registered
 * before the SPA's page fallback, like every route), and the artists' and venues' tour-date feeds
 * with the widget's frame page (/embed/artists/:id, /embed/venues/:id).
 */
export async function registerShows(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: Database;
    auth: Auth;
    email: EmailSender;
    /** The public pages' cache (created with the app's server, which answers its hits). */
    publicCache: PublicCache;
    /** The web app's index.html, null without a web build. */
    spa: SpaShell | null;
  },
) {
  const { config, database, auth, publicCache } = deps;
  const { orm } = database;
  const signedIn = signedInHook(auth);
  const viewer = optionalUser(auth);
  const shows = createShowRepo(orm);
  // The public pages' cache is emptied by the database's change notices.
  const publicChanges = listenForPublicChanges(publicCache, database.pool.options, app.log);
  // Serve once the first connection attempt is over: listening, the cache is on from the first
  // request; if Postgres is unreachable, the pages are served uncached until it listens.
  app.addHook('onReady', async () => publicChanges.ready());
  app.addHook('onClose', async () => publicChanges.close());
  // The artist and venue pages' show cards (decision 054), dropped by the same notices as the pages.
  const publicFragments = createShowFragments({ off: !config.showFragments });
  listenForPublicShowFragments(publicFragments, publicChanges);
  const mailer = createShowNoticeMailer({
    repo: createShowNoticeRepo(orm),
    email: deps.email,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(showRoutes, {
    prefix: '/api/shows',
    signedIn,
    announce: createAnnounce(shows, createShowAnnounceRepo(orm), mailer),
    changes: createShowChanges(shows, mailer),
    confirmations: createShowConfirmations(shows, mailer),
    actConfirmations: createShowActConfirmations(shows, mailer),
  });
  await registerShowImport(app, { config, orm, signedIn, mailer });
  const showPages = createShowPages(shows, createAttendanceRepo(orm), config.publicUrl);
  const artistPages = createArtistPages(
    createPublicPageRepo(orm),
    createAlertRepo(orm),
    publicFragments,
  );
  const tourDates = createTourDates(createTourDatesRepo(orm), config.publicUrl);
  const publicPages = createPublicPages({
    shows: showPages,
    artists: artistPages,
    cityShows: createCityShows(createCityShowsRepo(orm)),
    tourDates,
  });
  await app.register(showPageRoutes, {
    prefix: '/api/shows',
    signedIn,
    viewer,
    pages: showPages,
    publicCache,
    publicPages,
  });
  await app.register(cityShowsRoutes, { prefix: '/api/shows', publicCache, publicPages });
  await app.register(artistRoutes, {
    prefix: '/api',
    signedIn,
    viewer,
    pages: artistPages,
    directory: createDirectoryService(createDirectoryRepo(orm)),
    publicCache,
    publicPages,
  });
  await app.register(showRequestRoutes, {
    prefix: '/api',
    signedIn,
    requests: createShowRequests(createShowRequestRepo(orm)),
  });
  await app.register(tourDatesRoutes, { tourDates, publicCache, publicPages });
  await app.register(pageHtmlRoutes, {
    html: createPageHtml(publicCache, deps.spa),
    publicPages,
    heads: createPageHeads(config.publicUrl),
  });
  await app.register(ticketClickRoutes, {
    prefix: '/go',
    clicks: createTicketClicks(createTicketClickRepo(orm), { secret: config.authSecret }),
    viewer,
  });
}
