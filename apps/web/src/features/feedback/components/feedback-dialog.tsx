import { FEEDBACK_MESSAGES as M } from '@encore/contract';
import { MessageSquare } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { FeedbackForm } from './feedback-form';

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
        <FeedbackForm onDone={() => setOpen(false)} />
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
