import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';

/** The session could not be read (offline, server down): say so, and offer to try again. */
export function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <PageTitle title="Can't reach Encore" />
      <div className="flex max-w-sm flex-col items-center gap-4 text-center">
        <h1 className="font-display text-2xl font-bold">Can't reach Encore right now</h1>
        <p className="text-fg-muted">Check your connection, then try again.</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </main>
  );
}
