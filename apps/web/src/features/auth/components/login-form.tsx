import { checkLoginForm, LOGIN_MESSAGES as M, type TSessionUser } from '@encore/contract';
import { toast } from 'sonner';
import { useLogin } from '../api/login';
import { useCheckedForm } from '../hooks/use-checked-form';
import { LOGIN_FIELDS, reportLoginError } from '../utils/login-errors';
import { EmailAndPasswordFields } from './email-and-password-fields';
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
      <EmailAndPasswordFields
        register={register}
        errors={errors}
        passwordAutoComplete="current-password"
      />
      <SubmitButton busy={isSubmitting}>{isSubmitting ? 'Logging in...' : 'Login'}</SubmitButton>
    </form>
  );
}
