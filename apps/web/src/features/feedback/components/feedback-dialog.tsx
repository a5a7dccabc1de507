import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

/*
 * The dialog itself (Radix's Dialog with its focus trap and scroll lock, ~10 KB compressed, and
 * then the form) loads when the fan first reaches for the button — pointer over it, focus on it,
 * or the click — not with the header: the button sits in every dashboard's header, and on a slow
 * phone the frame's chunks and their first render are the start-up's work (on a slow phone).
 */
const loadPanel = () => import('./feedback-panel');
const FeedbackPanel = lazy(() => loadPanel().then((module) => ({ default: module.FeedbackPanel })));

/**
 * The dashboards' 'Feedback' icon button and the 'Feedback & Support' dialog it opens. The button
 * carries what Radix's Dialog.Trigger would (aria-haspopup, aria-expanded, aria-controls,
 * data-state); the panel puts the focus back on it when the dialog closes.
 */
export function FeedbackDialog() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing animates and reopening is instant.
  const [asked, setAsked] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const preload = () => void loadPanel().catch(() => undefined);
  return (
    <>
      <Button
        ref={triggerRef}
        variant="secondary"
        size="sm"
        aria-label="Feedback"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={contentId}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <MessageSquare aria-hidden className="size-4" />
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <FeedbackPanel
            open={open}
            onOpenChange={setOpen}
            contentId={contentId}
            triggerRef={triggerRef}
          />
        </Suspense>
      )}
    </>
  );
}
