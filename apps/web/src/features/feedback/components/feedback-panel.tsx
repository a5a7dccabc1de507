import { FEEDBACK_MESSAGES as M } from '@encore/contract';
import { Dialog } from 'radix-ui';
import { lazy, type RefObject, Suspense } from 'react';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';

/*
 * The form (react-hook-form and its zod resolver, ~10 KB compressed) loads when the dialog first
 * opens, after this panel (feedback-dialog.tsx).
 */
const FeedbackForm = lazy(() =>
  import('./feedback-form').then((module) => ({ default: module.FeedbackForm })),
);

interface FeedbackPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id the trigger's aria-controls names. */
  contentId: string;
  /** The trigger lives outside this Dialog.Root, so focus goes back to it here on close. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** The 'Feedback & Support' dialog, opened by the header's Feedback button (FeedbackDialog). */
export function FeedbackPanel({ open, onOpenChange, contentId, triggerRef }: FeedbackPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogShell.Panel
        id={contentId}
        size="lg"
        scrollable
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <DialogTitleWithClose>{M.title}</DialogTitleWithClose>
        <Suspense
          fallback={
            <div role="status" aria-label="Loading" className="grid place-items-center py-8">
              <Spinner className="size-8 text-accent" />
            </div>
          }
        >
          <FeedbackForm onDone={() => onOpenChange(false)} />
        </Suspense>
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
