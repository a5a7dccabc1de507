import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Sets an alert on one channel from an artist's card, with the Set Alert dialog every discovery
 * list shares, and waits for the toast; answers the card.
 */
export async function setAlertFromCard(
  user: UserEvent,
  name: string,
  channel: 'Push' | 'Email',
): Promise<HTMLElement> {
  const card = await screen.findByRole('article', { name });
  await user.click(within(card).getByRole('button', { name: `Set Alert for ${name}` }));
  const dialog = screen.getByRole('dialog', { name: `Set alert for ${name}` });
  await user.click(within(dialog).getByLabelText(channel));
  await user.click(within(dialog).getByRole('button', { name: 'Activate Alert' }));
  expect(await screen.findByText(`${name} alert activated via ${channel}`)).toBeTruthy();
  return card;
}
