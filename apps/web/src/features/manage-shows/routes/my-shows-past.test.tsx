import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { showFixture, stubOwner } from '../testing/fixtures';

const STARTED = '2020-03-01T03:00:00.000Z';
const pastShow = async (name: string) =>
  within(await screen.findByRole('region', { name: 'Past' })).getByRole('article', { name });
const badge = (card: HTMLElement) => card.querySelector('h3 + span')?.textContent;

describe('Your Shows: past shows read as past', () => {
  it('says Played and where the results stand, instead of On Sale and fans going', async () => {
    stubOwner('venue', [
      showFixture({ id: 'awaiting', status: 'on_sale', startsAt: STARTED, attendingCount: 12 }),
      showFixture({
        id: 'entered',
        performer: { id: 'p2', name: 'Jazz Cats', photoUrl: null, genres: [] },
        status: 'on_sale',
        startsAt: STARTED,
        attendance: 250,
        grossRevenue: 5000,
      }),
    ]);
    renderApp('/my-shows');

    const awaiting = await pastShow('The Night Owls');
    expect(badge(awaiting)).toBe('Played');
    expect(awaiting.textContent).not.toContain('On Sale');
    expect(awaiting.textContent).not.toContain('fans going');
    expect(awaiting.textContent).toContain('Awaiting results');
    expect(within(awaiting).getByRole('link', { name: 'Enter results' })).toBeTruthy();
    expect(within(awaiting).queryByRole('link', { name: 'Edit results' })).toBeNull();

    const entered = await pastShow('Jazz Cats');
    expect(badge(entered)).toBe('Played');
    expect(entered.textContent).toContain('Results entered · Attendance 250 · Gross $5,000.00');
    expect(entered.textContent).not.toContain('Awaiting results');
    expect(within(entered).queryByRole('link', { name: 'Enter results' })).toBeNull();
    expect(within(entered).getByRole('link', { name: 'Edit results' }).getAttribute('href')).toBe(
      '/my-shows/entered/edit#results',
    );
  });

  it('tells a performer whose venue enters the results that they are awaited from it', async () => {
    stubOwner('performer', [showFixture({ startsAt: STARTED, status: 'on_sale' })]);
    renderApp('/my-shows');
    const card = await pastShow('The Night Owls');
    expect(badge(card)).toBe('Played');
    expect(card.textContent).toContain('Awaiting results from Blue Room');
    expect(within(card).queryByRole('link', { name: /results/ })).toBeNull();
  });

  it('keeps a cancelled past show cancelled, with no results awaited', async () => {
    stubOwner('venue', [showFixture({ startsAt: STARTED, status: 'cancelled' })]);
    renderApp('/my-shows');
    const card = await pastShow('The Night Owls');
    expect(badge(card)).toBe('Cancelled');
    expect(card.textContent).not.toContain('Awaiting results');
    expect(card.textContent).not.toContain('fans going');
    expect(within(card).queryByRole('link', { name: /results/ })).toBeNull();
  });

  it('keeps Upcoming shows as they were: status and fans going', async () => {
    stubOwner('venue', [showFixture({ status: 'on_sale' })]);
    renderApp('/my-shows');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const card = within(upcoming).getByRole('article', { name: 'The Night Owls' });
    expect(badge(card)).toBe('On Sale');
    expect(card.textContent).toContain('3 fans going');
  });

  it('heads the results page of a past show with Played', async () => {
    stubOwner('venue', [showFixture({ startsAt: STARTED, status: 'on_sale' })]);
    renderApp('/my-shows/show-1/edit#results');
    expect(await screen.findByText('The Night Owls at Blue Room')).toBeTruthy();
    expect(screen.getByText('Played')).toBeTruthy();
    expect(screen.queryByText('On Sale')).toBeNull();
  });
});
