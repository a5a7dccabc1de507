import { type ReactNode, useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';

/** Ids and ARIA state a FormField hands to its control; spread them onto the input. */
export interface FormControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export interface FormFieldProps {
  label: string;
  error?: string;
  /** Shows a visible '*' (hidden from screen readers, which hear aria-required instead). */
  required?: boolean;
  /** A short note under the control (e.g. a character counter), also read with the control. */
  hint?: ReactNode;
  children: (control: FormControlProps) => ReactNode;
}

/** Usage: <FormField label="Bio" error={msg} required hint={...}>{(c) => <Input {...c} />}</FormField> */
export function FormField({ label, error, required, hint, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      {/* The '*' sits outside the <label> so the label's text is exactly `label` everywhere. */}
      <div className="flex items-baseline">
        <Label htmlFor={id}>{label}</Label>
        {required && <RequiredMark />}
      </div>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <div id={hintId} className="text-sm text-fg-muted">
          {hint}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The visible '*' of a required field; aria-hidden so "Artist Name" stays the accessible name. */
export function RequiredMark() {
  return (
    <span aria-hidden className="ml-0.5 text-accent">
      *
    </span>
  );
}
