import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface FigureCardProps {
  /** The figure's name, its heading and the region's accessible name. */
  title: string;
  /** The figure itself, large ('1,204', '80%', '—'); omitted for cards that hold a chart or list. */
  value?: string;
  /** A line under the figure: its context ('+25% vs last month', 'May 2 – May 20, 2026'). */
  detail?: ReactNode;
  /** How the figure is counted, one tap away under "How is this counted?". */
  definition: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * One dashboard figure: its name, value, context and, behind a native disclosure (keyboard and
 * screen-reader friendly without script), the definition of how it is counted.
 */
export function FigureCard({
  title,
  value,
  detail,
  definition,
  children,
  className,
}: FigureCardProps) {
  return (
    <section
      aria-label={title}
      className={cn(
        'flex h-full min-w-0 flex-col gap-2 rounded-2xl border border-line bg-surface/90 p-4 sm:p-5',
        className,
      )}
    >
      <h2 className="text-sm font-semibold text-fg-muted">{title}</h2>
      {value !== undefined && (
        <p className="font-display text-3xl font-bold tabular-nums">{value}</p>
      )}
      {detail && <div className="text-sm text-fg-muted">{detail}</div>}
      {children}
      <details className="mt-auto pt-1 text-sm">
        <summary className="cursor-pointer rounded text-accent underline-offset-4 hover:underline">
          How is this counted?<span className="sr-only"> ({title})</span>
        </summary>
        <div className="mt-2 max-w-prose text-fg-muted">{definition}</div>
      </details>
    </section>
  );
}
