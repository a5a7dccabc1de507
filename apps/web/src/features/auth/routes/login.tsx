import { Link, useNavigate, useSearchParams } from 'react-router';
import { NEXT_PARAM, paths } from '@/config/paths';
import { AUTH_LINK_CLASS, AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { afterLoginPath } from '../utils/home-path';

/**
 * Spec "Login": after success, the role's dashboard or its setup screen, or back to the page that
 * sent the visitor here (`?next=`, see afterLoginPath).
 */
export function LoginRoute() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Login to see what's coming up"
      footer={
        <>
          New to Encore?{' '}
          <Link to={paths.landing.href()} className={AUTH_LINK_CLASS}>
            Create Account
          </Link>
        </>
      }
    >
      <LoginForm
        onLoggedIn={(user) =>
          navigate(afterLoginPath(user, search.get(NEXT_PARAM)), { replace: true })
        }
      />
    </AuthLayout>
  );
}
