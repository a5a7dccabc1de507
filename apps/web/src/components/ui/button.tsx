import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-accent text-on-accent hover:bg-accent-strong disabled:bg-surface-raised disabled:text-fg-muted',
  // Only primary changes colour when disabled; the others dim, and none reacts to a hover then,
  // or a disabled 'Mark all as read' looked and hovered exactly like a working one.
  secondary:
    'border border-line-strong bg-surface text-fg hover:not-disabled:border-accent hover:not-disabled:text-accent-strong disabled:opacity-50',
  ghost: 'text-fg hover:not-disabled:bg-surface-raised disabled:opacity-50',
  /** What cannot be undone: cancelling a show, deleting the account. */
  danger:
    'border border-danger text-danger hover:not-disabled:bg-danger hover:not-disabled:text-on-accent disabled:opacity-50',
};

const SIZES: Record<Size, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-base',
  lg: 'h-12 px-6 text-base',
};

/** Shared by <Button> and links styled as buttons, so both look and focus alike. */
export function buttonClasses(
  options: { variant?: Variant; size?: Size; className?: string } = {},
) {
  const { variant = 'primary', size = 'md', className } = options;
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors',
    'disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type ButtonProps = ComponentProps<'button'> & { variant?: Variant; size?: Size };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
