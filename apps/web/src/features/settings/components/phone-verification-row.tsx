import {
  PHONE_CODE_LENGTH,
  type TAccountSecurity,
  type TVerifyPhoneRequest,
  ZVerifyPhoneRequest,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone } from '../api/verify-phone';
import { VerificationStatus } from './verification-status';

/** The phone row: 'Verify' texts a 6-digit code, then 'Verification Code' + 'Confirm'. */
export function PhoneVerificationRow({ security }: { security: TAccountSecurity }) {
  const [codeSent, setCodeSent] = useState(false);
  const sendCode = useSendPhoneCode();
  const onVerify = () =>
    sendCode.mutate(undefined, {
      onSuccess: () => {
        setCodeSent(true);
        toast.success('Verification code sent', { description: `We texted ${security.phone}` });
      },
      onError: (error) => reportRequestError(error, { title: 'Could not send the code' }),
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h3 className="font-medium">Phone</h3>
          <p className="text-sm text-fg-muted">
            {security.phone ?? 'No phone number on your profile'}
          </p>
          {security.phone && <VerificationStatus verified={security.phoneVerified} />}
        </div>
        {security.phone && !security.phoneVerified && (
          <Button variant="secondary" size="sm" disabled={sendCode.isPending} onClick={onVerify}>
            {codeSent ? 'Send a new code' : 'Verify'}
          </Button>
        )}
      </div>
      {codeSent && !security.phoneVerified && (
        <PhoneCodeForm onVerified={() => setCodeSent(false)} />
      )}
    </div>
  );
}

function PhoneCodeForm({ onVerified }: { onVerified: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<
    TVerifyPhoneRequest,
    unknown,
    TVerifyPhoneRequest
  >({ resolver: zodResolver(ZVerifyPhoneRequest), defaultValues: { code: '' } });
  const verify = useVerifyPhone();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      toast.success('Phone verified');
      onVerified();
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not verify your phone',
        fields: {
          names: ['code'] as const,
          set: (field, message) =>
            setError(field, { type: 'server', message }, { shouldFocus: true }),
        },
      });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-sm flex-col gap-3">
      <div>
        <TextField
          label="Verification Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PHONE_CODE_LENGTH}
          error={formState.errors.code?.message}
          {...register('code')}
        />
      </div>
      <Button type="submit" size="md" disabled={verify.isPending} className="self-start">
        Confirm
      </Button>
    </form>
  );
}
