import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AUTH_LINK_CLASS, AuthLayout } from '../components/auth-layout';
import { SignUpForm } from '../components/sign-up-form';
import { setupPathFor } from '../utils/home-path';
import { roleFromState } from '../utils/role-from-state';

/** Spec "Sign-up": the role comes from /landing's navigation state, fan by default. */
export function CreateAccountRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const role = roleFromState(location.state);

  return (
    <AuthLayout
      title="Create Account"
      subtitle={`Join as a ${role}`}
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.auth.login.href()} className={AUTH_LINK_CLASS}>
            Login
          </Link>
        </>
      }
    >
      <SignUpForm
        key={role}
        role={role}
        onCreated={(user) => navigate(setupPathFor(user.role), { replace: true })}
      />
    </AuthLayout>
  );
}
