import { FEEDBACK_MESSAGES as M } from '@encore/contract';
import { MessageSquare } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';

/*
 * The form (react-hook-form and its zod resolver, ~10 KB compressed) loads when the dialog first
 * opens: the button sits in every dashboard's header, and the dashboard's first paint on a phone
 * waits for everything its frame imports (docs/performance.md, "Lighthouse on a phone").
 */
const FeedbackForm = lazy(() =>
  import('./feedback-form').then((module) => ({ default: module.FeedbackForm })),
);

/** The dashboards' 'Feedback' icon button and the 'Feedback & Support' dialog it opens. */
export function FeedbackDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" aria-label="Feedback">
          <MessageSquare aria-hidden className="size-4" />
        </Button>
      </Dialog.Trigger>
      <DialogShell.Panel size="lg" scrollable>
        <DialogTitleWithClose>{M.title}</DialogTitleWithClose>
        <Suspense
          fallback={
            <div role="status" aria-label="Loading" className="grid place-items-center py-8">
              <Spinner className="size-8 text-accent" />
            </div>
          }
        >
          <FeedbackForm onDone={() => setOpen(false)} />
        </Suspense>
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
