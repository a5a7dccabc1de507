import { CircleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LOADING_ANIMATION_DELAY } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/** Grey cards in the shape of the list while it loads, announced as 'Loading {what}'. */
export function ListSkeleton({ what, rows = 3 }: { what: string; rows?: number }) {
  return (
    <div role="status" aria-label={`Loading ${what}`} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, n) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          key={n}
          className={cn(
            'h-28 animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none',
            LOADING_ANIMATION_DELAY,
          )}
        />
      ))}
    </div>
  );
}

interface LoadErrorProps {
  /** e.g. 'your alerts'. */
  what: string;
  error: Error;
  retry: () => void;
}

/** What could not be loaded, the reason, and a retry. */
export function LoadError({ what, error, retry }: LoadErrorProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-danger">
      <p className="flex items-start gap-2">
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
        <span>
          We could not load {what}. {error.message}
        </span>
      </p>
      <Button variant="secondary" size="sm" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** Links to where the list gets filled from. */
  actions?: ReactNode;
}

/** An empty list says what would fill it and where to go to make that happen. */
export function EmptyState({ icon: Icon, title, children, actions }: EmptyStateProps) {
  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <Icon aria-hidden className="size-10 text-accent" />
      <h2 className="font-display text-xl font-semibold">{title}</h2>
      <div className="max-w-prose text-fg-muted">{children}</div>
      {actions && <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{actions}</div>}
    </Card>
  );
}

interface QueryStatesProps {
  /** A TanStack query result (only what this reads). */
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  what: string;
  rows?: number;
}

/** A query's loading skeleton, or its error with a retry; nothing once its data is there. */
export function QueryStates({ query, what, rows }: QueryStatesProps) {
  if (query.isPending) return <ListSkeleton what={what} rows={rows} />;
  if (query.isError && query.error) {
    return <LoadError what={what} error={query.error} retry={() => void query.refetch()} />;
  }
  return null;
}
