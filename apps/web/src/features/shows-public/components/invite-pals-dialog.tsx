import { GOING_TOGETHER_MESSAGES, type TPalForShow } from '@encore/contract';
import { UserPlus } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useSendInvites, useShowInvitePals } from '@/api/going-together';
import { ListSkeleton, LoadError } from '@/components/page-states';
import { Face } from '@/components/shows/face';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { paths } from '@/config/paths';
import { reportRequestError } from '@/lib/report-request-error';

/** What a pal who cannot be invited (again) says instead of a checkbox. */
export const PAL_SHOW_STATUS_LABELS = {
  going: 'Going',
  invited: 'Invited',
  declined: 'Not this time',
} as const;

/**
 * Invite pals (going together): my Show Pals and how each stands with this show
 * (fetched when opened); the ones neither going nor asked yet get a checkbox. Sending toasts how
 * many were invited and closes; a refusal is said inside the dialog.
 */
export function InvitePalsDialog({ showId }: { showId: string }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const query = useShowInvitePals(showId, open);
  const send = useSendInvites(showId);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setChosen(new Set());
    setError(null);
  };
  const toggle = (fanId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(fanId);
    else next.delete(fanId);
    setChosen(next);
  };
  const submit = () => {
    setError(null);
    send.mutate([...chosen], {
      onSuccess: ({ invited }) => {
        toast.success(GOING_TOGETHER_MESSAGES.invited(invited));
        onOpenChange(false);
      },
      onError: (failure) =>
        reportRequestError(failure, { title: 'Could not send the invites', show: setError }),
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">
          <UserPlus aria-hidden className="size-4" />
          Invite pals
        </Button>
      </Dialog.Trigger>
      <DialogShell.Panel size="lg" scrollable className="flex flex-col gap-4">
        <DialogTitleWithClose>Invite pals</DialogTitleWithClose>
        <DialogShell.Description>
          Pals you invite get a notification and can answer Going or Not this time.
        </DialogShell.Description>
        {query.isPending && <ListSkeleton what="your Show Pals" rows={2} />}
        {query.isError && (
          <LoadError what="your Show Pals" error={query.error} retry={() => void query.refetch()} />
        )}
        {query.data &&
          (query.data.pals.length === 0 ? (
            <p className="text-fg-muted">
              You have no Show Pals yet.{' '}
              <Link to={paths.fan.social.href()} className="font-semibold text-accent underline">
                Add Show Pals to invite them
              </Link>
            </p>
          ) : (
            <>
              <ul aria-label="Your Show Pals" className="flex flex-col gap-2">
                {query.data.pals.map((pal) => (
                  <li key={pal.id}>
                    <PalChoice
                      pal={pal}
                      checked={chosen.has(pal.id)}
                      onChange={(on) => toggle(pal.id, on)}
                    />
                  </li>
                ))}
              </ul>
              {error && (
                <p role="alert" className="text-sm text-danger">
                  {error}
                </p>
              )}
              <DialogActions>
                <Button disabled={chosen.size === 0 || send.isPending} onClick={submit}>
                  {send.isPending ? 'Sending…' : 'Send invites'}
                </Button>
              </DialogActions>
            </>
          ))}
      </DialogShell.Panel>
    </Dialog.Root>
  );
}

const ROW = 'flex min-h-14 items-center gap-3 rounded-xl border border-line p-2';

/** A pal with a checkbox (the whole row is its label), or with why there is none. */
function PalChoice({
  pal,
  checked,
  onChange,
}: {
  pal: TPalForShow;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const who = (
    <span className="flex min-w-0 flex-1 items-center gap-3">
      <Face name={pal.name} photoUrl={pal.photoUrl} decorative />
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold break-words">{pal.name}</span>
        {pal.city && <span className="text-sm text-fg-muted">{pal.city}</span>}
      </span>
    </span>
  );
  if (pal.status !== 'none') {
    return (
      <div className={ROW}>
        {/* Where the others' checkbox is, so the faces line up. */}
        <span aria-hidden className="size-5 shrink-0" />
        {who}
        <span className="shrink-0 text-sm font-semibold text-fg-muted">
          {PAL_SHOW_STATUS_LABELS[pal.status]}
        </span>
      </div>
    );
  }
  return (
    <label className={`${ROW} cursor-pointer has-[:checked]:border-accent`}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 shrink-0 cursor-pointer accent-accent"
      />
      {who}
    </label>
  );
}
