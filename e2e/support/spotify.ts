import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  type FakeArtist,
  type FakeSpotifyUser,
  fakeSpotifyId,
} from '../../apps/server/test/support/spotify-fake-data.ts';
import type { SpotifyLogEntry } from '../../apps/server/test/support/spotify-server.ts';
import { e2eSettings } from './e2e-env.ts';

// Mirrors playwright.config.ts: serve.mjs starts the fake Spotify on the server's port + 2000.
const fake = `http://127.0.0.1:${e2eSettings().port + 2000}`;

async function control(path: string, body: unknown = {}, method = 'POST') {
  const response = await fetch(`${fake}/__fake/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

export const spotifyArtist = (name: string, genres: string[] = []): FakeArtist => ({
  id: fakeSpotifyId(`${name}${randomBytes(4).toString('hex')}`),
  name,
  genres,
  imageUrl: null,
});

/** A listener of the fake Spotify that no other test uses, with `library`. */
export async function spotifyListener(
  library: Partial<Omit<FakeSpotifyUser, 'id'>> = {},
): Promise<FakeSpotifyUser> {
  const id = `listener_${randomBytes(4).toString('hex')}`;
  const user: FakeSpotifyUser = {
    id,
    displayName: `Listener ${id.slice(-4)}`,
    email: `${id}@example.test`,
    topArtists: [],
    savedTracks: [],
    followed: [],
    ...library,
  };
  await control(`users/${id}`, user, 'PUT');
  return user;
}

export const fakeSpotify = {
  /** The listener's access tokens stop working; Encore still believes them good for an hour. */
  expireAccessTokens: (id: string) => control(`users/${id}/expire-access-tokens`),
  /** The token endpoint refuses the listener's refresh token from now on (invalid_grant). */
  refuseRefresh: (id: string) => control(`users/${id}/refuse-refresh`),
  async log(id: string): Promise<SpotifyLogEntry[]> {
    return (await fetch(`${fake}/__fake/log?user=${id}`)).json() as Promise<SpotifyLogEntry[]>;
  },
};

/** From /onboarding/spotify to the fake's consent page, logged in there as `listener`. */
export async function startConnecting(page: Page, listener: string): Promise<void> {
  await page.goto('/onboarding/spotify');
  await page.getByRole('button', { name: 'Connect Spotify' }).click();
  await page.waitForURL(`${fake}/authorize?**`);
  await page.getByLabel('Spotify username').fill(listener);
}

/** The whole connect flow as the fan clicks through it, up to 'Spotify Connected!'. */
export async function connectSpotify(page: Page, listener: string): Promise<void> {
  await startConnecting(page, listener);
  await page.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByRole('heading', { name: 'Spotify Connected!' })).toBeVisible();
}
