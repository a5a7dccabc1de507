import { useFanSettings } from '../api/get-fan-settings';
import type { PushControl } from '../utils/push-control';
import { LoadState } from './load-state';
import { NotificationsTab } from './notifications-tab';
import { PrivacyTab } from './privacy-tab';

/** Both fan preference tabs read GET /api/settings/fan; each waits for it on its own. */
export function FanSettingsGate({
  tab,
  push,
}: {
  tab: 'notifications' | 'privacy';
  push?: PushControl;
}) {
  const query = useFanSettings();
  if (!query.data) {
    return (
      <LoadState
        isPending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        what="your preferences"
      />
    );
  }
  return tab === 'notifications' ? (
    <NotificationsTab initial={query.data.notifications} push={push} />
  ) : (
    <PrivacyTab initial={query.data.privacy} />
  );
}
