import { SHOW_MESSAGES as S } from '@encore/contract';
import { AlertDialog } from 'radix-ui';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { AlertDialogShell, DialogActions } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';

/** Why the server would not announce the show, when the form can help with it. */
export type AnnounceConflict =
  | { kind: 'duplicate'; message: string; showId: string }
  | { kind: 'same-day'; message: string }
  | NightTaken;

/** The venue already holds a show that night: ask whether it holds two (early and late). */
export type NightTaken = { kind: 'same-night'; message: string };

/** NIGHT_TAKEN (announcing, editing, confirming), or null for any other failure. */
export function nightTaken(error: unknown): NightTaken | null {
  if (!(error instanceof ApiError) || error.code !== 'NIGHT_TAKEN') return null;
  return { kind: 'same-night', message: error.message };
}

/** The conflict an announce error is, or null for any other failure (reported the usual way). */
export function announceConflict(error: unknown): AnnounceConflict | null {
  if (!(error instanceof ApiError)) return null;
  const showId = error.detail.showId;
  if (error.code === 'CONFLICT' && typeof showId === 'string') {
    return { kind: 'duplicate', message: error.message, showId };
  }
  if (error.code === 'SAME_DAY_SHOW') return { kind: 'same-day', message: error.message };
  return nightTaken(error);
}

/** The show is already announced: say so beside the button, with a link to that show. */
export function DuplicateShowNotice({ message, showId }: { message: string; showId: string }) {
  return (
    <div role="alert" className="flex flex-col gap-1 text-danger sm:self-end sm:text-right">
      <p>{message}</p>
      <Link to={paths.show.href(showId)} className="font-medium text-accent underline">
        {S.viewExistingShow}
      </Link>
    </div>
  );
}

interface QuestionProps {
  message: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The performer already plays elsewhere that day: announce this one too, or go back. */
export function SameDayDialog(props: QuestionProps) {
  return <ShowQuestion title="Another show that day" yes={S.announceAnyway} {...props} />;
}

/** The venue already holds a show that night: two shows (early and late), or go back. */
export function SameNightDialog(props: QuestionProps) {
  return <ShowQuestion title={S.nightTakenTitle} yes={S.bothShowsThatNight} {...props} />;
}

function ShowQuestion({
  title,
  yes,
  message,
  pending,
  onConfirm,
  onClose,
}: QuestionProps & { title: string; yes: string }) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      {/* 'lg' and unbroken labels: in 'md' the two answers wrapped onto two lines each on a
          desktop, spilling out of their buttons. */}
      <AlertDialogShell.Panel size="lg">
        <AlertDialogShell.Title>{title}</AlertDialogShell.Title>
        <AlertDialogShell.Description>{message}</AlertDialogShell.Description>
        <DialogActions>
          <AlertDialog.Cancel
            className={buttonClasses({ variant: 'secondary', className: 'whitespace-nowrap' })}
          >
            Not this one
          </AlertDialog.Cancel>
          <Button disabled={pending} onClick={onConfirm} className="whitespace-nowrap">
            {pending && <Spinner />}
            {yes}
          </Button>
        </DialogActions>
      </AlertDialogShell.Panel>
    </AlertDialog.Root>
  );
}
