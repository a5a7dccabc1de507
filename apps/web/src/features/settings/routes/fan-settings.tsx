import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { AccountTab } from '../components/account-tab';
import { FanProfileTab } from '../components/fan-profile-tab';
import { FanSettingsGate } from '../components/fan-settings-tabs';
import { ProfileGate } from '../components/profile-gate';
import { SecurityTab } from '../components/security-tab';
import { SettingsPage } from '../components/settings-page';
import type { PushControl } from '../utils/push-control';

/**
 * /settings/fan: Profile, Notifications, Privacy, Security, Account (spec "Settings"), and Music
 * when app/ passes the Spotify connection's card in. `push` subscribes this browser when the fan
 * turns push on (app/ passes the push feature in).
 */
export function FanSettingsRoute({ push, music }: { push?: PushControl; music?: ReactNode } = {}) {
  return (
    <SettingsPage
      dashboardHref={paths.fan.dashboard.href()}
      tabs={[
        {
          value: 'profile',
          label: 'Profile',
          content: <ProfileGate forRole="fan">{(p) => <FanProfileTab profile={p} />}</ProfileGate>,
        },
        {
          value: 'notifications',
          label: 'Notifications',
          content: <FanSettingsGate tab="notifications" push={push} />,
        },
        { value: 'privacy', label: 'Privacy', content: <FanSettingsGate tab="privacy" /> },
        { value: 'security', label: 'Security', content: <SecurityTab forRole="fan" /> },
        ...(music ? [{ value: 'music', label: 'Music', content: music }] : []),
        { value: 'account', label: 'Account', content: <AccountTab /> },
      ]}
    />
  );
}
