import { useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * Encore's mark: a spotlight falling on a soundwave, in the accent colour. Decorative unless
 * given a `label`: usually the wordmark beside it carries the name.
 */
export function LogoMark({ className, label }: { className?: string; label?: string }) {
  // useId's characters are not all valid in url(#...), so keep only the safe ones.
  const beam = `beam-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg
      viewBox="0 0 48 48"
      className={cn('size-10', className)}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {label && <title>{label}</title>}
      <defs>
        <linearGradient id={beam} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--color-accent)" stopOpacity="0.75" />
          <stop offset="1" stopColor="var(--color-accent)" stopOpacity="0.05" />
        </linearGradient>
      </defs>
      <path d="M19 7h10l15 37H4z" fill={`url(#${beam})`} />
      <rect x="17" y="3" width="14" height="6" rx="3" fill="var(--color-accent)" />
      <g fill="var(--color-accent)">
        <rect x="9" y="33" width="4" height="7" rx="2" />
        <rect x="16" y="27" width="4" height="13" rx="2" />
        <rect x="23" y="20" width="4" height="20" rx="2" fill="var(--color-fg)" />
        <rect x="30" y="27" width="4" height="13" rx="2" />
        <rect x="37" y="33" width="4" height="7" rx="2" />
      </g>
    </svg>
  );
}
