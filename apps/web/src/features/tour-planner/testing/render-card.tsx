import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';
import { TourPlannerCard } from '../components/tour-planner-card';

type User = ReturnType<typeof userEvent.setup>;

/**
 * The card alone (features do not import the app); the performer dashboard hosts it, inside the
 * app's router (a plan links to the settings).
 */
export function renderCard() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/performer-dashboard']}>
        <TourPlannerCard />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, queryClient };
}

/** Opens the dialog on the prompt form. */
export async function launch(user: User) {
  await user.click(screen.getByRole('button', { name: 'Launch AI Agent' }));
  return screen.getByRole('dialog', { name: 'Tour-planning assistant' });
}

/** Opens the saved plan 'Northeast, March 2099' (the fixture's) from the card, on its results. */
export async function openPlan(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Open Northeast, March 2099' }));
  const dialog = screen.getByRole('dialog', { name: 'Tour-planning assistant' });
  await within(dialog).findByRole('heading', { name: 'Northeast, March 2099' });
  return dialog;
}

/** From an open plan, 'Send booking request' on The Sinclair's row; its row and the dialog. */
export async function openBookingRequest(user: User, plan: HTMLElement) {
  const venue = within(plan).getByRole('article', { name: 'The Sinclair' });
  await user.click(within(venue).getByRole('button', { name: 'Send booking request' }));
  return { venue, send: screen.getByRole('dialog', { name: 'Booking request to The Sinclair' }) };
}
