import { formatCountInput, formatMoneyInput } from '@encore/contract';
import type { ChangeEvent, ComponentProps } from 'react';
import { TextField } from './text-field';

type NumberFieldProps = Omit<ComponentProps<typeof TextField>, 'type'>;

/**
 * Text inputs that keep what a number needs: a number input refuses a pasted '$1,250' outright
 * (the field empties), so these take any text and strip it as it arrives. They work with
 * react-hook-form's register: the cleaned text is written back before its onChange reads it.
 */
function cleaned(format: (raw: string) => string, onChange: NumberFieldProps['onChange']) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const formatted = format(event.target.value);
    if (event.target.value !== formatted) event.target.value = formatted;
    onChange?.(event);
  };
}

/** A dollar amount (prices, revenue): a decimal keypad on phones; '$1,250.50' pastes as 1250.50. */
export function MoneyField({ onChange, ...props }: NumberFieldProps) {
  return (
    <TextField
      type="text"
      inputMode="decimal"
      {...props}
      onChange={cleaned(formatMoneyInput, onChange)}
    />
  );
}

/** A whole number (attendance): a numeric keypad on phones; '999,999' pastes as 999999. */
export function CountField({ onChange, ...props }: NumberFieldProps) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      {...props}
      onChange={cleaned(formatCountInput, onChange)}
    />
  );
}
