import {
  type FieldValues,
  type RegisterOptions,
  useController,
  useFormContext,
  useFormState,
} from 'react-hook-form';

// The profile form sections are shared by the setup screens (the whole profile in one form) and
// the settings tabs (a few fields a tab, each tab its own form). They find their form through
// react-hook-form's FormProvider, so one section serves both whatever the form's other fields;
// the field names they bind are typed against the contract's profile inputs where they are used.

/** The server's or the schema's message for one field, as the field's error line shows it. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** register(name) and the field's error, ready to spread into a TextField. */
export function useRegisteredField(name: string, options?: RegisterOptions<FieldValues, string>) {
  const { register } = useFormContext();
  return { ...register(name, options), error: useFieldError(name) };
}

/** A controlled field's props (value and onChange as text) for the formatted and textarea fields. */
export function useControlledTextField(name: string) {
  const { field, fieldState } = useController({ name });
  return {
    name: field.name,
    ref: field.ref,
    value: (field.value as string | null | undefined) ?? '',
    onChange: field.onChange as (value: string) => void,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}
