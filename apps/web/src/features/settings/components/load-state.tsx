import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface LoadStateProps {
  isPending: boolean;
  error: Error | null;
  retry: () => void;
  /** What is loading, e.g. 'your profile'. */
  what: string;
}

/** The loading and failed states of a tab's data; renders nothing once the data is there. */
export function LoadState({ isPending, error, retry, what }: LoadStateProps) {
  if (error) {
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
  if (isPending) {
    return (
      <div role="status" className="flex items-center gap-3 text-fg-muted">
        <Spinner className="text-accent" />
        Loading {what}…
      </div>
    );
  }
  return null;
}
