import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** What could not be loaded, the reason, and a retry. */
export function LoadError({
  what,
  error,
  retry,
}: {
  what: string;
  error: Error;
  retry: () => void;
}) {
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
