import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-11 w-full rounded-xl border border-line-strong bg-surface px-3 text-base text-fg',
        'placeholder:text-fg-muted hover:border-fg-muted',
        'aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
