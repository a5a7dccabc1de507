import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import type {
  FakeLastfmUser,
  LastfmLogEntry,
} from '../../apps/server/test/support/lastfm-server.ts';
import { e2eSettings } from './e2e-env.ts';

// Mirrors playwright.config.ts: serve.mjs starts the fake Last.fm on the server's port + 2001.
const fake = `http://127.0.0.1:${e2eSettings().port + 2001}`;

async function control(path: string, body: unknown, method = 'POST') {
  const response = await fetch(`${fake}/__fake/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A user of the fake Last.fm that no other test uses, with `library`. */
export async function lastfmListener(
  library: Partial<Omit<FakeLastfmUser, 'name'>> = {},
): Promise<FakeLastfmUser> {
  const user: FakeLastfmUser = {
    name: `Fan_${randomBytes(4).toString('hex')}`,
    topArtists: [],
    lovedTracks: [],
    ...library,
  };
  await control('users', user, 'PUT');
  return user;
}

export const fakeLastfm = {
  /** Every call about `user` answers `status` from now on; null brings Last.fm back for them. */
  setDown: (user: string, status: number | null) => control('down', { status, user }),
  async log(): Promise<LastfmLogEntry[]> {
    return (await fetch(`${fake}/__fake/log`)).json() as Promise<LastfmLogEntry[]>;
  },
};
