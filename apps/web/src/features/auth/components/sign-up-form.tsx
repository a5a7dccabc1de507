import {
  SIGN_UP_MESSAGES as M,
  type TRole,
  type TSessionUser,
  type TSignUpRequest,
  ZSignUpRequest,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useSignUp } from '../api/sign-up';
import { reportSignUpError, reportUsernameTaken, type SignUpField } from '../utils/sign-up-errors';

type SignUpValues = z.input<typeof ZSignUpRequest>;

interface SignUpFormProps {
  role: TRole;
  onCreated: (user: TSessionUser) => void;
}

export function SignUpForm({ role, onCreated }: SignUpFormProps) {
  const form = useForm<SignUpValues, unknown, TSignUpRequest>({
    resolver: zodResolver(ZSignUpRequest),
    // Checked on submit first; afterwards each edit re-checks its field, so a message goes away
    // as soon as the field is fixed (spec: "Field errors clear when that field is edited").
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The role is not a visible field: it rides along as a form value.
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', role },
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const signUp = useSignUp();

  const setFieldError = (field: SignUpField, message: string) =>
    setError(field, { type: 'server', message }, { shouldFocus: true });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const outcome = await signUp.mutateAsync(values);
      if (outcome.kind === 'username-taken') return reportUsernameTaken(setFieldError);
      toast.success(M.successTitle, { description: M.successDescription });
      onCreated(outcome.user);
    } catch (error) {
      reportSignUpError(error, setFieldError);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Field label="Username" error={errors.username?.message}>
        {(control) => <Input autoComplete="username" {...control} {...register('username')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <Input type="email" autoComplete="email" {...control} {...register('email')} />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            autoComplete="new-password"
            showLabel="Show password"
            hideLabel="Hide password"
            {...control}
            {...register('password')}
          />
        )}
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput
            autoComplete="new-password"
            showLabel="Show confirm password"
            hideLabel="Hide confirm password"
            {...control}
            {...register('confirmPassword')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-1">
        {isSubmitting && <Spinner />}
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
