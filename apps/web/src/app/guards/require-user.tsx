import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { homePathFor } from '@/features/auth/utils/home-path';
import { useAreaPage } from '../routes/use-area-page';
import { SessionUnavailable } from './session-unavailable';

/**
 * Guards every signed-in page. Signed out: setup screens go to /auth, the rest to /landing (spec
 * "Route table"). Another role's page: the user's own home (PRODUCT.md departs from the spec).
 */
export function RequireUser() {
  const { user, status, retry } = useAuth();
  const page = useAreaPage();

  if (status === 'pending') return <PageSpinner />;
  if (status === 'error') return <SessionUnavailable onRetry={retry} />;
  if (!user) {
    const to = page.kind === 'setup' ? paths.auth.root.href() : paths.landing.href();
    return <Navigate to={to} replace />;
  }
  if (user.role !== page.role) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
