import { EMPTY_TOUR_CONSTRAINTS, TOUR_PLANNER_MESSAGES as M } from '@encore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { stubPlanner, tourPlan } from '../testing/fixtures';
import { launch, renderCard } from '../testing/render-card';

const PROMPT = '2 dates in the Northeast in March, 500-1000 capacity, max 300 miles a day';
const promptField = () => screen.getByRole('textbox', { name: 'Your tour' });

describe('tour-planning dialog', () => {
  it('refuses a blank prompt with the seed message, and sends nothing', async () => {
    const fetchMock = stubPlanner();
    const { user } = renderCard();
    const dialog = await launch(user);
    await user.type(promptField(), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    expect(within(dialog).getByText(M.promptRequired)).toBeTruthy();
    expect(promptField().getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST /api/tour-plans')).toHaveLength(0);
  });

  it('says Processing... while planning, then toasts and shows the results with the focus on them', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubPlanner({
      create: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderCard();
    const dialog = await launch(user);
    await user.type(promptField(), PROMPT);
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    const busy = await within(dialog).findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/tour-plans')).toEqual([{ prompt: PROMPT }]);

    answer(json(tourPlan(), 201));
    expect(await screen.findByText(M.success)).toBeTruthy();
    const heading = await within(dialog).findByRole('heading', { name: 'Northeast, March 2099' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    expect(dialog.textContent).toContain('I understood: 2 dates in the Northeast');
    const route = within(within(dialog).getByRole('region', { name: 'Route' })).getAllByRole(
      'listitem',
    );
    expect(route.map((li) => li.textContent)).toEqual([
      '1Stop 1: Fri, Mar 6, 2099 · The SinclairCambridge, MADrive from the stop before: Start',
      '2Stop 2: Sat, Mar 7, 2099 · Columbus TheatreProvidence, RIDrive from the stop before: 50 mi',
    ]);
    const sinclair = within(dialog).getByRole('article', { name: 'The Sinclair' });
    expect(sinclair.textContent).toContain('Cambridge, MA');
    expect(sinclair.textContent).toContain('Capacity525');
    expect(sinclair.textContent).toContain('booking@sinclair.test');
    expect(sinclair.textContent).toContain('(617) 555-0101');
    expect(sinclair.textContent).toContain('Fans nearby312');
    expect(sinclair.textContent).toContain('312 of your followers within reach');
    // Under SMALL_GROUP_MIN fans the planner sends null: never a number, always "few fans".
    const columbus = within(dialog).getByRole('article', { name: 'Columbus Theatre' });
    expect(columbus.textContent).toContain(`Fans nearby${M.fewFans}`);

    const figures = within(dialog).getByRole('region', { name: 'Tour optimization' });
    expect(figures.textContent).toContain('Route efficiency92%');
    expect(figures.textContent).toContain('Total distance1,234 mi');
    expect(figures.textContent).toContain('Estimated revenue$16,840');
    expect(within(figures).getByText(/straight-line bound/)).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Email draft' }).textContent).toContain(
      'Night Static would love to play your room in March.',
    );
    expect(dialog.textContent).not.toMatch(/language model|LLM|GPT/i);
  });

  it('New Analysis clears the result and the prompt', async () => {
    stubPlanner();
    const { user } = renderCard();
    const dialog = await launch(user);
    await user.type(promptField(), PROMPT);
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    await user.click(await within(dialog).findByRole('button', { name: 'New Analysis' }));
    expect((promptField() as HTMLTextAreaElement).value).toBe('');
    expect(within(dialog).queryByRole('region', { name: 'Route' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(promptField()));
  });

  it('says the planner message once, under the field it names, with no toast repeating it', async () => {
    const unmet = 'No Encore venue in the Northeast has 5,000–10,000 capacity';
    stubPlanner({
      create: () => apiError(422, 'PLAN_UNSATISFIABLE', unmet, { capacityMin: unmet }),
    });
    const { user } = renderCard();
    const dialog = await launch(user);
    await user.type(promptField(), 'Northeast, rooms of 5000-10000');
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    const field = await within(dialog).findByRole('textbox', { name: 'Smallest capacity' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described.split(' ')[0] ?? '')?.textContent).toBe(unmet);
    await waitFor(() => expect(document.activeElement).toBe(field));
    // The field says it; a toast saying it twice (title and description) covered the
    // dialog's edge.
    expect(screen.getAllByText(unmet)).toHaveLength(1);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('says a failure no field owns once, inside the dialog: the seed title, the server message', async () => {
    let refuse = true;
    stubPlanner({
      create: () =>
        refuse ? apiError(429, 'RATE_LIMITED', 'Too many plans today') : json(tourPlan(), 201),
    });
    const { user } = renderCard();
    const dialog = await launch(user);
    await user.type(promptField(), PROMPT);
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    // Issue 31: a toast for it sat over the dialog's right edge, where the performer reads.
    const title = await within(dialog).findByText(M.failedTitle);
    expect(title.closest('[role="alert"]')?.textContent).toBe(
      `${M.failedTitle}Too many plans today`,
    );
    expect(screen.getAllByText(M.failedTitle)).toHaveLength(1);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    // Planned again, and planned: the failure is no longer said.
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    await within(dialog).findByRole('heading', { name: 'Northeast, March 2099' });
    expect(screen.queryByText(M.failedTitle)).toBeNull();
  });

  it('starts the correction form from what the prompt was read as, and plans with the correction', async () => {
    const unmet = 'No Encore venue in Vermont has 20,000–30,000 capacity';
    const understood = {
      ...EMPTY_TOUR_CONSTRAINTS,
      states: ['VT'],
      startDate: '2027-03-01',
      endDate: '2027-03-31',
      dateCount: 5,
      capacityMin: 20000,
      capacityMax: 30000,
    };
    const fetchMock = stubPlanner({
      create: (request) =>
        (request.body as { constraints?: unknown }).constraints
          ? apiError(422, 'PLAN_UNSATISFIABLE', 'still not', { dateCount: 'still not' })
          : json(
              {
                error: {
                  code: 'PLAN_UNSATISFIABLE',
                  message: unmet,
                  fields: { capacityMin: unmet },
                  detail: { constraints: understood },
                },
              },
              422,
            ),
    });
    const { user } = renderCard();
    const dialog = await launch(user);
    await user.type(promptField(), '5 dates in Vermont in March, 20000-30000 capacity');
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    const form = await within(dialog).findByRole('region', { name: 'Correct what I understood' });
    const smallest = within(form).getByRole('textbox', { name: 'Smallest capacity' });
    expect((smallest as HTMLInputElement).value).toBe('20000');
    expect((within(form).getByLabelText('States') as HTMLInputElement).value).toBe('VT');
    expect((within(form).getByLabelText('First date') as HTMLInputElement).value).toBe(
      '2027-03-01',
    );
    await user.clear(smallest);
    await user.type(smallest, '500');
    const largest = within(form).getByRole('textbox', { name: 'Largest capacity' });
    await user.clear(largest);
    await user.type(largest, '1000');
    await user.click(within(form).getByRole('button', { name: /plan again/i }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/tour-plans')).toHaveLength(2));
    expect(callsTo(fetchMock, 'POST /api/tour-plans')[1]).toEqual({
      prompt: '5 dates in Vermont in March, 20000-30000 capacity',
      constraints: { ...understood, capacityMin: 500, capacityMax: 1000 },
    });
  });

  it('falls back to the seed texts when the connection fails', async () => {
    stubPlanner({ create: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderCard();
    const dialog = await launch(user);
    await user.type(promptField(), PROMPT);
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    const title = await within(dialog).findByText(M.failedTitle);
    expect(title.closest('[role="alert"]')?.textContent).toContain(M.failedDescription);
    // The prompt stays, to try again.
    expect((promptField() as HTMLTextAreaElement).value).toBe(PROMPT);
  });
});
