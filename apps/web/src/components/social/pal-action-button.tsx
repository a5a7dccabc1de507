import { type PalAction, usePalAction } from '@/api/social';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

const LABELS: Record<PalAction, string> = {
  add: 'Add',
  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  remove: 'Remove',
  block: 'Block',
  unblock: 'Unblock',
};

interface PalActionButtonProps {
  action: PalAction;
  fan: { id: string; name: string };
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
}

/** A button that sends one Show Pals request for one fan, busy while it goes. */
export function PalActionButton({ action, fan, variant = 'secondary' }: PalActionButtonProps) {
  const mutation = usePalAction(action, fan);
  const label = LABELS[action];
  return (
    <Button
      variant={variant}
      size="sm"
      aria-label={`${label} ${fan.name}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate()}
    >
      {mutation.isPending && <Spinner />}
      {label}
    </Button>
  );
}
