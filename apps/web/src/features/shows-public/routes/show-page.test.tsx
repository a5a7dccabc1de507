import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';
import { attendees, show, showDetail } from '../testing/fixtures';

const fan = () => json({ user: sessionUser({ role: 'fan', profileComplete: true }) });

describe('show page', () => {
  it('shows the line-up, the venue and the local time in the show’s own time zone', async () => {
    stubApi({ 'GET /api/shows/show-1': () => json(showDetail()) });
    renderApp('/shows/show-1');
    expect(await screen.findByRole('heading', { name: 'Night Static', level: 1 })).toBeTruthy();
    expect(screen.getByText('Sat, Jun 12, 2027, 8:00 PM CDT')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The Lantern' }).getAttribute('href')).toBe(
      '/venues/venue-1',
    );
    expect(screen.getByText('12 Main St, Chicago, IL 60601')).toBeTruthy();
    expect(screen.getByText('$20–$35')).toBeTruthy();
    const lineup = screen.getByRole('region', { name: 'Line-up' });
    expect(within(lineup).getByText('Quiet Hours')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/shows/show-1/calendar.ics',
    );
  });

  it('links to the tickets through the counted redirect in a new tab, but not for a cancelled show', async () => {
    stubApi({ 'GET /api/shows/show-1': () => json(showDetail()) });
    const first = renderApp('/shows/show-1');
    const link = await screen.findByRole('link', {
      name: 'Purchase Ticket(s) on tickets.example.com',
    });
    // Through Encore's counted redirect, which sends the fan on to the show's ticket URL.
    expect(link.getAttribute('href')).toBe('/go/ticket/show-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    first.unmount();

    stubApi({
      'GET /api/shows/show-1': () => json(showDetail({ show: show({ status: 'cancelled' }) })),
    });
    renderApp('/shows/show-1');
    expect(await screen.findByText('This show has been cancelled.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Purchase Ticket\(s\)/ })).toBeNull();
  });

  it('counts every fan going, shows at most 12 faces and the rest as +N more', async () => {
    stubApi({
      'GET /api/shows/show-1': () =>
        json(showDetail({ show: show({ attendingCount: 20 }), attendees: attendees(14) })),
    });
    renderApp('/shows/show-1');
    expect(await screen.findByRole('heading', { name: '20 fans going' })).toBeTruthy();
    const faces = screen.getByRole('list', { name: 'Fans going' });
    expect(within(faces).getAllByRole('img')).toHaveLength(12);
    expect(within(faces).getByText('+8 more')).toBeTruthy();
  });

  it('offers no Connect with Attendees to a signed-out visitor (Show Pals are between fans)', async () => {
    stubApi({ 'GET /api/shows/show-1': () => json(showDetail()) });
    renderApp('/shows/show-1');
    expect(await screen.findByRole('heading', { name: /fans? going/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect with Attendees' })).toBeNull();
  });

  it('Connect with Attendees says when no one the fan may see is going', async () => {
    stubApi({
      'GET /api/account/session': fan,
      'GET /api/shows/show-1': () => json(showDetail()),
      'GET /api/shows/show-1/attendees': () => json({ total: 3, hidden: 1, attendees: [] }),
    });
    const { user } = renderApp('/shows/show-1');
    await user.click(await screen.findByRole('button', { name: 'Connect with Attendees' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Attendees' });
    expect(await within(dialog).findByText('No one you can see is going yet.')).toBeTruthy();
    expect(within(dialog).getByText('1 more fan keeps their attendance private.')).toBeTruthy();
  });

  it('lets a fan toggle Going, saved on the server', async () => {
    const fetchMock = stubApi({
      'GET /api/account/session': fan,
      'GET /api/shows/show-1': () => json(showDetail()),
      'PUT /api/shows/show-1/attendance': ({ body }) =>
        json(
          showDetail({
            myAttendance: (body as { status: 'going' | null }).status,
            show: show({ attendingCount: 1 }),
          }),
        ),
    });
    const { user } = renderApp('/shows/show-1');
    const going = await screen.findByRole('button', { name: 'Going' });
    expect(going.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Attended' })).toBeNull();
    await user.click(going);
    expect(await screen.findByRole('button', { name: 'Going', pressed: true })).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/attendance')).toEqual([{ status: 'going' }]);
    await user.click(screen.getByRole('button', { name: 'Going' }));
    expect(await screen.findByRole('button', { name: 'Going', pressed: false })).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/attendance')).toEqual([
      { status: 'going' },
      { status: null },
    ]);
  });

  it('offers Attended once the show has started', async () => {
    stubApi({
      'GET /api/account/session': fan,
      'GET /api/shows/show-1': () =>
        json(showDetail({ show: show({ startsAt: '2024-05-01T01:00:00.000Z' }) })),
    });
    renderApp('/shows/show-1');
    expect(await screen.findByRole('button', { name: 'Attended' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
  });

  it('asks a signed-out visitor to log in, and hides Going from performers', async () => {
    stubApi({ 'GET /api/shows/show-1': () => json(showDetail()) });
    const first = renderApp('/shows/show-1');
    expect(await screen.findByRole('link', { name: "Login to say you're going" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
    first.unmount();

    stubApi({
      'GET /api/account/session': () =>
        json({ user: sessionUser({ role: 'performer', profileComplete: true }) }),
      'GET /api/shows/show-1': () => json(showDetail({ canEdit: true })),
    });
    renderApp('/shows/show-1');
    const edit = await screen.findByRole('link', { name: 'Edit show' });
    expect(edit.getAttribute('href')).toBe('/my-shows/show-1/edit');
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
    expect(screen.queryByRole('link', { name: "Login to say you're going" })).toBeNull();
  });

  it('tells the show’s parties a pending show is not public yet, with no calendar file', async () => {
    stubApi({
      'GET /api/account/session': () =>
        json({ user: sessionUser({ role: 'performer', profileComplete: true }) }),
      'GET /api/shows/show-1': () =>
        json(
          showDetail({
            show: show({ confirmation: { state: 'pending', partyId: 'venue-1' } }),
            canEdit: true,
          }),
        ),
    });
    renderApp('/shows/show-1');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Not public yet');
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });

  it('says so when the show does not exist', async () => {
    stubApi({ 'GET /api/shows/nope': () => apiError(404, 'NOT_FOUND', 'Show not found') });
    renderApp('/shows/nope');
    expect(await screen.findByRole('heading', { name: 'Show not found' })).toBeTruthy();
  });
});
