import type { FastifyInstance } from 'fastify';
import { createSpotifyClient } from '../adapters/spotify/spotify-client.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { signedIn } from '../http/signed-in.ts';
import { createSpotifyTokenCipher } from '../lib/spotify-token-cipher.ts';
import { createAlertRepo } from '../repositories/alert.repo.ts';
import { createSpotifyRepo } from '../repositories/spotify.repo.ts';
import { createSpotifyMatchRepo } from '../repositories/spotify-match.repo.ts';
import { createSpotifyConnection } from '../services/spotify-connection.service.ts';
import { createSpotifyLibrary } from '../services/spotify-library.service.ts';
import { createSpotifyTokens } from '../services/spotify-tokens.service.ts';
import { spotifyRoutes } from './spotify.routes.ts';

/** The music provider (/api/spotify): connect, disconnect, and the fan's library for Discovery. */
export async function registerSpotify(
  app: FastifyInstance,
  { config, database, auth }: { config: AppConfig; database: Database; auth: Auth },
) {
  const repo = createSpotifyRepo(database.orm);
  const client = createSpotifyClient(config);
  const cipher = createSpotifyTokenCipher(config.authSecret);
  await app.register(spotifyRoutes, {
    prefix: '/api/spotify',
    signedIn: signedIn(auth),
    connection: createSpotifyConnection({ repo, client, cipher, publicUrl: config.publicUrl }),
    library: createSpotifyLibrary({
      client,
      tokens: client && createSpotifyTokens(repo, client, cipher),
      matches: createSpotifyMatchRepo(database.orm),
      alerts: createAlertRepo(database.orm),
    }),
  });
}
