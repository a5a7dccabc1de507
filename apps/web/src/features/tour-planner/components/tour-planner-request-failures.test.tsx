import { TOUR_PLANNER_MESSAGES as M } from '@encore/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, it } from 'vitest';
import { expectFailureShown, REQUEST_FAILURES } from '@/testing/request-failures';
import { stubPlanner, tourPlan } from '../testing/fixtures';
import { launch, openBookingRequest, openPlan, renderCard } from '../testing/render-card';

interface FormCase {
  form: string;
  request: string;
  /** Planning shows the seed's fallbacks when no answer came ('Failed to generate tour plan'). */
  planning?: boolean;
  act: (user: UserEvent) => Promise<void>;
}

/** Every request the tour planner's card and dialogs send. */
const FORMS: FormCase[] = [
  {
    form: 'Plan my tour',
    request: 'POST /api/tour-plans',
    planning: true,
    act: async (user) => {
      await screen.findByRole('button', { name: 'Open Northeast, March 2099' });
      const dialog = await launch(user);
      await user.type(within(dialog).getByRole('textbox', { name: 'Your tour' }), '10 dates');
      await user.click(within(dialog).getByRole('button', { name: 'Plan my tour' }));
    },
  },
  {
    form: 'Plan again',
    request: 'PUT /api/tour-plans/plan-1',
    planning: true,
    act: async (user) => {
      const dialog = await openPlan(user);
      await user.click(within(dialog).getByRole('button', { name: 'Change' }));
      await user.click(within(dialog).getByRole('button', { name: 'Plan again' }));
    },
  },
  {
    form: 'Send booking request',
    request: 'POST /api/booking-requests',
    act: async (user) => {
      const dialog = await openPlan(user);
      const { send } = await openBookingRequest(user, dialog);
      await user.click(within(send).getByRole('button', { name: 'Send' }));
    },
  },
  {
    form: 'Rename',
    request: 'PATCH /api/tour-plans/plan-1',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Rename Northeast, March 2099' }));
      await user.type(screen.getByRole('textbox', { name: 'Plan name' }), ' (v2)');
      await user.click(screen.getByRole('button', { name: 'Save' }));
    },
  },
  {
    form: 'Delete',
    request: 'DELETE /api/tour-plans/plan-1',
    act: async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Delete Northeast, March 2099' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Delete this plan?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete plan' }));
    },
  },
];

/** No silent failure in the planner: refused, rate limited, a server error, no connection — never silent. */
describe.each(FORMS)('tour planner: $form', ({ request, planning, act }) => {
  it.each(REQUEST_FAILURES)('$name', async (failure) => {
    stubPlanner({ plans: [tourPlan()], overrides: { [request]: failure.answer } });
    const { user } = renderCard();
    await act(user);
    const noAnswer = failure.name === 'network error';
    await expectFailureShown(planning && noAnswer ? M.failedTitle : failure.message);
  });
});
