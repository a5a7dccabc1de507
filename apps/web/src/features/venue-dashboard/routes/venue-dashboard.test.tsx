import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, json } from '@/testing/stub-api';
import { emptyVenueDashboard, fullVenueDashboard, stubVenueDashboard } from '../testing/fixtures';

const figure = (name: string) => screen.getByRole('region', { name });
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

/** Answers each period with its own figures and records the periods asked for. */
function stubByPeriod() {
  const asked: Array<string | null> = [];
  stubVenueDashboard((period) => {
    asked.push(period);
    return json(fullVenueDashboard(Number(period)));
  });
  return asked;
}

afterEach(() => vi.restoreAllMocks());

describe('venue dashboard', () => {
  it('announces loading until the figures arrive', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubVenueDashboard(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/venue-dashboard');
    expect(await screen.findByRole('status', { name: 'Loading your dashboard' })).toBeTruthy();
    // Answer the request once it is made (the loading state can show before it).
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(json(fullVenueDashboard()));
    expect(await screen.findByRole('region', { name: 'Shows by genre' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your dashboard' })).toBeNull();
  });

  it('shows the genre table with its totals row, the revenue snapshot and the audience', async () => {
    stubByPeriod();
    renderApp('/venue-dashboard');
    const genres = await screen.findByRole('region', { name: 'Shows by genre' });
    expect(rowTexts(within(genres).getByRole('table'))).toEqual([
      ['Genre', 'Events', 'Attendance', 'Gross revenue'],
      ['Rock', '6', '1,800', '$45,000'],
      ['Jazz', '3', '420', '$8,401'],
      ['Hip-Hop', '1', '250', '$5,000'],
      ['Total', '10', '2,470', '$58,401'],
    ]);
    expect(figure('Average attendance').textContent).toContain('247');
    expect(figure('Capacity rate').textContent).toContain('82%');
    expect(figure('Revenue per show').textContent).toContain('$5,840');
    expect(figure('Revenue per show').textContent).toContain('Over 10 shows with results');
    expect(figure('Average age').textContent).toContain('29');
    expect(figure('Average age').textContent).toContain(
      '640 fans going or went in the last 30 days',
    );
    const zips = within(figure('Top ZIP codes')).getAllByRole('listitem');
    expect(zips.map((li) => li.textContent)).toEqual([
      '60601 · Chicago, IL210 fans',
      '60614 · Chicago, IL95 fans',
      '60302 · Oak Park, IL40 fans',
    ]);
    expect(screen.getByRole('figure', { name: 'Attendance by genre, last 30 days' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Attendance per month, last 30 days' })).toBeTruthy();
  });

  it('never reveals a small group: its cell says "not enough data"', async () => {
    stubByPeriod();
    renderApp('/venue-dashboard');
    const genders = await screen.findByRole('table', { name: 'Fans by gender' });
    expect(rowTexts(genders).slice(1)).toEqual([
      ['Male', '300'],
      ['Female', '320'],
      ['Other', '16'],
      ['Prefer not to say', 'not enough data'],
    ]);
    const ages = screen.getByRole('table', { name: 'Fans by age range' });
    expect(rowTexts(ages).at(-1)).toEqual(['65+', 'not enough data']);
  });

  it('keeps the period in the URL: choosing 90 days updates it and fetches that period', async () => {
    const asked = stubByPeriod();
    const { user, router } = renderApp('/venue-dashboard');
    await screen.findByRole('region', { name: 'Shows by genre' });
    const periods = screen.getByRole('navigation', { name: 'Period' });
    expect(
      within(periods).getByRole('link', { name: 'Last 30 days' }).getAttribute('aria-current'),
    ).toBe('page');

    await user.click(within(periods).getByRole('link', { name: 'Last 90 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=90'));
    expect(
      await screen.findByRole('figure', { name: 'Attendance by genre, last 90 days' }),
    ).toBeTruthy();
    expect(
      within(periods).getByRole('link', { name: 'Last 90 days' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(asked).toEqual(['30', '90']);
  });

  it('opens on the period in the URL, and falls back to 30 days for a bad one', async () => {
    const asked = stubByPeriod();
    renderApp('/venue-dashboard?period=365');
    expect(await screen.findByText('Your shows and audience over the last 365 days.')).toBeTruthy();
    await screen.findByRole('figure', { name: 'Attendance by genre, last 365 days' });
    expect(asked).toEqual(['365']);
  });

  it.each(['7', 'abc', ''])('treats ?period=%s as the default 30 days', async (bad) => {
    const asked = stubByPeriod();
    renderApp(`/venue-dashboard?period=${bad}`);
    await screen.findByRole('figure', { name: 'Attendance by genre, last 30 days' });
    expect(asked).toEqual(['30']);
    const periods = screen.getByRole('navigation', { name: 'Period' });
    expect(
      within(periods).getByRole('link', { name: 'Last 30 days' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('downloads the genre table as CSV, named after the venue and period', async () => {
    stubByPeriod();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:genres';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderApp('/venue-dashboard?period=90');
    const genres = await screen.findByRole('region', { name: 'Shows by genre' });
    await user.click(within(genres).getByRole('button', { name: 'Download CSV' }));
    expect(names).toEqual(['the-lantern-genres-last-90-days.csv']);
    expect(await blobs[0]?.text()).toBe(
      [
        'Genre,Events,Attendance,Gross revenue (USD)',
        'Rock,6,1800,45000',
        'Jazz,3,420,8400.5',
        'Hip-Hop,1,250,5000',
        'Total,10,2470,58400.5',
        '',
      ].join('\r\n'),
    );
  });

  it('links the show lists: results to enter, and names the performer', async () => {
    stubByPeriod();
    renderApp('/venue-dashboard');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming shows' });
    expect(upcoming.textContent).toContain('Tomorrow · 40 going · 3 ticket clicks');
    expect(within(upcoming).getByRole('link', { name: 'Night Static' }).getAttribute('href')).toBe(
      '/shows/show-1',
    );
    const results = figure('Waiting for results');
    expect(
      within(results)
        .getByRole('link', { name: 'Enter results for Night Static' })
        .getAttribute('href'),
    ).toBe('/my-shows/show-past/edit#results');
    expect(figure('Pending confirmation').textContent).toContain('Waiting for the performer');
  });

  it('says what to do when the period has no shows, and shows unknown figures as —, not 0', async () => {
    stubVenueDashboard(() => json(emptyVenueDashboard()));
    renderApp('/venue-dashboard');
    const genres = await screen.findByRole('region', { name: 'Shows by genre' });
    expect(genres.textContent).toContain('No shows in the last 30 days.');
    expect(within(genres).queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
    for (const name of ['Average attendance', 'Capacity rate', 'Revenue per show']) {
      expect(figure(name).textContent).toContain('—');
      expect(figure(name).textContent).toContain(
        'Enter the results of your past shows to see attendance.',
      );
    }
    expect(figure('Average age').textContent).toContain('not enough data');
    expect(figure('Top ZIP codes').textContent).toContain('Not enough data');
  });

  it('says why the dashboard could not load, and tries again', async () => {
    let fail = true;
    stubVenueDashboard(() =>
      fail ? apiError(500, 'INTERNAL', 'Something went wrong.') : json(fullVenueDashboard()),
    );
    const { user } = renderApp('/venue-dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your dashboard. Something went wrong.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Shows by genre' })).toBeTruthy();
  });
});
