import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { homePathFor } from '@/features/auth/utils/home-path';

/**
 * Login and sign-up are for signed-out visitors; a signed-in user is sent home. If the session
 * cannot be read at all, the forms still show: logging in is how to recover.
 */
export function GuestOnly() {
  const { user, status } = useAuth();
  if (status === 'pending') return <PageSpinner />;
  if (user) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
