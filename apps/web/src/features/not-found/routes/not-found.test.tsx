import { GENERIC_MESSAGES } from '@encore/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, stubApi } from '@/testing/stub-api';

describe('404 page', () => {
  it('shows the spec heading, links home, and logs the path (console and server)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = stubApi({
      'POST /api/client-events/not-found': () => new Response(null, { status: 204 }),
    });
    renderApp('/no/such/page?token=secret');

    expect(
      await screen.findByRole('heading', { name: GENERIC_MESSAGES.pageNotFound }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/client-events/not-found')).toEqual([
        { path: '/no/such/page' },
      ]),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/no/such/page'));
  });

  it.each([
    ['/no/such/page', 'There is no page at this address.'],
    ['/discovery/old', 'There is no page at this address.'],
    ['/shows/42/tickets', 'There is no show at this address.'],
    ['/my-shows/42/results', 'There is no show at this address.'],
    ['/artists/7/tour', 'There is no artist at this address.'],
    ['/venues/9/map', 'There is no venue at this address.'],
  ])('says what is missing at %s', async (path, text) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubApi({ 'POST /api/client-events/not-found': () => new Response(null, { status: 204 }) });
    renderApp(path);
    await screen.findByRole('heading', { name: GENERIC_MESSAGES.pageNotFound });
    expect(screen.getByText(/^There is no/).textContent).toContain(text);
  });
});
