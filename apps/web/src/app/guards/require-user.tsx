import { useEffect, useRef } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { homePathFor } from '@/features/auth/utils/home-path';
import { mayVisit } from '../route-table';
import { useSignedInPage } from '../routes/use-signed-in-page';
import { SessionUnavailable } from './session-unavailable';

/**
 * Guards every signed-in page. Arriving signed out: setup screens go to /auth, the rest to
 * /landing (spec "Route table"). Signing out while here always ends at /landing (spec: logout
 * goes to /landing). Another role's page: the user's own home (a deliberate departure from the spec).
 * Which page and whose it is come from its route-table row.
 */
export function RequireUser() {
  const { user, status, retry } = useAuth();
  const page = useSignedInPage();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (user) wasSignedIn.current = true;
  }, [user]);

  if (status === 'pending') return <PageSpinner />;
  if (status === 'error') return <SessionUnavailable onRetry={retry} />;
  if (!user) {
    const toAuth = page.kind === 'setup' && !wasSignedIn.current;
    return <Navigate to={toAuth ? paths.auth.root.href() : paths.landing.href()} replace />;
  }
  if (!mayVisit(page, user)) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
