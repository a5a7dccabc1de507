import type { ComponentProps } from 'react';
import { Textarea } from '@/components/ui/textarea';
import { CharCounter } from './char-counter';
import { FormField } from './form-field';

type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows the live 'N/max' counter under the field. */
  max: number;
  error?: string;
  required?: boolean;
};

/** Labelled textarea with a live counter: <TextareaField label="Bio" max={500} value onChange error />. */
export function TextareaField({
  label,
  value,
  onChange,
  max,
  error,
  required,
  ...rest
}: TextareaFieldProps) {
  return (
    <FormField
      label={label}
      error={error}
      required={required}
      hint={<CharCounter count={value.length} max={max} />}
    >
      {(control) => (
        <Textarea
          {...control}
          {...rest}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
