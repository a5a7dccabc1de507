import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { FormField } from './form-field';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
  required?: boolean;
};

/** Labelled <input>; pass react-hook-form's register('x') straight in: <TextField label="City" {...register('city')} />. */
export function TextField({ label, error, required, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} required={required}>
      {(control) => <Input {...control} {...input} />}
    </FormField>
  );
}
