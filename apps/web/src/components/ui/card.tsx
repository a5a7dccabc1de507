import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-line bg-surface/90 p-6 shadow-xl shadow-black/30',
        className,
      )}
      {...props}
    />
  );
}
