import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { optionalUser } from '../http/optional-user.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import { createAlertRepo } from '../repositories/alert.repo.ts';
import { createAttendanceRepo } from '../repositories/attendance.repo.ts';
import { createDirectoryRepo } from '../repositories/directory.repo.ts';
import { createPublicPageRepo } from '../repositories/public-page.repo.ts';
import { createShowRepo } from '../repositories/show.repo.ts';
import { createArtistPages } from '../services/artist-page.service.ts';
import { createAnnounce } from '../services/show-announce.service.ts';
import { createShowChanges } from '../services/show-change.service.ts';
import { createShowPages } from '../services/show-page.service.ts';
import { artistRoutes } from './artist.routes.ts';
import { showRoutes } from './show.routes.ts';
import { showPageRoutes } from './show-page.routes.ts';

/** Shows, artist and venue pages, fans' alerts and attendance, the booking directory. */
export async function registerShows(
  app: FastifyInstance,
  { config, database, auth }: { config: AppConfig; database: Database; auth: Auth },
) {
  const { orm } = database;
  const signedIn = signedInHook(auth);
  const viewer = optionalUser(auth);
  const shows = createShowRepo(orm);
  await app.register(showRoutes, {
    prefix: '/api/shows',
    signedIn,
    announce: createAnnounce(shows),
    changes: createShowChanges(shows),
  });
  await app.register(showPageRoutes, {
    prefix: '/api/shows',
    signedIn,
    viewer,
    pages: createShowPages(shows, createAttendanceRepo(orm)),
    publicUrl: config.publicUrl,
  });
  await app.register(artistRoutes, {
    prefix: '/api',
    signedIn,
    viewer,
    pages: createArtistPages(createPublicPageRepo(orm), createAlertRepo(orm)),
    directory: createDirectoryRepo(orm),
  });
}
