import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/select';
import { FormField } from './form-field';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  options: readonly (SelectOption | string)[];
  /** First, empty choice (e.g. 'Select age range'); omit when the field always has a value. */
  placeholder?: string;
  error?: string;
  required?: boolean;
};

/** Labelled native select; with register() also pass defaultValue (happy-dom ignores the value RHF sets through the ref): <SelectField label="Gender" options={[...]} defaultValue={d.gender} {...register('gender')} />. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  required,
  ...select
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error} required={required}>
      {(control) => (
        <Select {...control} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => {
            const { value, label: text } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </Select>
      )}
    </FormField>
  );
}
