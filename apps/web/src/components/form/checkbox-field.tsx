import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  /** A note under the label, read with the checkbox (e.g. 'Reply STOP to opt out'). */
  description?: ReactNode;
  /** 'switch' renders the same native checkbox as a toggle switch (role="switch"). */
  variant?: 'checkbox' | 'switch';
};

/** Labelled checkbox; works with register(): <CheckboxField label="Parking" {...register('parking')} />. */
export function CheckboxField({
  label,
  description,
  variant = 'checkbox',
  className,
  ...input
}: CheckboxFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const isSwitch = variant === 'switch';
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={id}
        type="checkbox"
        role={isSwitch ? 'switch' : undefined}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'mt-0.5 shrink-0 cursor-pointer accent-accent',
          isSwitch
            ? 'relative h-6 w-11 appearance-none rounded-full border border-line-strong bg-surface-raised transition-colors checked:border-accent checked:bg-accent before:absolute before:top-0.5 before:left-0.5 before:size-4.5 before:rounded-full before:bg-fg before:transition-transform checked:before:translate-x-5 checked:before:bg-on-accent'
            : 'size-5',
        )}
        {...input}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-sm text-fg-muted">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
