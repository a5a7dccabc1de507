import { type TChangePasswordRequest, ZChangePasswordRequest } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { reportRequestError } from '@/lib/report-request-error';
import { useChangePassword } from '../api/change-password';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

type Values = z.input<typeof ZChangePasswordRequest>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
// The toggles' names avoid 'confirm', so the phone row's 'Confirm' button stays the only match.
const LABELS: Record<(typeof FIELDS)[number], [string, string, string]> = {
  currentPassword: ['Current Password', 'current-password', 'current password'],
  newPassword: ['New Password', 'new-password', 'new password'],
  confirmPassword: ['Confirm New Password', 'new-password', 'repeated password'],
};

/** Current password plus the sign-up rules for the new one (ZChangePasswordRequest). */
export function ChangePasswordForm() {
  const { register, handleSubmit, setError, reset, formState } = useForm<
    Values,
    unknown,
    TChangePasswordRequest
  >({
    resolver: zodResolver(ZChangePasswordRequest),
    reValidateMode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangePassword();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      toast.success('Password changed', {
        description: 'Use your new password next time you log in',
      });
      reset();
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not change your password',
        fields: {
          names: FIELDS,
          set: (field, message) =>
            setError(field, { type: 'server', message }, { shouldFocus: true }),
        },
      });
    }
  });

  return (
    <SettingsSection title="Change Password">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {FIELDS.map((field) => {
          const [label, autoComplete, toggle] = LABELS[field];
          return (
            <FormField key={field} label={label} error={formState.errors[field]?.message}>
              {(control) => (
                <PasswordInput
                  autoComplete={autoComplete}
                  showLabel={`Show ${toggle}`}
                  hideLabel={`Hide ${toggle}`}
                  {...control}
                  {...register(field)}
                />
              )}
            </FormField>
          );
        })}
        <SaveButton saving={change.isPending} label="Change Password" />
      </form>
    </SettingsSection>
  );
}
