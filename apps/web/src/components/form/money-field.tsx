import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/** A dollar amount (prices, revenue): a decimal keypad on phones, cents, never below zero. */
export function MoneyField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="number" inputMode="decimal" min={0} step="0.01" {...props} />;
}
