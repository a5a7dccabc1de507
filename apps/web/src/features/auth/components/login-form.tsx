import {
  LOGIN_MESSAGES as M,
  type TLoginRequest,
  type TSessionUser,
  ZLoginRequest,
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
import { useLogin } from '../api/login';
import { type LoginField, reportLoginError } from '../utils/login-errors';

type LoginValues = z.input<typeof ZLoginRequest>;

export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: TSessionUser) => void }) {
  const { register, handleSubmit, setError, formState } = useForm<
    LoginValues,
    unknown,
    TLoginRequest
  >({
    resolver: zodResolver(ZLoginRequest),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;
  const login = useLogin();

  const setFieldError = (field: LoginField, message: string) =>
    setError(field, { type: 'server', message }, { shouldFocus: true });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user } = await login.mutateAsync(values);
      toast.success(M.successTitle, { description: M.successDescription });
      onLoggedIn(user);
    } catch (error) {
      reportLoginError(error, setFieldError);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <Field label="Email" error={errors.email?.message}>
        {(control) => (
          <Input type="email" autoComplete="email" {...control} {...register('email')} />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            autoComplete="current-password"
            showLabel="Show password"
            hideLabel="Hide password"
            {...control}
            {...register('password')}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="mt-1">
        {isSubmitting && <Spinner />}
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
