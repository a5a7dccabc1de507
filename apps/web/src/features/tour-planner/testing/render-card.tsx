import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';
import { TourPlannerCard } from '../components/tour-planner-card';

/** The card alone (features do not import the app); the performer dashboard hosts it. */
export function renderCard() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <TourPlannerCard />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, queryClient };
}

/** Opens the dialog on the prompt form. */
export async function launch(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Launch AI Agent' }));
  return screen.getByRole('dialog', { name: 'Tour-planning assistant' });
}
