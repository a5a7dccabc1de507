import { Navigate, Outlet, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { NEXT_PARAM } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { afterLoginPath } from '@/features/auth/utils/home-path';

/**
 * Login, sign-up and the splash are for signed-out visitors; a signed-in user is sent home. If
 * the session cannot be read at all, the forms still show: logging in is how to recover.
 */
export function GuestOnly({ showWhileChecking = false }: { showWhileChecking?: boolean }) {
  const { user, status } = useAuth();
  const [search] = useSearchParams();
  if (status === 'pending') return showWhileChecking ? <Outlet /> : <PageSpinner />;
  // The same target as the login form's, so the two never race to different pages.
  if (user) return <Navigate to={afterLoginPath(user, search.get(NEXT_PARAM))} replace />;
  return <Outlet />;
}
