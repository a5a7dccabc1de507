import { FEEDBACK_MESSAGES as M, type TFeedbackRequest, ZFeedbackRequest } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'radix-ui';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '@/components/form/form-field';
import { TextField } from '@/components/form/text-field';
import { Button, buttonClasses } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { reportRequestError } from '@/lib/report-request-error';
import { useFeedbackConfig } from '../api/get-feedback-config';
import { useSubmitFeedback } from '../api/submit-feedback';

const FIELDS = ['subject', 'message'] as const;

/** Subject and Message, both non-blank (spec section 5, "Other"); stored and mailed to support. */
export function FeedbackForm({ onDone }: { onDone: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<
    TFeedbackRequest,
    unknown,
    TFeedbackRequest
  >({ resolver: zodResolver(ZFeedbackRequest), defaultValues: { subject: '', message: '' } });
  const submit = useSubmitFeedback();
  const config = useFeedbackConfig(true);
  const { errors } = formState;
  // Both fields say the same thing when blank; one message under the form reads better.
  const blank = [errors.subject, errors.message].some((e) => e?.message === M.fillAllFields);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
      toast.success(M.submittedTitle, { description: M.submittedDescription });
      onDone();
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not send your feedback',
        fields: {
          names: FIELDS,
          set: (field, message) =>
            setError(field, { type: 'server', message }, { shouldFocus: true }),
        },
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">
        {M.replyPromise}
        {config.data && (
          <>
            {' '}
            at{' '}
            <a
              className="font-medium text-accent underline"
              href={`mailto:${config.data.supportEmail}`}
            >
              {config.data.supportEmail}
            </a>
          </>
        )}
        .
      </p>
      <TextField
        label="Subject"
        error={blank ? undefined : errors.subject?.message}
        aria-invalid={Boolean(errors.subject)}
        {...register('subject')}
      />
      <FormField label="Message" error={blank ? undefined : errors.message?.message}>
        {(control) => (
          <Textarea
            rows={5}
            {...control}
            aria-invalid={Boolean(errors.message)}
            {...register('message')}
          />
        )}
      </FormField>
      <div role="alert">
        {blank && <FieldError id="feedback-blank" message={M.fillAllFields} />}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close className={buttonClasses({ variant: 'secondary' })}>Cancel</Dialog.Close>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending && <Spinner />}
          Submit
        </Button>
      </div>
    </form>
  );
}
