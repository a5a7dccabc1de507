import { SHOW_MESSAGES as S } from '@encore/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { NEXT_YEAR, showFixture, stubOwner } from '../testing/fixtures';

/** Types attendance, gross and merch revenue into the Results form and saves; answers the form. */
async function enterResults([attendance, gross, merch]: [string, string, string]) {
  const { user } = renderApp('/my-shows/show-1/edit');
  const results = await screen.findByRole('region', { name: 'Results' });
  await user.type(within(results).getByLabelText('Attendance'), attendance);
  await user.type(within(results).getByLabelText('Gross Revenue'), gross);
  await user.type(within(results).getByLabelText('Merch Revenue'), merch);
  await user.click(within(results).getByRole('button', { name: 'Save Results' }));
  return results;
}

describe('Edit Show', () => {
  it('a move to a night the venue already holds asks, and the answer saves it', async () => {
    const NIGHT = S.nightTaken('Blue Room');
    const fetchMock = stubOwner('performer', [showFixture()], {
      'PATCH /api/shows/show-1': ({ body }) =>
        (body as { confirmSameNight?: boolean }).confirmSameNight
          ? json({ show: showFixture() })
          : json({ error: { code: 'NIGHT_TAKEN', message: NIGHT, detail: {} } }, 409),
    });
    const { user, router } = renderApp('/my-shows/show-1/edit');
    const date = await screen.findByLabelText('Date and Time');
    fireEvent.input(date, { target: { value: `${NEXT_YEAR}-12-11T22:30` } });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: S.nightTakenTitle });
    expect(dialog.textContent).toContain(NIGHT);
    await user.click(within(dialog).getByRole('button', { name: S.bothShowsThatNight }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shows'));
    const sent = callsTo(fetchMock, 'PATCH /api/shows/show-1');
    expect(sent[0]).not.toHaveProperty('confirmSameNight');
    expect(sent[1]).toMatchObject({
      startsAtLocal: `${NEXT_YEAR}-12-11T22:30`,
      confirmSameNight: true,
    });
  });

  it('prefills the venue’s local time and saves the changes', async () => {
    // 8 pm in Austin (CST, UTC-6) on 11 December.
    const startsAt = `${NEXT_YEAR}-12-12T02:00:00.000Z`;
    const fetchMock = stubOwner(
      'performer',
      [
        showFixture({
          startsAt,
          supportingActs: [
            { name: 'Opener', performerId: null },
            { name: 'Night Static', performerId: 'ns-1', confirmation: 'pending' },
          ],
        }),
      ],
      {
        'PATCH /api/shows/show-1': () => json({ show: showFixture({ status: 'on_sale' }) }),
      },
    );
    const { user, router } = renderApp('/my-shows/show-1/edit');
    await screen.findByRole('heading', { name: 'Edit Show', level: 1 });
    const date = (await screen.findByLabelText('Date and Time')) as HTMLInputElement;
    expect(date.value).toBe(`${NEXT_YEAR}-12-11T20:00`);
    expect(screen.queryByRole('combobox', { name: 'Venue' })).toBeNull();
    // The bill as it stands: a typed name, and an Encore artist that has not confirmed yet.
    const acts = within(screen.getByRole('list', { name: 'Supporting acts' }));
    expect(acts.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'OpenerNot on Encore',
      'Night StaticOn Encore · Awaiting confirmation',
    ]);
    await user.selectOptions(screen.getByLabelText('Status'), 'on_sale');
    await user.clear(screen.getByLabelText('Maximum Price'));
    await user.type(screen.getByLabelText('Maximum Price'), '30');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(S.updatedTitle)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-shows'));
    expect(callsTo(fetchMock, 'PATCH /api/shows/show-1')).toEqual([
      {
        startsAtLocal: `${NEXT_YEAR}-12-11T20:00`,
        ticketUrl: 'https://tickets.example/1',
        priceMin: 20,
        priceMax: 30,
        onSaleAtLocal: null,
        supportingActs: [{ name: 'Opener' }, { performerId: 'ns-1' }],
        genre: 'Rock',
        status: 'on_sale',
      },
    ]);
  });

  it('postpones with a new date or none', async () => {
    const fetchMock = stubOwner('venue', [showFixture()], {
      'POST /api/shows/show-1/postpone': () => json({ show: showFixture({ status: 'postponed' }) }),
    });
    const { user } = renderApp('/my-shows');
    const card = await screen.findByRole('article', { name: 'The Night Owls' });
    await user.click(within(card).getByRole('button', { name: 'Postpone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Postpone Show' });
    fireEvent.input(within(dialog).getByLabelText('New Date and Time'), {
      target: { value: '2020-01-01T20:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Postpone Show' }));
    expect(await within(dialog).findByText(S.dateInFuture)).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('New Date and Time'), {
      target: { value: '9999-12-31T23:59' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Postpone Show' }));
    expect(await within(dialog).findByText(S.dateTooFar)).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('New Date and Time'), {
      target: { value: '' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Postpone Show' }));
    expect(await screen.findByText(S.postponedTitle)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/postpone')).toEqual([
      { startsAtLocal: null },
    ]);
  });

  it('a postponement to a night the venue already holds asks; “Not this one” keeps the dialog, the answer sends it', async () => {
    const NIGHT = S.nightTaken(null);
    const NEW_DATE = `${NEXT_YEAR}-12-18T22:30`;
    const fetchMock = stubOwner('venue', [showFixture()], {
      'POST /api/shows/show-1/postpone': ({ body }) =>
        (body as { confirmSameNight?: boolean }).confirmSameNight
          ? json({ show: showFixture({ status: 'postponed' }) })
          : json({ error: { code: 'NIGHT_TAKEN', message: NIGHT, detail: {} } }, 409),
    });
    const { user } = renderApp('/my-shows');
    const card = await screen.findByRole('article', { name: 'The Night Owls' });
    await user.click(within(card).getByRole('button', { name: 'Postpone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Postpone Show' });
    fireEvent.input(within(dialog).getByLabelText('New Date and Time'), {
      target: { value: NEW_DATE },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Postpone Show' }));
    const asked = await screen.findByRole('alertdialog', { name: S.nightTakenTitle });
    expect(asked.textContent).toContain(NIGHT);
    await user.click(within(asked).getByRole('button', { name: 'Not this one' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const kept = screen.getByRole('dialog', { name: 'Postpone Show' });
    expect(within(kept).getByLabelText<HTMLInputElement>('New Date and Time').value).toBe(NEW_DATE);

    await user.click(within(kept).getByRole('button', { name: 'Postpone Show' }));
    const again = await screen.findByRole('alertdialog', { name: S.nightTakenTitle });
    await user.click(within(again).getByRole('button', { name: S.bothShowsThatNight }));
    expect(await screen.findByText(S.postponedTitle)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/shows/show-1/postpone')).toEqual([
      { startsAtLocal: NEW_DATE },
      { startsAtLocal: NEW_DATE },
      { startsAtLocal: NEW_DATE, confirmSameNight: true },
    ]);
  });

  it('takes a venue’s results after the show', async () => {
    const past = showFixture({ startsAt: '2020-03-01T03:00:00.000Z' });
    const fetchMock = stubOwner('venue', [past], {
      'PUT /api/shows/show-1/results': () =>
        json({ show: { ...past, attendance: 250, grossRevenue: 5000 } }),
    });
    const { user } = renderApp('/my-shows/show-1/edit');
    const results = await screen.findByRole('region', { name: 'Results' });
    await user.type(within(results).getByLabelText('Attendance'), '-1');
    await user.click(within(results).getByRole('button', { name: 'Save Results' }));
    expect(await screen.findByText(S.attendanceNegative)).toBeTruthy();
    await user.clear(screen.getByLabelText('Attendance'));
    await user.type(screen.getByLabelText('Attendance'), '250');
    await user.type(screen.getByLabelText('Gross Revenue'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save Results' }));
    expect(await screen.findByText('Results saved')).toBeTruthy();
    // Merch left blank is "not entered".
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/results')).toEqual([
      { attendance: 250, grossRevenue: 5000, merchRevenue: null },
    ]);
  });

  it('says a blank gross revenue and attendance are required, not negative', async () => {
    // A blank Gross Revenue said 'Revenue cannot be negative'.
    const past = showFixture({ startsAt: '2020-03-01T03:00:00.000Z' });
    const fetchMock = stubOwner('venue', [past]);
    const { user } = renderApp('/my-shows/show-1/edit');
    const results = await screen.findByRole('region', { name: 'Results' });
    await user.click(within(results).getByRole('button', { name: 'Save Results' }));
    expect(await within(results).findByText(S.grossRevenueRequired)).toBeTruthy();
    expect(within(results).getByText(S.attendanceRequired)).toBeTruthy();
    expect(within(results).queryByText(S.revenueNegative)).toBeNull();
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/results')).toEqual([]);
  });

  it('asks about attendance above the venue’s capacity, and sends it once confirmed', async () => {
    const past = showFixture({ startsAt: '2020-03-01T03:00:00.000Z', venueCapacity: 500 });
    const fetchMock = stubOwner('venue', [past], {
      'PUT /api/shows/show-1/results': () =>
        json({ show: { ...past, attendance: 999999, grossRevenue: 5000 } }),
    });
    const { user } = renderApp('/my-shows/show-1/edit');
    const results = await screen.findByRole('region', { name: 'Results' });
    // Pasted with its thousands comma, as a figure from a box-office sheet.
    await user.click(within(results).getByLabelText('Attendance'));
    await user.paste('999,999');
    await user.type(within(results).getByLabelText('Gross Revenue'), '5000');
    await user.click(within(results).getByRole('button', { name: 'Save Results' }));
    const message = 'More than the venue’s capacity of 500 — check the figure';
    expect(await within(results).findByText(message)).toBeTruthy();
    expect(within(results).getByLabelText('Attendance').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/results')).toEqual([]);

    await user.click(within(results).getByLabelText(S.confirmOverCapacity));
    await waitFor(() => expect(within(results).queryByText(message)).toBeNull());
    await user.click(within(results).getByRole('button', { name: 'Save Results' }));
    expect(await screen.findByText('Results saved')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/results')).toEqual([
      { attendance: 999999, grossRevenue: 5000, merchRevenue: null, confirmOverCapacity: true },
    ]);
  });

  it('takes an optional merch revenue, checked as the gross revenue is', async () => {
    const past = showFixture({
      startsAt: '2020-03-01T03:00:00.000Z',
      attendance: 250,
      grossRevenue: 5000,
      merchRevenue: 300,
    });
    const fetchMock = stubOwner('venue', [past], {
      'PUT /api/shows/show-1/results': () => json({ show: { ...past, merchRevenue: 640.5 } }),
    });
    const { user } = renderApp('/my-shows/show-1/edit');
    const results = await screen.findByRole('region', { name: 'Results' });
    const merch = within(results).getByLabelText('Merch Revenue') as HTMLInputElement;
    expect(merch.value).toBe('300');
    expect(merch.getAttribute('aria-describedby')).toBeTruthy();
    await user.clear(merch);
    await user.type(merch, '-5');
    await user.click(within(results).getByRole('button', { name: 'Save Results' }));
    expect(await within(results).findByText(S.revenueNegative)).toBeTruthy();
    expect(merch.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/results')).toEqual([]);
    await user.clear(merch);
    await user.type(merch, '640.5');
    await user.click(within(results).getByRole('button', { name: 'Save Results' }));
    expect(await screen.findByText('Results saved')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/results')).toEqual([
      { attendance: 250, grossRevenue: 5000, merchRevenue: 640.5 },
    ]);
  });

  it('puts a server refusal of the merch revenue under its field', async () => {
    const past = showFixture({ startsAt: '2020-03-01T03:00:00.000Z' });
    stubOwner('venue', [past], {
      'PUT /api/shows/show-1/results': () =>
        apiError(400, 'VALIDATION_FAILED', 'Please correct the highlighted fields', {
          merchRevenue: S.revenueNegative,
        }),
    });
    const results = await enterResults(['10', '100', '1']);
    expect(await within(results).findByText(S.revenueNegative)).toBeTruthy();
    expect(within(results).getByLabelText('Merch Revenue').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('lets the performer enter the results of a show at a venue not on Encore', async () => {
    const past = showFixture({
      startsAt: '2020-03-01T03:00:00.000Z',
      venue: { ...showFixture().venue, id: null, name: 'The Barn' },
      confirmation: { state: 'confirmed', partyId: null },
    });
    const fetchMock = stubOwner('performer', [past], {
      'PUT /api/shows/show-1/results': () => json({ show: { ...past, attendance: 80 } }),
    });
    await enterResults(['80', '800', '120']);
    expect(await screen.findByText('Results saved')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/shows/show-1/results')).toEqual([
      { attendance: 80, grossRevenue: 800, merchRevenue: 120 },
    ]);
  });

  it('tells the performer at an Encore venue that the venue enters the results', async () => {
    stubOwner('performer', [showFixture({ startsAt: '2020-03-01T03:00:00.000Z' })]);
    renderApp('/my-shows/show-1/edit');
    expect(await screen.findByText(/its venue enters the results/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
  });

  it('says when the show is not the user’s', async () => {
    stubOwner('venue', [showFixture({ id: 'someone-elses' })]);
    renderApp('/my-shows/show-1/edit');
    expect((await screen.findByRole('alert')).textContent).toContain('not one of yours');
  });
});
