import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, json } from '@/testing/stub-api';
import { stubPlanner, tourPlan } from '../testing/fixtures';
import { launch, renderCard } from '../testing/render-card';

const saved = () => screen.getByRole('region', { name: 'Saved plans' });
const older = () =>
  tourPlan({ id: 'plan-2', name: 'Midwest, May 2099', createdAt: '2098-12-01T12:00:00.000Z' });

describe('saved plans', () => {
  it('announces loading, then lists each plan with its dates, revenue and creation day', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubPlanner({ list: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderCard();
    expect(screen.getByRole('status', { name: 'Loading your saved plans' })).toBeTruthy();
    // Answer the request once it is made (the loading state can show before it).
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(
      json({
        plans: [
          {
            id: 'plan-1',
            name: 'Northeast, March 2099',
            createdAt: '2099-01-10T12:00:00.000Z',
            updatedAt: '2099-01-10T12:00:00.000Z',
            dates: 2,
            firstDate: '2099-03-06',
            lastDate: '2099-03-07',
            estimatedRevenue: 16840,
          },
        ],
      }),
    );
    const item = await within(saved()).findByRole('listitem');
    expect(item.textContent).toContain('Northeast, March 2099');
    // Intl puts thin spaces around the range's dash.
    expect(item.textContent?.replace(/\s/g, ' ')).toContain(
      '2 dates · Mar 6 – 7, 2099 · $16,840 estimated · created Jan 10, 2099',
    );
  });

  it('says when there are none, and puts a new plan at the top once planned', async () => {
    stubPlanner({ plans: [] });
    const { user } = renderCard();
    expect(await within(saved()).findByText('No saved plans yet')).toBeTruthy();
    const dialog = await launch(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your tour' }), '2 dates in March');
    await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    await within(dialog).findByRole('heading', { name: 'Northeast, March 2099' });
    await user.keyboard('{Escape}');
    const first = (await within(saved()).findAllByRole('listitem'))[0];
    expect(first?.textContent).toContain('Northeast, March 2099');
  });

  it('says why the list could not load, and tries again', async () => {
    let fail = true;
    const fetchMock = stubPlanner({
      plans: [tourPlan()],
      list: () => (fail ? apiError(500, 'INTERNAL', 'Something went wrong') : json({ plans: [] })),
    });
    const { user } = renderCard();
    const alert = await within(saved()).findByRole('alert');
    expect(alert.textContent).toContain('We could not load your saved plans. Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(saved()).findByText('No saved plans yet')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/tour-plans')).toHaveLength(2);
  });

  it('opens a saved plan on its results', async () => {
    stubPlanner({ plans: [tourPlan(), older()] });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Open Midwest, May 2099' }));
    const dialog = screen.getByRole('dialog', { name: 'Tour-planning assistant' });
    expect(await within(dialog).findByRole('heading', { name: 'Midwest, May 2099' })).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Route' })).toBeTruthy();
  });

  it('renames a plan in place, refusing a blank name', async () => {
    const fetchMock = stubPlanner({ plans: [tourPlan()] });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Rename Northeast, March 2099' }));
    const name = within(saved()).getByRole('textbox', { name: 'Plan name' });
    expect(document.activeElement).toBe(name);
    await user.clear(name);
    await user.click(within(saved()).getByRole('button', { name: 'Save' }));
    expect(within(saved()).getByText('Please enter a name for this plan')).toBeTruthy();
    await user.type(name, 'Spring run');
    await user.click(within(saved()).getByRole('button', { name: 'Save' }));
    expect(await within(saved()).findByText('Spring run')).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/tour-plans/plan-1')).toEqual([{ name: 'Spring run' }]);
  });

  it('deletes a plan only after the confirmation', async () => {
    const fetchMock = stubPlanner({ plans: [tourPlan(), older()] });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Delete Northeast, March 2099' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Delete this plan?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep plan' }));
    expect(callsTo(fetchMock, 'DELETE /api/tour-plans/plan-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Northeast, March 2099' }));
    confirm = screen.getByRole('alertdialog', { name: 'Delete this plan?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete plan' }));
    expect(await screen.findByText('Tour plan deleted')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(saved()).queryByRole('button', { name: 'Open Northeast, March 2099' }),
      ).toBeNull(),
    );
    expect(within(saved()).getByRole('button', { name: 'Open Midwest, May 2099' })).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/tour-plans/plan-1')).toHaveLength(1);
  });
});
