import { SHOW_MESSAGES as S } from '@encore/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, type StubRequest } from '@/testing/stub-api';
import { NEXT_YEAR, showFixture, stubOwner } from '../testing/fixtures';

/** One show, one alert: the form's Idempotency-Key and its answers to the server's 409s. */
const START = `${NEXT_YEAR}-06-01T20:00`;
const SAME_DAY = 'You already have a show on that day at Bowery Ballroom. Announce this one too?';

const conflict = (code: string, message: string, detail: object) =>
  json({ error: { code, message, detail } }, 409);

/** The announce form, its POSTs answered by `answers` in turn (then 201); records every POST. */
async function openForm(answers: Array<(request: StubRequest) => Response>) {
  const posts: StubRequest[] = [];
  stubOwner('performer', [], {
    'POST /api/shows': (request) => {
      posts.push(request);
      const answer = answers[posts.length - 1];
      return answer ? answer(request) : json({ show: showFixture() }, 201);
    },
  });
  const view = renderApp('/my-shows/new');
  await screen.findByRole('heading', { name: 'Announce a Show', level: 1 });
  await view.user.click(screen.getByLabelText('Venue not on Encore'));
  await view.user.type(screen.getByLabelText('Venue Name'), 'Mercury Lounge');
  await view.user.type(screen.getByLabelText('Street Address'), '217 E Houston St');
  await view.user.type(screen.getByLabelText('City'), 'New York');
  await view.user.type(screen.getByLabelText('State'), 'NY');
  await view.user.type(screen.getByLabelText('ZIP Code'), '10002');
  fireEvent.input(screen.getByLabelText('Date and Time'), { target: { value: START } });
  return { ...view, posts };
}

const keyOf = (request: StubRequest | undefined) => request?.headers.get('idempotency-key');

describe('Announce a Show, once', () => {
  it('sends one Idempotency-Key per form and the same key again on a retry', async () => {
    const failed = () => json({ error: { code: 'UNAVAILABLE', message: 'Try again' } }, 503);
    const { user, posts, router } = await openForm([failed]);
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shows'));
    expect(posts).toHaveLength(2);
    expect(keyOf(posts[0])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    expect(keyOf(posts[1])).toBe(keyOf(posts[0]));
  });

  it('a new form has a new key', async () => {
    const first = await openForm([]);
    await first.user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/my-shows'));
    first.unmount();
    const second = await openForm([]);
    await second.user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(second.posts).toHaveLength(1));
    expect(keyOf(second.posts[0])).toBeTruthy();
    expect(keyOf(second.posts[0])).not.toBe(keyOf(first.posts[0]));
  });

  it('a show already announced is said beside the button with a link to it', async () => {
    const { user } = await openForm([
      () => conflict('CONFLICT', S.duplicateShow, { showId: 'show-42' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(S.duplicateShow);
    const link = screen.getByRole('link', { name: S.viewExistingShow });
    expect(link.getAttribute('href')).toBe('/shows/show-42');
  });

  it('a show the same day elsewhere asks, then resends with confirmSameDay and the same key', async () => {
    const { user, posts, router } = await openForm([
      () => conflict('SAME_DAY_SHOW', SAME_DAY, { showId: 'show-7', venueName: 'Bowery Ballroom' }),
      () => json({ show: showFixture() }, 201),
    ]);
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(SAME_DAY);
    expect(posts[0]?.body).not.toHaveProperty('confirmSameDay');
    await user.click(screen.getByRole('button', { name: S.announceAnyway }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shows'));
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toMatchObject({ confirmSameDay: true, startsAtLocal: START });
    expect(keyOf(posts[1])).toBe(keyOf(posts[0]));
  });

  it('declining the same-day question sends nothing more and keeps the form', async () => {
    const { user, posts } = await openForm([
      () => conflict('SAME_DAY_SHOW', SAME_DAY, { showId: 'show-7' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('button', { name: 'Not this one' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Announce Show' })).toBeTruthy();
  });

  it('a night the venue already holds asks, then resends with confirmSameNight and the same key', async () => {
    const NIGHT = S.nightTaken('Mercury Lounge');
    const { user, posts, router } = await openForm([
      () => conflict('NIGHT_TAKEN', NIGHT, { showId: 'show-8', venueName: 'Mercury Lounge' }),
      () => json({ show: showFixture() }, 201),
    ]);
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    const dialog = await screen.findByRole('alertdialog', { name: S.nightTakenTitle });
    expect(dialog.textContent).toContain(NIGHT);
    expect(posts[0]?.body).not.toHaveProperty('confirmSameNight');
    await user.click(screen.getByRole('button', { name: S.bothShowsThatNight }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shows'));
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toMatchObject({ confirmSameNight: true, startsAtLocal: START });
    expect(keyOf(posts[1])).toBe(keyOf(posts[0]));
  });
});
