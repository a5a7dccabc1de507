import { SHOW_MESSAGES as S, type TShowInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus } from 'lucide-react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { reportRequestError } from '@/lib/report-request-error';
import { useCreateShow } from '../api/create-show';
import { ownerConfirmation } from '../utils/show-confirmation';
import {
  announceDefaults,
  SHOW_FORM_FIELDS,
  type ShowFormValues,
  ZAnnounceForm,
} from '../utils/show-form';
import { ShowDetailsFields } from './show-details-fields';
import { ShowPartyFields } from './show-party-fields';

export interface ShowOwner {
  role: 'performer' | 'venue';
  id: string;
}

/** 'Announce a Show': checked with the contract's ZShowInput, then POST /api/shows. */
export function AnnounceShowForm({ owner }: { owner: ShowOwner }) {
  const form = useForm<ShowFormValues, unknown, TShowInput>({
    resolver: zodResolver(ZAnnounceForm),
    reValidateMode: 'onChange',
    defaultValues: announceDefaults(owner),
  });
  const create = useCreateShow();
  const navigate = useNavigate();

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: ({ show }) => {
        const confirmation = ownerConfirmation(show, owner.role);
        toast.success(S.announcedTitle, {
          description:
            confirmation.kind === 'waiting'
              ? `${confirmation.party} will be asked to confirm it; fans hear of it then.`
              : undefined,
        });
        navigate(paths.manageShows.list.href());
      },
      onError: (error) =>
        reportRequestError(error, {
          title: 'Could not announce the show',
          fields: {
            names: SHOW_FORM_FIELDS,
            set: (field, message) =>
              form.setError(field, { type: 'server', message }, { shouldFocus: true }),
          },
        }),
    }),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <Card className="flex flex-col gap-5 p-5 sm:p-6">
          <ShowPartyFields role={owner.role} />
          <ShowDetailsFields />
        </Card>
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
