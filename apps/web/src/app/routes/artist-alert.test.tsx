import type { TArtistAlert } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fanProfile } from '@/features/settings/testing/fixtures';
import { artistPage } from '@/features/shows-public/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';

const alert = (channels: TArtistAlert['channels']): TArtistAlert => ({
  performerId: 'artist-1',
  performerName: 'Night Static',
  genres: ['Rock'],
  photoUrl: null,
  channels,
  createdAt: '2026-11-01T00:00:00.000Z',
});

function stubFan(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/artists/artist-1': () => json(artistPage()),
    'GET /api/profile/fan': () => json({ profile: fanProfile({ smsOptIn: true }) }),
    ...extra,
  });
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Set Alert' }));
  return screen.getByRole('dialog', { name: 'Set alert for Night Static' });
}

describe('alert activation dialog on the artist page', () => {
  it('asks for a channel and sends nothing when none is chosen', async () => {
    const fetchMock = stubFan();
    const { user } = renderApp('/artists/artist-1');
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Activate Alert' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please select at least one alert channel',
    );
    expect(callsTo(fetchMock, 'PUT /api/artists/artist-1/alert')).toHaveLength(0);
  });

  it('saves the channels, says so in the spec’s words, closes and resets', async () => {
    let saved: TArtistAlert | null = null;
    const fetchMock = stubFan({
      'GET /api/artists/artist-1': () => json(artistPage({ alert: saved })),
      'PUT /api/artists/artist-1/alert': ({ body }) => {
        saved = alert((body as { channels: TArtistAlert['channels'] }).channels);
        return json(saved);
      },
    });
    const { user } = renderApp('/artists/artist-1');
    const dialog = await openDialog(user);
    // Ticked out of order on purpose: the toast lists channels in the spec's order.
    await user.click(within(dialog).getByLabelText('Email'));
    await user.click(within(dialog).getByLabelText('Push'));
    await user.click(within(dialog).getByRole('button', { name: 'Activate Alert' }));
    expect(await screen.findByText('Night Static alert activated via Push, Email')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/artists/artist-1/alert')).toEqual([
      { channels: ['push', 'email'] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Edit Alert' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Alert' })).toBeTruthy();
  });

  it('disables SMS and says why when the fan has no phone or has not opted in', async () => {
    stubFan({ 'GET /api/profile/fan': () => json({ profile: fanProfile({ smsOptIn: false }) }) });
    const { user } = renderApp('/artists/artist-1');
    const dialog = await openDialog(user);
    const sms = within(dialog).getByLabelText('SMS') as HTMLInputElement;
    expect(sms.disabled).toBe(true);
    expect(
      await within(dialog).findByText(
        'Add a phone number and opt in to SMS in your profile to get alerts by SMS',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Push') as HTMLInputElement).disabled).toBe(false);
  });

  it('shows the server’s refusal inside the dialog', async () => {
    stubFan({
      'PUT /api/artists/artist-1/alert': () =>
        apiError(400, 'VALIDATION_FAILED', 'Invalid input', { channels: 'No SMS for you' }),
    });
    const { user } = renderApp('/artists/artist-1');
    const dialog = await openDialog(user);
    await waitFor(() =>
      expect((within(dialog).getByLabelText('SMS') as HTMLInputElement).disabled).toBe(false),
    );
    await user.click(within(dialog).getByLabelText('SMS'));
    await user.click(within(dialog).getByRole('button', { name: 'Activate Alert' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No SMS for you');
  });

  it('shows an existing alert’s channels, edits them and removes the alert', async () => {
    let current: TArtistAlert | null = alert(['push', 'sms']);
    const fetchMock = stubFan({
      'GET /api/artists/artist-1': () => json(artistPage({ alert: current })),
      'DELETE /api/artists/artist-1/alert': () => {
        current = null;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/artists/artist-1');
    await user.click(await screen.findByRole('button', { name: 'Edit Alert' }));
    const dialog = screen.getByRole('dialog', { name: 'Set alert for Night Static' });
    expect((within(dialog).getByLabelText('Push') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Remove Alert' }));
    expect(await screen.findByRole('button', { name: 'Set Alert' })).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/artists/artist-1/alert')).toHaveLength(1);
  });
});
