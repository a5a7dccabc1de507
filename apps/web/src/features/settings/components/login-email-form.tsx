import {
  EMAIL_CHANGE_MESSAGES,
  type TEmailChangeRequest,
  ZEmailChangeRequest,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { reportRequestError } from '@/lib/report-request-error';
import { useRequestEmailChange } from '../api/request-email-change';
import { SaveButton } from './save-button';

type Values = z.input<typeof ZEmailChangeRequest>;

/**
 * Asks for a new login address (performers and venues): the contract's rules first, then a
 * link goes to it; nothing changes until it is opened. Taken or unchanged: under the field.
 */
export function LoginEmailForm({ current }: { current: string }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<
    Values,
    unknown,
    TEmailChangeRequest
  >({
    resolver: zodResolver(ZEmailChangeRequest),
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const requestChange = useRequestEmailChange();

  const onSubmit = handleSubmit(async ({ email }) => {
    // The server says so too; saying it here spares a request and a mail-rate-limit slot.
    if (email.trim().toLowerCase() === current.toLowerCase()) {
      setError('email', { type: 'same', message: EMAIL_CHANGE_MESSAGES.sameAsCurrent });
      return;
    }
    try {
      await requestChange.mutateAsync(email);
      toast.success('Check your new inbox', { description: EMAIL_CHANGE_MESSAGES.sentTo(email) });
      reset();
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not change the email',
        fields: {
          names: ['email'],
          set: (field, message) =>
            setError(field, { type: 'server', message }, { shouldFocus: true }),
        },
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="New Login Email"
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <SaveButton saving={requestChange.isPending} label="Send Confirmation Link" />
    </form>
  );
}
