import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { FormField } from './form-field';

export type FormattedFieldProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  label: string;
  value: string;
  /** Receives the formatted text (never the raw keystrokes). */
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  /** A note under the input, read with it (see FormField). */
  hint?: ReactNode;
};

/** A labelled input that rewrites what is typed with `format` (shared by phone, ZIP and state). */
export function FormattedField({
  label,
  value,
  onChange,
  error,
  required,
  hint,
  format,
  ...input
}: FormattedFieldProps & { format: (raw: string) => string }) {
  return (
    <FormField label={label} error={error} required={required} hint={hint}>
      {(control) => (
        <Input
          {...control}
          {...input}
          value={value}
          onChange={(event) => {
            const formatted = format(event.target.value);
            // React puts a controlled input back to its value after every event; Preact only on a
            // re-render, which a rejected keystroke (same value) does not cause. Writing the
            // formatted text back shows the same on both runtimes (decision 032).
            if (event.target.value !== formatted) event.target.value = formatted;
            onChange(formatted);
          }}
        />
      )}
    </FormField>
  );
}
