import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-accent text-on-accent hover:bg-accent-strong disabled:bg-surface-raised disabled:text-fg-muted',
  secondary:
    'border border-line-strong bg-surface text-fg hover:border-accent hover:text-accent-strong',
  ghost: 'text-fg hover:bg-surface-raised',
  /** What cannot be undone: cancelling a show, deleting the account. */
  danger: 'border border-danger text-danger hover:bg-danger hover:text-on-accent',
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
