import { useAuth } from '@/features/auth/hooks/use-auth';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

/**
 * The header bell, for fans only (performers and venues get no alerts). It lives in the
 * signed-in frame, so its live stream opens once per tab and closes when the fan logs out.
 */
export function NotificationBellSlot() {
  const { user } = useAuth();
  if (user?.role !== 'fan') return null;
  return <NotificationBell key={user.id} />;
}
