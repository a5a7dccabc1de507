import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, htmlFor, children, ...props }: ComponentProps<'label'>) {
  return (
    <label htmlFor={htmlFor} className={cn('text-sm font-medium text-fg', className)} {...props}>
      {children}
    </label>
  );
}
