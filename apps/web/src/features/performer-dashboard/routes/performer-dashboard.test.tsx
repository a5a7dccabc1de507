import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import {
  emptyPerformerDashboard,
  fullPerformerDashboard,
  stubPerformerDashboard,
} from '../testing/fixtures';

const figure = (name: string) => screen.getByRole('region', { name });

describe('performer dashboard', () => {
  it('announces loading, then shows every figure with its context', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubPerformerDashboard(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/performer-dashboard');
    expect(await screen.findByRole('status', { name: 'Loading your dashboard' })).toBeTruthy();
    // Answer the request once it is made (the loading state can show before it).
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(json(fullPerformerDashboard()));
    await screen.findByRole('region', { name: 'Total followers' });

    expect(figure('Total followers').textContent).toContain('1,204');
    expect(figure('Monthly growth').textContent).toContain('+40');
    expect(figure('Monthly growth').textContent).toContain('+25% vs last month (+32 last month)');
    expect(figure('Alert activations').textContent).toContain('1,500');
    expect(figure('Alert activations').textContent).toContain('61 this month');
    expect(figure('Last tour attendance').textContent).toContain('80%');
    expect(figure('Last tour attendance').textContent).toContain('May 2, 2026 – May 20, 2026');
    expect(figure('Last tour attendance').textContent).toContain('960 of 1,200');
    expect(figure('Merch revenue per head').textContent).toContain('$12.50');
    expect(figure('Merch revenue per head').textContent).toContain('$12,000.00 over the tour');

    const cities = within(figure('Top fan cities')).getAllByRole('listitem');
    expect(cities.map((li) => li.textContent)).toEqual([
      'Chicago, IL400 followers',
      'Austin, TX210 followers',
      'Denver, CO1 follower',
    ]);
    const delivered = figure('Alerts delivered').textContent;
    expect(delivered).toContain('Email1,200');
    expect(delivered).toContain('SMS0');
    expect(screen.queryByRole('heading', { name: 'No followers yet' })).toBeNull();
  });

  it('gives the 12-month follower chart a caption and the same numbers as a table', async () => {
    stubPerformerDashboard(() => json(fullPerformerDashboard()));
    const { user } = renderApp('/performer-dashboard');
    const chart = await screen.findByRole('figure', { name: 'Followers at the end of each month' });
    await user.click(within(chart).getByText('Show as table'));
    const rows = within(within(chart).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]?.textContent).toBe('Jan 2026100');
    expect(rows[12]?.textContent).toBe('Dec 20261,204');
  });

  it('puts each definition one tap away, behind "How is this counted?"', async () => {
    stubPerformerDashboard(() => json(fullPerformerDashboard()));
    const { user } = renderApp('/performer-dashboard');
    await screen.findByRole('region', { name: 'Last tour attendance' });
    const tour = figure('Last tour attendance');
    const summary = within(tour).getByText('How is this counted?');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await user.click(summary);
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('less than 30 days between one and the next');
  });

  it('lists upcoming shows with going and ticket clicks, and links what is mine to answer', async () => {
    stubPerformerDashboard(() => json(fullPerformerDashboard()));
    renderApp('/performer-dashboard');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming shows' });
    expect(within(upcoming).getByRole('link', { name: 'The Lantern' }).getAttribute('href')).toBe(
      '/shows/show-1',
    );
    expect(upcoming.textContent).toContain('In 5 days · 12 going · 34 ticket clicks');
    expect(upcoming.textContent).toContain('Fri, Dec 11, 2099, 8:00 PM CST · Chicago, IL');

    const results = figure('Waiting for results');
    expect(
      within(results)
        .getByRole('link', { name: 'Enter results for Blue Room' })
        .getAttribute('href'),
    ).toBe('/my-shows/show-past/edit#results');
    expect(within(results).getAllByRole('link', { name: /Enter results/ })).toHaveLength(1);
    expect(results.textContent).toContain('Waiting for the venue');

    const pending = figure('Pending confirmation');
    expect(
      within(pending)
        .getByRole('link', { name: 'Answer in My Shows for The Vault' })
        .getAttribute('href'),
    ).toBe('/my-shows');
    expect(pending.textContent).toContain('Waiting for the venue');
  });

  it('offers the tour-planning assistant between the figures and the show lists', async () => {
    stubPerformerDashboard(() => json(fullPerformerDashboard()));
    const { user } = renderApp('/performer-dashboard');
    const launch = await screen.findByRole('button', { name: 'Launch AI Agent' });
    const lists = screen.getByRole('region', { name: 'Upcoming shows' });
    const figures = figure('Total followers');
    expect(figures.compareDocumentPosition(launch) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(launch.compareDocumentPosition(lists) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByText('No saved plans yet')).toBeTruthy();
    await user.click(launch);
    expect(screen.getByRole('dialog', { name: 'Tour-planning assistant' })).toBeTruthy();
  });

  it('says what to do when there are no followers, no tour and no shows, and never shows a false 0', async () => {
    stubPerformerDashboard(() => json(emptyPerformerDashboard()));
    renderApp('/performer-dashboard');
    const empty = await screen.findByRole('heading', { name: 'No followers yet' });
    const card = empty.parentElement as HTMLElement;
    expect(
      within(card)
        .getByRole('link', { name: /Your public page/ })
        .getAttribute('href'),
    ).toBe('/artists/artist-1');
    expect(
      within(card)
        .getByRole('link', { name: /Announce a show/ })
        .getAttribute('href'),
    ).toBe('/my-shows/new');
    expect(figure('Last tour attendance').textContent).toContain('—');
    expect(figure('Last tour attendance').textContent).not.toContain('0%');
    expect(figure('Merch revenue per head').textContent).toContain('—');
    expect(figure('Merch revenue per head').textContent).toContain(
      'Add merch revenue when you enter a show’s results',
    );
    expect(figure('Monthly growth').textContent).toContain('no % to compare yet');
    expect(figure('Upcoming shows').textContent).toContain('No upcoming shows.');
  });

  it('asks to enter results when the tour has none yet', async () => {
    const data = fullPerformerDashboard();
    data.lastTour = {
      ...(data.lastTour as NonNullable<typeof data.lastTour>),
      showsWithResults: 0,
      attendance: 0,
      capacity: 0,
      attendanceRate: null,
      merchRevenue: null,
      merchPerHead: null,
    };
    stubPerformerDashboard(() => json(data));
    renderApp('/performer-dashboard');
    const tour = await screen.findByRole('region', { name: 'Last tour attendance' });
    expect(tour.textContent).toContain('Enter the results of your past shows to see attendance.');
    expect(tour.textContent).toContain('—');
  });

  it('says why the dashboard could not load, and tries again', async () => {
    let fail = true;
    const fetchMock = stubPerformerDashboard(() =>
      fail
        ? apiError(403, 'FORBIDDEN', 'Only performers have this dashboard.')
        : json(fullPerformerDashboard()),
    );
    const { user } = renderApp('/performer-dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'We could not load your dashboard. Only performers have this dashboard.',
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Total followers' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(callsTo(fetchMock, 'GET /api/dashboards/performer').length).toBeGreaterThanOrEqual(2);
  });
});
