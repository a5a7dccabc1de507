import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { keepAlertsOwnCards } from '../http/alerts-own-cards.ts';
import type { PrivateCache } from '../http/private-cache.ts';
import type { ShowCardFragments } from '../http/show-fragments.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import { createArtistSearchRepo } from '../repositories/artist-search.repo.ts';
import { createCalendarFeedRepo } from '../repositories/calendar-feed.repo.ts';
import { createFanPageTagsRepo } from '../repositories/fan-page-tags.repo.ts';
import { createFanPagesRepo } from '../repositories/fan-pages.repo.ts';
import { createGenreArtistsRepo } from '../repositories/genre-artists.repo.ts';
import { createRecommendedRepo } from '../repositories/recommended.repo.ts';
import { createCalendarFeed } from '../services/calendar-feed.service.ts';
import { createDiscovery } from '../services/discovery.service.ts';
import { createFanPages } from '../services/fan-pages.service.ts';
import { calendarFeedRoutes } from './calendar-feed.routes.ts';
import { discoveryRoutes } from './discovery.routes.ts';
import { fanPagesRoutes } from './fan-pages.routes.ts';

/**
 * The fan's own pages (/api/fan/*), Discovery's search and recommendations (/api/discovery/*) and
 * the public calendar feed behind a private token.
 */
export async function registerFanPages(
  app: FastifyInstance,
  {
    config,
    database,
    auth,
    privatePages,
    fragments,
  }: {
    config: AppConfig;
    database: Database;
    auth: Auth;
    privatePages: PrivateCache;
    fragments: ShowCardFragments;
  },
) {
  const { orm } = database;
  const signedIn = signedInHook(auth);
  await app.register(fanPagesRoutes, {
    prefix: '/api/fan',
    signedIn,
    pages: createFanPages(
      createFanPagesRepo(orm),
      createFanPageTagsRepo(orm),
      fragments,
      keepAlertsOwnCards(privatePages),
    ),
    privatePages,
  });
  await app.register(discoveryRoutes, {
    prefix: '/api/discovery',
    signedIn,
    discovery: createDiscovery(
      createArtistSearchRepo(orm),
      createRecommendedRepo(orm),
      createGenreArtistsRepo(orm),
    ),
    privatePages,
  });
  await app.register(calendarFeedRoutes, {
    prefix: '/api',
    signedIn,
    feed: createCalendarFeed(createCalendarFeedRepo(orm), config.publicUrl),
  });
}
