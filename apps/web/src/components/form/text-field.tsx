import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { FormField } from './form-field';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
};

/** Labelled <input>; pass react-hook-form's register('x') straight in: <TextField label="City" {...register('city')} />. */
export function TextField({ label, error, required, hint, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} required={required} hint={hint}>
      {(control) => <Input {...control} {...input} />}
    </FormField>
  );
}
