import { createHash, randomBytes } from 'node:crypto';
import {
  SPOTIFY_CALLBACK_PATH,
  SPOTIFY_MESSAGES,
  SPOTIFY_STATE_TTL_MINUTES,
  type TSpotifyAuthorization,
  type TSpotifyConnectionStatus,
  type TSpotifyConnectRequest,
  type TSpotifyConnectResponse,
} from '@encore/contract';
import { type SpotifyClient, SpotifyGrantError } from '../adapters/spotify/spotify-client.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { SpotifyTokenCipher } from '../lib/spotify-token-cipher.ts';
import type { SpotifyRepo } from '../repositories/spotify.repo.ts';
import { fanOnly } from './fan-pages.service.ts';
import { spotifyApiFailure, spotifyErrors } from './spotify-tokens.service.ts';

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/**
 * Connecting a fan's Spotify (spec "Onboarding", sections 4 and 8): the authorisation redirect
 * with a state checked on return, the code exchanged here with the client secret, the tokens
 * sealed before they are stored. The browser never sees a token.
 */
export function createSpotifyConnection(deps: {
  repo: SpotifyRepo;
  client: SpotifyClient | undefined;
  cipher: SpotifyTokenCipher;
  publicUrl: string;
  now?: () => Date;
}) {
  const { repo, client, cipher } = deps;
  const now = deps.now ?? (() => new Date());
  const redirectUri = `${deps.publicUrl}${SPOTIFY_CALLBACK_PATH}`;
  const configured = () => {
    if (!client) throw spotifyErrors.notConfigured();
    return client;
  };

  return {
    async status(user: SessionUser): Promise<TSpotifyConnectionStatus> {
      const row = await repo.find(fanOnly(user));
      return {
        configured: client !== undefined,
        connection: row && {
          displayName: row.displayName,
          spotifyUserId: row.spotifyUserId,
          connectedAt: row.connectedAt.toISOString(),
        },
      };
    },

    async authorize(user: SessionUser): Promise<TSpotifyAuthorization> {
      const fanId = fanOnly(user);
      const spotify = configured();
      const state = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SPOTIFY_STATE_TTL_MINUTES * 60_000);
      await repo.saveAuthorization(fanId, hashState(state), expiresAt);
      return { url: spotify.authorizeUrl(state, redirectUri), state };
    },

    async connect(
      user: SessionUser,
      input: TSpotifyConnectRequest,
    ): Promise<TSpotifyConnectResponse> {
      const fanId = fanOnly(user);
      const spotify = configured();
      // The state must be the one this fan's own authorisation started with, and only once:
      // otherwise someone else's code could be planted in this fan's account.
      if (!(await repo.takeAuthorization(fanId, hashState(input.state), now()))) {
        throw new AppError('BAD_REQUEST', SPOTIFY_MESSAGES.invalidState);
      }
      let grant: Awaited<ReturnType<SpotifyClient['exchangeCode']>>;
      try {
        grant = await spotify.exchangeCode(input.code, redirectUri);
      } catch (error) {
        if (error instanceof SpotifyGrantError && error.status >= 400 && error.status < 500) {
          const reason = error.description ?? error.error;
          throw new AppError('BAD_REQUEST', SPOTIFY_MESSAGES.authorizationFailed(reason));
        }
        throw new AppError('SPOTIFY_API_ERROR', SPOTIFY_MESSAGES.connectFailed);
      }
      if (!grant.refreshToken)
        throw new AppError('SPOTIFY_API_ERROR', SPOTIFY_MESSAGES.connectFailed);
      const profile = await spotify.me(grant.accessToken).catch((error: unknown) => {
        throw spotifyApiFailure(error);
      });
      await repo.save({
        userId: fanId,
        spotifyUserId: profile.id,
        displayName: profile.displayName,
        accessToken: cipher.encrypt(grant.accessToken, fanId, 'access'),
        refreshToken: cipher.encrypt(grant.refreshToken, fanId, 'refresh'),
        expiresAt: new Date(now().getTime() + grant.expiresInSeconds * 1000),
        scope: grant.scope,
      });
      return { profile: { display_name: profile.displayName, id: profile.id } };
    },

    /**
     * Forgets the grant. Spotify offers no revocation call; the fan removes Encore from their
     * Spotify account's apps page to revoke it there too.
     */
    async disconnect(user: SessionUser): Promise<void> {
      await repo.remove(fanOnly(user));
    },
  };
}

export type SpotifyConnection = ReturnType<typeof createSpotifyConnection>;
