import { Link } from 'react-router';
import { LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

/** Grey blocks in the page's shape while it loads. */
export function PageSkeleton({ what }: { what: string }) {
  return (
    <div
      role="status"
      aria-label={`Loading ${what}`}
      className="flex animate-pulse flex-col gap-4 motion-reduce:animate-none"
    >
      <div className="h-40 rounded-2xl bg-surface-raised sm:h-56" />
      <div className="h-8 w-2/3 rounded-lg bg-surface-raised" />
      <div className="h-4 w-1/2 rounded-lg bg-surface-raised" />
      <div className="h-24 rounded-2xl bg-surface-raised" />
    </div>
  );
}

interface PageErrorProps {
  error: Error;
  retry: () => void;
  /** e.g. 'show', 'artist', 'venue'. */
  what: string;
}

/** A 404 says the thing does not exist; anything else offers a retry. */
export function PageError({ error, retry, what }: PageErrorProps) {
  if (error instanceof ApiError && error.status === 404) {
    const title = `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`;
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <PageTitle title={title} />
        <h1 className="font-display text-3xl font-bold">{title}</h1>
        <p className="text-fg-muted">This {what} does not exist or was removed.</p>
        <Link to={paths.splash.href()} className={buttonClasses({ variant: 'secondary' })}>
          Return to Home
        </Link>
      </div>
    );
  }
  return <LoadError what={`this ${what}`} error={error} retry={retry} />;
}
