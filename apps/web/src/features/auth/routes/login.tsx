import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AUTH_LINK_CLASS, AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { homePathFor } from '../utils/home-path';

/** Spec "Login": after success, the role's dashboard or its setup screen (homePathFor). */
export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Log in to see what's coming up"
      footer={
        <>
          New to Encore?{' '}
          <Link to={paths.landing.href()} className={AUTH_LINK_CLASS}>
            Create Account
          </Link>
        </>
      }
    >
      <LoginForm onLoggedIn={(user) => navigate(homePathFor(user), { replace: true })} />
    </AuthLayout>
  );
}
