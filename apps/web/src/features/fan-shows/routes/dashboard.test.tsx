import { FAN_PAGE_MESSAGES } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { detailFor, faces, fanShow, home, pastShow, stubFan } from '../testing/fixtures';

const region = (name: string) => screen.getByRole('region', { name });

describe('fan dashboard', () => {
  it('welcomes the fan by name and role, with the three counts linking to their pages', async () => {
    stubFan({
      'GET /api/fan/home': () => json(home({ counts: { goingTo: 3, watching: 12, attended: 8 } })),
    });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, @nightowl', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText(/^Fan · /)).toBeTruthy();
    const tiles = await screen.findByRole('list', { name: 'Your shows' });
    const tile = (name: string) => within(tiles).getByRole('link', { name });
    expect(tile('Going To 3').getAttribute('href')).toBe('/shows-attending');
    expect(tile('Watching 12').getAttribute('href')).toBe('/watching');
    expect(tile('Attended 8').getAttribute('href')).toBe('/shows-attended');
  });

  it('shows the next show with its venue, city and local time, linking to the show', async () => {
    stubFan({
      'GET /api/fan/home': () =>
        json(
          home({
            counts: { goingTo: 1, watching: 0, attended: 0 },
            nextShow: fanShow({ attendingCount: 6 }, { faces: faces(4) }),
          }),
        ),
    });
    renderApp('/dashboard');
    const next = await screen.findByRole('region', { name: 'Next Show' });
    expect(within(next).getByRole('heading', { name: 'Night Static', level: 3 })).toBeTruthy();
    expect(next.textContent).toContain('The Lantern, Chicago, IL');
    expect(next.textContent).toContain('Fri, Dec 11, 2099, 8:00 PM CST');
    expect(next.textContent).toContain('6 going');
    expect(within(next).getByText('+2 more')).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'View show' }).getAttribute('href')).toBe(
      '/shows/show-1',
    );
    expect(within(next).getByRole('link', { name: 'The Lantern' }).getAttribute('href')).toBe(
      '/venues/venue-1',
    );
  });

  it('without a next show, points to discovery and the alerts', async () => {
    stubFan({ 'GET /api/fan/home': () => json(home()) });
    renderApp('/dashboard');
    const next = await screen.findByRole('region', { name: 'Next Show' });
    expect(within(next).getByRole('link', { name: 'Discover Artists' }).getAttribute('href')).toBe(
      '/discovery',
    );
    expect(within(next).getByRole('link', { name: 'See your alerts' }).getAttribute('href')).toBe(
      '/alerts',
    );
    expect(screen.queryByRole('region', { name: 'Did you go?' })).toBeNull();
  });

  it('shows Quick Access once the counts are in, so the loaded counts do not push it down', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubFan({ 'GET /api/fan/home': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/dashboard');
    expect(await screen.findByRole('status', { name: 'Loading your dashboard' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Quick Access' })).toBeNull();
    // The loading state can show before the request is made: answer the request, not the void
    // (a CI run answered before the fetch and the page waited forever).
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(json(home({ counts: { goingTo: 1, watching: 2, attended: 3 } })));
    expect(await screen.findByRole('region', { name: 'Quick Access' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Going To 1' })).toBeTruthy();
  });

  it('offers the Quick Access cards', async () => {
    stubFan({ 'GET /api/fan/home': () => json(home()) });
    renderApp('/dashboard');
    const quick = await screen.findByRole('region', { name: 'Quick Access' });
    const hrefs = within(quick)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/recommended',
      '/discovery',
      '/shows-attending',
      '/social',
      '/shows-attended',
    ]);
    expect(within(quick).getByRole('link', { name: 'Show Pals' })).toBeTruthy();
  });

  it('asks "Did you go?": yes marks the show attended, no removes the mark', async () => {
    let toConfirm = [fanShow(pastShow()), fanShow(pastShow({ id: 'show-2' }))];
    const fetchMock = stubFan({
      'GET /api/fan/home': () => json(home({ toConfirm })),
      'PUT /api/shows/show-past/attendance': ({ body }) => {
        toConfirm = toConfirm.filter((s) => s.show.id !== 'show-past');
        return json(detailFor('show-past', (body as { status: unknown }).status));
      },
      'PUT /api/shows/show-2/attendance': ({ body }) => {
        toConfirm = toConfirm.filter((s) => s.show.id !== 'show-2');
        return json(detailFor('show-2', (body as { status: unknown }).status));
      },
    });
    const { user } = renderApp('/dashboard');
    const prompts = await screen.findByRole('region', { name: 'Did you go?' });
    const cards = within(prompts).getAllByRole('article', { name: 'Jazz Cats' });
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('Sat, Jun 6, 2026, 9:30 PM EDT');
    // Blue Room is not on Encore: named, not linked.
    expect(within(prompts).queryByRole('link', { name: 'Blue Room' })).toBeNull();

    await user.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Yes, I went' }));
    expect(await screen.findByText(FAN_PAGE_MESSAGES.markedAttended)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/shows/show-past/attendance')).toEqual([
      { status: 'attended' },
    ]);
    await waitFor(() =>
      expect(within(prompts).getAllByRole('article', { name: 'Jazz Cats' })).toHaveLength(1),
    );

    await user.click(within(prompts).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Did you go?' })).toBeNull());
    expect(callsTo(fetchMock, 'PUT /api/shows/show-2/attendance')).toEqual([{ status: null }]);
  });

  it('says when the answer could not be saved', async () => {
    stubFan({
      'GET /api/fan/home': () => json(home({ toConfirm: [fanShow(pastShow())] })),
      'PUT /api/shows/show-past/attendance': () =>
        apiError(409, 'CONFLICT', 'This show was cancelled'),
    });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Yes, I went' }));
    expect(await screen.findByText('Could not save your answer')).toBeTruthy();
    expect(screen.getByText('This show was cancelled')).toBeTruthy();
  });

  it('says when the dashboard could not be loaded, and retries', async () => {
    let fail = true;
    stubFan({
      'GET /api/fan/home': () =>
        fail
          ? apiError(500, 'INTERNAL', 'Something went wrong')
          : json(home({ counts: { goingTo: 2, watching: 0, attended: 0 } })),
    });
    const { user } = renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your dashboard.');
    // Quick Access does not depend on the counts.
    expect(region('Quick Access')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Going To 2' })).toBeTruthy();
  });
});
