import type { TSupportingAct } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, json } from '@/testing/stub-api';
import { showFixture, stubOwner } from '../testing/fixtures';

/**
 * Big Sky's show at Blue Room, announced by its venue, with the signed-in performer (performer-1)
 * on the bill as a supporting act in the given state. Its figures are not the act's: null.
 */
const supportShow = (confirmation: TSupportingAct['confirmation']) =>
  showFixture({
    performer: { id: 'big-sky', name: 'Big Sky', photoUrl: null, genres: ['Rock'] },
    createdById: 'venue-1',
    confirmation: { state: 'confirmed', partyId: 'big-sky' },
    supportingActs: [{ name: 'The Night Owls', performerId: 'performer-1', confirmation }],
  });

const card = () => screen.getByRole('article', { name: 'Big Sky' });

describe('Your Shows: a show the performer is asked to support', () => {
  it('asks it to confirm its slot, then lists the show as Supporting, with nothing to edit', async () => {
    let shows = [supportShow('pending')];
    const fetchMock = stubOwner('performer', [], {
      'GET /api/shows/mine': () => json({ shows }),
      'POST /api/shows/show-1/acts/confirm': () => {
        shows = [supportShow('confirmed')];
        return json({ show: shows[0] });
      },
    });
    const { user } = renderApp('/my-shows');
    const waiting = await screen.findByRole('region', { name: 'Waiting for your confirmation' });
    const asked = within(waiting).getByRole('article', { name: 'Big Sky' });
    expect(asked.textContent).toContain('Blue Room listed you as a supporting act');
    expect(asked.textContent).toContain('Supporting');

    await user.click(within(asked).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Show confirmed')).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await waitFor(() =>
      expect(within(upcoming).getByRole('article', { name: 'Big Sky' })).toBeTruthy(),
    );
    expect(card().textContent).toContain('Supporting');
    // The show is its headliner's and venue's to change.
    for (const action of ['Edit', 'Postpone', 'Cancel']) {
      expect(within(card()).queryByRole('link', { name: action })).toBeNull();
      expect(within(card()).queryByRole('button', { name: action })).toBeNull();
    }
    // Its own slot's endpoint, never the whole show's.
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/acts/confirm')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/confirm')).toHaveLength(0);
  });

  it('declines its slot after asking', async () => {
    let shows = [supportShow('pending')];
    const fetchMock = stubOwner('performer', [], {
      'GET /api/shows/mine': () => json({ shows }),
      'POST /api/shows/show-1/acts/decline': () => {
        shows = [supportShow('declined')];
        return json({ show: shows[0] });
      },
    });
    const { user } = renderApp('/my-shows');
    await screen.findByRole('article', { name: 'Big Sky' });
    await user.click(within(card()).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this show?' });
    expect(dialog.textContent).toContain('You will be taken off the bill of Big Sky at Blue Room');
    await user.click(within(dialog).getByRole('button', { name: 'Decline Show' }));
    expect(await screen.findByText('Show declined')).toBeTruthy();
    await waitFor(() => expect(card().textContent).toContain('You declined this show'));
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/acts/decline')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/decline')).toHaveLength(0);
  });
});
