import { disablePush, enablePush, pushSubscribedHere } from '@/features/push/utils/browser-push';
import { FanSettingsRoute } from '@/features/settings/routes/fan-settings';

const PUSH = { enable: enablePush, disable: disablePush, subscribedHere: pushSubscribedHere };

/** /settings/fan, with the push feature behind the 'Push Notifications' switch. */
export function FanSettingsScreen() {
  return <FanSettingsRoute push={PUSH} />;
}
