import { checkLoginForm, LOGIN_MESSAGES as M, type TSessionUser } from '@encore/contract';
import { toast } from 'sonner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin } from '../api/login';
import { useCheckedForm } from '../hooks/use-checked-form';
import { LOGIN_FIELDS, reportLoginError } from '../utils/login-errors';
import { SubmitButton } from './submit-button';

export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: TSessionUser) => void }) {
  const { register, handleSubmit, setFieldError, errors, isSubmitting } = useCheckedForm({
    initial: { email: '', password: '' },
    check: checkLoginForm,
    fields: LOGIN_FIELDS,
  });
  const login = useLogin();

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
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input type="email" autoComplete="email" {...control} {...register('email')} />
        )}
      </Field>
      <Field label="Password" error={errors.password}>
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
      <SubmitButton busy={isSubmitting}>{isSubmitting ? 'Logging in...' : 'Login'}</SubmitButton>
    </form>
  );
}
