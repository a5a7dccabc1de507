import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { signedIn } from '../http/signed-in.ts';
import { createArtistMessageRepo } from '../repositories/artist-message.repo.ts';
import { createArtistMessageService } from '../services/artist-message.service.ts';
import { artistMessageRoutes } from './artist-message.routes.ts';

/** Artist messages (/api/artist-messages, decision 045); their emails go by the alert workers. */
export async function registerArtistMessages(
  app: FastifyInstance,
  deps: { database: Database; auth: Auth },
) {
  await app.register(artistMessageRoutes, {
    prefix: '/api',
    signedIn: signedIn(deps.auth),
    messages: createArtistMessageService(createArtistMessageRepo(deps.database.orm)),
  });
}
