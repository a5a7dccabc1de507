import { Check } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { RequiredMark } from './form-field';

export interface ToggleChipsProps {
  label: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  required?: boolean;
  error?: string;
}

/** A labelled group of toggle buttons (aria-pressed), one per option; value keeps the options' order. */
export function ToggleChips({
  label,
  options,
  value,
  onChange,
  required,
  error,
}: ToggleChipsProps) {
  const id = useId();
  const toggle = (option: string) =>
    onChange(
      value.includes(option)
        ? value.filter((v) => v !== option)
        : options.filter((o) => o === option || value.includes(o)),
    );
  return (
    <div className="flex flex-col gap-2">
      <fieldset
        aria-describedby={error ? `${id}-error` : undefined}
        className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
      >
        <legend className="mb-2 p-0 text-sm font-medium text-fg">
          {label}
          {required && <RequiredMark />}
        </legend>
        <div className="flex flex-wrap gap-2">
          {options.map((option) => {
            const pressed = value.includes(option);
            return (
              <button
                key={option}
                type="button"
                aria-pressed={pressed}
                onClick={() => toggle(option)}
                className={cn(
                  'inline-flex h-10 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors',
                  pressed
                    ? 'border-accent bg-accent text-on-accent'
                    : 'border-line-strong bg-surface text-fg hover:border-accent',
                )}
              >
                {pressed && <Check aria-hidden className="size-4" />}
                {option}
              </button>
            );
          })}
        </div>
      </fieldset>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
