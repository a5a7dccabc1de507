import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, stubApi } from '@/testing/stub-api';
import { show, showDetail } from '../testing/fixtures';

const BILL = [
  { name: 'Quiet Hours', performerId: 'artist-2' },
  { name: 'Garage Friends', performerId: null },
];

describe('show page: the bill', () => {
  it('lists the headliner, then each act; Encore acts link to their pages, typed names do not', async () => {
    stubApi({
      'GET /api/shows/show-1': () => json(showDetail({ show: show({ supportingActs: BILL }) })),
    });
    renderApp('/shows/show-1');
    const lineup = await screen.findByRole('region', { name: 'Line-up' });
    const rows = within(lineup).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NSNight StaticHeadliner',
      'QHQuiet HoursSupporting',
      'GFGarage FriendsSupporting',
    ]);
    expect(
      within(lineup)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Night Static', '/artists/artist-1'],
      ['Quiet Hours', '/artists/artist-2'],
    ]);
    expect(within(rows[2] as HTMLElement).queryByRole('link')).toBeNull();
    expect(screen.getByText('with Quiet Hours, Garage Friends')).toBeTruthy();
    expect(screen.queryByText('Awaiting confirmation')).toBeNull();
  });

  it('marks, for the show’s parties, an act that has not confirmed yet', async () => {
    stubApi({
      'GET /api/shows/show-1': () =>
        json(
          showDetail({
            canEdit: true,
            show: show({
              supportingActs: [
                { name: 'Quiet Hours', performerId: 'artist-2', confirmation: 'pending' },
                { name: 'Low Tide', performerId: 'artist-3', confirmation: 'confirmed' },
              ],
            }),
          }),
        ),
    });
    renderApp('/shows/show-1');
    const lineup = await screen.findByRole('region', { name: 'Line-up' });
    const [, quiet, low] = within(lineup).getAllByRole('listitem');
    expect(quiet?.textContent).toContain('Awaiting confirmation');
    expect(low?.textContent).not.toContain('Awaiting confirmation');
  });
});
