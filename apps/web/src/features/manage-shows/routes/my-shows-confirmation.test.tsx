import { SHOW_MESSAGES as S, type TShow } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, json } from '@/testing/stub-api';
import { showFixture, stubOwner } from '../testing/fixtures';

const card = (name: string) => screen.getByRole('article', { name });

/** A show the venue (venue-1) announced for the performer (performer-1), in the given state. */
const venueShow = (state: TShow['confirmation']['state']) =>
  showFixture({ createdById: 'venue-1', confirmation: { state, partyId: 'performer-1' } });

describe('Your Shows: shows waiting for a confirmation', () => {
  it('asks a venue confirming a second show on one night, and confirms on its answer', async () => {
    const NIGHT = S.nightTaken(null);
    const performerShow = (state: TShow['confirmation']['state']) =>
      showFixture({ confirmation: { state, partyId: 'venue-1' } });
    let shows = [performerShow('pending')];
    const fetchMock = stubOwner('venue', [], {
      'GET /api/shows/mine': () => json({ shows }),
      'POST /api/shows/show-1/confirm': ({ body }) => {
        if (!(body as { confirmSameNight?: boolean }).confirmSameNight) {
          return json({ error: { code: 'NIGHT_TAKEN', message: NIGHT, detail: {} } }, 409);
        }
        shows = [performerShow('confirmed')];
        return json({ show: shows[0] });
      },
    });
    const { user } = renderApp('/my-shows');
    const waiting = await screen.findByRole('region', { name: 'Waiting for your confirmation' });
    await user.click(within(waiting).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('alertdialog', { name: S.nightTakenTitle });
    expect(dialog.textContent).toContain(NIGHT);
    await user.click(within(dialog).getByRole('button', { name: S.bothShowsThatNight }));
    expect(await screen.findByText('Show confirmed')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/confirm')).toEqual([
      {},
      { confirmSameNight: true },
    ]);
  });

  it('asks the performer a venue listed to confirm, then lists the show as its own', async () => {
    let shows = [venueShow('pending')];
    const fetchMock = stubOwner('performer', [], {
      'GET /api/shows/mine': () => json({ shows }),
      'POST /api/shows/show-1/confirm': () => {
        shows = [venueShow('confirmed')];
        return json({ show: shows[0] });
      },
    });
    const { user } = renderApp('/my-shows');
    const waiting = await screen.findByRole('region', { name: 'Waiting for your confirmation' });
    const owls = within(waiting).getByRole('article', { name: 'The Night Owls' });
    expect(owls.textContent).toContain('Blue Room listed you for this show');
    // Its word first: no editing a show it has not agreed to.
    expect(within(owls).queryByRole('link', { name: 'Edit' })).toBeNull();

    await user.click(within(owls).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Show confirmed')).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() =>
      expect(within(upcoming).getByRole('article', { name: 'The Night Owls' })).toBeTruthy(),
    );
    expect(screen.queryByRole('region', { name: 'Waiting for your confirmation' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/confirm')).toHaveLength(1);
  });

  it('declines only after asking, and then shows it declined', async () => {
    let shows = [venueShow('pending')];
    const fetchMock = stubOwner('performer', [], {
      'GET /api/shows/mine': () => json({ shows }),
      'POST /api/shows/show-1/decline': () => {
        shows = [venueShow('declined')];
        return json({ show: shows[0] });
      },
    });
    const { user } = renderApp('/my-shows');
    await screen.findByRole('article', { name: 'The Night Owls' });
    await user.click(within(card('The Night Owls')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this show?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Request' }));
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/decline')).toHaveLength(0);

    await user.click(within(card('The Night Owls')).getByRole('button', { name: 'Decline' }));
    await user.click(await screen.findByRole('button', { name: 'Decline Show' }));
    expect(await screen.findByText('Show declined')).toBeTruthy();
    await waitFor(() => expect(card('The Night Owls').textContent).toContain('You declined'));
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/decline')).toHaveLength(1);
  });

  it('tells the announcing venue whose word it waits for, or that the show was declined', async () => {
    stubOwner('venue', [
      venueShow('pending'),
      showFixture({
        id: 'show-2',
        performer: { id: 'p2', name: 'Jazz Cats', photoUrl: null, genres: [] },
        createdById: 'venue-1',
        confirmation: { state: 'declined', partyId: 'p2' },
      }),
    ]);
    renderApp('/my-shows');
    await screen.findByRole('article', { name: 'The Night Owls' });
    const owls = card('The Night Owls');
    expect(owls.textContent).toContain('Waiting for The Night Owls to confirm');
    expect(within(owls).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(owls).getByRole('link', { name: 'Edit' })).toBeTruthy();
    const cats = card('Jazz Cats');
    expect(cats.textContent).toContain('Declined by Jazz Cats: withdrawn');
    expect(within(cats).queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});
