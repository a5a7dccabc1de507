import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import type { FieldBinding } from '../hooks/use-checked-form';

interface EmailAndPasswordFieldsProps {
  register: (field: 'email' | 'password') => FieldBinding<string>;
  errors: { email?: string; password?: string };
  /** 'current-password' at login, 'new-password' at sign-up: password managers fill or offer. */
  passwordAutoComplete: 'current-password' | 'new-password';
}

/** The Email and Password fields the login and sign-up forms share, in that order. */
export function EmailAndPasswordFields({
  register,
  errors,
  passwordAutoComplete,
}: EmailAndPasswordFieldsProps) {
  return (
    <>
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input type="email" autoComplete="email" {...control} {...register('email')} />
        )}
      </Field>
      <Field label="Password" error={errors.password}>
        {(control) => (
          <PasswordInput
            autoComplete={passwordAutoComplete}
            showLabel="Show password"
            hideLabel="Hide password"
            {...control}
            {...register('password')}
          />
        )}
      </Field>
    </>
  );
}
