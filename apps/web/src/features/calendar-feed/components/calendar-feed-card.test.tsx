import type { TCalendarFeed } from '@encore/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { apiError, callsTo, json, stubApi } from '@/testing/stub-api';
import { CalendarFeedCard } from './calendar-feed-card';

const FIRST = 'https://encore.example/api/calendar/first-secret.ics';
const SECOND = 'https://encore.example/api/calendar/second-secret.ics';
const on = (url: string): TCalendarFeed => ({ url, createdAt: '2026-11-01T12:00:00.000Z' });
const OFF: TCalendarFeed = { url: null, createdAt: null };

/** A server that keeps the fan's feed like the real one: POST issues the next URL, DELETE clears. */
function stubFeed(initial: TCalendarFeed, next: string[] = [FIRST, SECOND]) {
  let feed = initial;
  const fetchMock = stubApi({
    'GET /api/fan/calendar-feed': () => json(feed),
    'POST /api/fan/calendar-feed': () => {
      feed = on(next.shift() ?? 'unexpected');
      return json(feed);
    },
    'DELETE /api/fan/calendar-feed': () => {
      feed = OFF;
      return new Response(null, { status: 204 });
    },
  });
  return fetchMock;
}

/** The card alone (features do not import the app); the /shows-attending page hosts it. */
function renderCard() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <CalendarFeedCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}

const linkInput = () => screen.getByLabelText('Your calendar link') as HTMLInputElement;

describe('Calendar feed card', () => {
  it('creates a link and shows it, with a webcal link for calendar apps', async () => {
    const fetchMock = stubFeed(OFF);
    const { user } = renderCard();
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Create calendar link' }));
    expect(await screen.findByText('Calendar link created')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/fan/calendar-feed')).toHaveLength(1);
    expect(linkInput().value).toBe(FIRST);
    expect(linkInput().readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(
      'webcal://encore.example/api/calendar/first-secret.ics',
    );
    expect(screen.getByText('Created Nov 1, 2026')).toBeTruthy();
  });

  it('copies the link and says Copied for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubFeed(on(FIRST));
      const { user } = renderCard();
      await user.click(await screen.findByRole('button', { name: 'Copy' }));
      expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
      expect(await navigator.clipboard.readText()).toBe(FIRST);
      act(() => vi.advanceTimersByTime(1500));
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(500));
      expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('replaces the link only after the confirmation', async () => {
    const fetchMock = stubFeed(on(FIRST), [SECOND]);
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Replace link' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Replace your calendar link?' });
    expect(dialog.textContent).toContain('The current link stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Keep current link' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/fan/calendar-feed')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Replace link' }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Replace link' }));
    expect(
      await screen.findByText('Calendar link replaced; the old link no longer works'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/fan/calendar-feed')).toHaveLength(1);
    expect(linkInput().value).toBe(SECOND);
  });

  it('turns the link off', async () => {
    const fetchMock = stubFeed(on(FIRST));
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Calendar link turned off')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/fan/calendar-feed')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Create calendar link' })).toBeTruthy();
    expect(screen.queryByLabelText('Your calendar link')).toBeNull();
  });

  it('keeps the link and says why when turning it off fails', async () => {
    stubApi({
      'GET /api/fan/calendar-feed': () => json(on(FIRST)),
      'DELETE /api/fan/calendar-feed': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Could not turn off the calendar link')).toBeTruthy();
    expect(linkInput().value).toBe(FIRST);
  });

  it('says when the link could not be loaded', async () => {
    stubApi({
      'GET /api/fan/calendar-feed': () => apiError(403, 'FORBIDDEN', 'Only fans have these pages'),
    });
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only fans have these pages');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
