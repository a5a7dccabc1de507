import { useAuth } from '@/features/auth/hooks/use-auth';
import { homePathFor } from '@/features/auth/utils/home-path';
import { LandingRoute } from '@/features/onboarding/routes/landing';

/** Composes the role choice with the session: a signed-in visitor gets a link to their home. */
export function Landing() {
  const { user } = useAuth();
  return <LandingRoute dashboardHref={user ? homePathFor(user) : undefined} />;
}
