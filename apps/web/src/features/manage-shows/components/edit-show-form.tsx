import { SHOW_MESSAGES as S, type TShow, type TShowUpdate } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUpdateShow } from '../api/update-show';
import { reportShowFormError } from '../utils/report-show-form-error';
import { editDefaults, editFormSchema, type ShowFormValues } from '../utils/show-form';
import { type NightTaken, nightTaken, SameNightDialog } from './announce-conflicts';
import { ShowDetailsFields } from './show-details-fields';

const STATUS_OPTIONS = [
  { value: 'announced', label: 'Announced' },
  { value: 'on_sale', label: 'On Sale' },
];

/**
 * 'Edit Show': the announce form's details plus Status; performer and venue stay as they are. A
 * new night the venue already holds a show on is asked about, and the answer resends the edit.
 */
export function EditShowForm({ show }: { show: TShow }) {
  const defaults = useMemo(() => editDefaults(show), [show]);
  const form = useForm<ShowFormValues, unknown, TShowUpdate>({
    resolver: zodResolver(editFormSchema(defaults)),
    reValidateMode: 'onChange',
    defaultValues: defaults,
  });
  const update = useUpdateShow(show.id);
  const navigate = useNavigate();
  const [question, setQuestion] = useState<{ asked: NightTaken; patch: TShowUpdate } | null>(null);

  const send = (patch: TShowUpdate) => {
    setQuestion(null);
    update.mutate(patch, {
      onSuccess: () => {
        toast.success(S.updatedTitle);
        navigate(paths.manageShows.list.href());
      },
      onError: (error) => {
        const asked = nightTaken(error);
        if (asked) return setQuestion({ asked, patch });
        reportShowFormError(error, 'Could not save the show', form.setError);
      },
    });
  };
  const onSubmit = form.handleSubmit(send);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <Card className="flex flex-col gap-5 p-5 sm:p-6">
          <SelectField
            label="Status"
            options={STATUS_OPTIONS}
            // A postponed show keeps its status until the owner picks one.
            placeholder={defaults.status === '' ? 'Postponed' : undefined}
            defaultValue={defaults.status}
            error={form.formState.errors.status?.message}
            {...form.register('status')}
          />
          <ShowDetailsFields />
        </Card>
        {question && (
          <SameNightDialog
            message={question.asked.message}
            pending={update.isPending}
            onConfirm={() => send({ ...question.patch, confirmSameNight: true })}
            onClose={() => setQuestion(null)}
          />
        )}
        <Button
          type="submit"
          size="lg"
          disabled={update.isPending}
          className="w-full sm:w-auto sm:self-end"
        >
          {update.isPending && <Spinner />}
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </FormProvider>
  );
}
