import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import { createPalLinksRepo } from '../repositories/social/pal-links.repo.ts';
import { createShowPals } from '../services/show-pals.service.ts';
import { showPalsRoutes } from './show-pals.routes.ts';

/** Show Pals (/api/social): links between fans, requests and blocks (issue 15). */
export async function registerShowPals(
  app: FastifyInstance,
  { database, auth }: { database: Database; auth: Auth },
) {
  const { orm } = database;
  await app.register(showPalsRoutes, {
    prefix: '/api/social',
    signedIn: signedInHook(auth),
    pals: createShowPals(orm, createPalLinksRepo(orm)),
  });
}
