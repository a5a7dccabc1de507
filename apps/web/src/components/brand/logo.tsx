import { cn } from '@/lib/cn';
import { LogoMark } from './logo-mark';

interface LogoProps {
  /** On crowded phone headers the mark alone is shown; the name stays for screen readers. */
  compact?: boolean;
  className?: string;
}

/** Mark plus wordmark. The wordmark is real text, so "Encore" is readable by everyone. */
export function Logo({ compact = false, className }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-9" />
      <span
        className={cn(
          'font-display text-2xl font-bold tracking-tight text-fg',
          compact && 'sr-only sm:not-sr-only',
        )}
      >
        Encore
      </span>
    </span>
  );
}
