import { useAuth } from '@/features/auth/hooks/use-auth';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

/**
 * The header bell: fans' alerts, and performers' and venues' show notices (a show waiting for
 * their confirmation, or their show confirmed or declined). It lives in the signed-in frame, so
 * its live stream opens once per tab and closes at logout.
 */
export function NotificationBellSlot() {
  const { user } = useAuth();
  if (!user) return null;
  return <NotificationBell key={user.id} />;
}
