import type { TArtistAlert } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { stubWatchingFan, watchedAlert } from '../testing/fixtures';

const owls = watchedAlert();
const cats = watchedAlert({
  performerId: 'artist-2',
  performerName: 'Jazz Cats',
  genres: ['Jazz'],
  photoUrl: '/uploads/cats.jpg',
  channels: ['email', 'sms'],
});
const dune = watchedAlert({
  performerId: 'artist-3',
  performerName: 'Dune',
  genres: [],
  channels: ['push', 'sms'],
});

/** The figure under a tile's label. */
const tile = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const row = (name: string) => screen.getByRole('article', { name });

describe('Watching', () => {
  it('counts the tiles from the list and shows each alert', async () => {
    stubWatchingFan([owls, cats, dune]);
    renderApp('/watching');
    expect(await screen.findByRole('heading', { name: 'Watching', level: 1 })).toBeTruthy();
    await screen.findByRole('article', { name: 'Night Static' });
    expect(tile('Active Alerts')).toBe('3');
    expect(tile('Push Enabled')).toBe('2');
    expect(tile('SMS Enabled')).toBe('2');

    const first = row('Night Static');
    expect(within(first).getByRole('link', { name: 'Night Static' }).getAttribute('href')).toBe(
      '/artists/artist-1',
    );
    expect(first.textContent).toContain('Rock · Indie');
    expect(first.textContent).toContain('Alerts byPushEmail');
    expect(first.textContent).toContain('Watching since Nov 1, 2026');
    expect(within(first).getByRole('button', { name: 'Remove Night Static alert' })).toBeTruthy();
    expect(row('Jazz Cats').querySelector('img')?.getAttribute('src')).toBe('/uploads/cats.jpg');
    expect(row('Jazz Cats').textContent).toContain('EmailSMS');
  });

  it('removes an alert on the server, drops the row and recounts', async () => {
    const fetchMock = stubWatchingFan([owls, cats], {
      'DELETE /api/artists/artist-1/alert': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/watching');
    await user.click(await screen.findByRole('button', { name: 'Remove Night Static alert' }));
    expect(await screen.findByText('Night Static alert removed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Night Static' })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/artists/artist-1/alert')).toHaveLength(1);
    expect(row('Jazz Cats')).toBeTruthy();
    expect(tile('Active Alerts')).toBe('1');
    expect(tile('Push Enabled')).toBe('0');
    expect(tile('SMS Enabled')).toBe('1');
  });

  it('keeps the row and says why when the removal fails', async () => {
    stubWatchingFan([owls], {
      'DELETE /api/artists/artist-1/alert': () =>
        apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    const { user } = renderApp('/watching');
    await user.click(await screen.findByRole('button', { name: 'Remove Night Static alert' }));
    expect(await screen.findByText('Could not remove the Night Static alert')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(row('Night Static')).toBeTruthy();
    expect(tile('Active Alerts')).toBe('1');
    const remove = screen.getByRole('button', { name: 'Remove Night Static alert' });
    expect((remove as HTMLButtonElement).disabled).toBe(false);
  });

  it('edits an alert’s channels through the alert dialog', async () => {
    let saved: TArtistAlert = owls;
    const fetchMock = stubWatchingFan([owls], {
      'GET /api/profile/fan': () => json({ profile: null }),
      'PUT /api/artists/artist-1/alert': ({ body }) => {
        saved = { ...owls, channels: (body as Pick<TArtistAlert, 'channels'>).channels };
        return json(saved);
      },
    });
    const { user } = renderApp('/watching');
    await user.click(await screen.findByRole('button', { name: 'Edit channels for Night Static' }));
    const dialog = screen.getByRole('dialog', { name: 'Set alert for Night Static' });
    expect((within(dialog).getByLabelText('Push') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByLabelText('Push'));
    await user.click(within(dialog).getByRole('button', { name: 'Activate Alert' }));
    expect(await screen.findByText('Night Static alert activated via Email')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/artists/artist-1/alert')).toEqual([
      { channels: ['email'] },
    ]);
    await waitFor(() => expect(tile('Push Enabled')).toBe('0'));
    expect(row('Night Static').textContent).toContain('Alerts byEmail');
  });

  it('offers discovery when the fan watches nobody', async () => {
    stubWatchingFan([]);
    renderApp('/watching');
    expect(
      await screen.findByRole('heading', { name: 'You are not watching any artists' }),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Discover Artists' });
    expect(link.getAttribute('href')).toBe('/discovery');
    expect(tile('Active Alerts')).toBe('0');
  });

  it('says when the alerts could not be loaded, and retries', async () => {
    let fail = true;
    stubWatchingFan([], {
      'GET /api/alerts/watching': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong.') : json({ alerts: [owls] }),
    });
    const { user } = renderApp('/watching');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your alerts.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Night Static' })).toBeTruthy();
  });
});
