import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { NEXT_YEAR, showFixture, stubOwner } from '../testing/fixtures';

/** Two artists of one name, told apart by their genres; and the signed-in headliner itself. */
const ARTISTS = [
  { id: 'ns-rock', name: 'Night Static', detail: 'Rock, Indie', photoUrl: null },
  { id: 'ns-jazz', name: 'Night Static', detail: 'Jazz', photoUrl: null },
  { id: 'performer-1', name: 'Night Static Owls', detail: 'Rock', photoUrl: null },
];

function openAnnounce(postShow = () => json({ show: showFixture() }, 201)) {
  const fetchMock = stubOwner('performer', [], {
    'GET /api/directory/venues': () =>
      json({
        results: [{ id: 'venue-9', name: 'Blue Room', detail: 'Austin, TX', photoUrl: null }],
      }),
    'GET /api/directory/performers': (request) =>
      json({ results: request.query.get('q') ? ARTISTS : [] }),
    'POST /api/shows': postShow,
  });
  return { fetchMock, ...renderApp('/my-shows/new') };
}

/** The options on show in the acts' list. */
const shownOptions = () =>
  within(screen.getByRole('listbox', { name: 'Supporting act results' })).getAllByRole('option');
/** An option's visible name and the line that tells it apart (the artist's genres). */
const optionLines = (option: HTMLElement | undefined, name: string, detail: string) => {
  if (!option) throw new Error('no such option');
  within(option).getByText(name);
  within(option).getByText(detail);
};

/** The acts' option whose text matches, once the search has answered. */
const actOption = (name: RegExp) =>
  screen.findByRole('option', {
    name: (text, element) =>
      name.test(text) &&
      element.closest('[role="listbox"]')?.getAttribute('aria-label') === 'Supporting act results',
  });

const actsBox = () => screen.getByRole('combobox', { name: 'Supporting Acts' });
const actsList = () => screen.getByRole('list', { name: 'Supporting acts' });

async function fillTheRest(user: ReturnType<typeof openAnnounce>['user']) {
  await user.type(await screen.findByRole('combobox', { name: 'Venue' }), 'Blue');
  await user.click(await screen.findByRole('option', { name: /Blue Room/ }));
  fireEvent.input(screen.getByLabelText('Date and Time'), {
    target: { value: `${NEXT_YEAR}-06-01T20:00` },
  });
}

describe('Supporting Acts picker', () => {
  it('searches Encore’s artists and shows two of one name apart, never the headliner', async () => {
    const { user, fetchMock } = openAnnounce();
    await user.type(await screen.findByRole('combobox', { name: 'Supporting Acts' }), 'Night');
    await screen.findAllByRole('option', { name: /^Night Static/ });
    const [rock, jazz, typed, ...more] = shownOptions();
    expect(more).toEqual([]);
    optionLines(rock, 'Night Static', 'Rock, Indie');
    optionLines(jazz, 'Night Static', 'Jazz');
    expect(typed?.textContent).toBe('Not on Encore? Add ‘Night’ as a name');
    // The same directory search the headliner's and venue's pickers use.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          String(url).startsWith('/api/directory/performers?q=Night'),
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('option', { name: /Night Static Owls/ })).toBeNull();
  });

  it('picks by keyboard, types a name for an act not on Encore, and removes', async () => {
    const { user } = openAnnounce();
    const box = await screen.findByRole('combobox', { name: 'Supporting Acts' });
    await user.type(box, 'Night');
    await screen.findAllByRole('option', { name: /Night Static/ });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(
      screen.getAllByRole('option')[1]?.getAttribute('id'),
    );
    await user.keyboard('{Enter}');
    expect((box as HTMLInputElement).value).toBe('');
    expect(within(actsList()).getByText('Jazz')).toBeTruthy();

    // The picked artist is not offered twice; the other one of that name still is.
    await user.type(box, 'Night');
    await waitFor(() => expect(shownOptions()).toHaveLength(2));
    optionLines(shownOptions()[0], 'Night Static', 'Rock, Indie');

    await user.clear(box);
    await user.type(box, 'Garage Friends');
    await user.click(
      await screen.findByRole('option', { name: 'Not on Encore? Add ‘Garage Friends’ as a name' }),
    );
    const items = within(actsList()).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Night StaticJazz',
      'Garage FriendsNot on Encore',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Night Static' }));
    expect(within(actsList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends each act as its artist’s id or as its typed name, in order', async () => {
    const { user, fetchMock } = openAnnounce();
    await fillTheRest(user);
    await user.type(actsBox(), 'Night');
    await user.click(await actOption(/Rock, Indie/));
    await user.type(actsBox(), 'Garage Friends');
    await user.click(await screen.findByRole('option', { name: /Add ‘Garage Friends’/ }));
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/shows')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/shows')[0]).toMatchObject({
      supportingActs: [{ performerId: 'ns-rock' }, { name: 'Garage Friends' }],
    });
  });

  it('puts the server’s message for one act under that act', async () => {
    const { user } = openAnnounce(() =>
      apiError(400, 'VALIDATION_FAILED', 'Invalid input', {
        'supportingActs.1.performerId': 'This artist is already on the bill',
      }),
    );
    await fillTheRest(user);
    await user.type(actsBox(), 'Garage');
    await user.click(await screen.findByRole('option', { name: /Add ‘Garage’/ }));
    await user.type(actsBox(), 'Night');
    await user.click(await actOption(/Jazz/));
    await user.click(screen.getByRole('button', { name: 'Announce Show' }));

    const remove = await screen.findByRole('button', { name: 'Remove Night Static' });
    await waitFor(() => expect(remove.getAttribute('aria-describedby')).toBeTruthy());
    const describedBy = remove.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'This artist is already on the bill',
    );
    const garage = within(actsList()).getAllByRole('listitem')[0];
    expect(garage?.textContent).not.toContain('already on the bill');
  });
});
