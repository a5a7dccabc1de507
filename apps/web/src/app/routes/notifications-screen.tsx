import { useAuth } from '@/features/auth/hooks/use-auth';
import { NotificationsPageRoute } from '@/features/notifications/routes/notifications-page';

/** The centre for whoever is signed in: fans' alerts, or performers' and venues' show notices. */
export function NotificationsScreen() {
  const { user } = useAuth();
  return <NotificationsPageRoute fan={user?.role === 'fan'} />;
}
