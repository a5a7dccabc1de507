import type { TPalForShow } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { show, showDetail } from '../testing/fixtures';

type Handlers = Parameters<typeof stubApi>[0];

const pal = (id: string, name: string, status: TPalForShow['status']): TPalForShow => ({
  id,
  username: id,
  name,
  photoUrl: null,
  city: 'Chicago',
  status,
});

const PALS = [
  pal('sam', 'Sam Rivera', 'none'),
  pal('alex', 'Alex Kim', 'none'),
  pal('jo', 'Jo Park', 'going'),
  pal('lee', 'Lee Chan', 'invited'),
  pal('max', 'Max Ortiz', 'declined'),
];

function stubGoingFan(handlers: Handlers = {}, detail = showDetail({ myAttendance: 'going' })) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/shows/show-1': () => json(detail),
    'GET /api/shows/show-1/invites': () => json({ pals: PALS }),
    ...handlers,
  });
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Invite pals' }));
  return screen.getByRole('dialog', { name: 'Invite pals' });
}

describe('Invite pals on the show page', () => {
  it('is offered only to a fan going to an upcoming show that is not cancelled', async () => {
    for (const detail of [
      showDetail({ myAttendance: null }),
      showDetail({ myAttendance: 'going', show: show({ status: 'cancelled' }) }),
      showDetail({ myAttendance: 'going', show: show({ startsAt: '2020-01-01T00:00:00.000Z' }) }),
    ]) {
      stubGoingFan({}, detail);
      const { unmount } = renderApp('/shows/show-1');
      // The fan's own buttons are there (the session has loaded), Invite pals is not.
      await screen.findByRole('button', { name: 'Going' });
      expect(screen.queryByRole('button', { name: 'Invite pals' })).toBeNull();
      unmount();
    }
  });

  it('lists my pals: a checkbox for the ones not asked yet, their answer for the others; sends the chosen ones', async () => {
    const fetchMock = stubGoingFan({
      'POST /api/shows/show-1/invites': () => json({ invited: 2, unchanged: 0 }),
    });
    const { user } = renderApp('/shows/show-1');
    const dialog = await openDialog(user);
    const list = await within(dialog).findByRole('list', { name: 'Your Show Pals' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    const rows = within(list).getAllByRole('listitem');
    expect(rows[2]?.textContent).toContain('Jo Park');
    expect(rows[2]?.textContent).toContain('Going');
    expect(rows[3]?.textContent).toContain('Invited');
    expect(rows[4]?.textContent).toContain('Not this time');

    const send = within(dialog).getByRole('button', { name: 'Send invites' });
    expect(send).toHaveProperty('disabled', true);
    await user.click(within(list).getByRole('checkbox', { name: /Sam Rivera/ }));
    await user.click(within(list).getByRole('checkbox', { name: /Alex Kim/ }));
    expect(send).toHaveProperty('disabled', false);
    await user.click(send);

    expect(await screen.findByText('Invited 2 pals', { selector: '[data-title]' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/invites')).toEqual([
      { fanIds: ['sam', 'alex'] },
    ]);
    // The dialog's list is refetched for the new invites.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /api/shows/show-1/invites').length).toBeGreaterThan(1),
    );
  });

  it('says in the dialog why the server refused, and keeps the choice', async () => {
    stubGoingFan({
      'POST /api/shows/show-1/invites': () =>
        apiError(403, 'FORBIDDEN', 'Mark yourself going to this show before inviting pals'),
    });
    const { user } = renderApp('/shows/show-1');
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('checkbox', { name: /Sam Rivera/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invites' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Mark yourself going to this show before inviting pals',
    );
    expect(within(dialog).getByRole('checkbox', { name: /Sam Rivera/ })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('points a fan with no pals to /social', async () => {
    stubGoingFan({ 'GET /api/shows/show-1/invites': () => json({ pals: [] }) });
    const { user } = renderApp('/shows/show-1');
    const dialog = await openDialog(user);
    const link = await within(dialog).findByRole('link', { name: 'Add Show Pals to invite them' });
    expect(link.getAttribute('href')).toBe('/social');
    expect(within(dialog).queryByRole('button', { name: 'Send invites' })).toBeNull();
  });

  it('says when the pals could not be loaded, and tries again', async () => {
    let fail = true;
    stubGoingFan({
      'GET /api/shows/show-1/invites': () =>
        fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json({ pals: PALS }),
    });
    const { user } = renderApp('/shows/show-1');
    const dialog = await openDialog(user);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('We could not load your Show Pals. Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('list', { name: 'Your Show Pals' })).toBeTruthy();
  });
});

describe('pals going on the show page', () => {
  it('names the pals going with their faces, and says nothing when none is', async () => {
    stubGoingFan(
      {},
      showDetail({
        palsGoing: {
          count: 4,
          fans: [
            { id: 'sam', name: 'Sam', photoUrl: null },
            { id: 'alex', name: 'Alex', photoUrl: 'https://img.example.com/alex.jpg' },
          ],
        },
      }),
    );
    const first = renderApp('/shows/show-1');
    const line = await screen.findByText('Sam, Alex and 2 other pals are going');
    const faces = line.parentElement as HTMLElement;
    expect(faces.querySelectorAll('img')).toHaveLength(1);
    expect(within(faces).getByText('S')).toBeTruthy();
    first.unmount();

    stubGoingFan({}, showDetail({ palsGoing: { count: 0, fans: [] } }));
    renderApp('/shows/show-1');
    await screen.findByRole('button', { name: 'Going' });
    expect(screen.queryByText(/are going|is going/)).toBeNull();
  });
});
