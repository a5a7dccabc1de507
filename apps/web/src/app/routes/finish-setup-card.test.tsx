import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { home } from '@/features/fan-shows/testing/fixtures';
import { stubFan } from '@/features/location/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';

const dashboard = { 'GET /api/fan/home': () => json(home()) };

describe('Finish setting up card on /dashboard', () => {
  it('shows when the server offers it, linking to the location step', async () => {
    stubFan({ ...dashboard, 'GET /api/fan/finish-setup': () => json({ visible: true }) });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Finish setting up' });
    const link = screen.getByRole('link', { name: 'Finish setup' });
    expect(card.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('/onboarding/location');
    expect(card.textContent).toContain('Enable Location');
    expect(card.textContent).toContain('Connect Spotify');
  });

  it('Dismiss hides it at once and tells the server', async () => {
    const fetchMock = stubFan({
      ...dashboard,
      'GET /api/fan/finish-setup': () => json({ visible: true }),
      'POST /api/fan/finish-setup/dismiss': () => json({ visible: false }),
    });
    const { user } = renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Finish setting up' });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Finish setting up' })).toBeNull(),
    );
    expect(callsTo(fetchMock, 'POST /api/fan/finish-setup/dismiss')).toHaveLength(1);
  });

  it('comes back when the dismissal fails, so nothing is silently lost', async () => {
    stubFan({
      ...dashboard,
      'GET /api/fan/finish-setup': () => json({ visible: true }),
      'POST /api/fan/finish-setup/dismiss': () => apiError(503, 'UNAVAILABLE', 'Down'),
    });
    const { user } = renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Finish setting up' });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('region', { name: 'Finish setting up' })).toBeTruthy();
  });

  it('is not there when the server says so, nor when it cannot say', async () => {
    stubFan({ ...dashboard, 'GET /api/fan/finish-setup': () => json({ visible: false }) });
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Next Show' });
    expect(screen.queryByRole('region', { name: 'Finish setting up' })).toBeNull();
  });
});
