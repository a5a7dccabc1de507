import { SHOW_MESSAGES as S, type TShowInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { newRequestKey } from '@/lib/request-key';
import { useCreateShow } from '../api/create-show';
import { reportShowFormError } from '../utils/report-show-form-error';
import { ownerConfirmation } from '../utils/show-confirmation';
import { announceDefaults, type ShowFormValues, ZAnnounceForm } from '../utils/show-form';
import {
  type AnnounceConflict,
  announceConflict,
  DuplicateShowNotice,
  SameDayDialog,
  SameNightDialog,
} from './announce-conflicts';
import { ShowDetailsFields } from './show-details-fields';
import { ShowPartyFields } from './show-party-fields';

export interface ShowOwner {
  role: 'performer' | 'venue';
  id: string;
}

/**
 * 'Announce a Show': checked with the contract's ZShowInput, then POST /api/shows. The form has
 * one Idempotency-Key for its life: every send (a double click, a retry, the same-day or
 * same-night confirmation) carries it, so however often it is submitted fans hear of one show.
 */
export function AnnounceShowForm({ owner }: { owner: ShowOwner }) {
  const form = useForm<ShowFormValues, unknown, TShowInput>({
    resolver: zodResolver(ZAnnounceForm),
    reValidateMode: 'onChange',
    defaultValues: announceDefaults(owner),
  });
  const [idempotencyKey] = useState(newRequestKey);
  const [conflict, setConflict] = useState<AnnounceConflict | null>(null);
  const [sent, setSent] = useState<TShowInput | null>(null);
  const create = useCreateShow();
  const navigate = useNavigate();

  const send = (input: TShowInput) => {
    setConflict(null);
    setSent(input);
    create.mutate(
      { input, idempotencyKey },
      {
        onSuccess: ({ show }) => {
          const confirmation = ownerConfirmation(show, owner);
          toast.success(S.announcedTitle, {
            description:
              confirmation.kind === 'waiting'
                ? `${confirmation.party} will be asked to confirm it; fans hear of it then.`
                : undefined,
          });
          navigate(paths.manageShows.list.href());
        },
        onError: (error) => {
          const known = announceConflict(error);
          if (known) return setConflict(known);
          reportShowFormError(error, 'Could not announce the show', form.setError);
        },
      },
    );
  };
  const onSubmit = form.handleSubmit(send);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <Card className="flex flex-col gap-5 p-5 sm:p-6">
          <ShowPartyFields role={owner.role} />
          <ShowDetailsFields />
        </Card>
        {conflict?.kind === 'duplicate' && (
          <DuplicateShowNotice message={conflict.message} showId={conflict.showId} />
        )}
        {conflict?.kind === 'same-day' && sent && (
          <SameDayDialog
            message={conflict.message}
            pending={create.isPending}
            onConfirm={() => send({ ...sent, confirmSameDay: true })}
            onClose={() => setConflict(null)}
          />
        )}
        {conflict?.kind === 'same-night' && sent && (
          <SameNightDialog
            message={conflict.message}
            pending={create.isPending}
            onConfirm={() => send({ ...sent, confirmSameNight: true })}
            onClose={() => setConflict(null)}
          />
        )}
        <Button
          type="submit"
          size="lg"
          disabled={create.isPending}
          className="w-full sm:w-auto sm:self-end"
        >
          {create.isPending ? <Spinner /> : <CalendarPlus aria-hidden className="size-5" />}
          {create.isPending ? 'Announcing...' : 'Announce Show'}
        </Button>
      </form>
    </FormProvider>
  );
}
