import type { FormCheck, FormErrors } from '@encore/contract';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

interface CheckedFormOptions<F extends string, V extends Record<F, string>, Out> {
  initial: V;
  /** The contract's zod-free check (auth-form-checks.ts): each field's first message, or the request. */
  check: (values: V) => FormCheck<F, Out>;
  /** The visible fields in screen order: the first invalid one takes the focus. */
  fields: readonly F[];
}

/**
 * The sign-up and login forms' state without react-hook-form (~15 KB less on those
 * pages), behaving as they did with it (mode 'onSubmit', reValidateMode 'onChange'): nothing is
 * checked until the first submit, which shows every field's message and focuses the first invalid
 * field; from then on each edit re-checks its own field, so a message goes away as soon as the
 * field is fixed. A server's field error is set with `setFieldError`, which focuses the field.
 */
/** What `register(field)` spreads onto a field's input. */
export interface FieldBinding<F extends string> {
  name: F;
  value: string;
  ref: (input: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function useCheckedForm<F extends string, V extends Record<F, string>, Out>({
  initial,
  check,
  fields,
}: CheckedFormOptions<F, V, Out>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Read by handlers between renders (a fast typist's keystrokes), so kept beside the state.
  const latest = useRef(values);
  const submitted = useRef(false);
  const inputs = useRef(new Map<F, HTMLInputElement>());

  const focus = (field: F) => inputs.current.get(field)?.focus();

  const register = (field: F): FieldBinding<F> => ({
    name: field,
    value: values[field],
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(field, input);
      else inputs.current.delete(field);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...latest.current, [field]: event.target.value };
      latest.current = next;
      setValues(next);
      if (!submitted.current) return;
      const result = check(next);
      setErrors((current) => ({
        ...current,
        [field]: result.ok ? undefined : result.errors[field],
      }));
    },
  });

  const setFieldError = (field: F, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
    focus(field);
  };

  const handleSubmit =
    (onValid: (value: Out) => Promise<void> | void) => async (event: FormEvent) => {
      event.preventDefault();
      submitted.current = true;
      const result = check(latest.current);
      if (!result.ok) {
        setErrors(result.errors);
        const first = fields.find((field) => result.errors[field]);
        if (first) focus(first);
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await onValid(result.value);
      } finally {
        setSubmitting(false);
      }
    };

  return { register, errors, isSubmitting, setFieldError, handleSubmit };
}
