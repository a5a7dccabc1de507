import type { FastifyInstance } from 'fastify';
import { createLastfmClient } from '../adapters/lastfm/lastfm-client.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signedIn } from '../http/signed-in.ts';
import { createAlertRepo } from '../repositories/alert.repo.ts';
import { createLastfmMatchRepo } from '../repositories/lastfm-match.repo.ts';
import { createLastfmImport } from '../services/lastfm-import.service.ts';
import { lastfmRoutes } from './lastfm.routes.ts';

/** The second music library (/api/lastfm): a fan's Last.fm artists, previewed and imported. */
export async function registerLastfm(
  app: FastifyInstance,
  { config, database, auth }: { config: AppConfig; database: Database; auth: Auth },
) {
  await app.register(lastfmRoutes, {
    prefix: '/api/lastfm',
    signedIn: signedIn(auth),
    lastfm: createLastfmImport({
      client: createLastfmClient(config),
      matches: createLastfmMatchRepo(database.orm),
      alerts: createAlertRepo(database.orm),
      warn: (reason) => app.log.warn({ reason }, 'Last.fm failed'),
    }),
  });
}
