import { paths } from '@/config/paths';
import { AccountTab } from '../components/account-tab';
import { PerformerAnalyticsTab } from '../components/performer-analytics-tab';
import { PerformerBookingTab } from '../components/performer-booking-tab';
import { PerformerProfileTab } from '../components/performer-profile-tab';
import { ProfileGate } from '../components/profile-gate';
import { SecurityTab } from '../components/security-tab';
import { SettingsPage } from '../components/settings-page';
import { TourDatesWidgetSection } from '../components/tour-dates-widget-section';

/**
 * /settings/performer: Profile, Booking, Analytics, Security, Account (spec "Settings"). The
 * Booking tab also holds the tour-dates widget, for the signed-in performer (`performerId`).
 */
export function PerformerSettingsRoute({ performerId }: { performerId: string | null }) {
  return (
    <SettingsPage
      dashboardHref={paths.performer.dashboard.href()}
      tabs={[
        {
          value: 'profile',
          label: 'Profile',
          content: (
            <ProfileGate forRole="performer">
              {(p) => <PerformerProfileTab profile={p} />}
            </ProfileGate>
          ),
        },
        {
          value: 'booking',
          label: 'Booking',
          content: (
            <ProfileGate forRole="performer">
              {(p) => (
                <div className="flex flex-col gap-6">
                  <PerformerBookingTab profile={p} />
                  {performerId && <TourDatesWidgetSection performerId={performerId} />}
                </div>
              )}
            </ProfileGate>
          ),
        },
        { value: 'analytics', label: 'Analytics', content: <PerformerAnalyticsTab /> },
        { value: 'security', label: 'Security', content: <SecurityTab forRole="performer" /> },
        { value: 'account', label: 'Account', content: <AccountTab /> },
      ]}
    />
  );
}
