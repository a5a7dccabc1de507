import type { TDiscoveredArtist, TLastfmPreview } from '@encore/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';

const artist = (id: string, name: string, extra: Partial<TDiscoveredArtist> = {}) => ({
  id,
  name,
  genres: ['Indie'],
  photoUrl: null,
  onTour: false,
  alertChannels: null,
  ...extra,
});

const OFFER: TLastfmPreview = {
  username: 'RiverFan',
  lastfmArtists: 6,
  matches: [
    { artist: artist('p-glass', 'Glass Pylon'), lastfmName: 'Glass Pylon', sources: ['top'] },
    {
      artist: artist('p-known', 'Known Band', { alertChannels: ['push'] }),
      lastfmName: 'Known Band',
      sources: ['loved'],
    },
  ],
  ambiguous: [
    {
      lastfmName: 'Twin Name',
      sources: ['top', 'loved'],
      artists: [
        artist('p-twin-a', 'Twin Name', { genres: ['Rock'] }),
        artist('p-twin-b', 'Twin Name', { genres: ['Jazz'], onTour: true }),
      ],
    },
  ],
  unmatched: ['Nobody Here', 'Elsewhere'],
};

function stubFan(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/spotify/connection': () => json({ configured: true, connection: null }),
    'GET /api/lastfm': () => json({ configured: true }),
    'POST /api/lastfm/preview': () => json(OFFER),
    'POST /api/lastfm/import': () => json({ added: 2 }),
    ...extra,
  });
}

async function openMusicTab() {
  const rendered = renderApp('/settings/fan');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Music' }));
  await screen.findByRole('heading', { name: 'Import from Last.fm' });
  return rendered;
}

async function findArtists(user: Awaited<ReturnType<typeof openMusicTab>>['user'], name: string) {
  await user.type(await screen.findByLabelText('Last.fm username'), name);
  await user.click(screen.getByRole('button', { name: 'Find my artists' }));
}

describe('Import from Last.fm', () => {
  it('previews the artists found, lets the fan choose between same-named ones, and watches the chosen', async () => {
    const fetchMock = stubFan();
    const { user } = await openMusicTab();
    await findArtists(user, 'riverfan');
    expect(callsTo(fetchMock, 'POST /api/lastfm/preview')).toEqual([{ username: 'riverfan' }]);

    expect(
      await screen.findByText('3 of RiverFan’s 6 Last.fm artists are on Encore.'),
    ).toBeTruthy();
    const glass = screen.getByRole('checkbox', { name: 'Glass Pylon' });
    expect(glass).toHaveProperty('checked', true);
    expect(screen.getByText('Watching already')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Known Band' })).toBeNull();
    // A shared name: nothing chosen for the fan.
    const twins = screen.getByRole('group', { name: /called “Twin Name”: which one\?/ });
    expect(within(twins).getByRole('radio', { name: 'None of them' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('button', { name: 'Watch 1 artist' })).toBeTruthy();
    await user.click(within(twins).getByRole('radio', { name: /Jazz · On tour/ }));
    expect(screen.getByText('2 artists not on Encore yet')).toBeTruthy();
    expect(screen.getByText('Nobody Here, Elsewhere')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Watch 2 artists' }));
    expect(await screen.findByText('Watching 2 artists from Last.fm')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/lastfm/import')).toEqual([
      { performerIds: ['p-glass', 'p-twin-b'], channels: ['push', 'email'] },
    ]);
    // Back to the username, for another import.
    expect(await screen.findByLabelText('Last.fm username')).toBeTruthy();
  });

  it('checks the username with the server’s rules before asking', async () => {
    const fetchMock = stubFan();
    const { user } = await openMusicTab();
    await user.click(screen.getByRole('button', { name: 'Find my artists' }));
    expect(await screen.findByText('Enter your Last.fm username')).toBeTruthy();
    await user.type(screen.getByLabelText('Last.fm username'), '1abc');
    await user.click(screen.getByRole('button', { name: 'Find my artists' }));
    expect(
      await screen.findByText(
        'Last.fm usernames start with a letter and use letters, digits, - and _',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/lastfm/preview')).toHaveLength(0);
  });

  it('puts an unknown user under the field', async () => {
    stubFan({
      'POST /api/lastfm/preview': () =>
        apiError(400, 'VALIDATION_FAILED', 'Please correct the highlighted fields', {
          username: 'No Last.fm user with that name',
        }),
    });
    const { user } = await openMusicTab();
    await findArtists(user, 'nobody');
    expect(await screen.findByText('No Last.fm user with that name')).toBeTruthy();
    expect(screen.getByLabelText('Last.fm username').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when Last.fm is not answering', async () => {
    const message = 'Last.fm is not answering right now. Try again in a few minutes.';
    stubFan({ 'POST /api/lastfm/preview': () => apiError(502, 'LASTFM_UNAVAILABLE', message) });
    const { user } = await openMusicTab();
    await findArtists(user, 'riverfan');
    await expectFailureShown(message);
  });

  it('says when this server has no Last.fm key', async () => {
    stubFan({ 'GET /api/lastfm': () => json({ configured: false }) });
    await openMusicTab();
    expect(await screen.findByText('Last.fm is not configured on this server.')).toBeTruthy();
    expect(screen.queryByLabelText('Last.fm username')).toBeNull();
  });

  it('is offered on the onboarding music step too', async () => {
    stubFan();
    renderApp('/onboarding/spotify');
    expect(await screen.findByRole('heading', { name: 'Connect Spotify', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Import from Last.fm' })).toBeTruthy();
    expect(await screen.findByLabelText('Last.fm username')).toBeTruthy();
  });
});

describe('Import from Last.fm request failures', () => {
  for (const failure of REQUEST_FAILURES) {
    it(`shows the preview's ${failure.name}`, async () => {
      stubFan({ 'POST /api/lastfm/preview': failure.answer });
      const { user } = await openMusicTab();
      await findArtists(user, 'riverfan');
      await expectFailureShown(failure.message);
    });

    it(`shows the import's ${failure.name}`, async () => {
      stubFan({ 'POST /api/lastfm/import': failure.answer });
      const { user } = await openMusicTab();
      await findArtists(user, 'riverfan');
      await user.click(await screen.findByRole('button', { name: 'Watch 1 artist' }));
      await expectFailureShown(failure.message);
    });
  }
});
