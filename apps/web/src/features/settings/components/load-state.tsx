import { LoadError } from '@/components/page-states';
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
  if (error) return <LoadError what={what} error={error} retry={retry} />;
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
