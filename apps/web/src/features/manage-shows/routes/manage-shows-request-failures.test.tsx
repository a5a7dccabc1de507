import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { json } from '@/testing/stub-api';
import { NEXT_YEAR, showFixture, stubOwner } from '../testing/fixtures';

const past = showFixture({ startsAt: '2020-03-01T03:00:00.000Z' });
// Inside the contract's date window, so the forms send it (a far-off year is refused first).
const upcoming = showFixture({ startsAt: `${NEXT_YEAR}-12-12T02:00:00.000Z` });

interface FormCase {
  form: string;
  path: string;
  shows?: ReturnType<typeof showFixture>[];
  /** Who is signed in: a venue unless said (only a performer may name a venue not on Encore). */
  role?: 'performer' | 'venue';
  request: string;
  act: (user: UserEvent) => Promise<void>;
}

const myShowCard = () => screen.findByRole('article', { name: 'The Night Owls' });
/** Announced by the venue, waiting for the performer's word. */
const asked = showFixture({
  startsAt: `${NEXT_YEAR}-12-12T02:00:00.000Z`,
  createdById: 'venue-1',
  confirmation: { state: 'pending', partyId: 'performer-1' },
});

/** Another performer's show, with the signed-in performer asked to play it as a supporting act. */
const askedAsSupport = showFixture({
  startsAt: `${NEXT_YEAR}-12-12T02:00:00.000Z`,
  performer: { id: 'big-sky', name: 'Big Sky', photoUrl: null, genres: [] },
  createdById: 'big-sky',
  supportingActs: [{ name: 'The Night Owls', performerId: 'performer-1', confirmation: 'pending' }],
});
const supportCard = () => screen.findByRole('article', { name: 'Big Sky' });

/** Every form and confirmation of Your Shows that sends a request. */
const FORMS: FormCase[] = [
  {
    form: 'Announce a Show',
    path: '/my-shows/new',
    role: 'performer',
    request: 'POST /api/shows',
    act: async (user) => {
      await screen.findByRole('heading', { name: 'Announce a Show', level: 1 });
      await user.click(screen.getByLabelText('Venue not on Encore'));
      await user.type(screen.getByLabelText('Venue Name'), 'The Backyard');
      await user.type(screen.getByLabelText('Street Address'), '400 Elm Street');
      await user.type(screen.getByLabelText('City'), 'Austin');
      await user.type(screen.getByLabelText('State'), 'tx');
      await user.type(screen.getByLabelText('ZIP Code'), '78702');
      fireEvent.input(screen.getByLabelText('Date and Time'), {
        target: { value: `${NEXT_YEAR}-06-01T20:00` },
      });
      await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    },
  },
  {
    form: 'Edit Show',
    path: '/my-shows/show-1/edit',
    request: 'PATCH /api/shows/show-1',
    act: async (user) => {
      await screen.findByLabelText('Date and Time');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    },
  },
  {
    form: 'Results',
    path: '/my-shows/show-1/edit',
    shows: [past],
    request: 'PUT /api/shows/show-1/results',
    act: async (user) => {
      const results = await screen.findByRole('region', { name: 'Results' });
      await user.type(within(results).getByLabelText('Attendance'), '250');
      await user.type(within(results).getByLabelText('Gross Revenue'), '5000');
      await user.click(within(results).getByRole('button', { name: 'Save Results' }));
    },
  },
  {
    form: 'Postpone Show',
    path: '/my-shows',
    request: 'POST /api/shows/show-1/postpone',
    act: async (user) => {
      await user.click(within(await myShowCard()).getByRole('button', { name: 'Postpone' }));
      const dialog = await screen.findByRole('dialog', { name: 'Postpone Show' });
      await user.click(within(dialog).getByRole('button', { name: 'Postpone Show' }));
    },
  },
  {
    form: 'Cancel this show?',
    path: '/my-shows',
    request: 'POST /api/shows/show-1/cancel',
    act: async (user) => {
      await user.click(within(await myShowCard()).getByRole('button', { name: 'Cancel' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel Show' }));
    },
  },
  {
    form: 'Confirm',
    path: '/my-shows',
    role: 'performer',
    shows: [asked],
    request: 'POST /api/shows/show-1/confirm',
    act: async (user) => {
      await user.click(within(await myShowCard()).getByRole('button', { name: 'Confirm' }));
    },
  },
  {
    form: 'Decline this show?',
    path: '/my-shows',
    role: 'performer',
    shows: [asked],
    request: 'POST /api/shows/show-1/decline',
    act: async (user) => {
      await user.click(within(await myShowCard()).getByRole('button', { name: 'Decline' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Decline Show' }));
    },
  },
  {
    form: 'Confirm (as a supporting act)',
    path: '/my-shows',
    role: 'performer',
    shows: [askedAsSupport],
    request: 'POST /api/shows/show-1/acts/confirm',
    act: async (user) => {
      await user.click(within(await supportCard()).getByRole('button', { name: 'Confirm' }));
    },
  },
  {
    form: 'Decline (as a supporting act)',
    path: '/my-shows',
    role: 'performer',
    shows: [askedAsSupport],
    request: 'POST /api/shows/show-1/acts/decline',
    act: async (user) => {
      await user.click(within(await supportCard()).getByRole('button', { name: 'Decline' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Decline Show' }));
    },
  },
];

/**
 * Announcing, editing, results, postponing, cancelling, confirming and declining never
 * fail silently.
 */
describe.each(FORMS)('manage shows: $form', ({ path, role, shows, request, act }) => {
  it.each(REQUEST_FAILURES)('$name', async (failure) => {
    stubOwner(role ?? 'venue', shows ?? [upcoming], {
      'GET /api/directory/performers': () => json({ results: [] }),
      [request]: failure.answer,
    });
    const { user } = renderApp(path);
    await act(user);
    await expectFailureShown(failure.message);
  });
});
