import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-28 w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-base text-fg',
        'placeholder:text-fg-muted hover:border-fg-muted',
        'aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
