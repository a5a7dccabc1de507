import { MessageCircle } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useAttendees } from '@/api/social';
import { ListSkeleton, LoadError } from '@/components/page-states';
import { FanRow } from '@/components/social/fan-row';
import { RelationAction } from '@/components/social/relation-action';
import { Button } from '@/components/ui/button';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { formatCount } from './format-show';

/**
 * Connect with Attendees: the fans going to the show whom this fan may see (the server
 * applies each fan's privacy), pals first, each with Add, Accept, 'Requested' or 'Pals'. Fetched
 * when opened, so it reflects the latest choices of the fans in it.
 */
export function ConnectDialog({
  showId,
  performerName,
}: {
  showId: string;
  performerName: string;
}) {
  const [open, setOpen] = useState(false);
  const query = useAttendees(showId, open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <MessageCircle aria-hidden className="size-4" />
          Connect with Attendees
        </Button>
      </Dialog.Trigger>
      <DialogShell.Panel size="lg" scrollable className="flex flex-col gap-4">
        <DialogTitleWithClose>Connect with Attendees</DialogTitleWithClose>
        <DialogShell.Description>
          Fans going to see {performerName}. Add them as Show Pals to see which shows you share.
        </DialogShell.Description>
        {query.isPending && <ListSkeleton what="fans going" rows={2} />}
        {query.isError && (
          <LoadError what="who is going" error={query.error} retry={() => void query.refetch()} />
        )}
        {query.data && (
          <>
            {query.data.attendees.length === 0 ? (
              <p className="text-fg-muted">No one you can see is going yet.</p>
            ) : (
              <ul aria-label="Fans going" className="flex flex-col gap-3">
                {query.data.attendees.map((fan) => (
                  <li key={fan.id}>
                    <FanRow fan={fan}>
                      <RelationAction fan={fan} />
                    </FanRow>
                  </li>
                ))}
              </ul>
            )}
            {query.data.hidden > 0 && (
              <p className="text-sm text-fg-muted">
                {formatCount(query.data.hidden)} more{' '}
                {query.data.hidden === 1 ? 'fan keeps' : 'fans keep'} their attendance private.
              </p>
            )}
          </>
        )}
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
