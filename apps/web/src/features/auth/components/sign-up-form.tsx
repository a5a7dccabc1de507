import {
  checkSignUpForm,
  SIGN_UP_MESSAGES as M,
  type TRole,
  type TSessionUser,
} from '@encore/contract';
import { toast } from 'sonner';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useSignUp } from '../api/sign-up';
import { useCheckedForm } from '../hooks/use-checked-form';
import { reportSignUpError, reportUsernameTaken, SIGN_UP_FIELDS } from '../utils/sign-up-errors';
import { EmailAndPasswordFields } from './email-and-password-fields';
import { SubmitButton } from './submit-button';

interface SignUpFormProps {
  role: TRole;
  onCreated: (user: TSessionUser) => void;
}

export function SignUpForm({ role, onCreated }: SignUpFormProps) {
  // Checked on submit first; afterwards each edit re-checks its field, so a message goes away as
  // soon as the field is fixed (spec: "Field errors clear when that field is edited").
  const { register, handleSubmit, setFieldError, errors, isSubmitting } = useCheckedForm({
    // The role is not a visible field: it rides along as a form value.
    initial: { username: '', email: '', password: '', confirmPassword: '', role },
    check: checkSignUpForm,
    fields: SIGN_UP_FIELDS,
  });
  const signUp = useSignUp();

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
      <Field label="Username" error={errors.username}>
        {(control) => <Input autoComplete="username" {...control} {...register('username')} />}
      </Field>
      <EmailAndPasswordFields
        register={register}
        errors={errors}
        passwordAutoComplete="new-password"
      />
      <Field label="Confirm Password" error={errors.confirmPassword}>
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
      <SubmitButton busy={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </SubmitButton>
    </form>
  );
}
