import { MessageCircle } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';

/** Spec "Alerts": the attendee dialog is informational; messaging is not built yet. */
export function ConnectDialog({ performerName }: { performerName: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <MessageCircle aria-hidden className="size-4" />
          Connect with Attendees
        </Button>
      </Dialog.Trigger>
      <DialogShell.Panel>
        <DialogTitleWithClose>Connect with Attendees</DialogTitleWithClose>
        <DialogShell.Description>
          Soon you will be able to message other fans going to see {performerName}, plan to meet up
          and share rides. Full messaging is coming soon.
        </DialogShell.Description>
        <Dialog.Close asChild>
          <Button className="self-end">Got it</Button>
        </Dialog.Close>
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
