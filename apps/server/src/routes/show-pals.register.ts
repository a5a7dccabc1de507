import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import { createShowRepo } from '../repositories/show.repo.ts';
import { createFanListsRepo } from '../repositories/social/fan-lists.repo.ts';
import { createPalLinksRepo } from '../repositories/social/pal-links.repo.ts';
import { createShowPals } from '../services/show-pals.service.ts';
import { fanProfileRoutes, showAttendeesRoutes, showPalsRoutes } from './show-pals.routes.ts';

/**
 * Show Pals (issue 15): links between fans, requests, blocks and suggestions (/api/social), and
 * Connect with Attendees (/api/shows/:id/attendees), fan profiles (/api/fans/:username).
 */
export async function registerShowPals(
  app: FastifyInstance,
  { database, auth }: { database: Database; auth: Auth },
) {
  const { orm } = database;
  const signedIn = signedInHook(auth);
  const pals = createShowPals(orm, {
    links: createPalLinksRepo(orm),
    lists: createFanListsRepo(orm),
    shows: createShowRepo(orm),
  });
  await app.register(showPalsRoutes, { prefix: '/api/social', signedIn, pals });
  await app.register(showAttendeesRoutes, { prefix: '/api/shows', signedIn, pals });
  await app.register(fanProfileRoutes, { prefix: '/api/fans', signedIn, pals });
}
